// Fan sign-ups go through the isolate's buffer and the COUNTS queue to D1 beside the views; a burst of
// views, clicks and sign-ups ends exact (docs/behaviour.md#counting-views-and-clicks).
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { romeBucket } from '../../src/core/traffic';
import { instantText } from '../../src/core/schedule';
import { countSignup, type SignupSource } from '../../worker/services/counting';
import { seedPage, slugFor } from './public-helpers';
import * as counting from './counting-helpers';

/** The page whose views tell that every count before them is written (counting.countsWritten). */
let marker: string;
beforeAll(async () => {
  marker = (await counting.published('mark')).slug;
});

describe('fan sign-ups', () => {
  /**
   * One sign-up as the fan route records it: a POST to /{slug}/fans on this host, with the source
   * the page's script passed (or none, a plain form POST) and the browser's headers.
   */
  function signup(slug: string, source: SignupSource = {}, headers: Record<string, string> = {}) {
    const req = new Request(`http://localhost/${slug}/fans`, {
      method: 'POST',
      headers: { 'user-agent': counting.PHONE_UA, ...headers },
    });
    return countSignup(env, null, req, slug, source);
  }

  it('count one sign-up under its source: u, else r, else the page’s own Referer’s utm_source, else direct', async () => {
    const { slug } = await counting.published('fan');
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
    expect(signup(slug, { u: 'bot' }, { 'user-agent': counting.GOOGLEBOT })).toBe(false);
    expect(signup(slug, { u: 'bot' }, { 'user-agent': 'curl/8.5.0' })).toBe(false);
    expect(signup(slug, { u: 'bot' }, { 'sec-purpose': 'prefetch' })).toBe(false);
    const counted = await counting.eventually(
      () => counting.signupsBy(slug),
      (s) => s.total >= queued.length,
    );
    await counting.countsWritten(marker);
    expect(await counting.signupsBy(slug)).toEqual(counted);
    expect(counted).toEqual({
      total: 12,
      by: { newsletter: 1, qr: 2, instagram: 1, x: 1, 'tiktok-ads': 1, direct: 6 },
    });
    // a conversion, not a view or a click: on the view rows, with no view and no click
    expect(await counting.totals(slug)).toEqual({ view_page: 0, clicks: 0, bucket_views: 0, bucket_clicks: 0 });
    expect((await counting.signupsBy(slug, 'button_id')).by).toEqual({ '0': 12 });
    expect((await counting.signupsBy(slug, 'cta')).by).toEqual({ '0': 12 });
    expect((await counting.signupsBy(slug, 'device')).by).toEqual({ mobile: 12 });
    expect((await counting.signupsBy(slug, 'day')).by).toEqual({ [romeBucket(Date.now()).day]: 12 });
  });

  it('record the device class and the country like a view', async () => {
    const { slug } = await counting.published('fand');
    signup(slug, {}, { 'user-agent': counting.DESKTOP_UA, 'cf-ipcountry': 'de' });
    signup(slug, {}, { 'user-agent': counting.TABLET_UA, 'cf-ipcountry': 'T1' });
    signup(slug, {}, { 'cf-ipcountry': 'IT' });
    await counting.eventually(
      () => counting.signupsBy(slug),
      (s) => s.total >= 3,
    );
    expect((await counting.signupsBy(slug, 'device')).by).toEqual({ desktop: 1, tablet: 1, mobile: 1 });
    expect((await counting.signupsBy(slug, 'country')).by).toEqual({ DE: 1, XX: 1, IT: 1 });
  });

  it('count only on a visible page inside its publishing window', async () => {
    const HOUR = 3_600_000;
    const open = await counting.published('fanw');
    const early = await counting.published('fanwe');
    const late = await counting.published('fanwl');
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
      await counting.eventually(
        () => counting.signupsBy(open.slug),
        (s) => s.total >= 1,
      ),
    ).toEqual({ total: 1, by: { qr: 1 } });
    await counting.countsWritten(marker);
    for (const slug of [early.slug, late.slug, hidden]) {
      expect(await counting.signupsBy(slug), slug).toEqual({ total: 0, by: {} });
    }
  });

  it('end exact among views and clicks in a burst: 600 of each, 30 in flight', async () => {
    const { slug, buttonIds } = await counting.published('fanr');
    await counting.burst(1800, 30, async (i) => {
      if (i % 3 === 0) await counting.visit(slug, {}, '?utm_source=qr');
      else if (i % 3 === 1) await counting.click(slug, buttonIds[0]!, '?u=qr');
      else signup(slug, i % 2 === 0 ? { u: 'qr' } : { r: 'https://l.instagram.com' });
    });
    const after = await counting.eventually(
      () => Promise.all([counting.totals(slug), counting.signupsBy(slug)]),
      ([t, s]) => t.view_page >= 600 && t.clicks >= 600 && s.total >= 600,
      60_000,
    );
    await counting.countsWritten(marker);
    expect(await Promise.all([counting.totals(slug), counting.signupsBy(slug)])).toEqual(after);
    expect(after).toEqual([
      { view_page: 600, clicks: 600, bucket_views: 600, bucket_clicks: 600 },
      { total: 600, by: { qr: 300, instagram: 300 } },
    ]);
    expect(await counting.byColumn(slug, 'source')).toEqual({
      qr: { views: 600, clicks: 600 },
      instagram: { views: 0, clicks: 0 },
    });
  }, 120_000);
});

describe('a burst', () => {
  it('1,500 views and 1,500 clicks, 50 in flight, end exact: totals, per day and per source', async () => {
    const { slug, buttonIds } = await counting.published('rush');
    const sources = ['', '?utm_source=qr', '?utm_source=instagram'];
    const browser = { 'accept-encoding': 'gzip' };
    await counting.burst(1500, 50, async (i) => {
      await counting.visit(slug, browser, sources[i % 3]);
    });
    await counting.burst(1500, 50, async (i) => {
      const res = await counting.click(slug, buttonIds[0]!, i % 2 === 0 ? '?u=qr' : '');
      if (res.status !== 202) throw new Error(`click ${i}: ${res.status}`);
    });
    const after = await counting.eventually(
      () => counting.totals(slug),
      (t) => t.view_page >= 1500 && t.clicks >= 1500,
      60_000,
    );
    expect(after).toEqual({ view_page: 1500, clicks: 1500, bucket_views: 1500, bucket_clicks: 1500 });
    // and nothing more arrives later: no message was sent or written twice
    await counting.countsWritten(marker);
    expect(await counting.totals(slug)).toEqual(after);
    const days = await counting.byColumn(slug, 'day');
    expect(Object.values(days).reduce((n, d) => n + d.views, 0)).toBe(1500);
    expect(await counting.byColumn(slug, 'source')).toEqual({
      direct: { views: 500, clicks: 750 },
      qr: { views: 500, clicks: 750 },
      instagram: { views: 500, clicks: 0 },
    });
  }, 120_000);
});
