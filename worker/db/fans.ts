/**
 * Fans of a page over D1 (docs/behaviour.md#fans-and-alerts): the sign-up, the confirmation,
 * leaving, and the deletion of sign-ups never confirmed. Plain functions with ? binds.
 */
import { FAN_CONSENT_VERSION } from '../../src/core/fans';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Whether the provider reported this address (bounced or complained): it gets nothing more. */
export async function isSuppressed(db: D1Database, email: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM fan_suppressions WHERE email = ?').bind(email).first()) !== null;
}

export interface SignupRow {
  pageId: number;
  /** normalised (normaliseEmail) */
  email: string;
  cityKey: string;
  city: string;
  requested: boolean;
  /**
   * The hash of a new confirmation token, stored if the address is waiting for its
   * confirmation and got none since `resendBefore` (or never); null: send none now.
   */
  confirmHash: string | null;
  /** ISO 8601 UTC: a confirmation mailed before this may be replaced */
  resendBefore: string;
}

/**
 * One sign-up, in one transaction: the fan (new address: consent version and time now), the
 * city (a city already followed stays as it was), and the confirmation slot claimed when the
 * address is unconfirmed and was not mailed since `resendBefore`. Answers the fan's id and
 * whether the slot was claimed (then the caller mails the token whose hash it passed); two
 * sign-ups at once claim it once.
 */
export async function recordSignup(db: D1Database, row: SignupRow): Promise<{ fanId: number; claimed: boolean }> {
  const statements = [
    db
      .prepare(
        `INSERT INTO fans (page_id, email, consent_version, consent_at) VALUES (?, ?, ?, ${NOW})
         ON CONFLICT (page_id, email) DO NOTHING`,
      )
      .bind(row.pageId, row.email, FAN_CONSENT_VERSION),
    db
      .prepare(
        `INSERT INTO fan_cities (fan_id, city_key, city, requested)
         SELECT id, ?, ?, ? FROM fans WHERE page_id = ? AND email = ?
         ON CONFLICT (fan_id, city_key) DO NOTHING`,
      )
      .bind(row.cityKey, row.city, row.requested ? 1 : 0, row.pageId, row.email),
  ];
  if (row.confirmHash !== null) {
    statements.push(
      db
        .prepare(
          `UPDATE fans SET confirm_hash = ?, confirm_sent_at = ${NOW}
           WHERE page_id = ? AND email = ? AND confirmed_at IS NULL
             AND (confirm_sent_at IS NULL OR confirm_sent_at <= ?)
           RETURNING id`,
        )
        .bind(row.confirmHash, row.pageId, row.email, row.resendBefore),
    );
  }
  statements.push(db.prepare('SELECT id FROM fans WHERE page_id = ? AND email = ?').bind(row.pageId, row.email));
  const results = await db.batch<{ id: number }>(statements);
  const fan = results.at(-1)?.results[0];
  if (!fan) throw new Error('the fan row is missing right after its insert');
  const claimed = row.confirmHash !== null && (results[2]?.results.length ?? 0) > 0;
  return { fanId: fan.id, claimed };
}

/** A confirmation e-mail that did not go out: its slot is free again (the token stays valid). */
export async function releaseConfirmSlot(db: D1Database, fanId: number): Promise<void> {
  await db.prepare('UPDATE fans SET confirm_sent_at = NULL WHERE id = ? AND confirmed_at IS NULL').bind(fanId).run();
}

/** The cities a fan follows, in the order they were added ('*' is Tutte le date). */
export async function fanCities(db: D1Database, fanId: number): Promise<Array<{ key: string; city: string }>> {
  const { results } = await db
    .prepare('SELECT city_key AS key, city FROM fan_cities WHERE fan_id = ? ORDER BY created_at, rowid')
    .bind(fanId)
    .all<{ key: string; city: string }>();
  return results;
}

/** The unconfirmed fan of page `slug` whose last confirmation token has this hash, or null. */
export async function pendingFanByHash(db: D1Database, slug: string, hash: string): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT f.id FROM fans f JOIN landing_pages p ON p.id = f.page_id
       WHERE f.confirm_hash = ? AND p.folder_name = ? AND f.confirmed_at IS NULL`,
    )
    .bind(hash, slug)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/**
 * Confirms the fan whose pending token has this hash (of page `slug`): confirmed now, the token
 * forgotten, so it works once. Answers whether a fan was confirmed.
 */
export async function confirmFan(db: D1Database, slug: string, hash: string): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE fans SET confirmed_at = ${NOW}, confirm_hash = NULL
       WHERE confirm_hash = ? AND confirmed_at IS NULL
         AND page_id = (SELECT id FROM landing_pages WHERE folder_name = ?)`,
    )
    .bind(hash, slug)
    .run();
  return (result.meta.changes ?? 0) > 0;
}

/** Whether fan `fanId` is a fan (confirmed or not) of page `pageId`. */
export async function isFanOfPage(db: D1Database, pageId: number, fanId: number): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM fans WHERE id = ? AND page_id = ?').bind(fanId, pageId).first()) !== null;
}

/**
 * Unsubscribe: the fan of page `pageId` and its cities go (fan_cities cascade); a fan of another
 * page stays. Answers how many fans went (0 or 1).
 */
export async function deleteFan(db: D1Database, pageId: number, fanId: number): Promise<number> {
  const result = await db.prepare('DELETE FROM fans WHERE id = ? AND page_id = ?').bind(fanId, pageId).run();
  return result.meta.changes ?? 0;
}

/**
 * 'Cancella i miei dati': every fan row of the address of fan `fanId` of page `pageId`, on every
 * page, goes now, with the fan e-mails to it still kept in the outbox. Answers how many fan rows
 * went (0: that fan of that page is already gone, or never was).
 */
export async function eraseFanAddress(db: D1Database, pageId: number, fanId: number): Promise<number> {
  const row = await db
    .prepare('SELECT email FROM fans WHERE id = ? AND page_id = ?')
    .bind(fanId, pageId)
    .first<{ email: string }>();
  if (!row) return 0;
  const [fans] = await db.batch([
    db.prepare('DELETE FROM fans WHERE email = ?').bind(row.email),
    db
      .prepare(`DELETE FROM mail_outbox WHERE to_addr = ? COLLATE NOCASE AND kind IN ('fan_confirm', 'fan_alert')`)
      .bind(row.email),
  ]);
  return fans?.meta.changes ?? 0;
}

/**
 * Maintenance: sign-ups never confirmed whose last confirmation e-mail (or, with none, the
 * sign-up itself) is older than `cutoff` are deleted, so a link mailed again is never cut short;
 * answers how many.
 */
export async function prunePendingFans(db: D1Database, cutoff: Date): Promise<number> {
  // ISO 8601 UTC text, so text order is time order; created_at <= confirm_sent_at, so the index
  // on pending created_at narrows the scan
  const result = await db
    .prepare(
      'DELETE FROM fans WHERE confirmed_at IS NULL AND created_at < ?1 AND COALESCE(confirm_sent_at, created_at) < ?1',
    )
    .bind(cutoff.toISOString())
    .run();
  return result.meta.changes ?? 0;
}
