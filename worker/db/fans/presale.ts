/**
 * Presale e-mails over D1 (docs/architecture.md#fan-alerts, docs/behaviour.md#presales): one
 * fan_alerts row of kind 'presale' per date, due at its presale's start, and the date's one-time
 * codes. A code goes to a fan in conditional UPDATEs written before the e-mail leaves; the
 * unique indexes on (button_id, fan_id) and (button_id, mailbox) and the `fan_id IS NULL` test
 * make a second assignment impossible, however often a message is delivered, and a mailbox gets
 * one code per date. `sent_at` says the e-mail carrying it left.
 */
import type { AlertButtonRow, FanAlertRow } from './alerts';

/** A date row as the presale e-mails read it: its event, its CTAs and its presale. */
export interface PresaleButtonRow extends AlertButtonRow {
  presale: string | null;
}

export async function presaleButtons(db: D1Database, pageId: number): Promise<PresaleButtonRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, type, text, url, cta_buttons, presale FROM buttons WHERE page_id = ? AND presale IS NOT NULL
       ORDER BY position, id`,
    )
    .bind(pageId)
    .all<PresaleButtonRow>();
  return results;
}

export async function presaleButton(db: D1Database, pageId: number, buttonId: number) {
  return db
    .prepare('SELECT id, type, text, url, cta_buttons, presale FROM buttons WHERE id = ? AND page_id = ?')
    .bind(buttonId, pageId)
    .first<PresaleButtonRow>();
}

export async function presaleAlertsOfPage(db: D1Database, pageId: number): Promise<FanAlertRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM fan_alerts WHERE page_id = ? AND kind = 'presale' ORDER BY id`)
    .bind(pageId)
    .all<FanAlertRow>();
  return results;
}

export async function presaleAlertOf(db: D1Database, buttonId: number): Promise<FanAlertRow | null> {
  return db
    .prepare(`SELECT * FROM fan_alerts WHERE button_id = ? AND kind = 'presale'`)
    .bind(buttonId)
    .first<FanAlertRow>();
}

/**
 * SQL over the alert row `a`: a presale of one-time codes with none loaded, which waits for
 * them (docs/behaviour.md#presales): its date's presale has no shared code (as storedPresale
 * reads it) and the date holds no code. The dispatch neither takes nor starts such a row; the
 * first upload starts it. One text for both, so the two never disagree.
 */
export const WAITS_FOR_CODES = `a.kind = 'presale'
  AND EXISTS (SELECT 1 FROM buttons b WHERE b.id = a.button_id
    AND CASE WHEN json_valid(b.presale)
      THEN json_type(b.presale, '$.shared_code') IS NOT 'text' OR json_extract(b.presale, '$.shared_code') = ''
      ELSE 0 END)
  AND NOT EXISTS (SELECT 1 FROM presale_codes c WHERE c.button_id = a.button_id)`;

