// Views, clicks and fan sign-ups go through the isolate's buffer and the COUNTS queue to D1: what
// is counted, how it is classified, and that the numbers stay exact
// (docs/behaviour.md#counting-views-and-clicks).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import worker from '../../worker/index';
import type { QueueMessage } from '../../worker/env';
import { FOLDED, romeBucket, SOURCES_PER_DAY } from '../../src/core/traffic';
import { instantText } from '../../src/core/schedule';
import { publishPage } from '../../worker/services/pages/publish';
import { countSignup, type CountRow, type SignupSource } from '../../worker/services/counting';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';
import { seedPage, slugFor, type SeedPage } from './public-helpers';
import { DESKTOP_UA, PHONE_UA, TABLET_UA, burst, byColumn, eventually, signupsBy, totals } from './counting-helpers';

/** Longer than a flush (the isolate's 100 ms, then the queue's 2 s batch timeout). */
const FLUSH_WAIT_MS = 2500;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function published(prefix: string, page: SeedPage = {}) {
  const slug = slugFor(prefix);
  const seeded = await seedPage(slug, page);
  await publishPage(env, slug);
  return { slug, ...seeded };
}

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

function visit(slug: string, headers: Record<string, string> = {}, query = '', method = 'GET') {
  return call(`/${slug}${query}`, { method, headers: { 'user-agent': PHONE_UA, ...headers } }).then((r) => r.text());
}

function click(slug: string, id: number | string, query = '', headers: Record<string, string> = {}) {
  return call(`${API_PREFIX.pages}/${slug}/buttons/${id}/click${query}`, {
    method: 'POST',
    headers: { 'user-agent': PHONE_UA, ...headers },
  });
}

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
    await new Promise((r) => setTimeout(r, FLUSH_WAIT_MS));
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
    await new Promise((r) => setTimeout(r, FLUSH_WAIT_MS));
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
    await new Promise((r) => setTimeout(r, FLUSH_WAIT_MS));
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

