// DELETE /api/db/landing-pages/{slug} moves the page to the trash (docs/behaviour.md#trash): out of
// every public surface at once, its slug and title still taken, its files private, the rest kept.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths, pagePaths } from '../../src/core/api-paths';
import { TRASH_DAYS } from '../../src/core/constants';
import { embedPath } from '../../src/core/embed';
import { calendarPath } from '../../src/core/ics';
import { t } from '../../src/core/messages';
import { romeDayText } from '../../src/core/trash';
import { tourFeedList } from '../../src/core/tour-feeds';
import { dueAlertIds } from '../../worker/db/fans/alerts';
import { applyCountBatch, type CountBatchMessage } from '../../worker/db/stats-write';
import { keptKey } from '../../worker/services/media/kept-files';
import { seedAlert } from './fans-owner-helpers';
import { today } from './stats-api-helpers';
import { adminWithToken, call, callJson, createPage, textPage, uniqueSlug } from './helpers';
import {
  actsOn,
  keysUnder,
  member,
  statusOf,
  stored,
  tourPage,
  trashed,
  trashList,
  trashPage,
  uniqueCompany,
} from './trash-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every public address of a page that answers 200 while it is published. */
function publicPaths(slug: string, buttonId: number): string[] {
  return [
    `/${slug}`,
    `/api/db/public/landing/${slug}`,
    embedPath(slug),
    calendarPath(slug, buttonId),
    ...tourFeedList(slug),
  ];
}

