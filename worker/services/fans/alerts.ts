/**
 * New-date alerts to a page's fans (docs/architecture.md#fan-alerts): the events as the page has
 * them, the scheduling on save, and the organiser's view of the alerts. The dispatch and the FANS
 * queue's consumer are in delivery.ts.
 *
 * - A save that leaves the page with an upcoming dated event it did not have (a new event, a
 *   date given to a 'data da annunciare', a date or city changed) schedules an alert
 *   FAN_GRACE_MINUTES later; dates saved while one is open join it.
 * - At most FAN_ALERTS_PER_DAY alerts of a page reach fans in 24 hours: a further one waits,
 *   scheduled, until the window allows it (capOpensAt; the dispatch holds it).
 * - The organiser's list answers each alert with its events, cities, recipients and counts.
 */
import { decodeEventText } from '../../../src/core/button-codec';
import {
  ALL_CITIES,
  cityKey,
  FAN_ALERTS_PER_DAY,
  FAN_GRACE_MINUTES,
  FAN_SALE_CONSENT_VERSION,
} from '../../../src/core/fans';
import type { FanAlert } from '../../../src/core/schemas/fans';
import { eventDay, instantText, romeToday } from '../../../src/core/schedule';
import {
  alertButtonIds,
  alertButtons,
  alertsOfPage,
  capStart,
  joinedAt,
  scheduleAlert,
  type AlertButtonRow,
  type FanAlertRow,
} from '../../db/fans/alerts';
import { type CitySince, countRecipients, deliveryCounts, type PendingFan } from '../../db/fans/deliveries';
import { isPubliclyVisible, type PageRow } from '../../db/pages/pages';
import { alertsWaitingForCodes } from '../../db/fans/presale';
import type { Bindings } from '../../env';
import type { AlertMailEvent } from './alert-mail';

/** The alerts the organiser's list shows. */
export const ALERT_LIST_LIMIT = 20;

// ---------------------------------------------------------------------------------------------
// Events as the page has them

export interface AlertEvent extends AlertMailEvent {
  button_id: number;
  /** the Europe/Rome day, null when the date is not one ('data da annunciare') */
  day: string | null;
  /** cityKey of the city */
  key: string;
}

function firstCtaUrl(row: AlertButtonRow): string | null {
  try {
    const ctas = JSON.parse(row.cta_buttons ?? 'null') as unknown;
    if (Array.isArray(ctas)) {
      for (const cta of ctas) {
        const url = cta && typeof cta === 'object' ? String((cta as { url?: unknown }).url ?? '').trim() : '';
        if (url) return url;
      }
    }
  } catch {
    /* a malformed list: the url column */
  }
  return row.url?.trim() || null;
}

export function eventOf(row: AlertButtonRow): AlertEvent {
  const { date, city, venue } = decodeEventText(row.text);
  return { button_id: row.id, date, city, venue, day: eventDay(date), key: cityKey(city), ticketUrl: firstCtaUrl(row) };
}

/** The alert's events the page still has, dated, in page order. */
export function eventsOf(buttons: readonly AlertButtonRow[], ids: readonly number[]): AlertEvent[] {
  const wanted = new Set(ids);
  return buttons
    .filter((b) => b.type === 'text' && wanted.has(b.id))
    .map(eventOf)
    .filter((e) => e.day !== null);
}

/** Those still to come (today or later in Europe/Rome) with a city, in date order: what an alert announces. */
export function upcomingOf(events: readonly AlertEvent[], now: Date): AlertEvent[] {
  const today = romeToday(now);
  return events
    .filter((e) => e.day !== null && e.day >= today && e.key !== '')
    .sort((a, b) => (a.day! < b.day! ? -1 : a.day! > b.day! ? 1 : a.button_id - b.button_id));
}

// ---------------------------------------------------------------------------------------------
// Whom each date is news to (docs/behaviour.md#alerts)

