// Nothing about a page leaks past its audience: duplicate answers name only pages the caller may
// open, and a visit never republishes a page hidden meanwhile (hidden pages count no clicks:
// counting.test.ts).
import { env } from 'cloudflare:test';
import { pagePaths } from '../../src/core/api-paths';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { pageKey, pageStamp, renderForPublish, storeRebuilt } from '../../worker/services/pages/publish';
import { getPublicLanding } from '../../worker/db/pages/pages';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';
import { purgeCache, seedPage, settle, slugFor } from './public-helpers';

async function detailOf(res: Response): Promise<string> {
  return ((await res.json()) as { detail: string }).detail;
}

describe('a taken slug or title', () => {
  it("another company's page (hidden too) is not named: only 'taken'", async () => {
    const owner = await organiserWithToken({ company: 'Segreti Live' });
    const slug = uniqueSlug('sec');
    const secretTitle = `Tour Segreto ${slug}`;
    await createPage(owner.token, textPage(slug, { title: secretTitle, visible: false }));
    const rival = await organiserWithToken({ company: 'Rivali Srl' });

    const bySlug = await call(pagePaths.list, {
      token: rival.token,
      json: textPage(slug, { title: `Altro ${slug}` }),
    });
    expect(bySlug.status).toBe(409);
    const slugDetail = await detailOf(bySlug);
    expect(slugDetail).toBe(t('slug.takenElsewhere', { slug }));
    expect(slugDetail).not.toContain(secretTitle);

    const other = uniqueSlug('oth');
    const byTitle = await call(pagePaths.list, {
      token: rival.token,
      json: textPage(other, { title: secretTitle.toUpperCase() }),
    });
    expect(byTitle.status).toBe(409);
    const titleDetail = await detailOf(byTitle);
    expect(titleDetail).toBe(t('title.takenElsewhere', { title: secretTitle.toUpperCase() }));
    expect(titleDetail).not.toContain(slug);
  });

  it('a page of the same company is named, as the editor shows it', async () => {
    const owner = await organiserWithToken({ company: 'Stessa Live' });
    const slug = uniqueSlug('own');
    await createPage(owner.token, textPage(slug));
    const colleague = await organiserWithToken({ company: 'STESSA live' });
    const res = await call(pagePaths.list, {
      token: colleague.token,
      json: textPage(slug, { title: `Nuovo ${slug}` }),
    });
    expect(res.status).toBe(409);
    expect(await detailOf(res)).toBe(t('slug.taken', { slug, name: `Tour ${slug}` }));
  });
});

describe('a visit that rebuilds the page from D1', () => {
  it('stores nothing when the page was hidden after the render was read', async () => {
    const slug = slugFor('rbh');
    await seedPage(slug);
    const stamp = (await pageStamp(env.DB, slug))!;
    const doc = await renderForPublish(env, slug, (await getPublicLanding(env.DB, slug))!, 'http://localhost');
    await env.DB.prepare(
      `UPDATE landing_pages SET visible = 0, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+1 second') WHERE folder_name = ?`,
    )
      .bind(slug)
      .run();
    expect(await storeRebuilt(env, slug, doc, stamp)).toBe(false);
    expect(await env.BUCKET.head(pageKey(slug))).toBeNull();
  });

  it('stores nothing when the page was deleted meanwhile', async () => {
    const slug = slugFor('rbd');
    await seedPage(slug);
    const stamp = (await pageStamp(env.DB, slug))!;
    const doc = await renderForPublish(env, slug, (await getPublicLanding(env.DB, slug))!, 'http://localhost');
    await env.DB.prepare('DELETE FROM landing_pages WHERE folder_name = ?').bind(slug).run();
    expect(await storeRebuilt(env, slug, doc, stamp)).toBe(false);
    expect(await env.BUCKET.head(pageKey(slug))).toBeNull();
  });

  it('a page unchanged meanwhile is stored, and a hidden page then answers 404', async () => {
    const slug = slugFor('rbk');
    await seedPage(slug);
    expect((await call(`/${slug}`)).status).toBe(200);
    await settle(150);
    expect(await env.BUCKET.head(pageKey(slug))).not.toBeNull();
    // hide by SQL alone (no unpublish): the stale R2 copy would be served, so remove it as
    // a hide does, and check the visit does not bring it back
    await env.DB.prepare('UPDATE landing_pages SET visible = 0 WHERE folder_name = ?').bind(slug).run();
    await env.BUCKET.delete(pageKey(slug));
    await purgeCache(slug);
    expect((await call(`/${slug}`)).status).toBe(404);
    await settle(150);
    expect(await env.BUCKET.head(pageKey(slug))).toBeNull();
  });
});
