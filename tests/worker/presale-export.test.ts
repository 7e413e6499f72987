import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH, pagePaths } from '../../src/core/api-paths';
import { ALL_CITIES, FAN_CONSENT_VERSION } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { presaleCsvFilename } from '../../src/core/presale-export';
import { romeLocalToUtc } from '../../src/core/schedule';
import { adminWithToken, call, createPage, organiserWithToken, type TestUser, textPage, uniqueSlug } from './helpers';
import { fanEmail, seedFan, today, uniqueCompany } from './fans-owner-helpers';

/**
 * The CSV of who got which presale code (docs/behaviour.md#presales-in-the-fan-view): its rows,
 * the formula guard, and who may download it (the 'fans' right). The page and its presale are
 * saved through the API; codes and fans are seeded straight into D1, as the delivery leaves them.
 */

const DAY = 24 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const TICKETS = 'https://www.ticketone.it/milano';

/** A tour page: Milano with a presale of one-time codes (or a shared code), Roma without one. */
async function presalePage(user: TestUser, shared: string | null = null) {
  const slug = uniqueSlug('pre');
  const onSale = Date.now() + 10 * DAY;
  const page = await createPage(
    user.token,
    textPage(slug, {
      display_title: 'Il Tour',
      buttons: [
        {
          type: 'text',
          text: '12/05/2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [{ url: TICKETS, buttonText: 'biglietti', on_sale_at: iso(onSale) }],
          presale: { starts_at: iso(onSale - 2 * DAY), url: `${TICKETS}/presale`, shared_code: shared },
        },
        { type: 'text', text: '13/05/2099 - Roma - Atlantico|biglietti', url: TICKETS },
      ],
    }),
  );
  const [milano, roma] = [...page.buttons].sort((a, b) => a.position - b.position).map((b) => b.id);
  expect(page.buttons.find((b) => b.id === milano)!.presale).not.toBeNull();
  return { slug, id: page.id, milano: milano!, roma: roma! };
}

async function seedCode(buttonId: number, code: string, fanId: number | null, assignedAt?: string, sentAt?: string) {
  await env.DB.prepare(
    'INSERT INTO presale_codes (button_id, code, fan_id, assigned_at, sent_at) VALUES (?, ?, ?, ?, ?)',
  )
    .bind(buttonId, code, fanId, assignedAt ?? null, sentAt ?? null)
    .run();
}

const csvPath = (slug: string, id: number | string) => pagePaths.presaleCsv(slug, id as number);

