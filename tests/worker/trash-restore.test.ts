// Out of the trash (docs/behaviour.md#trash): 'Ripristina' brings the page back exactly as it was,
// 'Elimina definitivamente' deletes it for ever; a fan's links work while it is in the trash.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fanPaths, pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { fanSummarySchema } from '../../src/core/schemas/fans';
import { dueAlertIds } from '../../worker/db/fans/alerts';
import { keptKey } from '../../worker/services/media/kept-files';
import { fanUnsubscribeUrl } from '../../worker/services/fans/links';
import { seedAlert } from './fans-owner-helpers';
import { confirmPath, fanOf, signUp } from './fans-helpers';
import { answer, call, callJson, createPage, textPage, uniqueEmail } from './helpers';
import { stats } from './stats-api-helpers';
import {
  actsOn,
  keysUnder,
  member,
  purge,
  purged,
  restore,
  restored,
  statusOf,
  stored,
  tourPage,
  trashed,
  trashList,
  uniqueCompany,
} from './trash-helpers';

async function fanSummary(slug: string, token: string) {
  return answer(await call(`${pagePaths.page(slug)}/fans?days=30`, { token }), 200, fanSummarySchema);
}

async function clicks(pageId: number): Promise<number[]> {
  const { results } = await env.DB.prepare('SELECT click_count FROM buttons WHERE page_id = ? ORDER BY position')
    .bind(pageId)
    .all<{ click_count: number }>();
  return results.map((r) => r.click_count);
}