/** The cities of a new-date alert's events, each from the instant its event joined the alert. */
export function joinedCities(
  alert: Pick<FanAlertRow, 'button_joins' | 'created_at'>,
  events: readonly AlertEvent[],
): CitySince[] {
  return events.map((e) => ({ key: e.key, since: joinedAt(alert, e.button_id) }));
}

/**
 * Whether a fan hears of an event that joined its alert at `joined`: they had confirmed and
 * followed its city, or 'Tutte le date', by then (a later fan saw it on the page already).
 */
export function hearsOf(fan: Pick<PendingFan, 'confirmedAt' | 'followedSince'>, key: string, joined: string): boolean {
  const at = Date.parse(joined);
  if (!(Date.parse(fan.confirmedAt) <= at)) return false;
  return [key, ALL_CITIES].some((k) => {
    const since = fan.followedSince[k];
    return since !== undefined && Date.parse(since) <= at;
  });
}

// ---------------------------------------------------------------------------------------------
// A save: which dates are new

/** Per event button: its day and city key ('2099-05-12|milano'), or null while it has no date. */
export type EventSnapshot = ReadonlyMap<number, string | null>;

function snapshotKey(e: AlertEvent | ReturnType<typeof eventOf>): string | null {
  return e.day === null ? null : `${e.day}|${e.key}`;
}

export async function eventSnapshot(db: D1Database, pageId: number): Promise<EventSnapshot> {
  const rows = await alertButtons(db, pageId);
  return new Map(rows.filter((b) => b.type === 'text').map((b) => [b.id, snapshotKey(eventOf(b))]));
}

/**
 * The events of `after` that are upcoming and dated and were not so in `before`: a new event, a
 * 'data da annunciare' that got its date, or a date or city changed (a show moved to another day
 * or town is news to the fans of that town). Button ids survive an update, so they pair events.
 */
export function newDatedEvents(before: EventSnapshot, after: readonly AlertButtonRow[], now: Date): number[] {
  const today = romeToday(now);
  const fresh: number[] = [];
  for (const row of after) {
    if (row.type !== 'text') continue;
    const event = eventOf(row);
    if (event.day === null || event.day < today || event.key === '') continue;
    if (before.get(row.id) !== snapshotKey(event)) fresh.push(row.id);
  }
  return fresh;
}

type VisibilityFields = Pick<PageRow, 'visible' | 'visible_from' | 'visible_until'>;

/**
 * After a page write: schedules (or extends) the page's alert with the dates the write added.
 * `before` is the snapshot taken before the write (empty for a new page). A failure is logged
 * and never fails the save that caused it. Answers the button ids scheduled.
 */
