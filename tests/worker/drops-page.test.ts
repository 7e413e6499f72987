// Ticket drops on the published page, served by the Worker (docs/behaviour.md#ticket-drops): the
// states before, at and after the instant (Rome's clock change days too), the edge life capped
// at the seconds left, the R2 and hot copies ending at the instant and the rebuild after it, the
// per-minute republish turning the page over, JSON-LD offers and escaping.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onSaleText } from '../../src/core/on-sale';
import { instantText } from '../../src/core/schedule';
import { DROP_SCRIPT, LANDING_SCRIPT } from '../../src/landing/script';
import { contentSecurityPolicy } from '../../src/landing/render';
import { hotPage, hotTicket, keepHot } from '../../worker/services/pages/hot-pages';
import { pageCacheControl, pageCacheKey, pageKey, publicOrigin } from '../../worker/services/pages/publish';
import { call, createPage, textPage, uniqueSlug, organiserWithToken, type CallOptions } from './helpers';
import { clockAt } from './clock';
import { bodyText, boundaryOf, runRepublish, settle, sha256b64 } from './public-helpers';

const HOUR = 3600_000;
const GZIP = { headers: { 'accept-encoding': 'gzip' } };

afterEach(() => {
  vi.useRealTimers();
});

/** An instant this far ahead of the real clock, to the second. */
function ahead(ms: number): string {
  return instantText(new Date(Date.now() + ms));
}

function dropEvent(text: string, ctas: Array<Record<string, unknown>>) {
  return { type: 'text', text, cta_buttons: ctas };
}

/** A page of three dates: one waiting for `at`, one with few tickets left, one sold out. */
async function dropPage(at: string, extra: Record<string, unknown> = {}): Promise<string> {
  const u = await organiserWithToken();
  const slug = uniqueSlug('drop');
  await createPage(u.token, {
    ...textPage(slug),
    buttons: [
      dropEvent('12/05/2099 - Milano - Alcatraz|biglietti', [
        { url: 'https://www.ticketone.it/a', buttonText: 'biglietti', on_sale_at: at },
      ]),
      dropEvent('13/05/2099 - Roma - Atlantico|biglietti', [
        { url: 'https://www.ticketone.it/b', buttonText: 'biglietti', availability: 'limited' },
      ]),
      dropEvent('14/05/2099 - Bari - Demodè|biglietti', [
        { url: 'https://www.ticketone.it/c', buttonText: 'biglietti', availability: 'sold_out', on_sale_at: at },
      ]),
    ],
    ...extra,
  });
  return slug;
}

async function page(slug: string, init: CallOptions = {}) {
  const res = await call(`/${slug}`, init);
  const html = await bodyText(res);
  await settle();
  return { res, html, waiting: html.includes('class="dw" data-w='), cache: res.headers.get('cache-control') };
}

async function storedMeta(slug: string) {
  const obj = await env.BUCKET.head(pageKey(slug));
  return obj?.customMetadata ?? null;
}

