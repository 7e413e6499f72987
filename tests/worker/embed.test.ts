// The embed of a page and its loader (docs/behaviour.md#embedding-the-dates): what it shows,
// its headers (framable by any site, unlike everything else), who sees it, how it is counted,
// and that a save purges its cached copy.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { embedCacheKey, publishPage, publicOrigin } from '../../worker/services/pages/publish';
import { EMBED_SOURCE } from '../../src/core/traffic';
import { call, createPage, textPage, uniqueSlug, organiserWithToken, type CallOptions } from './helpers';
import { expectHashedInline, seedPage, settle, slugFor, type SeedPage } from './public-helpers';
import { PHONE_UA, byColumn, eventually } from './counting-helpers';

async function published(prefix: string, page: SeedPage = {}) {
  const slug = slugFor(prefix);
  const seeded = await seedPage(slug, page);
  await publishPage(env, slug);
  return { slug, ...seeded };
}

function embed(slug: string, init: CallOptions = {}): Promise<Response> {
  return call(`/${slug}/embed`, { ...init, headers: { 'user-agent': PHONE_UA, ...(init.headers ?? {}) } });
}

async function setWindow(slug: string, from: string | null, until: string | null): Promise<void> {
  await env.DB.prepare('UPDATE landing_pages SET visible_from = ?, visible_until = ? WHERE folder_name = ?')
    .bind(from, until, slug)
    .run();
}

async function gzipSize(text: string): Promise<number> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

function expectEmptyState(res: Response, html: string, label: string): void {
  expect(res.status, label).toBe(404);
  expect(res.headers.get('cache-control'), label).toBe('no-store');
  expect(res.headers.get('content-type'), label).toBe('text/html; charset=utf-8');
  expect(res.headers.get('content-security-policy'), label).toContain('frame-ancestors *');
  expect(res.headers.get('x-frame-options'), label).toBeNull();
  expect(html, label).toContain('Date non disponibili.');
  // never the site's 404 page, nor the page's error state that sends the visitor to /home
  expect(html, label).not.toContain('Reindirizzamento');
  expect(html, label).not.toContain('/home');
  expect(html.length, label).toBeLessThan(6000);
}

