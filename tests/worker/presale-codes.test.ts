// A date's presale through the pages API (docs/behaviour.md#presales, docs/api.md#presales): the
// presale in the text button's JSON, its one-time codes loaded as text or CSV, and every bad input
// a clear 422 (or 404, 409, 413, 415), never a 500.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { PRESALE_CODES_MAX } from '../../src/core/presale';
import { pageAsReceivedSchema, publicLandingSchema } from '../../src/core/schemas/page';
import { presaleCodesResultSchema, presaleCountsSchema } from '../../src/core/schemas/presale';
import { answer, call, callJson, createPage, organiserWithToken, textPage, uniqueSlug } from './helpers';

const BASE = API_PREFIX.pages;
const HOUR = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** A Milano date whose general sale opens in `saleIn` ms, with a presale from `startIn` ms. */
function presaleButton(startIn: number, saleIn = 48 * HOUR, presale: Record<string, unknown> = {}) {
  const now = Date.now();
  return {
    type: 'text',
    text: '12/05/2099 - Milano - Alcatraz|biglietti',
    cta_buttons: [{ url: 'https://www.ticketone.it/x', buttonText: 'biglietti', on_sale_at: iso(now + saleIn) }],
    presale: { starts_at: iso(now + startIn), url: 'https://presale.example/milano', ...presale },
  };
}

async function presalePage(startIn = HOUR, presale: Record<string, unknown> = {}) {
  const u = await organiserWithToken();
  const slug = uniqueSlug('pre');
  const page = await createPage(u.token, { ...textPage(slug), buttons: [presaleButton(startIn, 48 * HOUR, presale)] });
  return { u, slug, page, id: page.buttons[0]!.id };
}

function sendCodes(slug: string, id: number, token: string, text: string, method = 'POST', type = 'text/plain') {
  return call(`${BASE}/${slug}/buttons/${id}/presale-codes`, {
    method,
    token,
    body: text,
    headers: { 'content-type': `${type}; charset=utf-8` },
  });
}

describe('the presale in the button JSON', () => {
  it('is stored in UTC, answered to the organiser with its code count, never in public answers', async () => {
    const { u, slug, page } = await presalePage(HOUR, { shared_code: '  FANCLUB  ' });
    const presale = page.buttons[0]!.presale!;
    expect(presale).toMatchObject({
      url: 'https://presale.example/milano',
      shared_code: 'FANCLUB',
      ends_at: null,
      codes: 0,
    });
    expect(presale.starts_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const res = await call(`/api/db/public/landing/${slug}`);
    const text = await res.text();
    expect(text).not.toContain('FANCLUB');
    expect(text).not.toContain('presale.example');
    expect(publicLandingSchema.parse(JSON.parse(text)).buttons[0]).not.toHaveProperty('presale');

    // a save that does not name the presale keeps it; null removes it
    const kept = await callJson(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), buttons: [{ ...presaleButton(HOUR), presale: undefined, id: page.buttons[0]!.id }] },
    });
    expect(pageAsReceivedSchema.parse(kept.body).buttons[0]!.presale?.shared_code).toBe('FANCLUB');
    const removed = await callJson(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), buttons: [{ ...presaleButton(HOUR), presale: null, id: page.buttons[0]!.id }] },
    });
    expect(pageAsReceivedSchema.parse(removed.body).buttons[0]!.presale).toBeNull();
  });

  it('refuses a start after the general sale, an end before the start, a bad link or a long code: 422', async () => {
    const u = await organiserWithToken();
    const now = Date.now();
    const cases: [Record<string, unknown>, string][] = [
      [presaleButton(72 * HOUR), t('presale.startAfterSale')],
      [presaleButton(HOUR, 48 * HOUR, { ends_at: iso(now + HOUR / 2) }), t('presale.endBeforeStart')],
      [presaleButton(HOUR, 48 * HOUR, { ends_at: iso(now + 50 * HOUR) }), t('presale.endAfterSale')],
      [presaleButton(HOUR, 48 * HOUR, { url: 'javascript:alert(1)' }), t('presale.urlInvalid')],
      [presaleButton(HOUR, 48 * HOUR, { url: ' ' }), t('presale.urlMissing')],
      [
        { ...presaleButton(HOUR), cta_buttons: [{ url: 'https://www.ticketone.it/x', buttonText: 'biglietti' }] },
        t('presale.noGeneralSale'),
      ],
    ];
    for (const [button, message] of cases) {
      const res = await callJson(BASE, { token: u.token, json: { ...textPage(uniqueSlug()), buttons: [button] } });
      expect(res.status, message).toBe(422);
      expect(res.body.detail).toContain(message);
    }
    for (const presale of [{ shared_code: 'x'.repeat(65) }, { starts_at: '2099-01-01T10:00' }, { starts_at: null }]) {
      const res = await callJson(BASE, {
        token: u.token,
        json: { ...textPage(uniqueSlug()), buttons: [presaleButton(HOUR, 48 * HOUR, presale)] },
      });
      expect(res.status, JSON.stringify(presale)).toBe(422);
    }
  });
});

