// A date row's ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page): kept, replaced and
// removed by a save, answered to its organiser and never to the public, and its pending change
// applied or ignored with POST …/buttons/{id}/ticket-change.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { buttonAsReceivedSchema, pageAsReceivedSchema } from '../../src/core/schemas/page';
import type { TicketChange } from '../../src/core/ticket-import';
import { pageKey } from '../../worker/services/pages/publish';
import { answer, call, callJson, createPage, eventButton, organiserWithToken, textPage, uniqueSlug } from './helpers';
import { settle } from './public-helpers';

const SOURCE = 'https://biglietti.example/fonte-segreta/tour';
const TICKET = 'https://www.ticketone.it/e/alcatraz';

function sourcedPage(slug: string, source: unknown = { url: SOURCE }) {
  return {
    ...textPage(slug),
    buttons: [
      { ...eventButton('12/05/2099 21:00 - Milano - Alcatraz|biglietti', TICKET), ticket_source: source },
      eventButton('13/05/2099 - Roma - Atlantico|biglietti', 'https://www.ticketone.it/e/roma'),
    ],
  };
}

async function sourceRow(buttonId: number) {
  return env.DB.prepare('SELECT * FROM ticket_sources WHERE button_id = ?')
    .bind(buttonId)
    .first<{ url: string; event_day: string | null; change: string | null; ignored: string | null }>();
}

async function pending(buttonId: number, change: TicketChange) {
  await env.DB.prepare('UPDATE ticket_sources SET change = ? WHERE button_id = ?')
    .bind(JSON.stringify(change), buttonId)
    .run();
}

async function save(token: string, slug: string, buttons: unknown[]) {
  return call(pagePaths.page(slug), { method: 'PUT', token, json: { ...textPage(slug), buttons } });
}

function act(slug: string, id: number, action: string, token: string) {
  return callJson(pagePaths.ticketChange(slug, id), { token, json: { action } });
}

/** The body as text: a hot answer's gzip bytes may reach the test still compressed. */
async function text(res: Response): Promise<string> {
  const bytes = new Uint8Array(await res.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
}

describe('a save and its ticket source', () => {
  it('keeps it when not named, starts over on another address, removes it on null', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('fonte');
    const page = await createPage(u.token, sourcedPage(slug));
    const [milano, roma] = page.buttons;
    expect(milano!.ticket_source).toEqual({ url: SOURCE, checked_at: null, change: null, stopped: false });
    expect(roma!.ticket_source).toBeNull();
    expect((await sourceRow(milano!.id))?.event_day).toBe('2099-05-12');

    // not named: kept, its day following the row's date
    await pending(milano!.id, { sold_out: true });
    const kept = await save(u.token, slug, [
      { ...eventButton('14/05/2099 21:00 - Milano - Alcatraz|biglietti', TICKET), id: milano!.id },
      { ...eventButton('13/05/2099 - Roma - Atlantico|biglietti', 'https://www.ticketone.it/e/roma'), id: roma!.id },
    ]);
    const keptPage = await answer(kept, 200, pageAsReceivedSchema);
    expect(keptPage.buttons[0]!.ticket_source).toMatchObject({ url: SOURCE, change: { sold_out: true } });
    expect((await sourceRow(milano!.id))?.event_day).toBe('2099-05-14');

    // the same address again keeps what was found; another one starts over
    const same = await save(u.token, slug, [{ ...milano, ticket_source: { url: SOURCE } }]);
    expect((await answer(same, 200, pageAsReceivedSchema)).buttons[0]!.ticket_source?.change).toEqual({
      sold_out: true,
    });
    const other = `${SOURCE}/altra`;
    const moved = await save(u.token, slug, [{ ...milano, ticket_source: { url: other } }]);
    expect((await answer(moved, 200, pageAsReceivedSchema)).buttons[0]!.ticket_source).toEqual({
      url: other,
      checked_at: null,
      change: null,
      stopped: false,
    });

    const removed = await save(u.token, slug, [{ ...milano, ticket_source: null }]);
    expect((await answer(removed, 200, pageAsReceivedSchema)).buttons[0]!.ticket_source).toBeNull();
    expect(await sourceRow(milano!.id)).toBeNull();
  });

  it('a row deleted by a save takes its source with it', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('fonte');
    const page = await createPage(u.token, sourcedPage(slug));
    const roma = page.buttons[1]!;
    expect((await save(u.token, slug, [{ ...roma }])).status).toBe(200);
    expect(await sourceRow(page.buttons[0]!.id)).toBeNull();
  });

  it('refuses an address that is no https link, with its reason', async () => {
    const u = await organiserWithToken();
    for (const url of [
      'http://biglietti.example/tour',
      'javascript:alert(1)',
      `https://a.example/${'x'.repeat(2050)}`,
    ]) {
      const res = await callJson(pagePaths.list, { token: u.token, json: sourcedPage(uniqueSlug('fonte'), { url }) });
      expect(res.status, url).toBe(422);
      expect(String(res.body.detail), url).toContain(t('ticketSource.urlInvalid'));
    }
  });

  it('settles a pending change the organiser made by hand', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('fonte');
    const page = await createPage(u.token, sourcedPage(slug));
    const milano = page.buttons[0]!;
    await pending(milano.id, { sold_out: true, date: '13/05/2099', time: '21:00' });
    const sold = { ...milano, cta_buttons: [{ url: TICKET, buttonText: 'soldout', availability: 'sold_out' }] };
    const res = await answer(await save(u.token, slug, [sold]), 200, pageAsReceivedSchema);
    expect(res.buttons[0]!.ticket_source?.change).toEqual({ date: '13/05/2099', time: '21:00' });
  });
});

