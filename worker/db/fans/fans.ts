/**
 * Fans of a page over D1 (docs/behaviour.md#fans-and-alerts): the sign-up, the confirmation,
 * leaving, and the deletion of sign-ups never confirmed. Plain functions with ? binds.
 */
import { FAN_CONSENT_VERSION } from '../../../src/core/fans';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Whether the provider reported this address (bounced or complained): it gets nothing more. */
export async function isSuppressed(db: D1Database, email: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM fan_suppressions WHERE email = ?').bind(email).first()) !== null;
}

export interface SignupRow {
  pageId: number;
  /** as fanAddress() answers it */
  email: string;
  /** SHA-256 (hex) of mailboxKey(email): what the caps count */
  mailbox: string;
  cityKey: string;
  city: string;
  requested: boolean;
  /**
   * The hash of a new confirmation token, stored if a confirmation e-mail is due and the caps
   * let it go (see recordSignup); null: send none now.
   */
  confirmHash: string | null;
  /** ISO 8601 UTC: the start of the caps' window (now minus FAN_CONFIRM_RESEND_HOURS) */
  since: string;
  /** at most this many confirmation e-mails per mailbox since `since` (FAN_CONFIRM_MAILBOX_DAILY) */
  mailboxMax: number;
}

export interface SignupResult {
  fanId: number;
  /** the fan had confirmed before this sign-up: the e-mail due is the new city's */
  confirmed: boolean;
  /** a confirmation e-mail with the token of `confirmHash` is due: the caller sends it */
  claimed: boolean;
}

/**
 * One sign-up, in one transaction (docs/behaviour.md#signing-up):
 * - the fan (a new address: consent version and time now);
 * - the city: followed at once by a fan not confirmed yet (the confirmation covers it), only
 *   requested (fan_city_requests) of a confirmed fan, unless followed already;
 * - the confirmation e-mail's claim, when one is due (a fan not confirmed, or a confirmed fan
 *   whose request for this city waits) and the caps allow it: ONE conditional INSERT that counts
 *   the mailbox's claims of the window (none for this page, fewer than `mailboxMax` in all) and
 *   claims together, so sign-ups at once cannot pass the caps; the fan's token is replaced
 *   only if that claim was made.
 * Answers the fan's id, whether it was confirmed, and whether the claim was made (then the
 * caller mails the token whose hash it passed).
 */
export async function recordSignup(db: D1Database, row: SignupRow): Promise<SignupResult> {
  const fan = [row.pageId, row.email] as const;
  const statements = [
    db
      .prepare(
        `INSERT INTO fans (page_id, email, consent_version, consent_at) VALUES (?1, ?2, ?3, ${NOW})
         ON CONFLICT (page_id, email) DO NOTHING`,
      )
      .bind(...fan, FAN_CONSENT_VERSION),
    db
      .prepare(
        `INSERT INTO fan_cities (fan_id, city_key, city, requested)
         SELECT id, ?3, ?4, ?5 FROM fans WHERE page_id = ?1 AND email = ?2 AND confirmed_at IS NULL
         ON CONFLICT (fan_id, city_key) DO NOTHING`,
      )
      .bind(...fan, row.cityKey, row.city, row.requested ? 1 : 0),
    // a request asked again keeps its link's days: its time is the last ask
    db
      .prepare(
        `INSERT INTO fan_city_requests (fan_id, city_key, city, requested)
         SELECT f.id, ?3, ?4, ?5 FROM fans f WHERE f.page_id = ?1 AND f.email = ?2 AND f.confirmed_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM fan_cities c WHERE c.fan_id = f.id AND c.city_key = ?3)
         ON CONFLICT (fan_id, city_key) DO UPDATE SET created_at = excluded.created_at`,
      )
      .bind(...fan, row.cityKey, row.city, row.requested ? 1 : 0),
  ];
  if (row.confirmHash !== null) {
    statements.push(
      db
        .prepare(
          `INSERT INTO fan_confirm_sends (mailbox, page_id, confirm_hash, sent_at)
           SELECT ?3, ?1, ?4, ${NOW}
           WHERE EXISTS (
               SELECT 1 FROM fans f WHERE f.page_id = ?1 AND f.email = ?2
                 AND (f.confirmed_at IS NULL
                   OR EXISTS (SELECT 1 FROM fan_city_requests r WHERE r.fan_id = f.id AND r.city_key = ?5)))
             AND NOT EXISTS (
               SELECT 1 FROM fan_confirm_sends WHERE mailbox = ?3 AND page_id = ?1 AND sent_at > ?6)
             AND (SELECT COUNT(*) FROM fan_confirm_sends WHERE mailbox = ?3 AND sent_at > ?6) < ?7`,
        )
        .bind(...fan, row.mailbox, row.confirmHash, row.cityKey, row.since, row.mailboxMax),
      db
        .prepare(
          `UPDATE fans SET confirm_hash = ?3, confirm_sent_at = ${NOW}
           WHERE page_id = ?1 AND email = ?2 AND EXISTS (SELECT 1 FROM fan_confirm_sends WHERE confirm_hash = ?3)
           RETURNING id`,
        )
        .bind(...fan, row.confirmHash),
    );
  }
  // no statement above confirms: `confirmed` is the fan's state before this sign-up
  statements.push(
    db
      .prepare('SELECT id, confirmed_at IS NOT NULL AS confirmed FROM fans WHERE page_id = ?1 AND email = ?2')
      .bind(...fan),
  );
  const results = await db.batch<{ id: number; confirmed?: number }>(statements);
  const found = results.at(-1)?.results[0];
  if (!found) throw new Error('the fan row is missing right after its insert');
  const claimed = row.confirmHash !== null && (results[4]?.results.length ?? 0) > 0;
  return { fanId: found.id, confirmed: found.confirmed === 1, claimed };
}