describe('one-time codes', () => {
  it('adds lines and CSV columns, drops blanks and repeats, and answers only counts', async () => {
    const { u, slug, id } = await presalePage();
    const first = await answer(
      await sendCodes(slug, id, u.token, 'A1\n\nA2\r\nA1\nA3\n'),
      200,
      presaleCodesResultSchema,
    );
    expect(first).toEqual({ loaded: 3, duplicates: 1, total: 3 });
    const csv = 'nome;codice\nx;A3\ny;B1\nz;B2\n';
    const second = await answer(
      await sendCodes(slug, id, u.token, csv, 'POST', 'text/csv'),
      200,
      presaleCodesResultSchema,
    );
    expect(second).toEqual({ loaded: 2, duplicates: 1, total: 5 });
    const read = pageAsReceivedSchema.parse((await callJson(`${BASE}/${slug}`, { token: u.token })).body);
    expect(read.buttons[0]!.presale!.codes).toBe(5);
    expect(JSON.stringify(read)).not.toContain('B2');
    const counts = await answer(
      await call(`${BASE}/${slug}/buttons/${id}/presale`, { token: u.token }),
      200,
      presaleCountsSchema,
    );
    expect(counts).toMatchObject({ state: 'before', shared: false, loaded: 5, sent: 0, left: 5 });

    // replaced before the start
    const replaced = await answer(await sendCodes(slug, id, u.token, 'C1\nC2', 'PUT'), 200, presaleCodesResultSchema);
    expect(replaced).toEqual({ loaded: 2, duplicates: 0, total: 2 });

    // the company's activity log: who, which date, how many codes, never a code
    const { results } = await env.DB.prepare(
      `SELECT action, summary, actor_email FROM activity_log WHERE page_slug = ? AND action LIKE 'presale.%' ORDER BY id`,
    )
      .bind(slug)
      .all<{ action: string; summary: string; actor_email: string }>();
    expect(results.map((r) => [r.action, r.summary])).toEqual([
      ['presale.codes.added', 'Milano 12/05: 3 codici'],
      ['presale.codes.added', 'Milano 12/05: 2 codici'],
      ['presale.codes.replaced', 'Milano 12/05: 2 codici'],
    ]);
    expect(results.every((r) => r.actor_email === u.user.email)).toBe(true);
  });

  it('refuses bad uploads with their reason, never a 500', async () => {
    const { u, slug, id } = await presalePage();
    const cases: [string, number, string][] = [
      [`OK\n${'x'.repeat(65)}`, 422, t('presale.codeTooLongAt', { line: 2, max: 64 })],
      ['\n \n', 422, t('presale.codesEmpty')],
      ['BAD\u0007CODE', 422, t('presale.codeInvalidAt', { line: 1 })],
      [
        Array.from({ length: PRESALE_CODES_MAX + 1 }, (_, i) => `C${i}`).join('\n'),
        422,
        t('presale.codesTooMany', { max: PRESALE_CODES_MAX, total: PRESALE_CODES_MAX + 1 }),
      ],
    ];
    for (const [text, status, detail] of cases) {
      const res = await sendCodes(slug, id, u.token, text);
      expect(res.status, detail).toBe(status);
      expect(((await res.json()) as { detail: string }).detail).toBe(detail);
    }
    // 10,000 fit; one more new code does not, while a repeat is no new code
    const full = Array.from({ length: PRESALE_CODES_MAX }, (_, i) => `C${i}`).join('\n');
    expect(await answer(await sendCodes(slug, id, u.token, full), 200, presaleCodesResultSchema)).toMatchObject({
      total: PRESALE_CODES_MAX,
    });
    const over = await sendCodes(slug, id, u.token, 'C1\nNEW');
    expect(over.status).toBe(422);
    expect(await answer(await sendCodes(slug, id, u.token, 'C1'), 200, presaleCodesResultSchema)).toEqual({
      loaded: 0,
      duplicates: 1,
      total: PRESALE_CODES_MAX,
    });
    // JSON is not a codes file
    expect((await sendCodes(slug, id, u.token, '["A"]', 'POST', 'application/json')).status).toBe(415);
    expect((await sendCodes(slug, id, u.token, 'x'.repeat(2 * 1024 * 1024 + 1))).status).toBe(413);
  });

  it('a shared code, a date without a presale, another page: refused', async () => {
    const shared = await presalePage(HOUR, { shared_code: 'TUTTI' });
    const res = await callJson(`${BASE}/${shared.slug}/buttons/${shared.id}/presale-codes`, {
      token: shared.u.token,
      body: 'A1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(t('presale.sharedCode'));

    const u = await organiserWithToken({ company: `Altra ${uniqueSlug()}` });
    const plain = uniqueSlug();
    const page = await createPage(u.token, textPage(plain));
    const none = await sendCodes(plain, page.buttons[0]!.id, u.token, 'A1');
    expect(none.status).toBe(404);
    expect((await call(`${BASE}/${plain}/buttons/${page.buttons[0]!.id}/presale`, { token: u.token })).status).toBe(
      404,
    );
    // someone else's date is as unknown as no date
    expect((await sendCodes(shared.slug, shared.id, u.token, 'A1')).status).toBe(404);
    expect((await sendCodes(shared.slug, 999_999, shared.u.token, 'A1')).status).toBe(404);
  });

  it('once the presale has started: codes are only added, not replaced', async () => {
    const { u, slug, id } = await presalePage(HOUR);
    await sendCodes(slug, id, u.token, 'A1');
    // the start moved into the past
    await env.DB.prepare(`UPDATE buttons SET presale = json_set(presale, '$.starts_at', ?) WHERE id = ?`)
      .bind(iso(Date.now() - 60_000), id)
      .run();
    const put = await callJson(`${BASE}/${slug}/buttons/${id}/presale-codes`, {
      method: 'PUT',
      token: u.token,
      body: 'B1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(409);
    expect(put.body.detail).toBe(t('presale.started'));
    expect(await answer(await sendCodes(slug, id, u.token, 'B1'), 200, presaleCodesResultSchema)).toEqual({
      loaded: 1,
      duplicates: 0,
      total: 2,
    });
    const counts = await answer(
      await call(`${BASE}/${slug}/buttons/${id}/presale`, { token: u.token }),
      200,
      presaleCountsSchema,
    );
    expect(counts.state).toBe('open');
  });

  it('a sale change that would end the presale after the general sale is refused', async () => {
    const { u, slug, id } = await presalePage(2 * HOUR);
    const res = await callJson(`${BASE}/${slug}/buttons/${id}`, {
      method: 'PATCH',
      token: u.token,
      json: { on_sale_at: iso(Date.now() + HOUR) },
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(t('presale.startAfterSale'));
    // a one-tap 'Sold out' at the venue is never refused for a presale: it simply never opens
    const soldOut = await callJson(`${BASE}/${slug}/buttons/${id}`, {
      method: 'PATCH',
      token: u.token,
      json: { availability: 'sold_out' },
    });
    expect(soldOut.status).toBe(200);
    const counts = await answer(
      await call(`${BASE}/${slug}/buttons/${id}/presale`, { token: u.token }),
      200,
      presaleCountsSchema,
    );
    expect(counts.state).toBe('before');
  });
});
