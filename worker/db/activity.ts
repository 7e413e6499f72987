/**
 * The activity log: one row per act, per company, kept ACTIVITY_RETENTION_DAYS
 * (docs/behaviour.md#activity-log). Who acted is copied as name and e-mail, so the log still
 * reads right after the account is gone.
 */
import type { AuthUser } from '../env';

export const ACTIVITY_ACTIONS = [
  'page.created',
  'page.saved',
  'page.hidden',
  'page.shown',
  'page.scheduled',
  'page.trashed',
  'page.restored',
  'page.purged',
  'version.restored',
  'availability.changed',
  'alert.sent',
  'alert.cancelled',
  'fans.exported',
  'presale.codes.added',
  'presale.codes.replaced',
  'fan.removed',
  'member.invited',
  'member.accepted',
  'member.refused',
  'member.changed',
  'member.removed',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_RETENTION_DAYS = 400;

export interface ActivityEntry {
  action: ActivityAction;
  /** the company the act belongs to (a page's company, or the members' company) */
  company_key: string;
  page?: { id: number; folder_name: string; title: string } | null;
  target?: { id: number; name: string } | null;
  summary?: string;
}

type Actor = Pick<AuthUser, 'id' | 'email' | 'full_name'>;

/**
 * The statement that logs one act (so it can join the batch of the act itself). With
 * `ifChanged`, the act is logged only when the statement just before it in the batch changed a
 * row (SQLite's changes()): a guarded change that did not apply leaves no trace.
 */
export function activityStatement(
  db: D1Database,
  actor: Actor | null,
  entry: ActivityEntry,
  opts: { ifChanged?: boolean } = {},
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO activity_log (company_key, actor_id, actor_name, actor_email, action, page_id, page_slug,
         page_title, target_user_id, target_name, summary)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ? = 0 OR changes() > 0`,
    )
    .bind(
      entry.company_key,
      actor?.id ?? null,
      actor ? actor.full_name || actor.email : '',
      actor?.email ?? '',
      entry.action,
      entry.page?.id ?? null,
      entry.page?.folder_name ?? null,
      entry.page?.title ?? null,
      entry.target?.id ?? null,
      entry.target?.name ?? null,
      entry.summary ?? '',
      opts.ifChanged ? 1 : 0,
    );
}

/** Logs one act. */
export async function logActivity(db: D1Database, actor: Actor | null, entry: ActivityEntry): Promise<void> {
  await activityStatement(db, actor, entry).run();
}

export interface ActivityRow {
  id: number;
  company_key: string;
  at: string;
  actor_id: number | null;
  actor_name: string;
  actor_email: string;
  action: ActivityAction;
  page_id: number | null;
  page_slug: string | null;
  page_title: string | null;
  target_user_id: number | null;
  target_name: string | null;
  summary: string;
}

export interface ActivityQuery {
  /** null: every company (administrators) */
  company_key: string | null;
  actor_id?: number;
  page_slug?: string;
  /** rows older than this id (the next page) */
  before?: number;
  limit: number;
}

/** The newest acts first, filtered by company, member and page. */
export async function listActivity(db: D1Database, q: ActivityQuery): Promise<ActivityRow[]> {
  const where: string[] = [];
  const binds: (string | number)[] = [];
  if (q.company_key !== null) {
    where.push('company_key = ?');
    binds.push(q.company_key);
  }
  if (q.actor_id !== undefined) {
    where.push('actor_id = ?');
    binds.push(q.actor_id);
  }
  if (q.page_slug !== undefined) {
    where.push('page_slug = ?');
    binds.push(q.page_slug);
  }
  if (q.before !== undefined) {
    where.push('id < ?');
    binds.push(q.before);
  }
  const sql = `SELECT * FROM activity_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
  const { results } = await db
    .prepare(sql)
    .bind(...binds, q.limit)
    .all<ActivityRow>();
  return results;
}

/** Deletes acts older than the retention; resolves to how many went. */
export async function pruneActivity(db: D1Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - ACTIVITY_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const res = await db.prepare('DELETE FROM activity_log WHERE at < ?').bind(cutoff).run();
  return res.meta.changes ?? 0;
}
