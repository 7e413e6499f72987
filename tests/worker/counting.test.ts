// Views and clicks go through the isolate's buffer and the COUNTS queue to D1: what is counted,
// how it is classified, and that the numbers stay exact (docs/behaviour.md#counting-views-and-clicks).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { romeBucket } from '../../src/core/traffic';
import { publishPage } from '../../worker/services/publish';
import type { CountRow } from '../../worker/services/counting';
import { call, createPage, makeUser, textPage, uniqueSlug } from './pages-helpers';
import { get, seedPage, slugFor } from './public-helpers';
import { DESKTOP_UA, PHONE_UA, TABLET_UA, burst, byColumn, eventually, totals } from './counting-helpers';

/** Longer than a flush (the isolate's 100 ms, then the queue's 2 s batch timeout). */
const FLUSH_WAIT_MS = 2500;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function published(prefix: string) {
  const slug = slugFor(prefix);
  const seeded = await seedPage(slug);
  await publishPage(env, slug);
  return { slug, ...seeded };
}

function visit(slug: string, headers: Record<string, string> = {}, query = '', method = 'GET') {
  return get(`/${slug}${query}`, { method, headers: { 'user-agent': PHONE_UA, ...headers } }).then((r) => r.text());
}

function click(slug: string, id: number | string, query = '', headers: Record<string, string> = {}) {
  return call(`/api/db/landing-pages/${slug}/buttons/${id}/click${query}`, {
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
    const u = await makeUser();
    const slug = uniqueSlug('hot');
    await createPage(u.token, textPage(slug, { display_title: 'Prima versione' }));
    const browser = { 'accept-encoding': 'gzip, deflate' };
    const first = await get(`/${slug}`, { headers: browser });
    expect(await first.text()).toContain('Prima versione');
    // the copy is kept after the answer (waitUntil): poll until the hot copy answers
    const hot = await eventually(
      () => get(`/${slug}`, { headers: browser }),
      (r) => r.headers.get('vary') === 'accept-encoding',
      5000,
    );
    expect(hot.headers.get('content-encoding')).toBe('gzip');
    expect(hot.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/);
    expect(await hot.text()).toContain('Prima versione');

    const saved = await call(`/api/db/landing-pages/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: textPage(slug, { display_title: 'Seconda versione' }),
    });
    expect(saved.status).toBe(200);
    const fresh = await get(`/${slug}`, { headers: browser });
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
    const { slug, buttonIds } = await published('ck');
    const [event] = buttonIds as [number];
    const a = await click(slug, event);
    expect(a.status).toBe(202);
    expect(await a.json()).toEqual({ queued: true });
    expect(a.headers.get('cache-control')).toBe('no-store');
    await click(slug, event, '?k=1&u=QR');
    await click(slug, event, `?r=${encodeURIComponent('https://l.instagram.com/')}`);
    // sendBeacon may send text/plain, JSON or nothing: the body is never read
    await call(`/api/db/landing-pages/${slug}/buttons/${event}/click`, {
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

  it('404 for a malformed button id, slug or CTA index; a bot’s click is answered but not queued', async () => {
    const { slug, buttonIds } = await published('ckm');
    for (const path of [`${slug}/buttons/abc`, `${slug}/buttons/0`, 'NO-SLUG/buttons/1', `${slug}/buttons/1.5`]) {
      const res = await call(`/api/db/landing-pages/${path}/click`, { method: 'POST' });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Pulsante non trovato' });
    }
    for (const k of ['-1', 'x', '100']) expect((await click(slug, buttonIds[0]!, `?k=${k}`)).status, k).toBe(404);
    const bot = await click(slug, buttonIds[0]!, '', { 'user-agent': GOOGLEBOT });
    expect(bot.status).toBe(202);
    expect(await bot.json()).toEqual({ queued: false });
  });
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
    return { s: slug, d: day, h: hour, b: 0, k: 0, src: 'direct', dev: 'mobile', cc: 'IT', v: 1, c: 0, ...extra };
  }

  async function deliver(messages: Array<{ id: string; body: unknown }>) {
    const batch = createMessageBatch(
      'palco-counts',
      messages.map((m) => ({ ...m, timestamp: new Date(), attempts: 1 })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
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
