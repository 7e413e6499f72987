import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { publicLandingSchema } from '../../src/core/schemas/page';
import { pageKey, publishPage } from '../../worker/services/pages/publish';
import { call } from './helpers';
import { PUBLIC_PAGE_KEYS, expectHashedInline, purgeCache, seedPage, settle, slugFor, views } from './public-helpers';
import { eventually } from './counting-helpers';

describe('GET /api/db/public/landing/{slug}', () => {
  it('answers a visible page without auth and without click counts', async () => {
    const slug = slugFor();
    await seedPage(slug, { display_title: 'Live' });
    await env.DB.prepare(
      'UPDATE buttons SET click_count = 7 WHERE page_id = (SELECT id FROM landing_pages WHERE folder_name = ?)',
    )
      .bind(slug)
      .run();
    const res = await call(`/api/db/public/landing/${slug}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    // the answer is the schema's, field for field (parsing drops a key the schema does not know)
    expect(publicLandingSchema.parse(body)).toEqual(body);
    expect(Object.keys(body).sort()).toEqual(PUBLIC_PAGE_KEYS);
    expect(body.buttons).toHaveLength(2);
    expect(JSON.stringify(body)).not.toContain('click_count');
  });
  it('404 "Landing page non trovata" when hidden or unknown', async () => {
    const slug = slugFor();
    await seedPage(slug, { visible: false });
    for (const s of [slug, 'nonesiste123', 'Bad-Slug']) {
      const res = await call(`/api/db/public/landing/${s}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Landing page non trovata' });
    }
  });
});

