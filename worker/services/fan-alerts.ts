/**
 * New-date alerts to a page's fans (docs/architecture.md#fan-alerts):
 * save → alert (grace delay) → per-minute cron or 'Invia ora' → FANS queue (100 fans a message)
 * → consumer → one provider batch call per message → a delivery row per fan.
 *
 * - A save that leaves the page with an upcoming dated event it did not have (a new event, a
 *   date given to a 'data da annunciare', a date or city changed) schedules an alert
 *   FAN_GRACE_MINUTES later; dates saved while one is open join it.
 * - The cron takes due alerts of pages the public sees, claims each once, counts its
 *   recipients (confirmed fans of '*' or of an event's city, not suppressed) and queues them.
 * - The consumer reads the events as the page has them at sending time, claims each fan with a
 *   'sending' row, makes one provider call per message (idempotency key from the alert and the
 *   fans), then marks the rows 'sent'. A fan whose row is finished is never sent again.
 */
import { z } from 'zod';
import { decodeEventText } from '../../src/core/button-codec';
import { ALL_CITIES, cityKey, FAN_GRACE_MINUTES } from '../../src/core/fans';
import type { FanAlert } from '../../src/core/schemas/fans';
import { eventDay, instantText, romeToday } from '../../src/core/schedule';
import {
  alertButtonIds,
  alertButtons,
  alertById,
  alertsOfPage,
  claimAlert,
  claimDeliveries,
  closeStaleAlerts,
  countRecipients,
  deliveryCounts,
  dueAlertIds,
  endAlert,
  finishDeliveries,
  finishIfDone,
  pendingFans,
  recipientIds,
  releaseAlert,
  scheduleAlert,
  setRecipients,
  type AlertButtonRow,
  type FanAlertRow,
} from '../db/fan-alerts';
import { getPageRowById, isPubliclyVisible, type PageRow } from '../db/pages';
import type { Bindings } from '../env';
import { alertMail, type AlertMailEvent } from './fan-alert-mail';
import { unsubscribeToken } from './fan-tokens';
import { MAIL_BATCH_MAX, sendMailBatch } from './mail';

/** Fans named in one queue message: one provider batch call. */
export const FANS_PER_MESSAGE = MAIL_BATCH_MAX;
/** Messages per sendBatch call of a queue (Cloudflare's limit). */
const MESSAGES_PER_SEND = 100;
/** Alerts started per cron run at most; a backlog drains over the following minutes. */
export const ALERT_DISPATCH_BATCH = 50;
/** The provider takes about 2 calls a second: at least this long between two calls. */
export const PROVIDER_SPACING_MS = 600;
/** Waits between attempts of a failed message: 30 s doubling up to 15 min (then the DLQ). */
const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 15 * 60;
/** Queues cap a delay at 12 hours. */
const DELAY_CAP_SECONDS = 12 * 60 * 60;
/** A 'sending' alert older than this lost a message to the dead-letter queue: it is closed. */
const STALE_SENDING_MS = 24 * 60 * 60 * 1000;
/** The alerts the organiser's list shows. */
export const ALERT_LIST_LIMIT = 20;

// ---------------------------------------------------------------------------------------------
// Events as the page has them

