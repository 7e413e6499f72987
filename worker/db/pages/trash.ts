/**
 * The trash over D1 (docs/behaviour.md#trash): a deleted page keeps its row, marked with
 * deleted_at / deleted_by / deleted_by_name, for TRASH_DAYS; its buttons, statistics, fans and
 * versions stay with it. Every read of a live page leaves it out (NOT_TRASHED in pages.ts);
 * the reads here are the only ones that see it.
 */
import { dropUnusedCompanyStatement } from '../companies';
import type { PageRow } from './pages';

/** A page in the trash with what it holds: its confirmed fans. */
export interface TrashedRow extends PageRow {
  deleted_at: string;
  fans: number;
}

/** Confirmed fans of page `p` whose address is not suppressed (as db/fans/reads.ts counts them). */
const CONFIRMED_FANS = `(SELECT COUNT(*) FROM fans f WHERE f.page_id = p.id AND f.confirmed_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM fan_suppressions s WHERE s.email = f.email))`;

/**
 * Moves a live page to the trash, as done by `actor`; its scheduled republish is dropped (a
 * restore publishes and sets it again). Answers the instant it went, or null when the page was
 * no longer live (a concurrent delete).
 */
export async function trashPageRow(
  db: D1Database,
  pageId: number,
  actor: { id: number; name: string },
  now: Date = new Date(),
): Promise<string | null> {
  const row = await db
    .prepare(
      `UPDATE landing_pages SET deleted_at = ?, deleted_by = ?, deleted_by_name = ?, next_boundary = NULL
       WHERE id = ? AND deleted_at IS NULL RETURNING deleted_at`,
    )
    .bind(now.toISOString(), actor.id, actor.name, pageId)
    .first<{ deleted_at: string }>();
  return row?.deleted_at ?? null;
}

/** Takes a page out of the trash, as it was; answers whether it was there. */
export async function restorePageRow(db: D1Database, pageId: number): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE landing_pages SET deleted_at = NULL, deleted_by = NULL, deleted_by_name = NULL
       WHERE id = ? AND deleted_at IS NOT NULL`,
    )
    .bind(pageId)
    .run();
  return (res.meta.changes ?? 0) > 0;
}

/** The page in the trash with this slug, or null. */
export async function getTrashedPageRow(db: D1Database, slug: string): Promise<TrashedRow | null> {
  return db
    .prepare(
      `SELECT p.*, ${CONFIRMED_FANS} AS fans FROM landing_pages p WHERE p.folder_name = ? AND p.deleted_at IS NOT NULL`,
    )
    .bind(slug)
    .first<TrashedRow>();
}

/** Every page in the trash (companyKey null) or one company's, the most recently deleted first. */
export async function listTrashed(db: D1Database, companyKey: string | null): Promise<TrashedRow[]> {
  const where = companyKey === null ? '' : 'AND p.company_key = ?';
  const stmt = db.prepare(
    `SELECT p.*, ${CONFIRMED_FANS} AS fans FROM landing_pages p WHERE p.deleted_at IS NOT NULL ${where}
     ORDER BY p.deleted_at DESC, p.id DESC`,
  );
  const { results } = await (companyKey === null ? stmt : stmt.bind(companyKey)).all<TrashedRow>();
  return results;
}

/** Pages trashed at or before `cutoff` (ISO 8601 UTC), the oldest first, at most `limit`. */
export async function trashedBefore(db: D1Database, cutoff: string, limit: number): Promise<TrashedRow[]> {
  const { results } = await db
    .prepare(
      `SELECT p.*, 0 AS fans FROM landing_pages p WHERE p.deleted_at IS NOT NULL AND p.deleted_at <= ?
       ORDER BY p.deleted_at, p.id LIMIT ?`,
    )
    .bind(cutoff, limit)
    .all<TrashedRow>();
  return results;
}

/**
 * Deletes a page in the trash for ever: its row (its buttons, statistics, fans and alerts go by
 * their foreign keys), then its versions, and its company's row when nothing else keeps it.
 * A page restored meanwhile is left alone. Answers whether it went.
 */
export async function purgePageRows(db: D1Database, page: Pick<PageRow, 'id' | 'company_key'>): Promise<boolean> {
  const [res] = await db.batch([
    db.prepare('DELETE FROM landing_pages WHERE id = ? AND deleted_at IS NOT NULL').bind(page.id),
    db
      .prepare(
        'DELETE FROM page_versions WHERE page_id = ?1 AND NOT EXISTS (SELECT 1 FROM landing_pages WHERE id = ?1)',
      )
      .bind(page.id),
    dropUnusedCompanyStatement(db, page.company_key),
  ]);
  return (res?.meta.changes ?? 0) > 0;
}

/** The Titolari of a company: its members with the role 'owner' whose account is in use. */
export async function companyOwners(
  db: D1Database,
  companyKey: string,
): Promise<Array<{ email: string; full_name: string | null }>> {
  const { results } = await db
    .prepare(
      `SELECT email, full_name FROM users WHERE company_key = ? AND membership = 'member' AND company_role = 'owner'
         AND status IN ('approved', 'active') ORDER BY id`,
    )
    .bind(companyKey)
    .all<{ email: string; full_name: string | null }>();
  return results;
}