describe('fan sign-ups', () => {
  /**
   * One sign-up as the fan route records it: a POST to /{slug}/fans on this host, with the source
   * the page's script passed (or none, a plain form POST) and the browser's headers.
   */
  function signup(slug: string, source: SignupSource = {}, headers: Record<string, string> = {}) {
    const req = new Request(`http://localhost/${slug}/fans`, {
      method: 'POST',
      headers: { 'user-agent': PHONE_UA, ...headers },
    });
    return countSignup(env, null, req, slug, source);
  }

  it('count one sign-up under its source: u, else r, else the page’s own Referer’s utm_source, else direct', async () => {
    const { slug } = await published('fan');
    const other = slugFor('fano');
    const queued = [
      // the page's script: the page URL's utm_source as u, else its referrer's origin as r
      signup(slug, { u: 'Newsletter' }),
      signup(slug, { u: 'QR', r: 'https://l.instagram.com' }),
      signup(slug, { r: 'https://l.instagram.com' }, { referer: `http://localhost/${slug}?utm_source=ignored` }),
      signup(slug, { u: null, r: 'https://t.co' }),
      // a plain form POST: the Referer is the page itself, with or without its utm_source
      signup(slug, {}, { referer: `http://localhost/${slug}?utm_source=TikTok%20Ads&x=1` }),
      signup(slug, { u: '', r: '' }, { referer: `http://localhost/${slug}?utm_source=qr` }),
      signup(slug, {}, { referer: `http://localhost/${slug}` }),
      // a Referer that is not the page is no source: another page, another host, another port
      signup(slug, {}, { referer: `http://localhost/${other}?utm_source=spam` }),
      signup(slug, {}, { referer: 'https://www.google.it/' }),
      signup(slug, {}, { referer: `http://localhost:9999/${slug}?utm_source=spam` }),
      signup(slug, {}, { referer: 'not a url' }),
      signup(slug),
    ];
    expect(queued.every(Boolean)).toBe(true);
    // never a bot's, a link preview's or a prefetch's
    expect(signup(slug, { u: 'bot' }, { 'user-agent': GOOGLEBOT })).toBe(false);
    expect(signup(slug, { u: 'bot' }, { 'user-agent': 'curl/8.5.0' })).toBe(false);
    expect(signup(slug, { u: 'bot' }, { 'sec-purpose': 'prefetch' })).toBe(false);
    const counted = await eventually(
      () => signupsBy(slug),
      (s) => s.total >= queued.length,
    );
    await new Promise((r) => setTimeout(r, FLUSH_WAIT_MS));
    expect(await signupsBy(slug)).toEqual(counted);
    expect(counted).toEqual({
      total: 12,
      by: { newsletter: 1, qr: 2, instagram: 1, x: 1, 'tiktok-ads': 1, direct: 6 },
    });
    // a conversion, not a view or a click: on the view rows, with no view and no click
    expect(await totals(slug)).toEqual({ view_page: 0, clicks: 0, bucket_views: 0, bucket_clicks: 0 });
    expect((await signupsBy(slug, 'button_id')).by).toEqual({ '0': 12 });
    expect((await signupsBy(slug, 'cta')).by).toEqual({ '0': 12 });
    expect((await signupsBy(slug, 'device')).by).toEqual({ mobile: 12 });
    expect((await signupsBy(slug, 'day')).by).toEqual({ [romeBucket(Date.now()).day]: 12 });
  });

  it('record the device class and the country like a view', async () => {
    const { slug } = await published('fand');
    signup(slug, {}, { 'user-agent': DESKTOP_UA, 'cf-ipcountry': 'de' });
    signup(slug, {}, { 'user-agent': TABLET_UA, 'cf-ipcountry': 'T1' });
    signup(slug, {}, { 'cf-ipcountry': 'IT' });
    await eventually(
      () => signupsBy(slug),
      (s) => s.total >= 3,
    );
    expect((await signupsBy(slug, 'device')).by).toEqual({ desktop: 1, tablet: 1, mobile: 1 });
    expect((await signupsBy(slug, 'country')).by).toEqual({ DE: 1, XX: 1, IT: 1 });
  });

  it('count only on a visible page inside its publishing window', async () => {
    const HOUR = 3_600_000;
    const open = await published('fanw');
    const early = await published('fanwe');
    const late = await published('fanwl');
    const hidden = slugFor('fanwh');
    await seedPage(hidden, { visible: false });
    for (const [slug, from, until] of [
      [early.slug, Date.now() + HOUR, null],
      [late.slug, Date.now() - 2 * HOUR, Date.now() - HOUR],
      [open.slug, Date.now() - HOUR, Date.now() + HOUR],
    ] as const) {
      await env.DB.prepare('UPDATE landing_pages SET visible_from = ?, visible_until = ? WHERE folder_name = ?')
        .bind(instantText(from), until === null ? null : instantText(until), slug)
        .run();
    }
    for (const slug of [early.slug, late.slug, hidden, 'nosuchpage42']) {
      expect(signup(slug, { u: 'qr' }), slug).toBe(true);
    }
    signup(open.slug, { u: 'qr' });
    expect(
      await eventually(
        () => signupsBy(open.slug),
        (s) => s.total >= 1,
      ),
    ).toEqual({ total: 1, by: { qr: 1 } });
    await new Promise((r) => setTimeout(r, FLUSH_WAIT_MS));
    for (const slug of [early.slug, late.slug, hidden]) {
      expect(await signupsBy(slug), slug).toEqual({ total: 0, by: {} });
    }
  });

  it('end exact among views and clicks in a burst: 600 of each, 30 in flight', async () => {
    const { slug, buttonIds } = await published('fanr');
    await burst(1800, 30, async (i) => {
      if (i % 3 === 0) await visit(slug, {}, '?utm_source=qr');
      else if (i % 3 === 1) await click(slug, buttonIds[0]!, '?u=qr');
      else signup(slug, i % 2 === 0 ? { u: 'qr' } : { r: 'https://l.instagram.com' });
    });
    const after = await eventually(
      () => Promise.all([totals(slug), signupsBy(slug)]),
      ([t, s]) => t.view_page >= 600 && t.clicks >= 600 && s.total >= 600,
      60_000,
    );
    await new Promise((r) => setTimeout(r, FLUSH_WAIT_MS));
    expect(await Promise.all([totals(slug), signupsBy(slug)])).toEqual(after);
    expect(after).toEqual([
      { view_page: 600, clicks: 600, bucket_views: 600, bucket_clicks: 600 },
      { total: 600, by: { qr: 300, instagram: 300 } },
    ]);
    expect(await byColumn(slug, 'source')).toEqual({
      qr: { views: 600, clicks: 600 },
      instagram: { views: 0, clicks: 0 },
    });
  }, 120_000);
});

