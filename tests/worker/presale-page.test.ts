// Presales on the published page, served by the Worker (docs/behaviour.md#presales-on-the-published-page):
// the row before, during and after the presale on a moved clock, its start and end as the page's
// boundaries (the per-minute republish turns it over, no stored copy outlives them, the edge life
// capped at the seconds left), the embed, and JSON-LD during the presale.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/core/messages';
import { instantText } from '../../src/core/schedule';
import { DROP_SCRIPT } from '../../src/landing/script';
import { pageCacheKey, pageKey, publicOrigin } from '../../worker/services/pages/publish';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';
import { clockAt } from './clock';
import { bodyText, boundaryOf, runRepublish, settle } from './public-helpers';

const HOUR = 3600_000;
const BADGE = t('presale.public.badge');
const SIGNUP = t('presale.public.signup');

afterEach(() => {
  vi.useRealTimers();
});

/** An instant this far ahead of the real clock, to the second. */
function ahead(ms: number): string {
  return instantText(new Date(Math.floor(Date.now() / 1000) * 1000 + ms));
}

/** A page whose Milano date goes on sale at `sale`, its presale from `start` (to `end`, else the sale). */
async function presalePage(start: string, sale: string, end?: string, extra: Record<string, unknown> = {}) {
  const u = await organiserWithToken();
  const slug = uniqueSlug('psp');
  const created = await createPage(u.token, {
    ...textPage(slug),
    buttons: [
      {
        type: 'text',
        text: '12/05/2099 - Milano - Alcatraz|biglietti',
        cta_buttons: [{ url: 'https://www.ticketone.it/a', buttonText: 'biglietti', on_sale_at: sale }],
        presale: {
          starts_at: start,
          ...(end ? { ends_at: end } : {}),
          url: 'https://presale.example/x',
          shared_code: 'CODICE',
        },
      },
      {
        type: 'text',
        text: '13/05/2099 - Roma - Atlantico|biglietti',
        cta_buttons: [{ url: 'https://www.ticketone.it/b', buttonText: 'biglietti' }],
      },
    ],
    ...extra,
  });
  return { slug, token: u.token, id: created.buttons[0]!.id };
}

/** The page as a visitor gets it, and the presale's state the server rendered. */
async function visit(path: string) {
  const res = await call(path);
  const html = await bodyText(res);
  await settle();
  const state = /<div class="pv" data-w=/.test(html) ? 'before' : html.includes('<div class="pv">') ? 'open' : 'none';
  return { res, html, state, cache: res.headers.get('cache-control'), expires: res.headers.get('expires') };
}

async function storedUntil(slug: string): Promise<string | undefined> {
  return (await env.BUCKET.head(pageKey(slug)))?.customMetadata?.until;
}

