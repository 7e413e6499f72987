// Views and clicks go through the isolate's buffer and the COUNTS queue to D1: what is counted,
// how it is classified, and that the numbers stay exact (docs/behaviour.md#counting-views-and-clicks).
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { romeBucket } from '../../src/core/traffic';
import { instantText } from '../../src/core/schedule';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';
import { seedPage, slugFor, type SeedPage } from './public-helpers';
import {
  DESKTOP_UA,
  GOOGLEBOT,
  PHONE_UA,
  TABLET_UA,
  byColumn,
  countsWritten,
  click,
  eventually,
  published,
  totals,
  visit,
} from './counting-helpers';

/** The page whose views tell that every count before them is written (countsWritten). */
let marker: string;
beforeAll(async () => {
  marker = (await published('mark')).slug;
});

/** An event with two calls-to-action, an event with only its own link, and an image button. */
const THREE_KINDS: SeedPage = {
  buttons: [
    {
      text: '12 marzo 2099 - Milano - Alcatraz|biglietti',
      url: 'https://www.ticketone.it/a',
      cta_buttons: [
        { url: 'https://www.ticketone.it/a', buttonText: 'biglietti' },
        { url: 'https://www.vivaticket.com/b', buttonText: 'vip' },
      ],
    },
    { text: '13 marzo 2099 - Roma - Atlantico|biglietti', url: 'https://www.ticketone.it/c', cta_buttons: null },
    { type: 'image', text: 'Spotify', image_path: '/dati/x/1.webp', url: 'https://open.spotify.com/x' },
  ],
};