describe('the ticket source is never public', () => {
  it('appears in no public answer, the stored page nor the embed and feeds', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('fonte');
    const page = await createPage(u.token, sourcedPage(slug));
    const id = page.buttons[0]!.id;
    await pending(id, { sold_out: true, date: '17/06/2099', time: '20:00' });
    expect(JSON.stringify(await (await call(pagePaths.page(slug), { token: u.token })).json())).toContain(SOURCE);
    await call(pagePaths.visibility(slug, true), { method: 'PATCH', token: u.token });
    const secrets = [SOURCE, 'fonte-segreta', 'ticket_source', '17/06/2099', '2099-06-17'];
    for (const path of [
      `/${slug}`,
      `/${slug}/embed`,
      `/${slug}/events.json`,
      `/${slug}/feed.xml`,
      `/${slug}/calendar.ics`,
      `/${slug}/events/${id}.ics`,
      `/api/db/public/landing/${slug}`,
      '/sitemap.xml',
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      const body = await text(res);
      for (const secret of secrets) expect(body, `${path} names ${secret}`).not.toContain(secret);
    }
    await settle();
    const stored = await (await env.BUCKET.get(pageKey(slug)))!.text();
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });
});

describe('POST …/ticket-change', () => {
  it("'apply' sold out: the public page shows it only after, republished at once", async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('fonte');
    const page = await createPage(u.token, sourcedPage(slug));
    const id = page.buttons[0]!.id;
    await pending(id, { sold_out: true });
    const before = await text(await call(`/${slug}`));
    expect(before).toContain('Alcatraz');
    expect(before).not.toContain(t('landing.soldoutLabel'));
    await settle();

    const res = await act(slug, id, 'apply', u.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const button = buttonAsReceivedSchema.parse(res.body);
    expect(button.cta_buttons?.map((c) => c.availability)).toEqual(['sold_out']);
    expect(button.ticket_source?.change).toBeNull();
    expect(await text(await call(`/${slug}`))).toContain(t('landing.soldoutLabel'));
    // nothing pending any more
    const again = await act(slug, id, 'apply', u.token);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(t('ticketSource.nothingPending'));
    await settle();
  });

  it("'apply' a moved date and an on-sale instant rewrites the row", async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('fonte');
    const page = await createPage(u.token, sourcedPage(slug));
    const id = page.buttons[0]!.id;
    await pending(id, { date: '13/05/2099', time: '20:30', on_sale_at: '2099-04-01T08:00:00Z' });
    const res = await act(slug, id, 'apply', u.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const button = buttonAsReceivedSchema.parse(res.body);
    expect(button.text).toBe('13/05/2099 20:30 - Milano - Alcatraz|biglietti');
    expect(button.cta_buttons?.[0]?.on_sale_at).toBe('2099-04-01T08:00:00Z');
    expect((await sourceRow(id))?.event_day).toBe('2099-05-13');
    await settle();
  });

  it("'ignore' keeps the row, remembers the change and clears it", async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('fonte');
    const page = await createPage(u.token, sourcedPage(slug));
    const id = page.buttons[0]!.id;
    await pending(id, { sold_out: true });
    const res = await act(slug, id, 'ignore', u.token);
    expect(res.status).toBe(200);
    const button = buttonAsReceivedSchema.parse(res.body);
    expect(button.cta_buttons?.[0]?.availability).toBe('on_sale');
    expect(button.ticket_source?.change).toBeNull();
    expect(JSON.parse((await sourceRow(id))!.ignored!)).toEqual({ sold_out: true });
  });

  it('409 without a pending change, 404 for an unknown button, 422 for an image button or a bad action', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('fonte');
    const page = await createPage(u.token, sourcedPage(slug));
    const [milano, roma] = page.buttons;
    for (const id of [milano!.id, roma!.id]) {
      const res = await act(slug, id, 'apply', u.token);
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(t('ticketSource.nothingPending'));
    }
    const other = await createPage(u.token, sourcedPage(uniqueSlug('fonte')));
    expect((await act(slug, other.buttons[0]!.id, 'apply', u.token)).status).toBe(404);
    expect((await act(slug, 999_999_999, 'ignore', u.token)).status).toBe(404);
    expect((await act(slug, milano!.id, 'maybe', u.token)).status).toBe(422);

    const imageSlug = uniqueSlug('img');
    const images = await createPage(u.token, {
      ...textPage(imageSlug),
      mode: 'image',
      buttons: [
        { type: 'image', image_path: `/dati/${imageSlug}/1.png`, url: 'https://x.example', ticket_source: null },
      ],
    });
    const image = images.buttons[0]!;
    expect(image.ticket_source).toBeNull();
    const refused = await act(imageSlug, image.id, 'apply', u.token);
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe(t('ticketSource.notText'));
  });
});
