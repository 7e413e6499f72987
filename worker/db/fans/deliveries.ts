/**
 * Fan alert deliveries over D1 (docs/architecture.md#fan-alerts): whom an alert goes to, the
 * per-fan delivery rows that make every e-mail go once, and the suppressed addresses. Plain
 * functions with ? binds; every status move is one conditional statement, so two runs never both
 * take the same step.
 */
import { ALL_CITIES } from '../../../src/core/fans';

/** A city an alert announces (its key) and the instant ('…Z') by which a fan must have followed it. */
export interface CitySince {
  key: string;
  since: string;
}

/**
 * The confirmed fans of a page that follow one of these cities, or 'Tutte le date', minus the
 * suppressed addresses; each fan once, by id. Only fans who had confirmed and followed that city
 * by its `since` (?2, a JSON array of {key, since}; for a new-date alert when the event joined
 * it): a fan who signs up while the alert waits already saw that date on the page. ?3: the
 * oldest consent version that covers the alert's kind ('' for any). Instants compared as such
 * (julianday), whatever their stored precision.
 */
function recipientsSql(select: string): string {
  return `SELECT ${select} FROM fans f
    WHERE f.page_id = ?1 AND f.confirmed_at IS NOT NULL AND f.consent_version >= ?3
      AND EXISTS (SELECT 1 FROM json_each(?2) e JOIN fan_cities c
                  ON c.fan_id = f.id AND c.city_key = json_extract(e.value, '$.key')
                  WHERE julianday(f.confirmed_at) <= julianday(json_extract(e.value, '$.since'))
                    AND julianday(c.created_at) <= julianday(json_extract(e.value, '$.since')))
      AND NOT EXISTS (SELECT 1 FROM fan_suppressions s WHERE s.email = f.email)`;
}

/** The cities as ?2 binds them, each instant once more for 'Tutte le date'. */
function withAllCities(cities: readonly CitySince[]): string {
  const pairs = new Map<string, CitySince>();
  for (const { key, since } of cities) {
    for (const k of [key, ALL_CITIES]) pairs.set(`${k}\n${since}`, { key: k, since });
  }
  return JSON.stringify([...pairs.values()]);
}

/**
 * Whom an alert goes to: fans following each city by its `since` who agreed to a consent text
 * of version `consentSince` or later (see recipientsSql).
 */