describe('GET …/buttons/{id}/presale.csv', () => {
  it('one row per code given, Rome times, the fan’s cities and consent, formulas kept as text', async () => {
    const company = uniqueCompany();
    const owner = await organiserWithToken({ company });
    const page = await presalePage(owner);
    const winter = '2026-01-05T23:30:00.000Z'; // 00:30 on 6 January in Rome
    const assigned = romeLocalToUtc('2026-07-14T09:05')!; // summer: 07:05Z
    const sent = romeLocalToUtc('2026-07-14T09:06')!;
    const anna = await seedFan(page.id, 'anna@example.it', { cities: ['Milano', ALL_CITIES], confirmed_at: winter });
    const bea = await seedFan(page.id, 'bea@example.it', { cities: ['Milan'], confirmed_at: winter });
    const gone = await seedFan(page.id, 'gone@example.it', { cities: ['Milano'], confirmed_at: winter });
    const waiting = await seedFan(page.id, 'wait@example.it', { cities: ['Milano'], confirmed_at: winter });
    await seedCode(page.milano, 'ABC-1', anna, assigned, sent);
    await seedCode(page.milano, '=HYPERLINK("http://x.test","clic")', bea, assigned, undefined);
    await seedCode(page.milano, 'ERASED', gone, assigned, sent);
    await seedCode(page.milano, 'FREE-1', null); // loaded, not given: not in the file
    await env.DB.prepare('DELETE FROM fans WHERE id = ?').bind(gone).run(); // erased: the code stays used
    expect(waiting).toBeGreaterThan(0);

    const res = await call(csvPath(page.slug, page.milano), { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${presaleCsvFilename(page.slug, page.milano, today())}"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes).slice(1);
    const consent = `${t('fans.public.consent', { company, title: 'Il Tour' })} (versione ${FAN_CONSENT_VERSION})`;
    expect(text.split('\r\n')).toEqual([
      'Email;Codice;Assegnato il;Inviato il;Città;Confermato il;Consenso',
      `anna@example.it;ABC-1;14/07/2026 09:05;14/07/2026 09:06;"Tutte le date, Milano";06/01/2026 00:30;${consent}`,
      `bea@example.it;"'=HYPERLINK(""http://x.test"",""clic"")";14/07/2026 09:05;;Milan;06/01/2026 00:30;${consent}`,
      ';ERASED;14/07/2026 09:05;14/07/2026 09:06;;;',
      '',
    ]);
    // no code, no address of a fan who got none
    expect(text).not.toContain('FREE-1');
    expect(text).not.toContain('wait@example.it');
  });

  it('a shared-code presale, or one-time codes none given yet: the header alone', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    for (const shared of ['TUTTI2099', null]) {
      const page = await presalePage(owner, shared);
      if (!shared) await seedCode(page.milano, 'NOT-YET', null);
      const res = await call(csvPath(page.slug, page.milano), { token: owner.token });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('Email;Codice;Assegnato il;Inviato il;Città;Confermato il;Consenso\r\n');
    }
  });

  it("the 'fans' right: an Editor without it 403, with it 200; a Lettore 403; another company 404", async () => {
    const company = uniqueCompany();
    const owner = await organiserWithToken({ company });
    const editor = await organiserWithToken({ company, role: 'editor', fans_access: false });
    const trusted = await organiserWithToken({ company, role: 'editor', fans_access: true });
    const viewer = await organiserWithToken({ company, role: 'viewer', fans_access: true });
    const stranger = await organiserWithToken({ company: uniqueCompany() });
    const admin = await adminWithToken({ company: uniqueCompany() });
    const page = await presalePage(owner);
    await seedCode(
      page.milano,
      'SECRET-1',
      await seedFan(page.id, fanEmail(), { cities: ['Milano'] }),
      iso(Date.now()),
    );
    const path = csvPath(page.slug, page.milano);

    const denied = await call(path, { token: editor.token });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ detail: t('team.forbidden.fans') });
    expect((await call(path, { token: viewer.token })).status).toBe(403);
    const hidden = await call(path, { token: stranger.token });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toEqual({ detail: t('public.notFound') });
    expect((await call(path)).status).toBe(401);
    for (const who of [owner, trusted, admin]) {
      const res = await call(path, { token: who.token });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('SECRET-1');
    }
  });

  it('404 for a date without a presale, a button of another page, an unknown one; 422 for a bad id', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await presalePage(owner);
    const sister = await presalePage(owner);
    const noPresale = await call(csvPath(page.slug, page.roma), { token: owner.token });
    expect(noPresale.status).toBe(404);
    expect(await noPresale.json()).toEqual({ detail: t('presale.missing') });
    for (const id of [sister.milano, 999_999_999]) {
      const res = await call(csvPath(page.slug, id), { token: owner.token });
      expect(res.status, String(id)).toBe(404);
      expect(await res.json()).toEqual({ detail: t('public.notFound') });
    }
    for (const id of ['0', 'abc', '1.5']) {
      expect((await call(csvPath(page.slug, id), { token: owner.token })).status, id).toBe(422);
    }
    expect((await call(csvPath(`nopage${Date.now()}`, page.milano), { token: owner.token })).status).toBe(404);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await call(OPENAPI_PATH);
    const doc = (await res.json()) as { paths: Record<string, { get?: { responses: Record<string, unknown> } }> };
    const entry = doc.paths['/api/db/landing-pages/{slug}/buttons/{id}/presale.csv'];
    expect(entry?.get?.responses).toHaveProperty('200');
    expect(entry?.get?.responses).toHaveProperty('403');
  });
});
