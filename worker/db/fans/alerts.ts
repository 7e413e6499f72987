/**
 * Fan alerts over D1 (docs/architecture.md#fan-alerts): the alerts of a page, scheduling them,
 * the claim and the daily cap, listing and cancelling; whom they go to and the per-fan delivery
 * rows are in deliveries.ts. Plain functions with ? binds; every status move is one
 * conditional UPDATE, so two runs never both take the same step.
 */
import type { FanAlert } from '../../../src/core/schemas/fans';
import { WAITS_FOR_CODES } from './presale';

export type AlertStatus = FanAlert['status'];
export type AlertKind = FanAlert['kind'];

export interface FanAlertRow {
  id: number;
  page_id: number;
  kind: AlertKind;
  status: AlertStatus;
  /** JSON array of button ids */
  button_ids: string;
  /** JSON object: button id → when it joined the alert ('…Z'); '{}' for alerts made before */
  button_joins: string;
  due_at: string;
  recipients: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** the event of an on-sale alert or reminder; null for a new-date alert */
  button_id: number | null;
}

/** The button ids of an alert (a malformed list reads as none). */
export function alertButtonIds(row: Pick<FanAlertRow, 'button_ids'>): number[] {
  try {
    const value = JSON.parse(row.button_ids) as unknown;
    return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v) && v > 0) : [];
  } catch {
    return [];
  }
}

/**
 * When the alert's event `buttonId` joined it ('…Z'): the last save that added (or moved) it, or
 * the alert's creation for an alert made before the joins were kept (docs/behaviour.md#alerts).
 */
export function joinedAt(row: Pick<FanAlertRow, 'button_joins' | 'created_at'>, buttonId: number): string {
  try {
    const joins = JSON.parse(row.button_joins) as unknown;
    const at = joins && typeof joins === 'object' ? (joins as Record<string, unknown>)[String(buttonId)] : undefined;
    return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : row.created_at;
  } catch {
    return row.created_at;
  }
}

/** A button as an alert reads it: its event text and its links. */
export interface AlertButtonRow {
  id: number;
  type: string;
  text: string;
  url: string | null;
  cta_buttons: string | null;
}

export async function alertButtons(db: D1Database, pageId: number): Promise<AlertButtonRow[]> {
  const { results } = await db
    .prepare('SELECT id, type, text, url, cta_buttons FROM buttons WHERE page_id = ? ORDER BY position, id')
    .bind(pageId)
    .all<AlertButtonRow>();
  return results;
}

/**
 * Adds new dates to the page's open alert, or schedules a new one due at `dueAt`. Open: a
 * scheduled alert still inside its grace delay (due after `now`) or, when `joinWaiting`, one
 * that is due but waiting for the page to become visible; joining a waiting one moves its due
 * time to `dueAt`, so the new date gets its own grace. Each date's join is stamped (D1's clock,
 * as a fan's confirmation), a date already in the alert restamped: whom it is news to is
 * counted from then. One batch (one transaction): two saves at once end in one alert.
 */
export async function scheduleAlert(
  db: D1Database,
  pageId: number,
  buttonIds: readonly number[],
  now: string,
  dueAt: string,
  joinWaiting: boolean,
): Promise<void> {
  const ids = JSON.stringify([...new Set(buttonIds)]);
  const open = `page_id = ? AND kind = 'new_date' AND status = 'scheduled' AND (due_at > ? OR ? = 1)`;
  const joins = `(SELECT json_group_object(CAST(value AS TEXT), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    FROM json_each(?))`;
  await db.batch([
    db
      .prepare(
        `UPDATE fan_alerts SET
           button_ids = (SELECT json_group_array(v) FROM
             (SELECT value AS v FROM json_each(fan_alerts.button_ids) UNION SELECT value FROM json_each(?))),
           button_joins = json_patch(button_joins, ${joins}),
           due_at = CASE WHEN due_at > ? THEN due_at ELSE ? END
         WHERE id = (SELECT id FROM fan_alerts WHERE ${open} ORDER BY id DESC LIMIT 1)`,
      )
      .bind(ids, ids, now, dueAt, pageId, now, joinWaiting ? 1 : 0),
    db
      .prepare(
        `INSERT INTO fan_alerts (page_id, kind, status, button_ids, button_joins, due_at)
         SELECT ?, 'new_date', 'scheduled', ?, ${joins}, ? WHERE NOT EXISTS (SELECT 1 FROM fan_alerts WHERE ${open})`,
      )
      .bind(pageId, ids, ids, dueAt, pageId, now, joinWaiting ? 1 : 0),
  ]);
}

