/**
 * The on-sale e-mails of a page over D1 (docs/architecture.md#fan-alerts): one fan_alerts row
 * per event and kind ('on_sale', 'sale_reminder'), kept in step with the page by
 * worker/services/fans/sale-alerts.ts. Every move is one conditional UPDATE on the status it expects,
 * so a publish and a cron run at the same moment never both take it.
 */
import type { FanAlertRow } from './alerts';

export type SaleKind = 'on_sale' | 'sale_reminder';

export async function saleAlertsOfPage(db: D1Database, pageId: number): Promise<FanAlertRow[]> {
  const { results } = await db
    .prepare(`SELECT * FROM fan_alerts WHERE page_id = ? AND kind IN ('on_sale', 'sale_reminder') ORDER BY id`)
    .bind(pageId)
    .all<FanAlertRow>();
  return results;
}

/** A new alert for the event, unless it already has one of that kind (once per event). */
export function insertSaleAlert(
  db: D1Database,
  pageId: number,
  buttonId: number,
  kind: SaleKind,
  dueAt: string,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO fan_alerts (page_id, kind, status, button_ids, due_at, button_id)
       VALUES (?1, ?2, 'scheduled', json_array(?3), ?4, ?3)`,
    )
    .bind(pageId, kind, buttonId, dueAt);
}

/** A scheduled alert follows its moved instant. */
export function moveSaleAlert(db: D1Database, id: number, dueAt: string): D1PreparedStatement {
  return db.prepare(`UPDATE fan_alerts SET due_at = ? WHERE id = ? AND status = 'scheduled'`).bind(dueAt, id);
}

/**
 * A cancelled alert scheduled again (its instant is set again, the page shown again): it sent
 * nothing, since only a scheduled alert or one queued but not yet due is ever cancelled.
 */
export function reviveSaleAlert(db: D1Database, id: number, dueAt: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE fan_alerts SET status = 'scheduled', due_at = ?, started_at = NULL, finished_at = NULL, recipients = 0
       WHERE id = ? AND status = 'cancelled'`,
    )
    .bind(dueAt, id);
}

/**
 * An alert queued with a delay whose instant has not come: back to scheduled at its new
 * instant. Its queued messages no longer match it and are dropped when they arrive.
 */
export function requeueSaleAlert(db: D1Database, id: number, oldDue: string, dueAt: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE fan_alerts SET status = 'scheduled', due_at = ?, started_at = NULL, recipients = 0
       WHERE id = ? AND status = 'sending' AND due_at = ?`,
    )
    .bind(dueAt, id, oldDue);
}

/** Cancels a scheduled alert, or a queued one whose instant has not come (`oldDue` unchanged). */
export function cancelSaleAlert(db: D1Database, id: number, oldDue: string, now: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE fan_alerts SET status = 'cancelled', finished_at = ?
       WHERE id = ? AND (status = 'scheduled' OR (status = 'sending' AND due_at = ?))`,
    )
    .bind(now, id, oldDue);
}

/**
 * One dated alert (an on-sale e-mail, its reminder, a presale e-mail) brought in step with the
 * instant it is now wanted at, null when it is not wanted (docs/architecture.md#fan-alerts): not
 * wanted, cancelled unless already going out; cancelled and wanted, revived; a scheduled one
 * follows its instant; one queued whose instant has not come goes back to scheduled. A sent one
 * stays sent. Answers the statement, or null when nothing changes.
 */
export function saleAlertStep(
  db: D1Database,
  row: FanAlertRow,
  due: string | null,
  now: number,
  stamp: string,
): D1PreparedStatement | null {
  const notYetDue = Date.parse(row.due_at) > now;
  if (due === null) {
    const going = row.status === 'scheduled' || (row.status === 'sending' && notYetDue);
    return going ? cancelSaleAlert(db, row.id, row.due_at, stamp) : null;
  }
  if (row.status === 'cancelled') return reviveSaleAlert(db, row.id, due);
  if (Date.parse(row.due_at) === Date.parse(due)) return null;
  if (row.status === 'scheduled') return moveSaleAlert(db, row.id, due);
  return row.status === 'sending' && notYetDue ? requeueSaleAlert(db, row.id, row.due_at, due) : null;
}
