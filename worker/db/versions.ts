/**
 * A page's versions over D1 (page_versions, docs/behaviour.md#history): the page as saved
 * (JSON), who, when, how and the summary. Plain functions with ? binds, newest = highest id.
 */
import {
  versionSnapshotSchema,
  type VersionKind,
  type VersionMeta,
  type VersionSnapshot,
} from '../../src/core/schemas/versions';

export interface VersionRow {
  id: number;
  page_id: number;
  created_at: string;
  actor_id: number | null;
  actor_name: string;
  actor_email: string;
  kind: VersionKind;
  summary: string;
  snapshot: string;
}

export interface NewVersion {
  page_id: number;
  actor: { id: number; name: string; email: string } | null;
  kind: VersionKind;
  summary: string;
  snapshot: VersionSnapshot;
  /** when the version was made; now when left out (a baseline takes the page's last change) */
  created_at?: string;
}

/** Keeps a version; answers its id. */
export async function insertVersion(db: D1Database, v: NewVersion): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO page_versions (page_id, created_at, actor_id, actor_name, actor_email, kind, summary, snapshot)
       VALUES (?, COALESCE(?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      v.page_id,
      v.created_at ?? null,
      v.actor?.id ?? null,
      v.actor?.name ?? '',
      v.actor?.email ?? '',
      v.kind,
      v.summary,
      JSON.stringify(v.snapshot),
    )
    .first<{ id: number }>();
  return row!.id;
}

/** The snapshot of a row (parsed by its schema: a stored page always fits it). */
export function snapshotOfRow(row: Pick<VersionRow, 'snapshot'>): VersionSnapshot {
  return versionSnapshotSchema.parse(JSON.parse(row.snapshot));
}

export function toVersionMeta(row: VersionRow, currentId: number | null): VersionMeta {
  const { id, created_at, actor_name, actor_email, kind, summary } = row;
  return { id, created_at, actor_name, actor_email, kind, summary, current: id === currentId };
}

/** The page's newest version, or null when it has none. */
export async function newestVersion(db: D1Database, pageId: number): Promise<VersionRow | null> {
  return db
    .prepare('SELECT * FROM page_versions WHERE page_id = ? ORDER BY id DESC LIMIT 1')
    .bind(pageId)
    .first<VersionRow>();
}

/** The version before `id` of the same page, or null. */
export async function versionBefore(db: D1Database, pageId: number, id: number): Promise<VersionRow | null> {
  return db
    .prepare('SELECT * FROM page_versions WHERE page_id = ? AND id < ? ORDER BY id DESC LIMIT 1')
    .bind(pageId, id)
    .first<VersionRow>();
}

/** One version of one page (a version of another page is null, as an unknown one). */
export async function getVersion(db: D1Database, pageId: number, id: number): Promise<VersionRow | null> {
  return db.prepare('SELECT * FROM page_versions WHERE page_id = ? AND id = ?').bind(pageId, id).first<VersionRow>();
}

/** Every version of a page, newest first, without their snapshots. */
export async function listVersions(db: D1Database, pageId: number): Promise<VersionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, page_id, created_at, actor_id, actor_name, actor_email, kind, summary, '' AS snapshot
       FROM page_versions WHERE page_id = ? ORDER BY id DESC`,
    )
    .bind(pageId)
    .all<VersionRow>();
  return results;
}

/** Rewrites a version's snapshot and summary (an upload that completes its save). */
export async function amendVersion(
  db: D1Database,
  id: number,
  snapshot: VersionSnapshot,
  summary: string,
): Promise<void> {
  await db
    .prepare('UPDATE page_versions SET snapshot = ?, summary = ? WHERE id = ?')
    .bind(JSON.stringify(snapshot), summary, id)
    .run();
}

/**
 * Every media path the page's kept versions point at: their headers, posters and button
 * images (read inside D1 with json_extract, so no snapshot crosses to the Worker).
 */
export async function versionMedia(db: D1Database, pageId: number): Promise<Set<string>> {
  const { results } = await db
    .prepare(
      `SELECT json_extract(snapshot, '$.header') AS path FROM page_versions WHERE page_id = ?1
       UNION SELECT json_extract(snapshot, '$.header_poster') FROM page_versions WHERE page_id = ?1
       UNION SELECT json_extract(b.value, '$.image_path') FROM page_versions v, json_each(v.snapshot, '$.buttons') b
         WHERE v.page_id = ?1`,
    )
    .bind(pageId)
    .all<{ path: string | null }>();
  return new Set(results.map((r) => r.path).filter((p): p is string => typeof p === 'string' && p !== ''));
}

/**
 * The versions past retention: older than `cutoff` and not among the `keep` newest. Answers
 * them (with snapshots, so their files can be looked at) without deleting.
 */
export async function versionsPastRetention(
  db: D1Database,
  pageId: number,
  keep: number,
  cutoff: string,
): Promise<VersionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM page_versions WHERE page_id = ?1 AND created_at < ?2
         AND id NOT IN (SELECT id FROM page_versions WHERE page_id = ?1 ORDER BY id DESC LIMIT ?3)`,
    )
    .bind(pageId, cutoff, keep)
    .all<VersionRow>();
  return results;
}

export async function deleteVersions(db: D1Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .prepare('DELETE FROM page_versions WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(ids))
    .run();
}

/** The pages that hold more than `keep` versions, some older than `cutoff` (the hourly prune). */
export async function pagesPastRetention(db: D1Database, keep: number, cutoff: string): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT page_id FROM page_versions GROUP BY page_id
       HAVING COUNT(*) > ?1 AND MIN(created_at) < ?2`,
    )
    .bind(keep, cutoff)
    .all<{ page_id: number }>();
  return results.map((r) => r.page_id);
}

/**
 * The summary of the account's newest logged act on the page, while it is still `from`: an
 * upload that amends its save's version amends that save's line of the activity log too.
 */
export async function amendActivitySummary(
  db: D1Database,
  pageId: number,
  actorId: number,
  from: string,
  to: string,
): Promise<void> {
  await db
    .prepare(
      `UPDATE activity_log SET summary = ?4 WHERE id = (
         SELECT MAX(id) FROM activity_log WHERE page_id = ?1 AND actor_id = ?2) AND summary = ?3`,
    )
    .bind(pageId, actorId, from, to)
    .run();
}
