import type { UserStatus } from '../../src/core/schemas/user';
import type { HISTORY_ACTIONS, HistoryEntry } from '../../src/core/schemas/admin';

/** What lands in user_history: every status change and every admin action. */
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export interface HistoryInput {
  user_id: number;
  actor_id: number | null;
  action: HistoryAction;
  from_status?: UserStatus | null;
  to_status?: UserStatus | null;
  reason?: string | null;
  details?: Record<string, unknown> | null;
}

/**
 * With `ifChanged`, the entry is written only when the statement just before it in the same
 * batch changed a row (SQLite's changes()): a guarded update that lost a race leaves no trace.
 */
export function historyStatement(
  db: D1Database,
  entry: HistoryInput,
  opts: { ifChanged?: boolean } = {},
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO user_history (user_id, actor_id, action, from_status, to_status, reason, details)
       SELECT ?, ?, ?, ?, ?, ?, ? WHERE ? = 0 OR changes() > 0`,
    )
    .bind(entry.user_id, ...entryValues(entry), opts.ifChanged ? 1 : 0);
}

/** The bound values of an entry after its user: actor, action, statuses, reason, details. */
function entryValues(entry: Omit<HistoryInput, 'user_id'>) {
  return [
    entry.actor_id,
    entry.action,
    entry.from_status ?? null,
    entry.to_status ?? null,
    entry.reason ?? null,
    entry.details ? JSON.stringify(entry.details) : null,
  ];
}

/**
 * Same, for a user created in the same batch: the id is looked up by e-mail because D1
 * batches cannot pass a RETURNING value to a later statement.
 */
export function historyForEmailStatement(
  db: D1Database,
  email: string,
  entry: Omit<HistoryInput, 'user_id'>,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO user_history (user_id, actor_id, action, from_status, to_status, reason, details)
       SELECT id, ?, ?, ?, ?, ?, ? FROM users WHERE email = ? COLLATE NOCASE`,
    )
    .bind(...entryValues(entry), email);
}

interface HistoryRow {
  id: number;
  action: string;
  from_status: string | null;
  to_status: string | null;
  reason: string | null;
  details: string | null;
  actor_id: number | null;
  actor_email: string | null;
  created_at: string;
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Newest first; the actor's e-mail is null once the actor is deleted. */
export async function listHistory(db: D1Database, userId: number): Promise<HistoryEntry[]> {
  const { results } = await db
    .prepare(
      `SELECT h.id, h.action, h.from_status, h.to_status, h.reason, h.details, h.actor_id,
              a.email AS actor_email, h.created_at
       FROM user_history h LEFT JOIN users a ON a.id = h.actor_id
       WHERE h.user_id = ? ORDER BY h.id DESC LIMIT 500`,
    )
    .bind(userId)
    .all<HistoryRow>();
  return results.map((r) => ({ ...r, details: parseDetails(r.details) }));
}