export async function scheduleNewDates(
  env: Pick<Bindings, 'DB'>,
  page: { id: number } & VisibilityFields,
  before: EventSnapshot,
  now: Date = new Date(),
): Promise<number[]> {
  try {
    const fresh = newDatedEvents(before, await alertButtons(env.DB, page.id), now);
    if (fresh.length === 0) return [];
    const due = instantText(now.getTime() + FAN_GRACE_MINUTES * 60_000);
    // a hidden or not-yet-open page: its waiting alert takes the new date too (one e-mail when it opens)
    await scheduleAlert(env.DB, page.id, fresh, instantText(now), due, !isPubliclyVisible(page, now));
    return fresh;
  } catch (err) {
    console.error('fan alert not scheduled', page.id, err instanceof Error ? err.message : String(err));
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// The daily cap (docs/behaviour.md#alerts)

/** The window over which a page's new-date alerts are counted against FAN_ALERTS_PER_DAY. */
export const ALERT_WINDOW_MS = 24 * 60 * 60_000;

/**
 * When the page may start its next new-date alert: null when it may now, else the instant the
 * oldest of its last FAN_ALERTS_PER_DAY alerts that reached fans is 24 hours old. Each alert
 * mails a fan once, so a fan gets at most that many of the page's alerts in 24 hours. The
 * on-sale e-mails neither count nor wait: their instant is the point.
 */
export async function capOpensAt(db: D1Database, pageId: number, now: Date): Promise<string | null> {
  const since = instantText(now.getTime() - ALERT_WINDOW_MS);
  const start = await capStart(db, pageId, since, FAN_ALERTS_PER_DAY);
  return start === null ? null : instantText(Date.parse(start) + ALERT_WINDOW_MS);
}

// ---------------------------------------------------------------------------------------------
// The organiser's view of the alerts

/**
 * The alerts as the API answers them. Events: the ones the page still has with a date (for a
 * scheduled alert, only those still to come: what it would announce). Recipients: for a
 * scheduled alert the fans it would reach now, else the count taken when it started. A
 * scheduled new-date alert the cap holds answers when it may leave as `held_until` and `due_at`.
 */
async function toAnswers(db: D1Database, pageId: number, rows: readonly FanAlertRow[], now: Date): Promise<FanAlert[]> {
  if (rows.length === 0) return [];
  const buttons = await alertButtons(db, pageId);
  const counts = await deliveryCounts(
    db,
    rows.map((r) => r.id),
  );
  // a scheduled new-date alert due before the cap allows it waits (held) until then
  const waiting = rows.some((r) => r.status === 'scheduled' && r.kind === 'new_date');
  const opensAt = waiting ? await capOpensAt(db, pageId, now) : null;
  // a scheduled presale of one-time codes with none loaded waits for them
  const presales = rows.some((r) => r.status === 'scheduled' && r.kind === 'presale');
  const withoutCodes = presales ? await alertsWaitingForCodes(db, pageId) : new Set<number>();
  const answers: FanAlert[] = [];
  for (const row of rows) {
    const heldUntil =
      row.status === 'scheduled' &&
      row.kind === 'new_date' &&
      opensAt !== null &&
      Date.parse(opensAt) >= Date.parse(row.due_at)
        ? opensAt
        : null;
    const dated = eventsOf(buttons, alertButtonIds(row));
    const events = row.status === 'scheduled' ? upcomingOf(dated, now) : dated;
    // an on-sale e-mail goes to the fans following when it leaves, with a consent that covers it
    const sale = row.kind !== 'new_date';
    const recipients =
      row.status === 'scheduled'
        ? events.length === 0
          ? 0
          : sale
            ? await countRecipients(
                db,
                pageId,
                events.map((e) => ({ key: e.key, since: now.toISOString() })),
                FAN_SALE_CONSENT_VERSION,
              )
            : await countRecipients(db, pageId, joinedCities(row, events))
        : row.recipients;
    const cities = new Map<string, string>();
    for (const e of events) if (!cities.has(e.key)) cities.set(e.key, e.city);
    answers.push({
      id: row.id,
      kind: row.kind,
      status: row.status,
      due_at: heldUntil ?? row.due_at,
      held_until: heldUntil,
      waits_for_codes: withoutCodes.has(row.id),
      created_at: row.created_at,
      finished_at: row.finished_at,
      cities: [...cities.values()],
      events: events.map((e) => ({ button_id: e.button_id, date: e.date, city: e.city, venue: e.venue })),
      recipients,
      sent: counts.get(row.id)?.sent ?? 0,
      failed: counts.get(row.id)?.failed ?? 0,
    });
  }
  return answers;
}

/** The page's scheduled alerts, newest first (the editor's 'Avviso ai fan di …' notices). */
export async function scheduledAlerts(db: D1Database, pageId: number, now: Date = new Date()): Promise<FanAlert[]> {
  return toAnswers(db, pageId, await alertsOfPage(db, pageId, { scheduledOnly: true, limit: 50 }), now);
}

/** The page's latest alerts, scheduled and past, newest first. */
export async function recentAlerts(db: D1Database, pageId: number, now: Date = new Date()): Promise<FanAlert[]> {
  return toAnswers(db, pageId, await alertsOfPage(db, pageId, { scheduledOnly: false, limit: ALERT_LIST_LIMIT }), now);
}

/** One alert of the page as answered, or null. */
export async function alertAnswer(
  db: D1Database,
  pageId: number,
  row: FanAlertRow,
  now: Date = new Date(),
): Promise<FanAlert> {
  return (await toAnswers(db, pageId, [row], now))[0]!;
}