/**
 * The page's alerts, newest first: all of them (at most `limit`) or only the scheduled new-date
 * ones (the editor's notice; on-sale e-mails leave by themselves and have no 'Invia ora').
 */
export async function alertsOfPage(
  db: D1Database,
  pageId: number,
  opts: { scheduledOnly: boolean; limit: number },
): Promise<FanAlertRow[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM fan_alerts WHERE page_id = ?
       ${opts.scheduledOnly ? "AND status = 'scheduled' AND kind = 'new_date'" : ''}
       ORDER BY id DESC LIMIT ?`,
    )
    .bind(pageId, opts.limit)
    .all<FanAlertRow>();
  return results;
}

export async function alertOfPage(db: D1Database, pageId: number, id: number): Promise<FanAlertRow | null> {
  return db.prepare('SELECT * FROM fan_alerts WHERE id = ? AND page_id = ?').bind(id, pageId).first<FanAlertRow>();
}

export async function alertById(db: D1Database, id: number): Promise<FanAlertRow | null> {
  return db.prepare('SELECT * FROM fan_alerts WHERE id = ?').bind(id).first<FanAlertRow>();
}

/**
 * Scheduled alerts due at `now` whose page the public sees now (visible, inside its publishing
 * window), oldest due first; an on-sale alert already when due by `saleLead`, since it is
 * queued with a delay that ends on its instant, and taken first (a backlog must not make it
 * late; a presale e-mail likewise, docs/behaviour.md#presales). A presale waiting for its first
 * codes is left out: it would not start, and must not take a place of the `limit`. The window is
 * compared as instants (julianday), whatever the stored precision.
 */
export async function dueAlertIds(db: D1Database, now: string, saleLead: string, limit: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id FROM fan_alerts a JOIN landing_pages p ON p.id = a.page_id
       WHERE a.status = 'scheduled' AND p.visible = 1 AND p.deleted_at IS NULL
         AND julianday(a.due_at) <= julianday(CASE WHEN a.kind IN ('on_sale', 'presale') THEN ?3 ELSE ?1 END)
         AND (p.visible_from IS NULL OR julianday(p.visible_from) <= julianday(?1))
         AND (p.visible_until IS NULL OR julianday(p.visible_until) > julianday(?1))
         AND NOT (${WAITS_FOR_CODES})
       ORDER BY a.kind IN ('on_sale', 'presale') DESC, a.due_at, a.id LIMIT ?2`,
    )
    .bind(now, limit, saleLead)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** Takes a scheduled alert for sending; null when another run took it first (or it is not scheduled). */
export async function claimAlert(db: D1Database, id: number, now: string): Promise<FanAlertRow | null> {
  return db
    .prepare(
      `UPDATE fan_alerts SET status = 'sending', started_at = ? WHERE id = ? AND status = 'scheduled' RETURNING *`,
    )
    .bind(now, id)
    .first<FanAlertRow>();
}

/**
 * The starts of a page's new-date alerts that count against its daily cap
 * (docs/behaviour.md#alerts): started after `since` ('…Z') and reaching fans (sending, or sent to
 * at least one). `page` and `since` are SQL expressions (a bind or a column).
 */
function countedStarts(page: string, since: string): string {
  return `SELECT o.started_at FROM fan_alerts o
    WHERE o.page_id = ${page} AND o.kind = 'new_date' AND o.started_at IS NOT NULL
      AND julianday(o.started_at) > julianday(${since})
      AND (o.status = 'sending' OR (o.status = 'sent' AND o.recipients > 0))`;
}

/**
 * Takes a scheduled new-date alert for sending if fewer than `max` of its page's alerts count
 * since `since`: the count and the claim are one statement, so two runs at once cannot both
 * pass the cap. Null when not taken (another run took it, it is not scheduled, or the cap).
 */