describe('a CTA waiting for its on-sale instant', () => {
  it('before, at the second and after: waiting, then the link; the copies end at the instant', async () => {
    const at = ahead(HOUR);
    const ms = Date.parse(at);
    const slug = await dropPage(at);
    // published: the waiting state, the instant in the R2 copy and as the next boundary
    expect(await boundaryOf(slug)).toBe(at);
    expect(await storedMeta(slug)).toMatchObject({ until: new Date(ms).toISOString() });
    const before = await page(slug);
    expect(before.res.status).toBe(200);
    expect(before.waiting).toBe(true);
    expect(before.html).toContain(`<span class="wd">${onSaleText(at, new Date())}</span>`);
    expect(before.cache).toBe('public, max-age=0, s-maxage=60');
    expect(before.res.headers.get('expires')).toBe(new Date(ms).toUTCString());
    // the edge keeps it: cached, with the instant it ends
    const key = pageCacheKey(slug, publicOrigin(env));
    expect((await caches.default.match(key))?.headers.get('expires')).toBe(new Date(ms).toUTCString());

    // 30.5 s before: the cache life is the whole seconds left
    clockAt(ms - 30_500);
    expect((await page(slug)).cache).toBe('public, max-age=0, s-maxage=30');
    // its last second: not kept at all, still waiting
    clockAt(ms - 999);
    const last = await page(slug);
    expect(last.waiting).toBe(true);
    expect(last.cache).toBe('no-store');
    clockAt(ms - 1);
    expect((await page(slug)).waiting).toBe(true);

    // on the second: the cached and R2 copies are out of date, the page is rebuilt from D1
    clockAt(ms);
    const open = await page(slug);
    expect(open.res.status).toBe(200);
    expect(open.waiting).toBe(false);
    expect(open.html).toContain('<a class="b" href="https://www.ticketone.it/a"');
    expect(open.html).not.toContain(DROP_SCRIPT);
    expect(open.cache).toBe('public, max-age=0, s-maxage=60');
    expect(open.res.headers.get('expires')).toBeNull();
    // the rebuilt copy replaced the R2 one, without an end, and the boundary moved on
    expect(await storedMeta(slug)).not.toHaveProperty('until');
    expect(await env.BUCKET.get(pageKey(slug)).then((o) => o!.text())).not.toContain('data-w=');
    expect(await boundaryOf(slug)).toBe('2099-05-12T22:00:00Z');
    // after: the same
    clockAt(ms + 60_000);
    expect((await page(slug)).waiting).toBe(false);
  });

  it("Rome's clock change days: the text in Rome time, the switch on the UTC instant", async () => {
    // 29 March 2099: 02:00 CET becomes 03:00 CEST at 01:00 UTC; 25 October 2099: 02:30 happens twice
    const cases: Array<[string, string]> = [
      ['2099-03-29T00:59:00Z', 'In vendita dal 29 marzo 2099 alle 01:59'],
      ['2099-03-29T01:00:00Z', 'In vendita dal 29 marzo 2099 alle 03:00'],
      ['2099-10-25T00:30:00Z', 'In vendita dal 25 ottobre 2099 alle 02:30'],
      ['2099-10-25T01:30:00Z', 'In vendita dal 25 ottobre 2099 alle 02:30'],
    ];
    for (const [at, text] of cases) {
      vi.useRealTimers();
      const slug = await dropPage(at);
      const ms = Date.parse(at);
      const before = await page(slug);
      expect(before.html, at).toContain(`data-w="${ms}"`);
      expect(before.html, at).toContain(text);
      clockAt(ms - 1);
      expect((await page(slug)).waiting, at).toBe(true);
      clockAt(ms);
      expect((await page(slug)).waiting, at).toBe(false);
    }
  });

  it('the cache life: the whole seconds left, at most 60, no-store in the last second', () => {
    const until = Date.parse('2099-05-12T08:00:00Z');
    const cases: Array<[number, string]> = [
      [3600_000, 's-maxage=60'],
      [61_000, 's-maxage=60'],
      [60_999, 's-maxage=60'],
      [59_999, 's-maxage=59'],
      [2000, 's-maxage=2'],
      [1999, 's-maxage=1'],
      [1000, 's-maxage=1'],
      [999, 'no-store'],
      [1, 'no-store'],
      [0, 'no-store'],
      [-5000, 'no-store'],
    ];
    for (const [left, expected] of cases) {
      const value = pageCacheControl(until, until - left);
      expect(value, String(left)).toBe(expected === 'no-store' ? 'no-store' : `public, max-age=0, ${expected}`);
    }
    expect(pageCacheControl(undefined, until)).toBe('public, max-age=0, s-maxage=60');
  });

  it('the hot copy ends at the instant, even while it would still be fresh', async () => {
    // an instant within the copy's 2 s of life
    const soon = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    const headers = new Headers({ 'content-type': 'text/html', expires: new Date(soon).toUTCString() });
    await keepHot('hotdrop', '<p>waiting</p>', headers, hotTicket());
    expect(hotPage('hotdrop', soon - 1)).not.toBeNull();
    expect(hotPage('hotdrop', soon)).toBeNull();
    // gone, not kept for a re-read
    expect(hotPage('hotdrop', soon - 1)).toBeNull();

    const at = ahead(HOUR);
    const ms = Date.parse(at);

    // through GET /{slug}: a browser's second visit is answered hot; at the instant, rebuilt
    const slug = await dropPage(at);
    clockAt(ms - 1500);
    const first = await page(slug, GZIP);
    expect(first.waiting).toBe(true);
    const hot = await page(slug, GZIP);
    expect(hot.res.headers.get('vary')).toBe('accept-encoding');
    expect(hot.waiting).toBe(true);
    // the hot answer says the seconds left as of now
    expect(hot.cache).toBe('public, max-age=0, s-maxage=1');
    clockAt(ms);
    const open = await page(slug, GZIP);
    expect(open.waiting).toBe(false);
    expect(open.html).toContain('href="https://www.ticketone.it/a"');
  });

  it('visitors of the instant all get the link, from one rebuild per isolate', async () => {
    const at = ahead(HOUR);
    const slug = await dropPage(at);
    await page(slug);
    clockAt(at);
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(`/${slug}`).then((r) => r.text())));
    for (const html of answers) {
      expect(html).not.toContain('data-w=');
      expect(html).toContain('href="https://www.ticketone.it/a"');
    }
    await settle();
  });
});