describe('a date with a presale, on a moved clock', () => {
  it('before: as today with the presale hidden; open on the second; after the sale: as today', async () => {
    const start = ahead(HOUR);
    const sale = ahead(3 * HOUR);
    const { slug } = await presalePage(start, sale);
    const s = Date.parse(start);
    const g = Date.parse(sale);
    // published: the start is the boundary and the end of every copy
    expect(await boundaryOf(slug)).toBe(start);
    expect(await storedUntil(slug)).toBe(new Date(s).toISOString());

    const before = await visit(`/${slug}`);
    expect(before.res.status).toBe(200);
    expect(before.state).toBe('before');
    expect(before.html).toContain('>Avvisami</a>');
    expect(before.html).toContain(`<div class="pv" data-w="${s}"><p class="pb" data-w="${g}">${BADGE}</p></div>`);
    expect(before.html).toContain(DROP_SCRIPT);
    expect(before.expires).toBe(new Date(s).toUTCString());
    expect(before.cache).toBe('public, max-age=0, s-maxage=60');

    // the edge keeps it the whole seconds left, and not in the last second
    clockAt(s - 20_500);
    expect((await visit(`/${slug}`)).cache).toBe('public, max-age=0, s-maxage=20');
    clockAt(s - 500);
    const last = await visit(`/${slug}`);
    expect(last.state).toBe('before');
    expect(last.cache).toBe('no-store');

    // on the second: the copies are out of date, the page is rendered open from D1
    clockAt(s);
    const open = await visit(`/${slug}`);
    expect(open.state).toBe('open');
    expect(open.html).toContain(`<div class="pv"><p class="pb" data-w="${g}">${BADGE}</p></div>`);
    expect(open.html).toContain(`href="#fs-h" data-a="Milano" data-w="${g}"`);
    expect(open.html).toContain(`>${SIGNUP}</a></div>`);
    // the general on-sale time, as the waiting CTA says it
    expect(open.html).toContain('<span class="wd">In vendita dal ');
    expect(open.expires).toBe(new Date(g).toUTCString());
    expect(await storedUntil(slug)).toBe(new Date(g).toISOString());

    // an hour on: still open, cached to its end
    clockAt(g - 30_000);
    const later = await visit(`/${slug}`);
    expect(later.state).toBe('open');
    expect(later.cache).toBe('public, max-age=0, s-maxage=30');

    // the general sale: over, the link
    clockAt(g);
    const after = await visit(`/${slug}`);
    expect(after.state).toBe('none');
    expect(after.html).not.toContain(BADGE);
    expect(after.html).not.toContain(SIGNUP);
    expect(after.html).toContain('<a class="b" href="https://www.ticketone.it/a"');
    expect(after.expires).toBeNull();
  });

  it('an end of its own: after it the row waits again, with Avvisami', async () => {
    const start = ahead(HOUR);
    const end = ahead(2 * HOUR);
    const sale = ahead(3 * HOUR);
    const { slug } = await presalePage(start, sale, end);
    clockAt(Date.parse(start) + 1000);
    const open = await visit(`/${slug}`);
    expect(open.state).toBe('open');
    expect(open.expires).toBe(new Date(Date.parse(end)).toUTCString());
    clockAt(end);
    const over = await visit(`/${slug}`);
    expect(over.state).toBe('none');
    expect(over.html).toContain('>Avvisami</a>');
    expect(over.html).toContain('class="dw" data-w=');
    expect(over.expires).toBe(new Date(Date.parse(sale)).toUTCString());
  });

  it('the embed switches the same way, its cache life capped at the start', async () => {
    const start = ahead(HOUR);
    const sale = ahead(3 * HOUR);
    const { slug } = await presalePage(start, sale);
    const before = await visit(`/${slug}/embed`);
    expect(before.res.status).toBe(200);
    expect(before.state).toBe('before');
    expect(before.html).toContain(BADGE);
    expect(before.html).not.toContain(SIGNUP);
    expect(before.expires).toBe(new Date(Date.parse(start)).toUTCString());
    clockAt(start);
    const open = await visit(`/${slug}/embed`);
    expect(open.state).toBe('open');
    expect(open.expires).toBe(new Date(Date.parse(sale)).toUTCString());
  });

  it('JSON-LD during the presale: a PreOrder valid from the general sale', async () => {
    const start = ahead(HOUR);
    const sale = ahead(3 * HOUR);
    const { slug } = await presalePage(start, sale);
    clockAt(Date.parse(start) + 5000);
    const { html } = await visit(`/${slug}`);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Array<{
      offers: Array<Record<string, string>>;
    }>;
    expect(ld[0]!.offers[0]).toMatchObject({ availability: 'https://schema.org/PreOrder', validFrom: sale });
  });
});

describe('the per-minute republish', () => {
  it('turns the page over at the start and at the end, not a second early, and purges the cache', async () => {
    const start = ahead(HOUR);
    const sale = ahead(2 * HOUR);
    const { slug } = await presalePage(start, sale);
    await visit(`/${slug}`);
    const key = pageCacheKey(slug, publicOrigin(env));
    expect(await caches.default.match(key)).toBeDefined();
    const stored = async () => env.BUCKET.get(pageKey(slug)).then((o) => o!.text());

    await runRepublish(Date.parse(start) - 1000);
    expect(await stored()).toContain('<div class="pv" data-w=');
    expect(await boundaryOf(slug)).toBe(start);

    await runRepublish(start);
    expect(await stored()).toContain('<div class="pv">');
    expect(await storedUntil(slug)).toBe(new Date(Date.parse(sale)).toISOString());
    expect(await caches.default.match(key)).toBeUndefined();
    expect(await boundaryOf(slug)).toBe(sale);
    // a visitor without JavaScript gets the open state from the server
    clockAt(Date.parse(start) + 2000);
    expect((await visit(`/${slug}`)).state).toBe('open');
    vi.useRealTimers();

    await runRepublish(sale);
    const over = await stored();
    expect(over).not.toContain('class="pv"');
    expect(over).toContain('href="https://www.ticketone.it/a"');
    expect(await storedUntil(slug)).toBeUndefined();
    expect(await boundaryOf(slug)).toBe('2099-05-12T22:00:00Z');
  });

  it("the boundary is a presale's next turn, never a past date's", async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('psb');
    const sale = ahead(4 * HOUR);
    const end = ahead(2 * HOUR);
    await createPage(u.token, {
      ...textPage(slug),
      buttons: [
        {
          type: 'text',
          text: '12/05/2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [{ url: 'https://t.it/a', buttonText: 'biglietti', on_sale_at: sale }],
          presale: { starts_at: ahead(-HOUR), ends_at: end, url: 'https://presale.example/x' },
        },
        // a past date is not on the page: its presale turns nothing
        {
          type: 'text',
          text: '01/01/2020 - Roma - Atlantico|biglietti',
          cta_buttons: [{ url: 'https://t.it/b', buttonText: 'biglietti', on_sale_at: sale }],
          presale: { starts_at: ahead(HOUR / 2), url: 'https://presale.example/y' },
        },
      ],
    });
    // open already: its end comes before the sale
    expect(await boundaryOf(slug)).toBe(end);
    await runRepublish(end);
    expect(await boundaryOf(slug)).toBe(sale);
  });
});