/**
 * A confirmation e-mail that did not go out: its claim is given back, so the caps do not count
 * it and the next sign-up may send it at once (the token stays valid).
 */
export async function releaseConfirmSlot(db: D1Database, fanId: number, confirmHash: string): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM fan_confirm_sends WHERE confirm_hash = ?').bind(confirmHash),
    db.prepare('UPDATE fans SET confirm_sent_at = NULL WHERE id = ? AND confirm_hash = ?').bind(fanId, confirmHash),
  ]);
}

export interface FanCity {
  key: string;
  city: string;
  /** typed as 'Un'altra città' (visitor text: never in an e-mail to an unconfirmed address) */
  requested: boolean;
}

/** The cities a fan follows, in the order they were added ('*' is Tutte le date). */
export async function fanCities(db: D1Database, fanId: number): Promise<FanCity[]> {
  return citiesIn(db, 'fan_cities', fanId);
}

/** The cities a sign-up asked for on a confirmed fan's address, not confirmed yet, oldest first. */
export async function fanCityRequests(db: D1Database, fanId: number): Promise<FanCity[]> {
  return citiesIn(db, 'fan_city_requests', fanId);
}

async function citiesIn(db: D1Database, table: 'fan_cities' | 'fan_city_requests', fanId: number) {
  const { results } = await db
    .prepare(`SELECT city_key AS key, city, requested FROM ${table} WHERE fan_id = ? ORDER BY created_at, rowid`)
    .bind(fanId)
    .all<{ key: string; city: string; requested: number }>();
  return results.map((r) => ({ key: r.key, city: r.city, requested: r.requested === 1 }));
}

/**
 * The fan of page `slug` whose last confirmation token has this hash and that has something to
 * confirm (not confirmed yet, or cities requested), or null.
 */
export async function pendingFanByHash(db: D1Database, slug: string, hash: string): Promise<number | null> {
  const row = await db
    .prepare(
      `SELECT f.id FROM fans f JOIN landing_pages p ON p.id = f.page_id
       WHERE f.confirm_hash = ? AND p.folder_name = ?
         AND (f.confirmed_at IS NULL OR EXISTS (SELECT 1 FROM fan_city_requests r WHERE r.fan_id = f.id))`,
    )
    .bind(hash, slug)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/**
 * Confirms the fan whose token has this hash (of page `slug`), in one transaction: confirmed now
 * (a confirmed fan keeps its time), its requested cities followed, the token forgotten, so it
 * works once. Answers the fan's id when one was confirmed, else null.
 */
export async function confirmFan(db: D1Database, slug: string, hash: string): Promise<number | null> {
  const fanId = await pendingFanByHash(db, slug, hash);
  if (fanId === null) return null;
  // each statement checks the token is still this fan's: a link mailed meanwhile replaced it
  const holds = 'EXISTS (SELECT 1 FROM fans WHERE id = ?1 AND confirm_hash = ?2)';
  const [, , confirmed] = await db.batch([
    db
      .prepare(
        `INSERT INTO fan_cities (fan_id, city_key, city, requested)
         SELECT fan_id, city_key, city, requested FROM fan_city_requests WHERE fan_id = ?1 AND ${holds}
         ON CONFLICT (fan_id, city_key) DO NOTHING`,
      )
      .bind(fanId, hash),
    db.prepare(`DELETE FROM fan_city_requests WHERE fan_id = ?1 AND ${holds}`).bind(fanId, hash),
    db
      .prepare(
        `UPDATE fans SET confirmed_at = COALESCE(confirmed_at, ${NOW}), confirm_hash = NULL
         WHERE id = ?1 AND confirm_hash = ?2`,
      )
      .bind(fanId, hash),
  ]);
  return (confirmed?.meta.changes ?? 0) > 0 ? fanId : null;
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
 * page, goes now, with the fan e-mails to it still kept in the outbox, and the presale codes its
 * mailbox (`mailboxOf` the address: worker/services/fans/mailbox.ts) got forget it once no fan
 * holds them (docs/behaviour.md#presales; the code stays given). Answers how many fan rows went
 * (0: that fan of that page is already gone, or never was).
 */
export async function eraseFanAddress(
  db: D1Database,
  pageId: number,
  fanId: number,
  mailboxOf: (address: string) => Promise<string>,
): Promise<number> {
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
    db
      .prepare(
        `UPDATE presale_codes SET mailbox = NULL
         WHERE mailbox = ? AND NOT EXISTS (SELECT 1 FROM fans f WHERE f.id = presale_codes.fan_id)`,
      )
      .bind(await mailboxOf(row.email)),
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

/**
 * Maintenance, with the pending fans: cities requested for a confirmed fan and not confirmed by
 * `cutoff` are deleted, and the token of a confirmed fan left with nothing to confirm is
 * forgotten. Answers how many requests went.
 */
export async function pruneCityRequests(db: D1Database, cutoff: Date): Promise<number> {
  const [requests] = await db.batch([
    db.prepare('DELETE FROM fan_city_requests WHERE created_at < ?').bind(cutoff.toISOString()),
    db.prepare(
      `UPDATE fans SET confirm_hash = NULL
       WHERE confirm_hash IS NOT NULL AND confirmed_at IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM fan_city_requests r WHERE r.fan_id = fans.id)`,
    ),
  ]);
  return requests?.meta.changes ?? 0;
}

/** Maintenance: the confirmation claims older than `cutoff` count for no cap any more. Answers how many went. */
export async function pruneConfirmSends(db: D1Database, cutoff: Date): Promise<number> {
  const result = await db.prepare('DELETE FROM fan_confirm_sends WHERE sent_at < ?').bind(cutoff.toISOString()).run();
  return result.meta.changes ?? 0;
}
