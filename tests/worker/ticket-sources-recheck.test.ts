// The hourly step that reads a date row's ticket page again (docs/behaviour.md#keeping-up-with-the-ticket-page):
// upcoming dates only, at most once a day, a change kept for the organiser (an ignored one not
// shown again), three failing days stop it. Every fetch is intercepted: the test serves its own
// ticket pages by address and anything else throws, so no request leaves the machine.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { MAINTENANCE_STEPS } from '../../worker/services/maintenance';
import { answer, call, callJson, createPage, eventButton, organiserWithToken, textPage, uniqueSlug } from './helpers';

const DAY = 24 * 3600_000;
const HOUR = 3600_000;
const STEP = MAINTENANCE_STEPS.find((s) => s.name === 'recheck-ticket-sources')!;

/** The ticket pages the fake network serves, by address; how often each was asked for. */
const served = new Map<string, () => Response>();
const asked = new Map<string, number>();

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    asked.set(url, (asked.get(url) ?? 0) + 1);
    const page = served.get(url);
    if (!page) throw new TypeError(`no network in these tests: ${url}`);
    return page();
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface Show {
  url: string;
  start: string;
  city: string;
  soldOut?: boolean;
  validFrom?: string;
}

/** A ticket page whose events are JSON-LD MusicEvents, as a ticket site publishes them. */
function servePage(address: string, shows: Show[]) {
  const events = shows.map((s) => ({
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: 'Band Test',
    startDate: s.start,
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'Place', name: 'Alcatraz', address: { '@type': 'PostalAddress', addressLocality: s.city } },
    offers: {
      '@type': 'Offer',
      url: s.url,
      availability: s.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      ...(s.validFrom ? { validFrom: s.validFrom } : {}),
    },
  }));
  const html = `<!doctype html><html><head><title>Band Test</title><script type="application/ld+json">${JSON.stringify(events)}</script></head><body></body></html>`;
  served.set(address, () => new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
}

let n = 0;
/** A page with one upcoming date whose ticket page is `source`; its event's link is `ticket`. */
async function sourced(date = '12/05/2099 21:00') {
  n += 1;
  const source = `https://biglietti.example/tour-${n}`;
  const ticket = `https://biglietti.example/e/${n}`;
  const u = await organiserWithToken();
  const slug = uniqueSlug('ricontrollo');
  const page = await createPage(u.token, {
    ...textPage(slug),
    buttons: [{ ...eventButton(`${date} - Milano - Alcatraz|biglietti`, ticket), ticket_source: { url: source } }],
  });
  return { u, slug, source, ticket, id: page.buttons[0]!.id };
}

async function sourceOf(token: string, slug: string) {
  const page = await answer(await call(pagePaths.page(slug), { token }), 200, pageAsReceivedSchema);
  return page.buttons[0]!.ticket_source;
}

const at = (t0: number, ms: number) => new Date(t0 + ms);

describe('the hourly re-read of a ticket page', () => {
  it('keeps a sold-out page as a change; the public page is untouched; an ignored one is not shown again', async () => {
    const { u, slug, source, ticket, id } = await sourced();
    servePage(source, [{ url: ticket, start: '2099-05-12T21:00:00+02:00', city: 'Milano', soldOut: true }]);
    const t0 = Date.now();
    await STEP.run(env, at(t0, 0));
    expect(asked.get(source)).toBe(1);
    const found = await sourceOf(u.token, slug);
    expect(found?.change).toEqual({ sold_out: true });
    expect(found?.checked_at).not.toBeNull();
    const pub = await (await call(`/api/db/public/landing/${slug}`)).json<{ buttons: { cta_buttons: unknown[] }[] }>();
    expect(pub.buttons[0]!.cta_buttons).toMatchObject([{ availability: 'on_sale' }]);

    const ignored = await callJson(pagePaths.ticketChange(slug, id), { token: u.token, json: { action: 'ignore' } });
    expect(ignored.status).toBe(200);
    // a day later the page says the same: not shown again
    await STEP.run(env, at(t0, DAY + HOUR));
    expect(asked.get(source)).toBe(2);
    expect((await sourceOf(u.token, slug))?.change).toBeNull();
    // another day, the date moved too: a different change is shown
    servePage(source, [{ url: ticket, start: '2099-05-13T20:30:00+02:00', city: 'Milano', soldOut: true }]);
    await STEP.run(env, at(t0, 2 * DAY + 2 * HOUR));
    expect((await sourceOf(u.token, slug))?.change).toEqual({ sold_out: true, date: '13/05/2099', time: '20:30' });
  });

  it('reads a link at most once a day, and a future on-sale instant that moved is a change', async () => {
    const { u, slug, source, ticket } = await sourced();
    servePage(source, [
      { url: ticket, start: '2099-05-12T21:00:00+02:00', city: 'Milano', validFrom: '2099-04-01T10:00:00+02:00' },
    ]);
    const t0 = Date.now();
    await STEP.run(env, at(t0, 0));
    await STEP.run(env, at(t0, HOUR));
    await STEP.run(env, at(t0, 23 * HOUR));
    expect(asked.get(source)).toBe(1);
    expect((await sourceOf(u.token, slug))?.change).toEqual({ on_sale_at: '2099-04-01T08:00:00Z' });
    await STEP.run(env, at(t0, DAY + HOUR));
    expect(asked.get(source)).toBe(2);
  });

  it('three failing days stop the reading, and the row says so; a good day in between starts over', async () => {
    const { u, slug, source, ticket } = await sourced();
    const t0 = Date.now();
    // no page served: every read fails
    await STEP.run(env, at(t0, 0));
    await STEP.run(env, at(t0, DAY + HOUR));
    servePage(source, [{ url: ticket, start: '2099-05-12T21:00:00+02:00', city: 'Milano' }]);
    await STEP.run(env, at(t0, 2 * DAY + 2 * HOUR));
    expect((await sourceOf(u.token, slug))?.stopped).toBe(false);
    served.delete(source);
    for (const day of [3, 4, 5]) await STEP.run(env, at(t0, day * DAY + day * HOUR));
    expect(asked.get(source)).toBe(6);
    expect((await sourceOf(u.token, slug))?.stopped).toBe(true);
    // stopped: never read again
    await STEP.run(env, at(t0, 7 * DAY));
    expect(asked.get(source)).toBe(6);
  });

  it('leaves past dates and pages in the trash unread', async () => {
    const past = await sourced('12/05/2020 21:00');
    const trashed = await sourced();
    expect((await call(pagePaths.page(trashed.slug), { method: 'DELETE', token: trashed.u.token })).status).toBe(200);
    for (const s of [past, trashed])
      servePage(s.source, [{ url: s.ticket, start: '2099-05-12T21:00:00+02:00', city: 'Milano', soldOut: true }]);
    await STEP.run(env, new Date());
    expect(asked.get(past.source)).toBeUndefined();
    expect(asked.get(trashed.source)).toBeUndefined();
  });
});