describe('DELETE a page: to the trash', () => {
  it('answers trashed with the purge instant, and the page leaves every public surface at once', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const paths = publicPaths(page.slug, page.buttons[0]!);
    for (const path of paths) expect(await statusOf(path), path).toBe(200);
    expect(await (await call('/sitemap.xml')).text()).toContain(`/${page.slug}<`);

    const before = Date.now();
    const body = await trashed(page.slug, owner.token);
    expect(body).toMatchObject({ success: true, trashed: true, id: page.id, folder_name: page.slug });
    const purgeAt = Date.parse(body.purge_at);
    expect(purgeAt).toBeGreaterThanOrEqual(before + TRASH_DAYS * DAY_MS - 1000);
    expect(purgeAt).toBeLessThanOrEqual(Date.now() + TRASH_DAYS * DAY_MS + 1000);
    expect(body.message).toBe(t('trash.moved', { until: romeDayText(body.purge_at) }));

    for (const path of paths) expect(await statusOf(path), path).toBe(404);
    expect(await (await call('/sitemap.xml')).text()).not.toContain(`/${page.slug}<`);
    // the sign-up form is closed like a hidden page's
    const signup = await call(`/${page.slug}/fans`, { form: { email: 'x@example.it', city: '*' }, settle: true });
    expect(signup.status).toBe(404);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM fans WHERE page_id = ?').bind(page.id).first())!.n).toBe(3);
  });

  it('moves every file of the page to the private folder: /dati/… answers 404, kept/… holds it', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const key = page.header.slice(1);
    expect(await statusOf(page.header)).toBe(200);
    await trashed(page.slug, owner.token);
    expect(await statusOf(page.header)).toBe(404);
    expect(await stored(key)).toBe(false);
    expect(await stored(keptKey(key))).toBe(true);
    expect(await keysUnder(`dati/${page.slug}/`)).toEqual([]);
  });

  it('leaves the editor: not in the list, not readable, not deleted twice; in the trash list', async () => {
    const owner = await member(uniqueCompany(), { full_name: 'Giulia Verdi' });
    const page = await tourPage(owner);
    await trashed(page.slug, owner.token);
    const list = await callJson(pagePaths.list, { token: owner.token });
    expect(list.body.map((p: { folder_name: string }) => p.folder_name)).not.toContain(page.slug);
    expect((await call(pagePaths.page(page.slug), { token: owner.token })).status).toBe(404);
    expect((await trashPage(page.slug, owner.token)).status).toBe(404);
    expect((await trashPage(String(page.id), owner.token)).status).toBe(404);
    // its editing routes are closed too
    const save = await call(pagePaths.page(page.slug), {
      method: 'PUT',
      token: owner.token,
      json: textPage(page.slug),
    });
    expect(save.status).toBe(404);
    expect((await call(`${pagePaths.page(page.slug)}/fans?days=30`, { token: owner.token })).status).toBe(404);

    const [item] = await trashList(owner.token);
    expect(item).toMatchObject({
      folder_name: page.slug,
      title: 'Tour',
      deleted_by_name: 'Giulia Verdi',
      days_left: TRASH_DAYS,
      fans: 2,
      views: 321,
      visible: true,
    });
    expect(await actsOn(page.id)).toContainEqual({ action: 'page.trashed', actor_id: owner.user.id });
  });

  it('keeps the slug and the title taken: the message says the page is in the trash', async () => {
    const company = uniqueCompany();
    const owner = await member(company);
    const page = await tourPage(owner);
    await trashed(page.slug, owner.token);

    const sameSlug = await callJson(pagePaths.list, {
      token: owner.token,
      json: textPage(page.slug, { title: 'Altro' }),
    });
    expect(sameSlug.status).toBe(409);
    expect(sameSlug.body.detail).toBe(t('trash.slugTaken', { slug: page.slug, name: page.title }));
    const sameTitle = await callJson(pagePaths.list, {
      token: owner.token,
      json: textPage(uniqueSlug('x'), { title: page.title.toUpperCase() }),
    });
    expect(sameTitle.status).toBe(409);
    expect(sameTitle.body.detail).toBe(t('trash.titleTaken', { title: page.title.toUpperCase(), slug: page.slug }));

    // another company only learns that it is taken
    const stranger = await member(uniqueCompany());
    const theirs = await callJson(pagePaths.list, { token: stranger.token, json: textPage(page.slug, { title: 'Y' }) });
    expect(theirs.status).toBe(409);
    expect(theirs.body.detail).toBe(t('slug.takenElsewhere', { slug: page.slug }));
  });

  it('a hidden page goes to the trash hidden; a page by id goes too', async () => {
    const owner = await member(uniqueCompany());
    const slug = uniqueSlug('h');
    const created = await createPage(owner.token, { ...textPage(slug), visible: false });
    await trashed(String(created.id), owner.token);
    const [item] = await trashList(owner.token);
    expect(item).toMatchObject({ folder_name: slug, visible: false, fans: 0, views: 0 });
  });

  it("leaves the administrators' page totals: pages, views and clicks", async () => {
    const admin = await adminWithToken({ company: null });
    const totals = async () => {
      const { body } = await callJson(adminPaths.stats, { token: admin.token });
      return { total: body.pages.total, visible: body.pages.visible, views: body.views, clicks: body.clicks };
    };
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const before = await totals();
    await trashed(page.slug, owner.token);
    const after = await totals();
    expect(after).toEqual({
      total: before.total - 1,
      visible: before.visible - 1,
      views: before.views - 321,
      clicks: before.clicks - 7,
    });
  });

  it('views sent while the page is in the trash are not counted (before, they were)', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const view = (id: string): CountBatchMessage => ({
      id,
      at: Date.now(),
      rows: [{ s: page.slug, d: today(), h: 10, b: 0, k: 0, src: 'direct', dev: 'mobile', cc: 'IT', v: 1, c: 0, f: 0 }],
    });
    const viewsNow = async () =>
      (await env.DB.prepare('SELECT view_page FROM landing_pages WHERE id = ?')
        .bind(page.id)
        .first<{ view_page: number }>())!.view_page;
    await applyCountBatch(env.DB, [view(`live-${page.slug}`)], Date.now());
    expect(await viewsNow()).toBe(322);
    await trashed(page.slug, owner.token);
    await applyCountBatch(env.DB, [view(`trashed-${page.slug}`)], Date.now());
    expect(await viewsNow()).toBe(322);
  });

  it('stops its scheduled alerts while in the trash (they stay scheduled for a restore)', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const due = new Date(Date.now() - 60_000).toISOString();
    const alert = await seedAlert(page.id, { button_ids: [page.buttons[0]], due_at: due });
    const now = new Date().toISOString();
    expect(await dueAlertIds(env.DB, now, now, 1000)).toContain(alert);
    await trashed(page.slug, owner.token);
    expect(await dueAlertIds(env.DB, now, now, 1000)).not.toContain(alert);
    const row = await env.DB.prepare('SELECT status FROM fan_alerts WHERE id = ?').bind(alert).first();
    expect(row!.status).toBe('scheduled');
  });
});