export async function recipientIds(
  db: D1Database,
  pageId: number,
  cities: readonly CitySince[],
  consentSince = '',
): Promise<number[]> {
  const { results } = await db
    .prepare(`${recipientsSql('f.id')} ORDER BY f.id`)
    .bind(pageId, withAllCities(cities), consentSince)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

export async function countRecipients(
  db: D1Database,
  pageId: number,
  cities: readonly CitySince[],
  consentSince = '',
): Promise<number> {
  const row = await db
    .prepare(recipientsSql('COUNT(*) AS n'))
    .bind(pageId, withAllCities(cities), consentSince)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Per alert: its deliveries sent and failed. */
export async function deliveryCounts(
  db: D1Database,
  alertIds: readonly number[],
): Promise<Map<number, { sent: number; failed: number }>> {
  const counts = new Map<number, { sent: number; failed: number }>();
  if (alertIds.length === 0) return counts;
  const { results } = await db
    .prepare(
      `SELECT alert_id, SUM(status = 'sent') AS sent, SUM(status = 'failed') AS failed FROM fan_deliveries
       WHERE alert_id IN (SELECT value FROM json_each(?)) GROUP BY alert_id`,
    )
    .bind(JSON.stringify(alertIds))
    .all<{ alert_id: number; sent: number; failed: number }>();
  for (const r of results) counts.set(r.alert_id, { sent: r.sent ?? 0, failed: r.failed ?? 0 });
  return counts;
}

export interface PendingFan {
  id: number;
  email: string;
  /** when the fan confirmed ('…Z') */
  confirmedAt: string;
  /** the city keys the fan follows */
  keys: string[];
  /** per city key followed, since when ('…Z') */
  followedSince: Record<string, string>;
}

/**
 * The fans of a message still to be sent this alert: of the page, confirmed, not suppressed,
 * without a finished delivery row (sent, failed, skipped) for it; with the cities they follow.
 * A fan whose row says 'sending' (an earlier attempt) is still to be sent.
 */
export async function pendingFans(
  db: D1Database,
  alertId: number,
  pageId: number,
  fanIds: readonly number[],
): Promise<PendingFan[]> {
  const { results } = await db
    .prepare(
      `SELECT f.id, f.email, f.confirmed_at,
         (SELECT json_group_object(c.city_key, c.created_at) FROM fan_cities c WHERE c.fan_id = f.id) AS cities
       FROM fans f
       WHERE f.id IN (SELECT value FROM json_each(?1)) AND f.page_id = ?2 AND f.confirmed_at IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM fan_suppressions s WHERE s.email = f.email)
         AND NOT EXISTS (SELECT 1 FROM fan_deliveries d WHERE d.alert_id = ?3 AND d.fan_id = f.id
                         AND d.status IN ('sent', 'failed', 'skipped'))
       ORDER BY f.id`,
    )
    .bind(JSON.stringify(fanIds), pageId, alertId)
    .all<{ id: number; email: string; confirmed_at: string; cities: string }>();
  return results.map((r) => {
    const followedSince = JSON.parse(r.cities) as Record<string, string>;
    return { id: r.id, email: r.email, confirmedAt: r.confirmed_at, keys: Object.keys(followedSince), followedSince };
  });
}

/**
 * Claims fans for a provider call: a 'sending' row each (a row left 'sending' by an earlier
 * attempt counts one more attempt). A finished row is never touched.
 */
export async function claimDeliveries(db: D1Database, alertId: number, fanIds: readonly number[]): Promise<void> {
  if (fanIds.length === 0) return;
  await db
    .prepare(
      `INSERT INTO fan_deliveries (alert_id, fan_id, status, attempts)
       SELECT ?, value, 'sending', 1 FROM json_each(?) WHERE true
       ON CONFLICT (alert_id, fan_id) DO UPDATE SET attempts = attempts + 1,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE status = 'sending'`,
    )
    .bind(alertId, JSON.stringify(fanIds))
    .run();
}

/**
 * Finishes fans' deliveries: 'sent' or 'failed' after a provider call (only rows still
 * 'sending'), 'skipped' for fans that left (inserted, or a 'sending' row turned).
 */
export async function finishDeliveries(
  db: D1Database,
  alertId: number,
  fanIds: readonly number[],
  status: 'sent' | 'failed' | 'skipped',
): Promise<void> {
  if (fanIds.length === 0) return;
  await db
    .prepare(
      `INSERT INTO fan_deliveries (alert_id, fan_id, status)
       SELECT ?1, value, ?3 FROM json_each(?2) WHERE true
       ON CONFLICT (alert_id, fan_id) DO UPDATE SET status = ?3,
         updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE status = 'sending'`,
    )
    .bind(alertId, JSON.stringify(fanIds), status)
    .run();
}

/** A sending alert whose every recipient has a finished delivery row becomes 'sent'. */
export async function finishIfDone(db: D1Database, alertId: number, now: string): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE fan_alerts SET status = 'sent', finished_at = ?1 WHERE id = ?2 AND status = 'sending'
       AND (SELECT COUNT(*) FROM fan_deliveries WHERE alert_id = ?2 AND status IN ('sent', 'failed', 'skipped'))
           >= recipients`,
    )
    .bind(now, alertId)
    .run();
  return res.meta.changes > 0;
}

/** Addresses that get nothing more from any page; an address already listed keeps its first reason. */
export async function suppressAddresses(
  db: D1Database,
  emails: readonly string[],
  reason: 'bounced' | 'complained',
): Promise<void> {
  if (emails.length === 0) return;
  await db
    .prepare(
      `INSERT INTO fan_suppressions (email, reason) SELECT DISTINCT value, ? FROM json_each(?) WHERE true
       ON CONFLICT (email) DO NOTHING`,
    )
    .bind(reason, JSON.stringify(emails))
    .run();
}