describe('a burst', () => {
  it('5,000 views and 5,000 clicks, 50 in flight, end exact: totals, per day and per source', async () => {
    const { slug, buttonIds } = await published('rush');
    const sources = ['', '?utm_source=qr', '?utm_source=instagram'];
    const browser = { 'accept-encoding': 'gzip' };
    await burst(5000, 50, async (i) => {
      await visit(slug, browser, sources[i % 3]);
    });
    await burst(5000, 50, async (i) => {
      const res = await click(slug, buttonIds[0]!, i % 2 === 0 ? '?u=qr' : '');
      if (res.status !== 202) throw new Error(`click ${i}: ${res.status}`);
    });
    const after = await eventually(
      () => totals(slug),
      (t) => t.view_page >= 5000 && t.clicks >= 5000,
      60_000,
    );
    expect(after).toEqual({ view_page: 5000, clicks: 5000, bucket_views: 5000, bucket_clicks: 5000 });
    // and nothing more arrives later: no message was sent or written twice
    await new Promise((r) => setTimeout(r, FLUSH_WAIT_MS));
    expect(await totals(slug)).toEqual(after);
    const days = await byColumn(slug, 'day');
    expect(Object.values(days).reduce((n, d) => n + d.views, 0)).toBe(5000);
    expect(await byColumn(slug, 'source')).toEqual({
      direct: { views: 1667, clicks: 2500 },
      qr: { views: 1667, clicks: 2500 },
      instagram: { views: 1666, clicks: 0 },
    });
  }, 120_000);
});