export async function claimWithinCap(
  db: D1Database,
  id: number,
  now: string,
  since: string,
  max: number,
): Promise<FanAlertRow | null> {
  return db
    .prepare(
      `UPDATE fan_alerts SET status = 'sending', started_at = ?1
       WHERE id = ?2 AND status = 'scheduled' AND kind = 'new_date'
         AND (SELECT COUNT(*) FROM (${countedStarts('fan_alerts.page_id', '?3')})) < ?4
       RETURNING *`,
    )
    .bind(now, id, since, max)
    .first<FanAlertRow>();
}

/**
 * The start of the page's `max`-th latest counted alert since `since`, or null when fewer
 * count: the page may start another new-date alert once that one is a day old.
 */
export async function capStart(db: D1Database, pageId: number, since: string, max: number): Promise<string | null> {
  const row = await db
    .prepare(`${countedStarts('?1', '?2')} ORDER BY julianday(o.started_at) DESC LIMIT 1 OFFSET ?3`)
    .bind(pageId, since, max - 1)
    .first<{ started_at: string }>();
  return row?.started_at ?? null;
}

/**
 * A scheduled new-date alert the cap holds: due when the cap allows it. Still scheduled and
 * due later, so dates saved meanwhile join it (scheduleAlert) and it leaves as one e-mail.
 */
export async function holdAlert(db: D1Database, id: number, dueAt: string): Promise<void> {
  await db
    .prepare(`UPDATE fan_alerts SET due_at = ? WHERE id = ? AND status = 'scheduled' AND kind = 'new_date'`)
    .bind(dueAt, id)
    .run();
}

/** Gives a claimed alert back (its messages could not be queued): the next run tries again. */
export async function releaseAlert(db: D1Database, id: number): Promise<void> {
  await db
    .prepare(`UPDATE fan_alerts SET status = 'scheduled', started_at = NULL WHERE id = ? AND status = 'sending'`)
    .bind(id)
    .run();
}

export async function setRecipients(db: D1Database, id: number, recipients: number): Promise<void> {
  await db.prepare('UPDATE fan_alerts SET recipients = ? WHERE id = ?').bind(recipients, id).run();
}

/** Ends a sending alert at once (no fan to tell, or nothing left to announce). */
export async function endAlert(
  db: D1Database,
  id: number,
  status: 'sent' | 'cancelled',
  recipients: number,
  now: string,
): Promise<void> {
  await db
    .prepare(`UPDATE fan_alerts SET status = ?, recipients = ?, finished_at = ? WHERE id = ? AND status = 'sending'`)
    .bind(status, recipients, now, id)
    .run();
}

/**
 * 'Invia ora': a scheduled new-date alert becomes due now. False when it is not scheduled (any
 * more) or is an on-sale e-mail, which never leaves before its instant.
 */
export async function makeDueNow(db: D1Database, pageId: number, id: number, now: string): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE fan_alerts SET due_at = ? WHERE id = ? AND page_id = ? AND status = 'scheduled' AND kind = 'new_date'`,
    )
    .bind(now, id, pageId)
    .run();
  return res.meta.changes > 0;
}

/** 'Annulla': only a scheduled new-date alert (on-sale e-mails follow the page). False otherwise. */
export async function cancelAlert(db: D1Database, pageId: number, id: number, now: string): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE fan_alerts SET status = 'cancelled', finished_at = ?
       WHERE id = ? AND page_id = ? AND status = 'scheduled' AND kind = 'new_date'`,
    )
    .bind(now, id, pageId)
    .run();
  return res.meta.changes > 0;
}

/**
 * Alerts still 'sending' long after they started (a message parked in the dead-letter queue)
 * are closed as sent with what went out, so the organiser's list does not wait forever.
 */
export async function closeStaleAlerts(db: D1Database, startedBefore: string, now: string): Promise<number> {
  const res = await db
    .prepare(
      `UPDATE fan_alerts SET status = 'sent', finished_at = ? WHERE status = 'sending'
       AND julianday(started_at) < julianday(?)`,
    )
    .bind(now, startedBefore)
    .run();
  return res.meta.changes ?? 0;
}