/** Whether this presale alert waits for its first codes (WAITS_FOR_CODES). */
export async function waitsForCodes(db: D1Database, alertId: number): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS waits FROM fan_alerts a WHERE a.id = ? AND ${WAITS_FOR_CODES}`)
    .bind(alertId)
    .first<{ waits: number }>();
  return row !== null;
}

/** The page's scheduled presale alerts that wait for their first codes (WAITS_FOR_CODES). */
export async function alertsWaitingForCodes(db: D1Database, pageId: number): Promise<Set<number>> {
  const { results } = await db
    .prepare(`SELECT a.id FROM fan_alerts a WHERE a.page_id = ? AND a.status = 'scheduled' AND ${WAITS_FOR_CODES}`)
    .bind(pageId)
    .all<{ id: number }>();
  return new Set(results.map((r) => r.id));
}

/** A new presale alert for the date, unless it has one (one per date). */
export function insertPresaleAlert(db: D1Database, pageId: number, buttonId: number, dueAt: string) {
  return db
    .prepare(
      `INSERT OR IGNORE INTO fan_alerts (page_id, kind, status, button_ids, due_at, button_id)
       VALUES (?1, 'presale', 'scheduled', json_array(?2), ?3, ?2)`,
    )
    .bind(pageId, buttonId, dueAt);
}

/** A fan of a presale message as the consumer reads them. */
export interface PresaleFan {
  id: number;
  email: string;
  /** the city keys the fan follows */
  keys: string[];
  /** the fan's delivery row for the alert, if any */
  delivery: 'sending' | 'sent' | 'failed' | 'skipped' | null;
  /** the fan's one-time code for the date, if one was assigned */
  code: { id: number; code: string; sent_at: string | null } | null;
}

/**
 * The fans of a message that may still hear of the presale: of the page, confirmed, agreed to
 * the on-sale e-mails (consent `consentSince` or later), not suppressed; with their cities,
 * their delivery row and their code.
 */
export async function presaleFans(
  db: D1Database,
  alertId: number,
  buttonId: number,
  pageId: number,
  fanIds: readonly number[],
  consentSince: string,
): Promise<PresaleFan[]> {
  const { results } = await db
    .prepare(
      `SELECT f.id, f.email,
         (SELECT json_group_array(c.city_key) FROM fan_cities c WHERE c.fan_id = f.id) AS keys,
         (SELECT d.status FROM fan_deliveries d WHERE d.alert_id = ?3 AND d.fan_id = f.id) AS delivery,
         p.id AS code_id, p.code, p.sent_at
       FROM fans f LEFT JOIN presale_codes p ON p.button_id = ?4 AND p.fan_id = f.id
       WHERE f.id IN (SELECT value FROM json_each(?1)) AND f.page_id = ?2 AND f.confirmed_at IS NOT NULL
         AND f.consent_version >= ?5
         AND NOT EXISTS (SELECT 1 FROM fan_suppressions s WHERE s.email = f.email)
       ORDER BY f.id`,
    )
    .bind(JSON.stringify(fanIds), pageId, alertId, buttonId, consentSince)
    .all<{
      id: number;
      email: string;
      keys: string;
      delivery: PresaleFan['delivery'];
      code_id: number | null;
      code: string | null;
      sent_at: string | null;
    }>();
  return results.map((r) => ({
    id: r.id,
    email: r.email,
    keys: JSON.parse(r.keys) as string[],
    delivery: r.delivery,
    code: r.code_id === null || r.code === null ? null : { id: r.code_id, code: r.code, sent_at: r.sent_at },
  }));
}

/** A fan a code may go to: its id and its mailbox as stored (worker/services/fans/mailbox.ts). */
export interface CodeFan {
  id: number;
  mailbox: string;
}

/** A code as an e-mail carries it. */
export interface GivenCode {
  id: number;
  code: string;
  sent_at: string | null;
}

/**
 * Gives these fans (in this order) the date's codes, one per mailbox (docs/behaviour.md#presales),
 * in two statements of one batch, before any e-mail leaves:
 * - a code whose mailbox is a fan's and whose fan is gone (unsubscribed, then signed up again)
 *   goes back to the first such fan holding none: the same code, never a new one;
 * - each other fan whose mailbox holds no code gets one free code, the oldest loaded first (of
 *   two fans of one mailbox, the first).
 * A fan who has a code keeps it, a code that has a fan keeps it; the unique indexes on
 * (button_id, fan_id) and (button_id, mailbox) make a second code for either impossible.
 * Answers the code each fan's e-mail carries (fan id → code): their own, else the one their
 * mailbox holds (another address of it got it); a fan left out gets none, the codes are gone.
 */
export async function assignCodes(
  db: D1Database,
  buttonId: number,
  fans: readonly CodeFan[],
): Promise<Map<number, GivenCode>> {
  if (fans.length === 0) return new Map();
  const input = JSON.stringify(fans.map((f) => ({ fan: f.id, mailbox: f.mailbox })));
  const returning = `(SELECT json_extract(w.value, '$.fan') FROM json_each(?2) w
    WHERE json_extract(w.value, '$.mailbox') = presale_codes.mailbox ORDER BY w.key LIMIT 1)`;
  await db.batch([
    db
      .prepare(
        `UPDATE presale_codes SET fan_id = ${returning}
         WHERE button_id = ?1 AND mailbox IN (SELECT json_extract(value, '$.mailbox') FROM json_each(?2))
           AND NOT EXISTS (SELECT 1 FROM fans f WHERE f.id = presale_codes.fan_id)
           AND NOT EXISTS (SELECT 1 FROM presale_codes h WHERE h.button_id = ?1 AND h.fan_id = ${returning})`,
      )
      .bind(buttonId, input),
    db
      .prepare(
        `WITH input AS (
           SELECT json_extract(value, '$.fan') AS fan_id, json_extract(value, '$.mailbox') AS mailbox, key
           FROM json_each(?2)),
         want AS (
           SELECT fan_id, mailbox, row_number() OVER (ORDER BY key) AS n FROM input i
           WHERE NOT EXISTS (SELECT 1 FROM presale_codes h
                             WHERE h.button_id = ?1 AND (h.fan_id = i.fan_id OR h.mailbox = i.mailbox))
             AND NOT EXISTS (SELECT 1 FROM input j WHERE j.mailbox = i.mailbox AND j.key < i.key)),
         free AS (
           SELECT id, row_number() OVER (ORDER BY id) AS n FROM presale_codes
           WHERE button_id = ?1 AND fan_id IS NULL ORDER BY id LIMIT (SELECT COUNT(*) FROM want)),
         pairs AS (SELECT free.id, want.fan_id, want.mailbox FROM free JOIN want USING (n))
         UPDATE presale_codes SET fan_id = (SELECT fan_id FROM pairs WHERE pairs.id = presale_codes.id),
           mailbox = (SELECT mailbox FROM pairs WHERE pairs.id = presale_codes.id),
           assigned_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id IN (SELECT id FROM pairs) AND fan_id IS NULL`,
      )
      .bind(buttonId, input),
  ]);
  const { results } = await db
    .prepare(
      `SELECT id, fan_id, mailbox, code, sent_at FROM presale_codes
       WHERE button_id = ?1 AND (fan_id IN (SELECT json_extract(value, '$.fan') FROM json_each(?2))
         OR mailbox IN (SELECT json_extract(value, '$.mailbox') FROM json_each(?2)))`,
    )
    .bind(buttonId, input)
    .all<GivenCode & { fan_id: number | null; mailbox: string | null }>();
  const given = (r: GivenCode): GivenCode => ({ id: r.id, code: r.code, sent_at: r.sent_at });
  const byFan = new Map(results.filter((r) => r.fan_id !== null).map((r) => [r.fan_id, given(r)]));
  const byMailbox = new Map(results.filter((r) => r.mailbox !== null).map((r) => [r.mailbox, given(r)]));
  const codes = new Map<number, GivenCode>();
  for (const fan of fans) {
    const code = byFan.get(fan.id) ?? byMailbox.get(fan.mailbox);
    if (code) codes.set(fan.id, code);
  }
  return codes;
}

/** These codes went out in an e-mail (written before their fans' delivery rows turn 'sent'). */
export async function markCodesSent(db: D1Database, codeIds: readonly number[]): Promise<void> {
  if (codeIds.length === 0) return;
  await db
    .prepare(
      `UPDATE presale_codes SET sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id IN (SELECT value FROM json_each(?)) AND sent_at IS NULL`,
    )
    .bind(JSON.stringify(codeIds))
    .run();
}

/** A date's audience as the queries below bind it: ?1 the page, ?2 the consent, ?3 the city key, ?4 the date, ?5 its alert. */
export interface DateAudience {
  pageId: number;
  buttonId: number;
  alertId: number;
  /** the date's city key */
  key: string;
  consentSince: string;
}

/** A query of a date's audience, its five parameters bound. */
function audienceQuery(db: D1Database, sql: string, a: DateAudience): D1PreparedStatement {
  return db.prepare(sql).bind(a.pageId, a.consentSince, a.key, a.buttonId, a.alertId);
}

/**
 * The date's audience now: the page's confirmed fans following its city (`key`) or 'Tutte le
 * date', with a consent that covers the on-sale e-mails, not suppressed. `f` is the fan.
 */
function audienceSql(): string {
  return `f.page_id = ?1 AND f.confirmed_at IS NOT NULL AND f.consent_version >= ?2
    AND EXISTS (SELECT 1 FROM fan_cities c WHERE c.fan_id = f.id AND c.city_key IN (?3, '*'))
    AND NOT EXISTS (SELECT 1 FROM fan_suppressions s WHERE s.email = f.email)`;
}

/**
 * The audience's fans without a code of the date, in the order codes added later reach them:
 * those the codes-gone e-mail reached, oldest first, then those who got nothing, by confirmation.
 * A fan whose e-mail the provider refused for good is left out.
 */
export async function fansWithoutCode(
  db: D1Database,
  audience: DateAudience,
): Promise<Array<{ id: number; email: string }>> {
  const { results } = await audienceQuery(
    db,
    `SELECT f.id, f.email FROM fans f LEFT JOIN fan_deliveries d ON d.alert_id = ?5 AND d.fan_id = f.id
       WHERE ${audienceSql()} AND (d.status IS NULL OR d.status IN ('sent', 'skipped'))
         AND NOT EXISTS (SELECT 1 FROM presale_codes p WHERE p.button_id = ?4 AND p.fan_id = f.id)
       ORDER BY d.status = 'sent' DESC, CASE WHEN d.status = 'sent' THEN julianday(d.updated_at) END,
         julianday(f.confirmed_at), f.id`,
    audience,
  ).all<{ id: number; email: string }>();
  return results;
}

/**
 * The audience's fans holding a code of the date that has not gone out yet, except those an
 * e-mail of the date is being sent to right now (their delivery row 'sending'): that e-mail
 * carries their code, and a second message would send it twice.
 */
export async function fansWithUnsentCode(db: D1Database, audience: DateAudience): Promise<number[]> {
  const { results } = await audienceQuery(
    db,
    `SELECT f.id FROM fans f JOIN presale_codes p ON p.button_id = ?4 AND p.fan_id = f.id AND p.sent_at IS NULL
       WHERE ${audienceSql()}
         AND NOT EXISTS (SELECT 1 FROM fan_deliveries d WHERE d.alert_id = ?5 AND d.fan_id = f.id AND d.status = 'sending')
       ORDER BY p.id`,
    audience,
  ).all<{ id: number }>();
  return results.map((r) => r.id);
}

/** Whether this fan is of the date's audience now. */
export async function isOfAudience(
  db: D1Database,
  pageId: number,
  fanId: number,
  key: string,
  consentSince: string,
): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS ok FROM fans f WHERE f.id = ?4 AND ${audienceSql()}`)
    .bind(pageId, consentSince, key, fanId)
    .first<{ ok: number }>();
  return row !== null;
}

