// Retention of a page's history (docs/behaviour.md#history): the newest 50 versions and every
// version of the last 90 days are kept; after each new version, and in the hourly job, the rest
// go with the kept files only they used.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAINTENANCE_STEPS, runMaintenance } from '../../worker/services/maintenance';
import { keys, save, setup, versionRows } from './versions-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const STEP = MAINTENANCE_STEPS.filter((s) => s.name === 'prune-versions');

/** Copies of the page's newest version, `n` of them, dated `daysAgo` days ago, header `header`. */
async function olderVersions(pageId: number, n: number, daysAgo: number, header?: string) {
  const at = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
  for (let i = 0; i < n; i += 1) {
    await env.DB.prepare(
      `INSERT INTO page_versions (page_id, created_at, kind, summary, snapshot)
       SELECT page_id, ?2, 'saved', 'vecchia', CASE WHEN ?3 IS NULL THEN snapshot ELSE json_set(snapshot, '$.header', ?3) END
       FROM page_versions WHERE page_id = ?1 ORDER BY id DESC LIMIT 1`,
    )
      .bind(pageId, at, header ?? null)
      .run();
  }
}

describe('retention', () => {
  it('a 51st version of the last 90 days is kept with the other 50; the hourly job lets the oldest go after', async () => {
    const { u, slug, page } = await setup();
    await olderVersions(page.id, 49, 1);
    await save(u.token, slug, (p) => ({ ...p, title: 'Cinquantunesima' }));
    const rows = await versionRows(page.id);
    expect(rows).toHaveLength(51);
    // nothing to prune today
    let [result] = await runMaintenance(env, new Date(), STEP);
    expect(result).toMatchObject({ name: 'prune-versions', ok: true, count: 0 });
    expect(await versionRows(page.id)).toHaveLength(51);
    // 91 days on, only the newest 50 stay: the created one goes
    [result] = await runMaintenance(env, new Date(Date.now() + 91 * DAY_MS), STEP);
    expect(result!.count).toBe(1);
    const left = await versionRows(page.id);
    expect(left).toHaveLength(50);
    expect(left[0]!.id).toBe(rows[1]!.id);
    expect(left.at(-1)!.summary).toBe('Titolo cambiato');
  });

  it('a save prunes versions older than 90 days beyond the newest 50', async () => {
    const { u, slug, page } = await setup();
    await env.DB.prepare('UPDATE page_versions SET created_at = ? WHERE page_id = ?')
      .bind(new Date(Date.now() - 200 * DAY_MS).toISOString(), page.id)
      .run();
    await olderVersions(page.id, 55, 100);
    await save(u.token, slug, (p) => ({ ...p, title: 'Dopo tanto tempo' }));
    const rows = await versionRows(page.id);
    expect(rows).toHaveLength(50);
    expect(rows.some((r) => r.kind === 'created')).toBe(false);
    expect(rows.at(-1)!.summary).toBe('Titolo cambiato');
  });

  it('keeps every version of the last 90 days, however many', async () => {
    const { u, slug, page } = await setup();
    await olderVersions(page.id, 60, 89);
    await save(u.token, slug, (p) => ({ ...p, title: 'Ancora' }));
    expect(await versionRows(page.id)).toHaveLength(62);
  });

  it('a kept file goes with the last version that used it, and stays while one still does', async () => {
    const { u, slug, page } = await setup();
    const gone = `/dati/${slug}/vecchia.1.png`;
    const still = `/dati/${slug}/recente.1.png`;
    await env.BUCKET.put(`kept/${slug}/vecchia.1.png`, 'x');
    await env.BUCKET.put(`kept/${slug}/recente.1.png`, 'y');
    // the oldest version used `gone`; the newest 50 include one that uses `still`
    await env.DB.prepare(
      'UPDATE page_versions SET created_at = ?, snapshot = json_set(snapshot, ?, ?) WHERE page_id = ?',
    )
      .bind(new Date(Date.now() - 200 * DAY_MS).toISOString(), '$.header', gone, page.id)
      .run();
    await olderVersions(page.id, 1, 150, still);
    await olderVersions(page.id, 48, 120, `/dati/${slug}/${slug}.jpg`);
    await save(u.token, slug, (p) => ({ ...p, title: 'Pulizia' }));
    expect(await versionRows(page.id)).toHaveLength(50);
    expect(await keys(`kept/${slug}/`)).toEqual([`kept/${slug}/recente.1.png`]);
  });
});