describe('GET /{slug}', () => {
  it('rebuilds from D1 when nothing is published, then stores it in R2', async () => {
    const slug = slugFor();
    await seedPage(slug);
    expect(await env.BUCKET.get(pageKey(slug))).toBeNull();
    const res = await call(`/${slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Alcatraz');
    await settle();
    expect(await env.BUCKET.get(pageKey(slug))).not.toBeNull();
  });

  it('serves from the Cache API first: neither R2 nor D1 are needed once cached', async () => {
    const slug = slugFor();
    await seedPage(slug, { display_title: 'Dalla cache' });
    await publishPage(env, slug);
    expect((await call(`/${slug}`)).status).toBe(200);
    await settle();
    await env.BUCKET.delete(pageKey(slug));
    await env.DB.prepare('DELETE FROM landing_pages WHERE folder_name = ?').bind(slug).run();
    const res = await call(`/${slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Dalla cache');
    await purgeCache(slug);
    expect((await call(`/${slug}`)).status).toBe(404);
  });

  it('answers with cache-control, a strict CSP matching its inline script and style, and no cookie', async () => {
    const slug = slugFor();
    await seedPage(slug);
    await publishPage(env, slug);
    for (const _ of [1, 2]) {
      const res = await call(`/${slug}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=60');
      expect(res.headers.get('set-cookie')).toBeNull();
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("font-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      await expectHashedInline(csp, await res.text());
      await settle();
    }
  });

  it('counts one view per GET, none for HEAD', async () => {
    const slug = slugFor();
    await seedPage(slug);
    await publishPage(env, slug);
    expect(await views(slug)).toBe(0);
    const head = await call(`/${slug}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    await Promise.all([1, 2, 3, 4, 5, 6].map(() => call(`/${slug}`).then((r) => r.text())));
    // counted through the queue: in D1 within the flush delay
    expect(
      await eventually(
        () => views(slug),
        (n) => n >= 6,
      ),
    ).toBe(6);
  });

  it('hidden and unknown pages answer the 404 error state; bad slugs the static 404', async () => {
    const slug = slugFor();
    await seedPage(slug, { visible: false });
    for (const path of [`/${slug}`, '/nessunapagina42']) {
      const res = await call(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain('Landing page non trovata');
      expect(html).toContain('Reindirizzamento in corso...');
      // the redirect is the page's hashed script (cancelled by any action), never a meta refresh
      expect(html).not.toContain('http-equiv="refresh"');
      expect(html).toContain('location.replace("/home")},2000)');
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'/);
    }
    expect(await views(slug)).toBe(0);
    for (const path of ['/Maiuscolo', '/con-trattino', '/a/b/c', '/favicon', '/stores']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain('Reindirizzamento in corso...');
    }
    const api = await call('/api/non-esiste');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not Found' });
  });

  it('a trailing slash redirects to the page', async () => {
    const res = await call('/qualcosa123/');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/qualcosa123');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('lists visible pages only', async () => {
    const shown = slugFor('vis');
    const hidden = slugFor('hid');
    await seedPage(shown);
    await seedPage(hidden, { visible: false });
    const robots = await call('/robots.txt');
    expect(robots.status).toBe(200);
    const rules = await robots.text();
    expect(rules).toContain('Sitemap: http://localhost:8787/sitemap.xml');
    expect(rules).toContain('Disallow: /api/');
    // no bare prefix rule that would hide pages whose slug starts with 'admin' or 'user'
    expect(rules.split('\n')).not.toContain('Disallow: /admin');
    expect(rules.split('\n')).not.toContain('Disallow: /user');
    const sitemap = await call('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>http://localhost:8787/${shown}</loc>`);
    expect(xml).not.toContain(hidden);
  });
});

describe('XSS and CSS injection in every user field', () => {
  const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
  it('no user text opens or closes a tag, a <style> or a <script>', async () => {
    const slug = slugFor('xss');
    await seedPage(slug, {
      title: `T${evil}`,
      display_title: `D${evil}</title>`,
      style: 'custom',
      custom_styles: {
        data: {
          color: 'red;}</style><script>alert(3)</script>',
          fontFamily: 'x</style>',
          fontSize: '1rem;background:url(//evil)',
        },
        city: { color: '#000"', fontWeight: '700;}', fontStyle: 'italic</style>' },
        venue: { color: "url('//evil/x.png')", fontSize: 'calc(1px)' },
        buttons: { backgroundColor: 'expression(alert(4))', textColor: '#fff;', borderRadius: '0;}body{display:none' },
        background: { color: '#FFF</style><script>alert(5)</script>' },
      },
      buttons: [
        {
          text: `${evil} - C${evil} - V${evil}|L${evil}`,
          url: 'javascript:alert(6)',
          cta_buttons: [
            { url: 'javascript:alert(6)', buttonText: `L${evil}` },
            { url: ' JaVaScRiPt:alert(7)', buttonText: '</script><script>alert(8)</script>' },
            { url: 'data:text/html,<script>alert(9)</script>', buttonText: 'ok' },
            { url: 'https://ok.example/"onmouseover="alert(10)', buttonText: 'quote' },
            { url: 'java\nscript:alert(11)', buttonText: '\u2028</script>' },
          ],
        },
      ],
    });
    await publishPage(env, slug);
    const res = await call(`/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // exactly our own elements
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html.match(/<style/g)).toHaveLength(1);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    expect(html.match(/<img/g)).toHaveLength(2); // header + its blurred backdrop
    expect(html).not.toMatch(/javascript:/i);
    for (const m of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
      const attrs = m[2]!.replace(/"[^"]*"/g, '');
      for (const name of attrs.match(/[^\s=/]+/g) ?? []) expect(name).not.toMatch(/^on/i);
    }
    expect(html).not.toContain('alert(3)');
    expect(html).not.toContain('expression(');
    expect(html).not.toContain('url(//evil');
    expect(html).not.toContain("url('//evil");
    expect(html).not.toContain('display:none;');
    expect(html).not.toContain('data:text/html');
    // the hostile texts are there, escaped
    expect(html).toContain('C&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // the quoted URL stays inside its attribute
    expect(html).toContain('href="https://ok.example/&quot;onmouseover=&quot;alert(10)"');
    // custom colours normalised: invalid → #000000
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(style).toContain('--bg:#000000');
    expect(style).toContain('--d-c:#000000');
    expect(style).toContain('--b-r:9999px');
    expect(style).not.toMatch(/[<>"']alert/);
    // JSON-LD cannot be closed early
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(ld).not.toMatch(/[<>\u2028]/);
    expect(() => JSON.parse(ld)).not.toThrow();
  });
});