/**
 * A date's presale as its fans stand: the audience's fans still waiting for a code (with a
 * shared code: for the e-mail) and the presale e-mails sent (each fan's first, plus the e-mails
 * that brought a code added later: a code sent after its fan's delivery row was finished).
 */
export async function presaleFigures(
  db: D1Database,
  audience: DateAudience,
  shared: boolean,
): Promise<{ fans_waiting: number; emails_sent: number }> {
  const waiting = shared
    ? `NOT EXISTS (SELECT 1 FROM fan_deliveries d WHERE d.alert_id = ?5 AND d.fan_id = f.id AND d.status = 'sent')`
    : `NOT EXISTS (SELECT 1 FROM presale_codes p WHERE p.button_id = ?4 AND p.fan_id = f.id)
       AND NOT EXISTS (SELECT 1 FROM fan_deliveries d WHERE d.alert_id = ?5 AND d.fan_id = f.id AND d.status = 'failed')`;
  const row = await audienceQuery(
    db,
    `SELECT
         (SELECT COUNT(*) FROM fans f WHERE ${audienceSql()} AND ${waiting}) AS fans_waiting,
         (SELECT COUNT(*) FROM fan_deliveries d WHERE d.alert_id = ?5 AND d.status = 'sent')
         + (SELECT COUNT(*) FROM presale_codes p JOIN fan_deliveries d ON d.alert_id = ?5 AND d.fan_id = p.fan_id
            WHERE p.button_id = ?4 AND p.sent_at IS NOT NULL AND d.status IN ('sent', 'skipped')
              AND julianday(p.sent_at) > julianday(d.updated_at)) AS emails_sent`,
    audience,
  ).first<{ fans_waiting: number; emails_sent: number }>();
  return { fans_waiting: row?.fans_waiting ?? 0, emails_sent: row?.emails_sent ?? 0 };
}
