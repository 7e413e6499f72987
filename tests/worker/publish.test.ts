import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pageKey, publishPage, unpublishPage } from '../../worker/services/pages/publish';
import { RENDERER_VERSION } from '../../src/landing/render';
import { call } from './helpers';
import { purgeCache, seedPage, settle, slugFor } from './public-helpers';

describe('publishPage', () => {
  it('stores the rendered HTML in R2 under a key versioned by renderer, with its CSP', async () => {
    const slug = slugFor();
    await seedPage(slug, { display_title: 'Gli Stagisti' });
    expect(await publishPage(env, slug)).toBe(true);
    expect(pageKey(slug)).toBe(`pages/${slug}.r${RENDERER_VERSION}.html`);
    const obj = await env.BUCKET.get(pageKey(slug));
    expect(obj).not.toBeNull();
    const html = await obj!.text();
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('Gli Stagisti');
    expect(html).toContain('Alcatraz');
    expect(obj!.httpMetadata?.contentType).toBe('text/html; charset=utf-8');
    expect(obj!.customMetadata?.csp).toMatch(/script-src 'sha256-/);
  });

  it('serves /{slug} from R2 without D1: the row can be gone and the page still answers', async () => {
    const slug = slugFor();
    await seedPage(slug);
    await publishPage(env, slug);
    await env.DB.prepare('DELETE FROM landing_pages WHERE folder_name = ?').bind(slug).run();
    await purgeCache(slug);
    const res = await call(`/${slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Alcatraz');
    await settle();
  });

  it('a later publish replaces the page and purges the cached copy', async () => {
    const slug = slugFor();
    const { id } = await seedPage(slug, { display_title: 'Prima' });
    await publishPage(env, slug);
    expect(await (await call(`/${slug}`)).text()).toContain('Prima');
    await settle();
    await env.DB.prepare('UPDATE landing_pages SET display_title = ? WHERE id = ?').bind('Seconda', id).run();
    await publishPage(env, slug);
    const html = await (await call(`/${slug}`)).text();
    expect(html).toContain('Seconda');
    expect(html).not.toContain('Prima');
    await settle();
  });

  it('a hidden page is unpublished: R2 object deleted, 404 error state', async () => {
    const slug = slugFor();
    const { id } = await seedPage(slug);
    await publishPage(env, slug);
    expect((await call(`/${slug}`)).status).toBe(200);
    await settle();
    await env.DB.prepare('UPDATE landing_pages SET visible = 0 WHERE id = ?').bind(id).run();
    expect(await publishPage(env, slug)).toBe(false);
    expect(await env.BUCKET.get(pageKey(slug))).toBeNull();
    const res = await call(`/${slug}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Landing page non trovata');
    expect(html).toContain('Reindirizzamento in corso...');
    expect(html).toContain('location.replace("/home")},2000)');
  });

  it('unpublishPage removes the copy of a deleted page', async () => {
    const slug = slugFor();
    await seedPage(slug);
    await publishPage(env, slug);
    await env.DB.prepare('DELETE FROM landing_pages WHERE folder_name = ?').bind(slug).run();
    await unpublishPage(env, slug);
    expect(await env.BUCKET.get(pageKey(slug))).toBeNull();
    expect((await call(`/${slug}`)).status).toBe(404);
  });
});

describe('publishPage under concurrent writes', () => {
  it('the last state wins even when publishes overlap', async () => {
    const slug = slugFor('race');
    const { id } = await seedPage(slug, { display_title: 'v0' });
    const writes: Promise<unknown>[] = [];
    for (let i = 1; i <= 6; i++) {
      await env.DB.prepare(
        `UPDATE landing_pages SET display_title = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ','now','+${i} seconds') WHERE id = ?`,
      )
        .bind(`v${i}`, id)
        .run();
      writes.push(publishPage(env, slug));
    }
    await Promise.all(writes);
    const html = await (await env.BUCKET.get(pageKey(slug)))!.text();
    expect(html).toContain('<title>v6</title>');
  });
});