describe('GET /{slug}/embed', () => {
  it('shows the upcoming dates with their CTAs and calendar links, links opening a new tab', async () => {
    const { slug, buttonIds } = await published('emb', { display_title: 'Tour Embed' });
    const res = await embed(slug);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 class="eh" id="eh">Tour Embed</h1>');
    expect(html).toContain('Milano');
    expect(html).toContain('Alcatraz');
    expect(html).toContain('Sold out');
    expect(html).toMatch(/<a class="b" href="https:\/\/www\.ticketone\.it\/a[^"]*" rel="noopener" target="_blank"/);
    expect(html).toContain(`data-c="/api/db/landing-pages/${slug}/buttons/${buttonIds[0]}/click"`);
    expect(html).toContain(`href="/${slug}/events/${buttonIds[0]}.ics"`);
    expect(html).toContain(`href="${publicOrigin(env, 'http://localhost')}/${slug}" target="_blank"`);
    // the dates only: no header, no sign-up form, no page footer
    expect(html).not.toContain('class="hd"');
    expect(html).not.toContain('<form');
    expect(html).not.toContain('class="ft"');
    // no third party: nothing is loaded from anywhere but the page's own origin
    expect(html).not.toMatch(/(src|srcset)="https?:/);
    expect(html).not.toMatch(/url\((?!\/fonts\/)/);
  });

  it('answers framable by any site with a hash policy, the page cache rule and no cookie', async () => {
    const { slug } = await published('embh');
    for (const _ of [1, 2]) {
      // the second answer comes from the cache, with the same headers
      const res = await embed(slug);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('x-frame-options')).toBeNull();
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain('frame-ancestors *');
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toContain('unsafe');
      await expectHashedInline(csp, await res.text());
      await settle();
    }
  });

  it('leaves every other page unframable: the page itself, its calendar file, the error state', async () => {
    const { slug } = await published('embo');
    for (const path of [`/${slug}`, '/nonesiste9x', '/api/db/public/landing/nonesiste9x', '/embed.js']) {
      const res = await call(path);
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('is at most 10 KB gzip with ten dates', async () => {
    const buttons = Array.from({ length: 10 }, (_, i) => ({
      text: `${10 + i} marzo 2099 - Città numero ${i} - Teatro Comunale ${i}|biglietti`,
      url: `https://www.ticketone.it/evento-${i}`,
      cta_buttons: [
        { url: `https://www.ticketone.it/evento-${i}`, buttonText: 'biglietti' },
        { url: `https://www.vivaticket.com/vip-${i}`, buttonText: 'vip' },
      ],
    }));
    const { slug } = await published('embz', { buttons, style: 'custom', custom_styles: {} });
    const res = await embed(slug);
    const html = await res.text();
    expect(html.match(/<li class="e">/g)).toHaveLength(10);
    expect(await gzipSize(html)).toBeLessThanOrEqual(10 * 1024);
  });

  it('drops past dates, and says so plainly when none is left', async () => {
    const { slug } = await published('embp', {
      buttons: [
        { text: '12 marzo 2001 - Passata - Vecchio|biglietti', url: 'https://www.ticketone.it/p' },
        { text: '12 marzo 2099 - Futura - Nuovo|biglietti', url: 'https://www.ticketone.it/f' },
      ],
    });
    const html = await (await embed(slug)).text();
    expect(html).toContain('Futura');
    expect(html).not.toContain('Passata');

    const past = await published('embq', {
      buttons: [{ text: '12 marzo 2001 - Passata - Vecchio|biglietti', url: 'https://www.ticketone.it/p' }],
    });
    const res = await embed(past.slug);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Nessuna data in programma al momento.');
    expect(text).not.toContain('Passata');

    const images = await published('embi', {
      mode: 'image',
      buttons: [{ type: 'image', text: 'Spotify', image_path: '/dati/x/1.webp', url: 'https://open.spotify.com/x' }],
    });
    expect(await (await embed(images.slug)).text()).toContain('Nessuna data in programma al momento.');
  });

  it('answers a neat empty state for hidden, scheduled, expired, unknown and malformed pages', async () => {
    const hidden = await published('embx', { visible: false });
    const scheduled = await published('embs');
    await setWindow(scheduled.slug, '2098-01-01T00:00:00Z', null);
    const expired = await published('embe');
    await setWindow(expired.slug, null, '2001-01-01T00:00:00Z');
    const paths = [
      `/${hidden.slug}/embed`,
      `/${scheduled.slug}/embed`,
      `/${expired.slug}/embed`,
      '/nonesiste42/embed',
      '/Bad-Slug/embed',
      `/${'a'.repeat(65)}/embed`,
      '/preview/embed',
      '/stores/embed',
      '/%3Cscript%3E/embed',
      "/x'y/embed",
    ];
    for (const path of paths) {
      for (const method of ['GET', 'HEAD']) {
        const res = await call(path, { method, headers: { 'user-agent': PHONE_UA } });
        const html = method === 'GET' ? await res.text() : 'Date non disponibili.';
        expectEmptyState(res, html, `${method} ${path}`);
      }
    }
    // the API's own paths keep the API's JSON 404
    const api = await call('/api/embed');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: expect.any(String) });
  });

  it('follows the page: hidden after a visit, the embed is empty at once', async () => {
    const u = await organiserWithToken({ company: 'Embed Srl' });
    const slug = uniqueSlug('embv');
    await createPage(u.token, textPage(slug));
    expect((await embed(slug)).status).toBe(200);
    await settle();
    const hide = await call(`${API_PREFIX.pages}/${slug}/visibility?visible=false`, {
      token: u.token,
      method: 'PATCH',
    });
    expect(hide.status).toBe(200);
    const res = await embed(slug);
    expectEmptyState(res, await res.text(), 'hidden after a visit');
  });

  it('is cached like the page and purged by a save', async () => {
    const u = await organiserWithToken({ company: 'Embed Cache' });
    const slug = uniqueSlug('embc');
    await createPage(u.token, textPage(slug));
    expect(await (await embed(slug)).text()).toContain('Milano');
    await settle();
    const key = embedCacheKey(slug, publicOrigin(env, 'http://localhost'));
    expect(await caches.default.match(key)).toBeDefined();

    // a change behind the Worker's back (no publish) is not seen: the cached copy answers
    await env.DB.prepare(
      "UPDATE buttons SET text = '12/05/2099 - Torino - Nascosta|biglietti' WHERE page_id = (SELECT id FROM landing_pages WHERE folder_name = ?)",
    )
      .bind(slug)
      .run();
    expect(await (await embed(slug)).text()).not.toContain('Torino');

    // a save publishes, and its purge takes the embed's copy with the page's
    const saved = await call(`${API_PREFIX.pages}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: textPage(slug, {
        buttons: [
          { type: 'text', text: '20/06/2099 - Bologna - Estragon|biglietti', url: 'https://www.ticketone.it/b' },
        ],
      }),
    });
    expect(saved.status).toBe(200);
    expect(await caches.default.match(key)).toBeUndefined();
    const html = await (await embed(slug)).text();
    expect(html).toContain('Bologna');
    expect(html).not.toContain('Milano');
  });
});

describe('counting the embed', () => {
  it('counts a person’s view and click under the source embed, never a bot’s or a HEAD', async () => {
    const { slug, buttonIds } = await published('embn');
    await embed(slug, { headers: { referer: 'https://www.band-example.it/tour' } });
    await embed(slug, { method: 'HEAD' });
    await embed(slug, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' } });
    // the embed's script adds u=embed to the beacon of a CTA
    const click = await call(`${API_PREFIX.pages}/${slug}/buttons/${buttonIds[0]}/click?u=${EMBED_SOURCE}`, {
      method: 'POST',
      headers: { 'user-agent': PHONE_UA, origin: 'http://localhost' },
    });
    expect(click.status).toBe(202);
    const sources = await eventually(
      () => byColumn(slug, 'source'),
      (s) => s[EMBED_SOURCE]?.views === 1 && s[EMBED_SOURCE]?.clicks === 1,
    );
    expect(sources).toEqual({ [EMBED_SOURCE]: { views: 1, clicks: 1 } });
  });

  it('the embed’s script sends its clicks with the source embed and posts its height', async () => {
    const { slug } = await published('embj');
    const html = await (await embed(slug)).text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).toContain(`"u=${EMBED_SOURCE}"`);
    expect(script).toContain('postMessage');
    expect(script).toContain('ResizeObserver');
  });
});

describe('GET /embed.js', () => {
  it('is a small script that any site may load, naming its frame in Italian', async () => {
    const res = await call('/embed.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const js = await res.text();
    expect(new TextEncoder().encode(js).byteLength).toBeLessThanOrEqual(1024);
    expect(js).toContain('Date del tour su Palco');
    expect(js).toContain('data-palco');
    // height messages are taken only from its own frame, on its own origin
    expect(js).toContain('e.origin!==o');
    expect(js).toContain('e.source!==f.contentWindow');
  });
});