describe('the queue consumer', () => {
  function row(slug: string, extra: Partial<CountRow> = {}): CountRow {
    const { day, hour } = romeBucket(Date.now());
    return { s: slug, d: day, h: hour, b: 0, k: 0, src: 'direct', dev: 'mobile', cc: 'IT', v: 1, c: 0, f: 0, ...extra };
  }

  async function deliver(messages: Array<{ id: string; body: unknown; timestamp?: Date }>) {
    const batch = createMessageBatch(
      'palco-counts',
      messages.map((m) => ({ timestamp: new Date(), ...m, attempts: 1 })),
    );
    const ctx = createExecutionContext();
    // any body, also one no producer sends: the consumer checks each one
    await worker.queue(batch as MessageBatch<QueueMessage>, env, ctx);
    return getQueueResult(batch, ctx);
  }

  it('counts a message delivered twice once', async () => {
    const { slug, buttonIds } = await published('dup');
    const messages = [
      { id: `m-${slug}-1`, body: { rows: [row(slug, { v: 3 })] } },
      { id: `m-${slug}-2`, body: { rows: [row(slug, { b: buttonIds[0]!, v: 0, c: 2 })] } },
    ];
    expect((await deliver(messages)).ackAll).toBe(true);
    expect((await deliver(messages)).ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 3, clicks: 2, bucket_views: 3, bucket_clicks: 2 });
  });

  it('a write that fails is retried whole, writes nothing, and the retry ends exact', async () => {
    const { slug } = await published('fail');
    const messages = [{ id: `m-${slug}-f`, body: { rows: [row(slug, { v: 7 })] } }];
    await env.DB.exec('ALTER TABLE page_stats RENAME TO page_stats_away');
    let failed: Awaited<ReturnType<typeof deliver>>;
    try {
      failed = await deliver(messages);
    } finally {
      await env.DB.exec('ALTER TABLE page_stats_away RENAME TO page_stats');
    }
    expect(failed.ackAll).toBe(false);
    expect(failed.retryMessages.map((m) => m.msgId)).toEqual([`m-${slug}-f`]);
    // one transaction: not even the lifetime total moved, and the id was not remembered
    expect(await totals(slug)).toEqual({ view_page: 0, clicks: 0, bucket_views: 0, bucket_clicks: 0 });
    expect((await deliver(messages)).ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 7, clicks: 0, bucket_views: 7, bucket_clicks: 0 });
  });

  it('judges the window at the instant a message was sent, not when it is written', async () => {
    const { slug, buttonIds } = await published('wint');
    const closed = Date.now() - 60_000;
    await env.DB.prepare('UPDATE landing_pages SET visible_until = ? WHERE folder_name = ?')
      .bind(instantText(closed), slug)
      .run();
    const click = row(slug, { b: buttonIds[0]!, v: 0, c: 1 });
    const result = await deliver([
      // sent a second before the window closed, written after (a queue retry): counted
      { id: `m-${slug}-1`, body: { rows: [row(slug, { v: 2 }), click] }, timestamp: new Date(closed - 1000) },
      // sent at the close and after it: not counted
      { id: `m-${slug}-2`, body: { rows: [row(slug, { v: 4 }), click] }, timestamp: new Date(closed) },
      { id: `m-${slug}-3`, body: { rows: [row(slug, { v: 8 }), click] }, timestamp: new Date() },
    ]);
    expect(result.ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 2, clicks: 1, bucket_views: 2, bucket_clicks: 1 });
    // and a window that opens later: what was sent before it is not counted either
    await env.DB.prepare('UPDATE landing_pages SET visible_from = ?, visible_until = NULL WHERE folder_name = ?')
      .bind(instantText(Date.now() + 60_000), slug)
      .run();
    await deliver([{ id: `m-${slug}-4`, body: { rows: [row(slug, { v: 16 })] } }]);
    expect(await totals(slug)).toEqual({ view_page: 2, clicks: 1, bucket_views: 2, bucket_clicks: 1 });
  });

  it(`keeps at most ${SOURCES_PER_DAY} sources of its own per page and day; later ones count, exactly, as '${FOLDED}'`, async () => {
    const { slug, buttonIds } = await published('cap');
    const other = await published('capo');
    const { day } = romeBucket(Date.now());
    const anotherDay = '2099-01-01';
    const named = (n: number, from = 0) =>
      Array.from({ length: n }, (_, i) => `promo-${String(from + i).padStart(3, '0')}`);
    // batch one: 30 sources of its own
    await deliver([{ id: `m-${slug}-a`, body: { rows: named(30).map((src) => row(slug, { src })) } }]);
    // batch two: 30 more; the 20 places left go to the most counted, then by name; the fixed
    // sources always keep theirs
    const second = named(30, 30).map((src, i) => row(slug, { src, v: i < 5 ? 10 : 1 }));
    await deliver([
      {
        id: `m-${slug}-b`,
        body: {
          rows: [
            ...second.slice(0, 15),
            row(slug, { src: 'instagram', v: 3 }),
            row(slug, { src: 'qr' }),
            row(slug, { src: 'direct', b: buttonIds[0]!, v: 0, c: 2 }),
            // an old source keeps its name; a new day and another page have their own places
            row(slug, { src: 'promo-000', v: 5 }),
            row(slug, { src: 'promo-999', d: anotherDay }),
            row(other.slug, { src: 'promo-999' }),
          ],
        },
      },
      { id: `m-${slug}-c`, body: { rows: second.slice(15).map((r) => ({ ...r, b: buttonIds[0]!, c: r.v, v: 0 })) } },
    ]);
    const sources = await env.DB.prepare(
      `SELECT s.day, s.source, SUM(s.views) AS views, SUM(s.clicks) AS clicks FROM page_stats s
       JOIN landing_pages p ON p.id = s.page_id WHERE p.folder_name = ? GROUP BY s.day, s.source`,
    )
      .bind(slug)
      .all<{ day: string; source: string; views: number; clicks: number }>();
    const today = sources.results.filter((r) => r.day === day);
    const own = today.filter((r) => !['instagram', 'qr', 'direct', FOLDED].includes(r.source));
    expect(own).toHaveLength(SOURCES_PER_DAY);
    // the first 30, then the 5 counted 10 times, then 15 more by name (promo-035 … promo-049)
    expect(own.map((r) => r.source).sort()).toEqual(named(50));
    expect(today.find((r) => r.source === FOLDED)).toEqual({ day, source: FOLDED, views: 0, clicks: 10 });
    expect(today.find((r) => r.source === 'promo-000')).toMatchObject({ views: 6 });
    expect(today.filter((r) => ['instagram', 'qr', 'direct'].includes(r.source))).toHaveLength(3);
    expect(sources.results.filter((r) => r.day === anotherDay).map((r) => r.source)).toEqual(['promo-999']);
    expect(Object.keys(await byColumn(other.slug, 'source'))).toEqual(['promo-999']);
    // exact: 30 + 5×10 + 10 + 3 + 1 + 5 + 1 views, 2 + 15 clicks
    expect(await totals(slug)).toEqual({ view_page: 100, clicks: 17, bucket_views: 100, bucket_clicks: 17 });
    // a later batch: every new source of the day is folded now, the kept ones keep counting
    await deliver([
      { id: `m-${slug}-d`, body: { rows: [row(slug, { src: 'promo-777' }), row(slug, { src: 'promo-049' })] } },
    ]);
    expect((await byColumn(slug, 'source'))[FOLDED]).toEqual({ views: 1, clicks: 10 });
    expect((await byColumn(slug, 'source'))['promo-049']).toEqual({ views: 1, clicks: 1 });
  });

  it('counts sign-ups (f) on the view rows; a message from before them (no f) still counts', async () => {
    const { slug, buttonIds } = await published('fanq');
    const { f: _none, ...old } = row(slug, { v: 2 });
    const result = await deliver([
      { id: `m-${slug}-1`, body: { rows: [old] } },
      { id: `m-${slug}-2`, body: { rows: [row(slug, { v: 1, f: 3 }), row(slug, { v: 0, f: 4, src: 'qr' })] } },
      { id: `m-${slug}-3`, body: { rows: [row(slug, { b: buttonIds[0]!, v: 0, c: 1 })] } },
    ]);
    expect(result.ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 3, clicks: 1, bucket_views: 3, bucket_clicks: 1 });
    expect(await signupsBy(slug)).toEqual({ total: 7, by: { direct: 3, qr: 4 } });
    // a negative or fractional count is no count message
    await deliver([{ id: `m-${slug}-4`, body: { rows: [row(slug, { f: -1 })] } }]);
    await deliver([{ id: `m-${slug}-5`, body: { rows: [row(slug, { f: 1.5 })] } }]);
    expect(await signupsBy(slug)).toEqual({ total: 7, by: { direct: 3, qr: 4 } });
  });

  it('weighs a new source’s sign-ups like its views and clicks for the last places of the day', async () => {
    const { slug } = await published('fancap');
    const own = Array.from({ length: SOURCES_PER_DAY - 1 }, (_, i) => row(slug, { src: `promo-${i}` }));
    await deliver([{ id: `m-${slug}-a`, body: { rows: own } }]);
    // one place left: 'zeta' has 3 sign-ups and no view, 'alfa' one view
    await deliver([
      {
        id: `m-${slug}-b`,
        body: { rows: [row(slug, { src: 'alfa' }), row(slug, { src: 'zeta', v: 0, f: 3 })] },
      },
    ]);
    const sources = await byColumn(slug, 'source');
    expect(Object.keys(sources)).toHaveLength(SOURCES_PER_DAY + 1);
    expect(sources[FOLDED]).toEqual({ views: 1, clicks: 0 });
    expect(sources.zeta).toEqual({ views: 0, clicks: 0 });
    expect(await signupsBy(slug)).toEqual({ total: 3, by: { zeta: 3 } });
  });

  it('drops a message that is not a count message and writes the rest', async () => {
    const { slug } = await published('bad');
    const result = await deliver([
      { id: `m-${slug}-x`, body: { rows: [{ s: slug, v: 'lots' }] } },
      { id: `m-${slug}-y`, body: 'hello' },
      { id: `m-${slug}-z`, body: { rows: [row(slug, { v: 2, src: 'newsletter' })] } },
    ]);
    expect(result.ackAll).toBe(true);
    expect(await totals(slug)).toEqual({ view_page: 2, clicks: 0, bucket_views: 2, bucket_clicks: 0 });
    expect(await byColumn(slug, 'source')).toEqual({ newsletter: { views: 2, clicks: 0 } });
  });
});