describe('views of /{slug}', () => {
  it('a GET by a person counts; HEAD, bots, link previews and prefetches do not', async () => {
    const { slug } = await published('vw');
    await visit(slug, {}, '', 'HEAD');
    await visit(slug, { 'user-agent': GOOGLEBOT });
    await visit(slug, { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' });
    await visit(slug, { 'user-agent': 'WhatsApp/2.24.1.6 A' });
    await visit(slug, { 'user-agent': PHONE_UA.replace('Safari', 'HeadlessChrome') });
    await visit(slug, { 'user-agent': 'curl/8.5.0' });
    await visit(slug, { 'sec-purpose': 'prefetch;prerender' });
    await visit(slug, { purpose: 'prefetch' });
    // the one view that counts comes last: once it is in D1, anything before it would be too
    await visit(slug);
    const after = await eventually(
      () => totals(slug),
      (t) => t.view_page >= 1,
    );
    expect(after).toEqual({ view_page: 1, clicks: 0, bucket_views: 1, bucket_clicks: 0 });
    await countsWritten(marker);
    expect(await totals(slug)).toEqual(after);
    const today = romeBucket(Date.now()).day;
    expect(Object.keys(await byColumn(slug, 'day'))).toEqual([today]);
  });

  it('records the source, the device class and the country of each view', async () => {
    const { slug } = await published('src');
    await visit(slug, { 'cf-ipcountry': 'IT' }, '?utm_source=QR');
    await visit(slug, { referer: 'https://l.instagram.com/', 'user-agent': DESKTOP_UA, 'cf-ipcountry': 'DE' });
    await visit(slug, { referer: 'https://t.co/abc', 'user-agent': TABLET_UA, 'cf-ipcountry': 'it' });
    await visit(slug, { referer: 'https://www.google.it/' });
    await visit(slug, { referer: 'https://lm.facebook.com/l.php?u=x' });
    await visit(slug, { referer: 'https://example.org/blog' });
    await visit(slug, { referer: 'http://localhost/altra' });
    await visit(slug, { 'cf-ipcountry': 'T1' }, `?utm_source=${'Newsletter'.repeat(6)}`);
    await visit(slug, { referer: 'https://l.instagram.com/' }, '?utm_source=%20%20');
    await visit(slug);
    await eventually(
      () => totals(slug),
      (t) => t.view_page >= 10,
    );
    expect(await byColumn(slug, 'source')).toEqual({
      qr: { views: 1, clicks: 0 },
      instagram: { views: 2, clicks: 0 },
      x: { views: 1, clicks: 0 },
      google: { views: 1, clicks: 0 },
      facebook: { views: 1, clicks: 0 },
      other: { views: 1, clicks: 0 },
      direct: { views: 2, clicks: 0 },
      ['newsletter'.repeat(4)]: { views: 1, clicks: 0 },
    });
    expect(await byColumn(slug, 'device')).toEqual({
      mobile: { views: 8, clicks: 0 },
      desktop: { views: 1, clicks: 0 },
      tablet: { views: 1, clicks: 0 },
    });
    expect(await byColumn(slug, 'country')).toEqual({
      IT: { views: 2, clicks: 0 },
      DE: { views: 1, clicks: 0 },
      XX: { views: 7, clicks: 0 },
    });
  });

  it('serves a browser the hot compressed copy, counts it, and drops it on publish', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('hot');
    await createPage(u.token, textPage(slug, { display_title: 'Prima versione' }));
    const browser = { 'accept-encoding': 'gzip, deflate' };
    const first = await call(`/${slug}`, { headers: browser });
    expect(await first.text()).toContain('Prima versione');
    // the copy is kept after the answer (waitUntil): poll until the hot copy answers
    const hot = await eventually(
      () => call(`/${slug}`, { headers: browser }),
      (r) => r.headers.get('vary') === 'accept-encoding',
      5000,
    );
    expect(hot.headers.get('content-encoding')).toBe('gzip');
    expect(hot.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    expect(await hot.text()).toContain('Prima versione');

    const saved = await call(`${API_PREFIX.pages}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: textPage(slug, { display_title: 'Seconda versione' }),
    });
    expect(saved.status).toBe(200);
    const fresh = await call(`/${slug}`, { headers: browser });
    const html = await fresh.text();
    expect(html).toContain('Seconda versione');
    expect(html).not.toContain('Prima versione');
    const counted = await eventually(
      () => totals(slug),
      (t) => t.view_page >= 3,
    );
    expect(counted.view_page).toBeGreaterThanOrEqual(3);
    expect(counted.bucket_views).toBe(counted.view_page);
  });
});

describe('clicks', () => {
  it('answer 202 at once and count on the event, with the CTA and the source of the view', async () => {
    const { slug, buttonIds } = await published('ck', THREE_KINDS);
    const [event] = buttonIds as [number];
    const a = await click(slug, event);
    expect(a.status).toBe(202);
    expect(await a.json()).toEqual({ queued: true });
    expect(a.headers.get('cache-control')).toBe('no-store');
    await click(slug, event, '?k=1&u=QR');
    await click(slug, event, `?r=${encodeURIComponent('https://l.instagram.com/')}`);
    // sendBeacon may send text/plain, JSON or nothing: the body is never read
    await call(`${API_PREFIX.pages}/${slug}/buttons/${event}/click`, {
      method: 'POST',
      body: 'not json{',
      headers: { 'content-type': 'text/plain', 'user-agent': PHONE_UA },
    });
    const after = await eventually(
      () => totals(slug),
      (t) => t.clicks >= 4,
    );
    expect(after).toEqual({ view_page: 0, clicks: 4, bucket_views: 0, bucket_clicks: 4 });
    expect(await byColumn(slug, 'source')).toEqual({
      direct: { views: 0, clicks: 2 },
      qr: { views: 0, clicks: 1 },
      instagram: { views: 0, clicks: 1 },
    });
    expect(await byColumn(slug, 'cta')).toEqual({ '0': { views: 0, clicks: 3 }, '1': { views: 0, clicks: 1 } });
    expect(await byColumn(slug, 'button_id')).toEqual({ [String(event)]: { views: 0, clicks: 4 } });
  });

  it('drop, when written, clicks on unknown buttons, other pages’ buttons and hidden pages', async () => {
    const a = await published('cka');
    const b = await published('ckb');
    const hidden = slugFor('ckh');
    const h = await seedPage(hidden, { visible: false });
    for (const [slug, id] of [
      [a.slug, 999_999_999],
      [a.slug, b.buttonIds[0]!],
      [hidden, h.buttonIds[0]!],
      ['nosuchpage42', a.buttonIds[0]!],
    ] as const) {
      expect((await click(slug, id)).status, `${slug}/${id}`).toBe(202);
    }
    await click(a.slug, a.buttonIds[0]!);
    const after = await eventually(
      () => totals(a.slug),
      (t) => t.clicks >= 1,
    );
    expect(after).toEqual({ view_page: 0, clicks: 1, bucket_views: 0, bucket_clicks: 1 });
    expect(await totals(b.slug)).toEqual({ view_page: 0, clicks: 0, bucket_views: 0, bucket_clicks: 0 });
    expect(await totals(hidden)).toEqual({ view_page: 0, clicks: 0, bucket_views: 0, bucket_clicks: 0 });
  });

  it('count only a CTA the button has: an event’s own CTAs, an image button’s one link (k=0)', async () => {
    const { slug, buttonIds } = await published('ckk', THREE_KINDS);
    const [twoCtas, ownLink, image] = buttonIds as [number, number, number];
    // a stored list that is not JSON must not stop the batch: the button keeps only k=0
    const broken = slugFor('ckj');
    const b = await seedPage(broken);
    await env.DB.prepare("UPDATE buttons SET cta_buttons = '[{oops' WHERE id = ?").bind(b.buttonIds[0]!).run();
    for (const [target, id, k] of [
      [slug, twoCtas, 2],
      [slug, twoCtas, 99],
      [slug, ownLink, 1],
      [slug, image, 1],
      [slug, image, 5],
      [broken, b.buttonIds[0]!, 1],
    ] as const) {
      expect((await click(target, id, `?k=${k}`)).status, `${id} k=${k}`).toBe(202);
    }
    for (const [target, id, k] of [
      [slug, twoCtas, 0],
      [slug, twoCtas, 1],
      [slug, ownLink, 0],
      [slug, image, 0],
      [broken, b.buttonIds[0]!, 0],
    ] as const) {
      await click(target, id, k === 0 ? '' : `?k=${k}`);
    }
    const after = await eventually(
      () => Promise.all([totals(slug), totals(broken)]),
      ([t, u]) => t.clicks >= 4 && u.clicks >= 1,
    );
    await countsWritten(marker);
    expect(await Promise.all([totals(slug), totals(broken)])).toEqual(after);
    expect(after).toEqual([
      { view_page: 0, clicks: 4, bucket_views: 0, bucket_clicks: 4 },
      { view_page: 0, clicks: 1, bucket_views: 0, bucket_clicks: 1 },
    ]);
    expect(await byColumn(slug, 'cta')).toEqual({ '0': { views: 0, clicks: 3 }, '1': { views: 0, clicks: 1 } });
    expect(await byColumn(slug, 'button_id')).toEqual({
      [String(twoCtas)]: { views: 0, clicks: 2 },
      [String(ownLink)]: { views: 0, clicks: 1 },
      [String(image)]: { views: 0, clicks: 1 },
    });
  });

  it('count no view or click while the page is outside its publishing window, even from a copy still served', async () => {
    const HOUR = 3_600_000;
    const open = await published('wino');
    const early = await published('wins');
    const late = await published('wine');
    // the window set straight in D1, as between a boundary and the minute's republish: the
    // published copy is still in R2 and the cache, so /{slug} still answers 200
    const setWindow = (slug: string, from: number | null, until: number | null) =>
      env.DB.prepare('UPDATE landing_pages SET visible_from = ?, visible_until = ? WHERE folder_name = ?')
        .bind(from === null ? null : instantText(from), until === null ? null : instantText(until), slug)
        .run();
    await setWindow(open.slug, Date.now() - HOUR, Date.now() + HOUR);
    await setWindow(early.slug, Date.now() + HOUR, null);
    await setWindow(late.slug, Date.now() - 2 * HOUR, Date.now() - HOUR);
    for (const page of [early, late]) {
      const res = await call(`/${page.slug}`, { headers: { 'user-agent': PHONE_UA } });
      expect(res.status, page.slug).toBe(200);
      await res.text();
      expect((await click(page.slug, page.buttonIds[0]!)).status).toBe(202);
    }
    // API answers outside the window are 404, like a hidden page
    expect((await call(`/api/db/public/landing/${late.slug}`)).status).toBe(404);
    await visit(open.slug);
    await click(open.slug, open.buttonIds[0]!);
    const after = await eventually(
      () => totals(open.slug),
      (t) => t.view_page >= 1 && t.clicks >= 1,
    );
    expect(after).toEqual({ view_page: 1, clicks: 1, bucket_views: 1, bucket_clicks: 1 });
    await countsWritten(marker);
    const nothing = { view_page: 0, clicks: 0, bucket_views: 0, bucket_clicks: 0 };
    expect(await totals(early.slug)).toEqual(nothing);
    expect(await totals(late.slug)).toEqual(nothing);
  });

  it('422 for a malformed button id or CTA index, 404 for a slug no page can have; a bot’s click is answered but not queued', async () => {
    const { slug, buttonIds } = await published('ckm');
    // the path's and the query's schemas refuse them (docs/behaviour.md#counting-views-and-clicks)
    for (const id of ['abc', '0', '1.5']) {
      const res = await call(`${API_PREFIX.pages}/${slug}/buttons/${id}/click`, { method: 'POST' });
      expect(res.status, id).toBe(422);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/^buttonId: /);
    }
    const res = await call(`${API_PREFIX.pages}/NO-SLUG/buttons/1/click`, { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Pulsante non trovato' });
    for (const k of ['-1', 'x', '100']) expect((await click(slug, buttonIds[0]!, `?k=${k}`)).status, k).toBe(422);
    const bot = await click(slug, buttonIds[0]!, '', { 'user-agent': GOOGLEBOT });
    expect(bot.status).toBe(202);
    expect(await bot.json()).toEqual({ queued: false });
  });
});
