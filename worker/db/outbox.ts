/** The e-mail outbox: every message is written here before it is sent (or printed). */
export type MailKind =
  | 'verify'
  | 'reset'
  | 'rejected'
  | 'fan_confirm'
  | 'fan_alert'
  | 'page_trashed'
  | 'invitation'
  | 'member_request';

export interface OutboxRow {
  id: number;
  to_addr: string;
  subject: string;
  body_text: string;
  kind: MailKind;
  status: 'pending' | 'sent' | 'failed';
  error: string | null;
  created_at: string;
  sent_at: string | null;
}

export async function insertMail(
  db: D1Database,
  mail: { to: string; subject: string; text: string; kind: MailKind; html?: string | null },
): Promise<number> {
  const row = await db
    .prepare(
      'INSERT INTO mail_outbox (to_addr, subject, body_text, body_html, kind) VALUES (?, ?, ?, ?, ?) RETURNING id',
    )
    .bind(mail.to, mail.subject, mail.text, mail.html ?? null, mail.kind)
    .first<{ id: number }>();
  return row!.id;
}

/** Writes several messages in one batch; answers their ids in the same order. */
export async function insertMails(
  db: D1Database,
  mails: ReadonlyArray<{ to: string; subject: string; text: string; kind: MailKind; html?: string | null }>,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const insert = db.prepare(
    'INSERT INTO mail_outbox (to_addr, subject, body_text, body_html, kind) VALUES (?, ?, ?, ?, ?) RETURNING id',
  );
  const results = await db.batch<{ id: number }>(
    mails.map((m) => insert.bind(m.to, m.subject, m.text, m.html ?? null, m.kind)),
  );
  return results.map((r) => r.results[0]!.id);
}

/** markMail for several messages at once. */
export async function markMails(
  db: D1Database,
  ids: readonly number[],
  status: 'sent' | 'failed',
  error: string | null = null,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .prepare(
      `UPDATE mail_outbox SET status = ?, error = ?,
       sent_at = CASE WHEN ? = 'sent' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE sent_at END
       WHERE id IN (SELECT value FROM json_each(?))`,
    )
    .bind(status, error, status, JSON.stringify(ids))
    .run();
}

export async function markMail(
  db: D1Database,
  id: number,
  status: 'sent' | 'failed',
  error: string | null = null,
): Promise<void> {
  await db
    .prepare(
      `UPDATE mail_outbox SET status = ?, error = ?,
       sent_at = CASE WHEN ? = 'sent' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE sent_at END
       WHERE id = ?`,
    )
    .bind(status, error, status, id)
    .run();
}

/** Deletes the messages created before `cutoff`; returns how many went. */
export async function pruneMailBefore(db: D1Database, cutoff: Date): Promise<number> {
  // created_at is stored as an ISO-8601 UTC string, so text order is time order
  const result = await db.prepare('DELETE FROM mail_outbox WHERE created_at < ?').bind(cutoff.toISOString()).run();
  return result.meta.changes ?? 0;
}

/** How many messages of a kind went to an address in the last `minutes` (mail flood guard). */
export async function countRecentMail(db: D1Database, to: string, kind: MailKind, minutes: number): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM mail_outbox WHERE to_addr = ? COLLATE NOCASE AND kind = ?
       AND created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)`,
    )
    .bind(to, kind, `-${minutes} minutes`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Newest first, for the local dev mailbox. */
export async function listMail(db: D1Database, to: string | null, limit = 100): Promise<OutboxRow[]> {
  const base = 'SELECT id, to_addr, subject, body_text, kind, status, error, created_at, sent_at FROM mail_outbox';
  const stmt = to
    ? db.prepare(`${base} WHERE to_addr = ? COLLATE NOCASE ORDER BY id DESC LIMIT ?`).bind(to.trim(), limit)
    : db.prepare(`${base} ORDER BY id DESC LIMIT ?`).bind(limit);
  const { results } = await stmt.all<OutboxRow>();
  return results;
}