async function rowsOf(table: string, column: string, id: number): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE ${column} = ?`)
    .bind(id)
    .first<{ n: number }>();
  return row!.n;
}

describe('POST /api/db/trash/{slug}/restore', () => {
  it('brings the page back exactly as it was: views, clicks, fans and statistics; published again', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const before = {
      stats: await stats(page.slug, owner.token, '?days=30'),
      fans: await fanSummary(page.slug, owner.token),
      clicks: await clicks(page.id),
      page: (await callJson(pagePaths.page(page.slug), { token: owner.token })).body,
    };
    expect(before.clicks).toEqual([7, 0]);
    expect(before.fans.total).toBe(2);
    await trashed(page.slug, owner.token);
    expect(await statusOf(`/${page.slug}`)).toBe(404);

    const item = await restored(page.slug, owner.token);
    expect(item).toMatchObject({
      id: page.id,
      folder_name: page.slug,
      visible: true,
      updated_at: before.page.updated_at,
    });
    expect(await stats(page.slug, owner.token, '?days=30')).toEqual(before.stats);
    expect(await fanSummary(page.slug, owner.token)).toEqual(before.fans);
    expect(await clicks(page.id)).toEqual(before.clicks);
    expect((await callJson(pagePaths.page(page.slug), { token: owner.token })).body).toEqual(before.page);
    expect(await statusOf(`/${page.slug}`)).toBe(200);
    expect(await (await call('/sitemap.xml')).text()).toContain(`/${page.slug}<`);
    expect(await trashList(owner.token)).toEqual([]);
    expect((await actsOn(page.id)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['page.trashed', 'page.restored']),
    );
    // back in the trash once more, and out again: nothing is lost on the way
    await trashed(page.slug, owner.token);
    await restored(page.slug, owner.token);
    expect(await clicks(page.id)).toEqual(before.clicks);
  });

  it('brings back the files the page uses; a file it does not use stays kept', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const unused = `dati/${page.slug}/vecchio.png`;
    await env.BUCKET.put(unused, 'x');
    await trashed(page.slug, owner.token);
    expect(await stored(keptKey(unused))).toBe(true);

    await restored(page.slug, owner.token);
    expect(await statusOf(page.header)).toBe(200);
    expect(await stored(keptKey(page.header.slice(1)))).toBe(false);
    expect(await stored(unused)).toBe(false);
    expect(await stored(keptKey(unused))).toBe(true);
  });

  it('a hidden page comes back hidden: not published', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    await call(pagePaths.visibility(page.slug, false), { method: 'PATCH', token: owner.token });
    await trashed(page.slug, owner.token);
    const item = await restored(page.slug, owner.token);
    expect(item.visible).toBe(false);
    expect(await statusOf(`/${page.slug}`)).toBe(404);
    // still in the editor, with its file
    expect((await call(pagePaths.page(page.slug), { token: owner.token })).status).toBe(200);
    expect(await stored(page.header.slice(1))).toBe(true);
  });

  it('its scheduled alerts resume: due again once restored', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const alert = await seedAlert(page.id, {
      button_ids: [page.buttons[0]],
      due_at: new Date(Date.now() - 60_000).toISOString(),
    });
    await trashed(page.slug, owner.token);
    await restored(page.slug, owner.token);
    const now = new Date().toISOString();
    expect(await dueAlertIds(env.DB, now, now, 1000)).toContain(alert);
  });

  it('a live page or an unknown slug is not in the trash: 404; a malformed slug 422', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    expect((await restore(page.slug, owner.token)).status).toBe(404);
    expect((await restore('non-esiste-proprio', owner.token)).status).toBe(404);
    expect((await purge(page.slug, owner.token)).status).toBe(404);
    expect((await restore('x'.repeat(201), owner.token)).status).toBe(422);
    expect((await call(pagePaths.page(page.slug), { token: owner.token })).status).toBe(200);
  });
});

describe('DELETE /api/db/trash/{slug}: for ever', () => {
  it('deletes the rows, the versions and every object; the slug is free again', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    await seedAlert(page.id, { button_ids: [page.buttons[0]] });
    await env.DB.prepare("INSERT INTO page_versions (page_id, kind, snapshot) VALUES (?, 'saved', '{}')")
      .bind(page.id)
      .run();
    await env.BUCKET.put(`kept/${page.slug}/vecchio.png`, 'x');
    await trashed(page.slug, owner.token);

    const body = await purged(page.slug, owner.token);
    expect(body).toEqual({ success: true, message: t('trash.purged') });
    for (const [table, column] of [
      ['landing_pages', 'id'],
      ['buttons', 'page_id'],
      ['page_stats', 'page_id'],
      ['fans', 'page_id'],
      ['fan_alerts', 'page_id'],
      ['page_versions', 'page_id'],
    ] as const) {
      expect(await rowsOf(table, column, page.id), table).toBe(0);
    }
    expect(await keysUnder(`dati/${page.slug}/`)).toEqual([]);
    expect(await keysUnder(`kept/${page.slug}/`)).toEqual([]);
    expect(await trashList(owner.token)).toEqual([]);
    expect(await actsOn(page.id)).toContainEqual({ action: 'page.purged', actor_id: owner.user.id });
    // gone: neither restorable nor purgeable again, and its slug and title are free
    expect((await restore(page.slug, owner.token)).status).toBe(404);
    expect((await purge(page.slug, owner.token)).status).toBe(404);
    await createPage(owner.token, textPage(page.slug, { title: page.title }));
  });
});

describe("a fan's links while the page is in the trash", () => {
  it('unsubscribe and "Cancella i miei dati" work; a pending fan can still confirm', async () => {
    const owner = await member(uniqueCompany());
    const page = await tourPage(owner);
    const [leaving, erasing] = page.fans as [number, number];
    const pending = uniqueEmail('attesa');
    await signUp(page.slug, { email: pending, city: 'Milano' });
    const confirm = await confirmPath(pending);
    const path = async (fanId: number) => {
      const url = new URL(
        await fanUnsubscribeUrl(env, 'http://localhost:8787', { id: page.id, slug: page.slug }, fanId),
      );
      return { page: `${url.pathname}${url.search}`, token: url.searchParams.get('token')! };
    };
    const leave = await path(leaving);
    const erase = await path(erasing);
    await trashed(page.slug, owner.token);

    const shown = await call(leave.page);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain(t('fans.unsubscribe.button'));
    const done = await call(fanPaths.unsubscribe(page.slug, leave.token), { method: 'POST' });
    expect(done.status).toBe(200);
    // no link back to a page that answers 404
    expect(await done.text()).not.toContain(`href="/${page.slug}"`);
    expect(await rowsOf('fans', 'id', leaving)).toBe(0);

    const erased = await call(fanPaths.erase(page.slug, erase.token), { method: 'POST' });
    expect(erased.status).toBe(200);
    expect(await rowsOf('fans', 'id', erasing)).toBe(0);

    expect((await call(confirm, { method: 'POST' })).status).toBe(200);
    expect((await fanOf(page.id, pending))!.confirmed_at).not.toBeNull();
  });
});