interface AlertEvent extends AlertMailEvent {
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

function eventOf(row: AlertButtonRow): AlertEvent {
  const { date, city, venue } = decodeEventText(row.text);
  return { button_id: row.id, date, city, venue, day: eventDay(date), key: cityKey(city), ticketUrl: firstCtaUrl(row) };
}

/** The alert's events the page still has, dated, in page order. */
function eventsOf(buttons: readonly AlertButtonRow[], ids: readonly number[]): AlertEvent[] {
  const wanted = new Set(ids);
  return buttons
    .filter((b) => b.type === 'text' && wanted.has(b.id))
    .map(eventOf)
    .filter((e) => e.day !== null);
}

/** Those still to come (today or later in Europe/Rome) with a city, in date order: what an alert announces. */
function upcomingOf(events: readonly AlertEvent[], now: Date): AlertEvent[] {
  const today = romeToday(now);
  return events
    .filter((e) => e.day !== null && e.day >= today && e.key !== '')
    .sort((a, b) => (a.day! < b.day! ? -1 : a.day! > b.day! ? 1 : a.button_id - b.button_id));
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
// The organiser's view of the alerts

/**
 * The alerts as the API answers them. Events: the ones the page still has with a date (for a
 * scheduled alert, only those still to come: what it would announce). Recipients: for a
 * scheduled alert the fans it would reach now, else the count taken when it started.
 */
async function toAnswers(db: D1Database, pageId: number, rows: readonly FanAlertRow[], now: Date): Promise<FanAlert[]> {
  if (rows.length === 0) return [];
  const buttons = await alertButtons(db, pageId);
  const counts = await deliveryCounts(
    db,
    rows.map((r) => r.id),
  );
  const answers: FanAlert[] = [];
  for (const row of rows) {
    const dated = eventsOf(buttons, alertButtonIds(row));
    const events = row.status === 'scheduled' ? upcomingOf(dated, now) : dated;
    const recipients =
      row.status === 'scheduled'
        ? events.length === 0
          ? 0
          : await countRecipients(
              db,
              pageId,
              events.map((e) => e.key),
              row.created_at,
            )
        : row.recipients;
    const cities = new Map<string, string>();
    for (const e of events) if (!cities.has(e.key)) cities.set(e.key, e.city);
    answers.push({
      id: row.id,
      kind: row.kind,
      status: row.status,
      due_at: row.due_at,
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

// ---------------------------------------------------------------------------------------------
// Dispatch: due alerts → the FANS queue

/** The body of a FANS queue message. */
export const fanMessageSchema = z.object({
  alert_id: z.number().int().positive(),
  fan_ids: z.array(z.number().int().positive()).min(1).max(FANS_PER_MESSAGE),
});
export type FanMessage = z.infer<typeof fanMessageSchema>;

/**
 * Starts one alert if it is scheduled, due and its page is seen by the public at `now`: claims
 * it (one run only), reads its events and recipients, and answers the queue messages to send.
 * An alert with nothing left to announce ends cancelled; one with no fan to tell ends sent to 0.
 * Null when it was not started.
 */
export async function startAlert(env: Pick<Bindings, 'DB'>, alertId: number, now: Date): Promise<FanMessage[] | null> {
  const alert = await alertById(env.DB, alertId);
  if (alert?.status !== 'scheduled' || Date.parse(alert.due_at) > now.getTime()) return null;
  const page = await getPageRowById(env.DB, alert.page_id);
  if (!page || !isPubliclyVisible(page, now)) return null;
  const stamp = instantText(now);
  const claimed = await claimAlert(env.DB, alertId, stamp);
  if (!claimed) return null;
  const events = upcomingOf(eventsOf(await alertButtons(env.DB, page.id), alertButtonIds(claimed)), now);
  if (events.length === 0) {
    await endAlert(env.DB, alertId, 'cancelled', 0, stamp);
    return [];
  }
  const fans = await recipientIds(
    env.DB,
    page.id,
    events.map((e) => e.key),
    claimed.created_at,
  );
  if (fans.length === 0) {
    await endAlert(env.DB, alertId, 'sent', 0, stamp);
    return [];
  }
  await setRecipients(env.DB, alertId, fans.length);
  const messages: FanMessage[] = [];
  for (let i = 0; i < fans.length; i += FANS_PER_MESSAGE) {
    messages.push({ alert_id: alertId, fan_ids: fans.slice(i, i + FANS_PER_MESSAGE) });
  }
  return messages;
}

/** Puts messages on the FANS queue, up to 100 per call. */
async function enqueue(env: Pick<Bindings, 'FANS'>, messages: readonly FanMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) {
    await env.FANS.sendBatch(
      messages.slice(i, i + MESSAGES_PER_SEND).map((body) => ({ body, contentType: 'json' as const })),
    );
  }
}

/**
 * Starts one alert and queues its messages; if queueing fails the alert is given back to
 * 'scheduled' for the next run (fans already sent are not sent again). True when started.
 */
export async function dispatchAlert(env: Pick<Bindings, 'DB' | 'FANS'>, alertId: number, now: Date): Promise<boolean> {
  const messages = await startAlert(env, alertId, now);
  if (messages === null) return false;
  try {
    await enqueue(env, messages);
  } catch (err) {
    console.error('fan alert not queued, retried next run', alertId, err instanceof Error ? err.message : String(err));
    await releaseAlert(env.DB, alertId);
    return false;
  }
  return true;
}

/**
 * The per-minute step: every due alert of a visible page is started (oldest due first, at most
 * ALERT_DISPATCH_BATCH), and alerts stuck 'sending' for a day are closed. Answers how many started.
 */
export async function dispatchDueAlerts(env: Pick<Bindings, 'DB' | 'FANS'>, now: Date): Promise<number> {
  const stamp = instantText(now);
  await closeStaleAlerts(env.DB, instantText(now.getTime() - STALE_SENDING_MS), stamp);
  let started = 0;
  for (const id of await dueAlertIds(env.DB, stamp, ALERT_DISPATCH_BATCH)) {
    try {
      if (await dispatchAlert(env, id, now)) started += 1;
    } catch (err) {
      console.error('fan alert dispatch failed', id, err instanceof Error ? err.message : String(err));
    }
  }
  return started;
}

// ---------------------------------------------------------------------------------------------
// The FANS queue's consumer

/** The queue's name in wrangler.toml (also under `wrangler dev` and in the tests). */
export const FANS_QUEUE = 'palco-fans';

type ConsumerEnv = Pick<Bindings, 'DB' | 'MAILER' | 'MAIL_FROM' | 'RESEND_API_KEY' | 'APP_URL' | 'JWT_SECRET'>;

/**
 * When the last provider call of this isolate ended (max_concurrency 1: one consumer at a time).
 * The spacing runs from the end of one call to the start of the next: stricter than start to
 * start, and it holds whatever the clock's granularity.
 */
let lastProviderCall = 0;

async function paceProviderCall(): Promise<void> {
  for (let wait = lastProviderCall + PROVIDER_SPACING_MS - Date.now(); wait > 0; ) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    wait = lastProviderCall + PROVIDER_SPACING_MS - Date.now();
  }
}

function sha256Hex(text: string): Promise<string> {
  return crypto.subtle
    .digest('SHA-256', new TextEncoder().encode(text))
    .then((d) => [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join(''));
}

/** The provider's idempotency key of one call: the alert and exactly these fans (≤ 256 characters). */
export async function alertIdempotencyKey(alertId: number, fanIds: readonly number[]): Promise<string> {
  const sorted = [...fanIds].sort((a, b) => a - b);
  return `fan-alert-${alertId}-${await sha256Hex(sorted.join(','))}`;
}

/** The configured public origin (APP_URL): alert links need it, and the queue has no request. */
function configuredOrigin(env: Pick<Bindings, 'APP_URL'>): string {
  const value = env.APP_URL?.trim();
  if (!value) throw new Error('APP_URL is not set: fan alerts cannot build their links');
  return new URL(value).origin;
}

/** What became of one message: done (acknowledge) or to be tried again after a delay. */
type MessageOutcome = { done: true } | { done: false; delaySeconds: number; throttled: boolean };

function retryDelay(attempts: number): number {
  return Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
}

/** Sends one message's fans their e-mail (at most one provider call). */
async function deliverMessage(env: ConsumerEnv, body: FanMessage, attempts: number): Promise<MessageOutcome> {
  const alert = await alertById(env.DB, body.alert_id);
  if (!alert || alert.status === 'cancelled') return { done: true };
  const page = await getPageRowById(env.DB, alert.page_id);
  if (!page) return { done: true };
  const now = new Date();
  const stamp = instantText(now);
  const events = upcomingOf(eventsOf(await alertButtons(env.DB, page.id), alertButtonIds(alert)), now);
  const pending = await pendingFans(env.DB, alert.id, page.id, body.fan_ids);

  // each fan hears of the events of the cities they follow ('Tutte le date': all of them)
  const toSend: Array<{ id: number; email: string; events: AlertEvent[] }> = [];
  for (const fan of pending) {
    const keys = new Set(fan.keys);
    const mine = keys.has(ALL_CITIES) ? events : events.filter((e) => keys.has(e.key));
    if (mine.length > 0) toSend.push({ id: fan.id, email: fan.email, events: mine });
  }
  const sending = new Set(toSend.map((f) => f.id));
  // gone since the dispatch: unsubscribed, suppressed, no longer following, or nothing left to announce
  await finishDeliveries(
    env.DB,
    alert.id,
    body.fan_ids.filter((id) => !sending.has(id)),
    'skipped',
  );
  if (toSend.length === 0) {
    await finishIfDone(env.DB, alert.id, stamp);
    return { done: true };
  }

  const origin = configuredOrigin(env);
  const mailPage = { slug: page.folder_name, title: page.display_title || page.title, company: page.company };
  const mails = await Promise.all(
    toSend.map(async (fan) => alertMail(origin, mailPage, fan.events, fan.email, await unsubscribeToken(env, fan.id))),
  );
  const ids = toSend.map((f) => f.id);
  await claimDeliveries(env.DB, alert.id, ids);
  const outcome = await sendMailBatch(env, mails, await alertIdempotencyKey(alert.id, ids), null, paceProviderCall);
  lastProviderCall = Date.now();
  console.log(
    `[fans] alert ${alert.id}: ${ids.length} e-mails, one provider call (attempt ${attempts}): ${outcome.status}`,
  );
  if (outcome.status === 'retry') {
    const delaySeconds =
      outcome.retryAfterSeconds === null ? retryDelay(attempts) : Math.max(1, outcome.retryAfterSeconds);
    return {
      done: false,
      delaySeconds: Math.min(DELAY_CAP_SECONDS, delaySeconds),
      throttled: outcome.retryAfterSeconds !== null,
    };
  }
  await finishDeliveries(env.DB, alert.id, ids, outcome.status === 'sent' ? 'sent' : 'failed');
  await finishIfDone(env.DB, alert.id, stamp);
  return { done: true };
}

/**
 * The FANS queue's consumer: the messages of a batch one after another, at most one provider
 * call each, spaced PROVIDER_SPACING_MS apart. A message that is not a fan message is dropped.
 * A failure (network, 5xx, 429, D1) retries that message with a growing delay (Retry-After on a
 * 429, and then the batch's remaining messages wait as long without a call); past max_retries
 * the queue parks it in the dead-letter queue.
 */
export async function consumeFanBatch(batch: MessageBatch<unknown>, env: ConsumerEnv): Promise<void> {
  console.log(`[fans] batch of ${batch.messages.length} message(s)`);
  let throttledFor = 0;
  for (const message of batch.messages) {
    const parsed = fanMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error('fan message dropped: not a fan message', message.id);
      message.ack();
      continue;
    }
    if (throttledFor > 0) {
      message.retry({ delaySeconds: throttledFor });
      continue;
    }
    try {
      const outcome = await deliverMessage(env, parsed.data, message.attempts);
      if (outcome.done) message.ack();
      else {
        message.retry({ delaySeconds: outcome.delaySeconds });
        if (outcome.throttled) throttledFor = outcome.delaySeconds;
      }
    } catch (err) {
      console.error('fan message failed, retrying', message.id, err instanceof Error ? err.message : String(err));
      message.retry({ delaySeconds: retryDelay(message.attempts) });
    }
  }
}