describe('the per-minute republish', () => {
  it('turns the page over at the instant, not a second early, and purges the cached copy', async () => {
    const at = ahead(HOUR);
    const slug = await dropPage(at);
    await page(slug);
    const key = pageCacheKey(slug, publicOrigin(env));
    expect(await caches.default.match(key)).toBeDefined();

    await runRepublish(Date.parse(at) - 1000);
    expect(await env.BUCKET.get(pageKey(slug)).then((o) => o!.text())).toContain('data-w=');
    expect(await boundaryOf(slug)).toBe(at);

    await runRepublish(at);
    const html = await env.BUCKET.get(pageKey(slug)).then((o) => o!.text());
    expect(html).not.toContain('data-w=');
    expect(html).toContain('href="https://www.ticketone.it/a"');
    expect(await storedMeta(slug)).not.toHaveProperty('until');
    expect(await caches.default.match(key)).toBeUndefined();
    expect(await boundaryOf(slug)).toBe('2099-05-12T22:00:00Z');
    // a visitor without JavaScript now gets the link from the server
    clockAt(Date.parse(at) + 2000);
    expect((await page(slug)).waiting).toBe(false);
  });

  it('the boundary is the earliest waiting instant: never a sold-out one, never a past event', async () => {
    const u = await organiserWithToken();
    const soon = ahead(HOUR);
    const later = ahead(2 * HOUR);
    const slug = uniqueSlug('drop');
    await createPage(u.token, {
      ...textPage(slug),
      buttons: [
        // a past event's CTA is not on the page
        dropEvent('01/01/2020 - Milano - Alcatraz|biglietti', [
          { url: 'https://t.it/a', buttonText: 'biglietti', on_sale_at: ahead(HOUR / 2) },
        ]),
        dropEvent('12/05/2099 - Roma - Atlantico|biglietti', [
          { url: 'https://t.it/b', buttonText: 'biglietti', on_sale_at: soon, availability: 'sold_out' },
          { url: 'https://t.it/c', buttonText: 'VIP', on_sale_at: later, availability: 'limited' },
        ]),
      ],
    });
    expect(await boundaryOf(slug)).toBe(later);
    await runRepublish(later);
    expect(await boundaryOf(slug)).toBe('2099-05-12T22:00:00Z');
  });
});

describe('what the page says of its offers', () => {
  it('JSON-LD: PreOrder with validFrom before the sale, InStock after, LimitedAvailability, SoldOut', async () => {
    const at = ahead(HOUR);
    const slug = await dropPage(at);
    const offers = (html: string) =>
      (
        JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Array<{
          offers: Array<Record<string, string>>;
        }>
      ).map((e) => e.offers[0]);
    expect(offers((await page(slug)).html)).toEqual([
      expect.objectContaining({ availability: 'https://schema.org/PreOrder', validFrom: at }),
      expect.objectContaining({ availability: 'https://schema.org/LimitedAvailability' }),
      expect.objectContaining({ availability: 'https://schema.org/SoldOut' }),
    ]);
    clockAt(at);
    const after = offers((await page(slug)).html);
    expect(after.map((o) => o!.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/LimitedAvailability',
      'https://schema.org/SoldOut',
    ]);
    expect(after[0]).not.toHaveProperty('validFrom');
  });

  it('labels stay text; the CSP allows the two scripts by hash and nothing else', async () => {
    const at = ahead(HOUR);
    const u = await organiserWithToken();
    const slug = uniqueSlug('drop');
    const label = '"><script>alert(1)</script>';
    await createPage(u.token, {
      ...textPage(slug),
      buttons: [
        dropEvent('12/05/2099 - <b>Milano</b> - Alcatraz|x', [
          { url: 'https://t.it/a', buttonText: label, on_sale_at: at, availability: 'limited' },
        ]),
      ],
    });
    const { res, html } = await page(slug);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<b>Milano');
    expect(html).toContain('<span class="wn">&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span>');
    expect(html).toContain('data-a="&lt;b&gt;Milano&lt;/b&gt;"');
    const csp = res.headers.get('content-security-policy')!;
    const expected = await contentSecurityPolicy({ styles: [], scripts: [LANDING_SCRIPT, DROP_SCRIPT] });
    expect(csp).toContain(/script-src [^;]+/.exec(expected)![0]);
    expect(csp).not.toContain('unsafe');
  });
});

describe('the embed of a page with a CTA waiting', () => {
  it('switches like the page: both states and the drops script, its cache life capped at the instant', async () => {
    const at = ahead(HOUR);
    const ms = Date.parse(at);
    const slug = await dropPage(at);
    const before = await call(`/${slug}/embed`);
    expect(before.status).toBe(200);
    const html = await bodyText(before);
    await settle();
    expect(html).toContain('class="dw" data-w=');
    // the page's rules that show one state at a time come with it
    expect(html).toContain('.dw[data-w]>:last-child');
    expect(html).toContain(DROP_SCRIPT);
    expect(before.headers.get('expires')).toBe(new Date(ms).toUTCString());
    expect(before.headers.get('content-security-policy')).toContain(`'sha256-${await sha256b64(DROP_SCRIPT)}'`);
    // the cached copy answers with the seconds left, then none in the last second
    clockAt(ms - 30_500);
    expect((await call(`/${slug}/embed`)).headers.get('cache-control')).toBe('public, max-age=0, s-maxage=30');
    await settle();
    clockAt(ms - 999);
    expect((await call(`/${slug}/embed`)).headers.get('cache-control')).toBe('no-store');
    await settle();
    // on the second the cached copy is out of date: rendered again, the link open
    clockAt(ms);
    const open = await call(`/${slug}/embed`);
    const openHtml = await bodyText(open);
    await settle();
    expect(openHtml).not.toContain('data-w=');
    expect(openHtml).toContain('href="https://www.ticketone.it/a"');
    expect(open.headers.get('expires')).toBeNull();
  });
});
