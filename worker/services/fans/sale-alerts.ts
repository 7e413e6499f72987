/**
 * On-sale e-mails (docs/behaviour.md#on-sale-e-mails, docs/architecture.md#fan-alerts): when an
 * event's tickets go on sale its city's fans get 'Biglietti in vendita ora' within a minute after
 * the instant and never before it, and, when the instant was set at least a day ahead and the page
 * keeps its `sale_reminder` on, a reminder 24 hours before. Each is a fan_alerts row of its own
 * kind naming the event, so the dispatch, the FANS queue and the per-fan delivery rows of the
 * new-date alerts carry them, once per fan and event.
 *
 * - syncSaleAlerts, run by every publish (every write path and the scheduled republish), keeps
 *   the rows in step with the page: a moved instant moves them, a cleared instant, a sold-out or
 *   removed or past event, a hidden page cancels them.
 * - startSaleAlert, from the per-minute dispatch, queues an on-sale alert up to
 *   SALE_QUEUE_LEAD_MS ahead with a delay that ends on the instant; the consumer
 *   (saleRecipients) re-queues a message that arrives early, and sends nothing then.
 */
import { ALL_CITIES, FAN_SALE_CONSENT_VERSION } from '../../../src/core/fans';
import { availabilityOf } from '../../../src/core/on-sale';
import { instantText, romeToday } from '../../../src/core/schedule';
import {
  alertButtons,
  type AlertButtonRow,
  claimAlert,
  endAlert,
  type FanAlertRow,
  setRecipients,
} from '../../db/fans/alerts';
import { pendingFans, recipientIds } from '../../db/fans/deliveries';
import { getPageRow, isPubliclyVisible, type PageRow } from '../../db/pages/pages';
import { insertSaleAlert, saleAlertStep, saleAlertsOfPage, type SaleKind } from '../../db/fans/sale-alerts';
import type { Bindings } from '../../env';
import { type AlertEvent, eventOf } from './alerts';
import type { Mail } from '../mail';
import { alertMailPage } from './alert-mail';
import { saleMail } from './sale-alert-mail';

/** An on-sale alert is queued this long before its instant at most (the per-minute run's reach). */
export const SALE_QUEUE_LEAD_MS = 2 * 60_000;
/** The reminder leaves this long before the instant, and only for an instant set at least this far ahead. */
export const SALE_REMINDER_MS = 24 * 60 * 60_000;

/** An event that goes on sale: its on-sale instant and the link of the CTA that opens then. */
export interface SaleEvent extends AlertEvent {
  /** UTC ISO, to the second */
  on_sale_at: string;
}

/**
 * When an event goes on sale: the earliest `on_sale_at` of its CTAs that are not sold out, with
 * that CTA's link; null when none has one, or every CTA is sold out.
 */
export function saleOf(row: AlertButtonRow): { at: string; url: string | null } | null {
  let ctas: unknown;
  try {
    ctas = JSON.parse(row.cta_buttons ?? 'null');
  } catch {
    return null;
  }
  if (!Array.isArray(ctas)) return null;
  let best: { at: string; url: string | null; ms: number } | null = null;
  for (const cta of ctas) {
    if (!cta || typeof cta !== 'object') continue;
    const c = cta as { url?: unknown; buttonText?: unknown; availability?: unknown; on_sale_at?: unknown };
    if (typeof c.on_sale_at !== 'string') continue;
    if (
      availabilityOf({
        buttonText: typeof c.buttonText === 'string' ? c.buttonText : '',
        availability: c.availability,
      }) === 'sold_out'
    )
      continue;
    const ms = Date.parse(c.on_sale_at);
    if (Number.isNaN(ms) || (best && best.ms <= ms)) continue;
    best = { at: instantText(ms), url: String(c.url ?? '').trim() || null, ms };
  }
  return best && { at: best.at, url: best.url };
}

/** The page's events that go on sale and are still to come (today or later in Europe/Rome), with a city. */
export function saleEvents(buttons: readonly AlertButtonRow[], now: Date): Map<number, SaleEvent> {
  const today = romeToday(now);
  const events = new Map<number, SaleEvent>();
  for (const row of buttons) {
    if (row.type !== 'text') continue;
    const event = eventOf(row);
    if (event.day === null || event.day < today || event.key === '') continue;
    const sale = saleOf(row);
    if (sale) events.set(row.id, { ...event, ticketUrl: sale.url ?? event.ticketUrl, on_sale_at: sale.at });
  }
  return events;
}

/** When an alert of this kind leaves for this event. */
function dueOf(kind: SaleKind, event: SaleEvent): string {
  const at = Date.parse(event.on_sale_at);
  return kind === 'on_sale' ? event.on_sale_at : instantText(at - SALE_REMINDER_MS);
}

/** The kinds the page wants for its events: the reminder only while `sale_reminder` is on. */
function kindsOf(page: Pick<PageRow, 'sale_reminder'>): SaleKind[] {
  return page.sale_reminder === 0 ? ['on_sale'] : ['on_sale', 'sale_reminder'];
}

/** Whether two instants (UTC ISO) are the same moment, however written. */
export const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * After a publish: the statements `steps` answers for the page's alert rows, run in one batch.
 * An unknown slug does nothing; a failure is logged as `failure` and never fails the publish.
 */
export async function syncAlertRows(
  env: Pick<Bindings, 'DB'>,
  slug: string,
  now: Date,
  failure: string,
  steps: (page: PageRow, t: number, stamp: string) => Promise<D1PreparedStatement[]>,
): Promise<void> {
  try {
    const page = await getPageRow(env.DB, slug);
    if (!page) return;
    const statements = await steps(page, now.getTime(), instantText(now));
    if (statements.length > 0) await env.DB.batch(statements);
  } catch (err) {
    console.error(failure, slug, err instanceof Error ? err.message : String(err));
  }
}

/**
 * After a publish: the page's on-sale alerts as its events now say. Wanted (the page seen by the
 * public, the event upcoming, its instant set and not sold out): an alert is created, or a
 * cancelled one revived, only while its time is ahead (so the reminder needs the instant a day
 * ahead); a scheduled one follows its instant; one queued but not yet due goes back to scheduled
 * at the new time. Not wanted: cancelled, unless it is already going out. Sent ones stay sent:
 * once per fan and event. A failure is logged and never fails the publish.
 */
export function syncSaleAlerts(env: Pick<Bindings, 'DB'>, slug: string, now: Date): Promise<void> {
  return syncAlertRows(env, slug, now, 'on-sale alerts not synced', async (page, t, stamp) => {
    const events = isPubliclyVisible(page, now)
      ? saleEvents(await alertButtons(env.DB, page.id), now)
      : new Map<number, SaleEvent>();
    const kinds = kindsOf(page);
    const rows = await saleAlertsOfPage(env.DB, page.id);
    const byKey = new Map(rows.map((r) => [`${r.button_id}|${r.kind}`, r]));
    const statements: D1PreparedStatement[] = [];
    for (const row of rows) {
      const event = row.button_id === null ? undefined : events.get(row.button_id);
      const kind = row.kind as SaleKind;
      const due = event && kinds.includes(kind) ? dueOf(kind, event) : null;
      // a reminder moved to a time already past would announce a sale hours away as 'domani';
      // one whose time is unchanged and just passed is still on its way (the dispatch sends it)
      const kept = due !== null && row.status !== 'cancelled' && sameInstant(row.due_at, due);
      const wanted = due !== null && (kind === 'on_sale' || Date.parse(due) > t || kept);
      // a cancelled alert comes back only while its time is ahead
      if (wanted && row.status === 'cancelled' && Date.parse(due) <= t) continue;
      const step = saleAlertStep(env.DB, row, wanted ? due : null, t, stamp);
      if (step) statements.push(step);
    }
    for (const [buttonId, event] of events) {
      for (const kind of kinds) {
        const due = dueOf(kind, event);
        if (!byKey.has(`${buttonId}|${kind}`) && Date.parse(due) > t)
          statements.push(insertSaleAlert(env.DB, page.id, buttonId, kind, due));
      }
    }
    return statements;
  });
}

// ---------------------------------------------------------------------------------------------
// Dispatch and consumer

/** The event an alert is about, if it still goes on sale as the alert says; null when not. */
async function eventOfAlert(db: D1Database, alert: FanAlertRow, now: Date): Promise<SaleEvent | null> {
  if (alert.button_id === null) return null;
  return saleEvents(await alertButtons(db, alert.page_id), now).get(alert.button_id) ?? null;
}

/** Whether an alert of this kind may still go out at `now` for this event (else it ends). */
function stillValid(alert: FanAlertRow, page: Pick<PageRow, 'sale_reminder'>, event: SaleEvent | null, now: Date) {
  if (!event) return false;
  if (alert.kind === 'sale_reminder') return page.sale_reminder !== 0 && Date.parse(event.on_sale_at) > now.getTime();
  return true;
}

/** One FANS message of an alert (on-sale, reminder, presale): `not_before` is the instant it may be sent. */
export interface SaleMessage {
  alert_id: number;
  fan_ids: number[];
  not_before: string;
}

/** The messages that carry these fans to a started alert, each at most `perMessage`, each carrying its due time. */
export function alertMessages(alert: FanAlertRow, fans: readonly number[], perMessage: number): SaleMessage[] {
  const messages: SaleMessage[] = [];
  for (let i = 0; i < fans.length; i += perMessage) {
    messages.push({ alert_id: alert.id, fan_ids: fans.slice(i, i + perMessage), not_before: alert.due_at });
  }
  return messages;
}

/**
 * Claims an alert whose time has come and answers its messages: ended 'cancelled' at once when
 * `key` is null (nothing to announce any more), 'sent' at once when no fan follows `key` or
 * 'Tutte le date' (confirmed since `since()`, read after the claim, with the on-sale consent).
 * Null when another run claimed it first.
 */
export async function claimAndCount(
  env: Pick<Bindings, 'DB'>,
  alert: FanAlertRow,
  page: PageRow,
  now: Date,
  key: string | null,
  since: () => string,
  fansPerMessage: number,
): Promise<SaleMessage[] | null> {
  const stamp = instantText(now);
  const claimed = await claimAlert(env.DB, alert.id, stamp);
  if (!claimed) return null;
  if (key === null) {
    await endAlert(env.DB, alert.id, 'cancelled', 0, stamp);
    return [];
  }
  const fans = await recipientIds(env.DB, page.id, [{ key, since: since() }], FAN_SALE_CONSENT_VERSION);
  if (fans.length === 0) {
    await endAlert(env.DB, alert.id, 'sent', 0, stamp);
    return [];
  }
  await setRecipients(env.DB, alert.id, fans.length);
  return alertMessages(claimed, fans, fansPerMessage);
}

/**
 * How the dispatch starts an alert of one family (on-sale and reminder, presale) whose page the
 * public sees: null when not started, [] when it ended at once, else its FANS messages.
 */
export type AlertStart = (
  env: Pick<Bindings, 'DB'>,
  alert: FanAlertRow,
  page: PageRow,
  now: Date,
  fansPerMessage: number,
) => Promise<SaleMessage[] | null>;

/** How the consumer answers a FANS message of one family's alert at `now`. */
export type AlertPlan = (
  db: D1Database,
  origin: string,
  alert: FanAlertRow,
  page: PageRow,
  body: { fan_ids: number[]; not_before?: string | undefined },
  now: Date,
) => Promise<SalePlan>;

/**
 * Starts an on-sale alert or reminder (from the dispatch; the page is seen by the public):
 * claims it when its time is within reach (the instant within SALE_QUEUE_LEAD_MS for the on-sale
 * e-mail, passed for the reminder), counts its fans (confirmed now, following the event's city or
 * 'Tutte le date', with a consent that covers these e-mails) and answers its messages, each
 * carrying the alert's due time. Null when not started; [] when it ended at once.
 */
export const startSaleAlert: AlertStart = async (env, alert, page, now, fansPerMessage) => {
  const lead = alert.kind === 'on_sale' ? SALE_QUEUE_LEAD_MS : 0;
  if (Date.parse(alert.due_at) > now.getTime() + lead) return null;
  const event = await eventOfAlert(env.DB, alert, now);
  const valid = stillValid(alert, page, event, now);
  // the page changed without a publish reaching the sync: it puts the row right on the next one
  if (event && valid && !sameInstant(dueOf(alert.kind as SaleKind, event), alert.due_at)) return null;
  const key = valid ? event!.key : null;
  return claimAndCount(env, alert, page, now, key, () => now.toISOString(), fansPerMessage);
};

/** The seconds a message must still wait (Queues take whole seconds; never 0 when early). */
export function secondsUntil(at: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(at) - now) / 1000));
}

/** A fan of a message and the e-mail they get, once their unsubscribe token is known. */
export interface Recipient {
  id: number;
  email: string;
  mail: (unsubscribeToken: string) => Mail;
}

export type SalePlan =
  /** the message is not this alert's any more (moved, cancelled): dropped */
  | { kind: 'stale' }
  /** it came before its instant: queued again with this delay, nothing sent */
  | { kind: 'early'; delaySeconds: number }
  | {
      kind: 'send';
      recipients: Recipient[];
      /** the provider call's key, when not the alert's and fans' (presale: per fan and code) */
      idempotencyKey?: string;
      /** after the provider took them, before their delivery rows turn 'sent' */
      onSent?: (fanIds: number[]) => Promise<void>;
    };

/**
 * Whether a message of an alert is not to be sent at `now`: stale (the alert is not going out,
 * or the message carries another due time) or early (queued again until its `not_before`).
 * Null: it is due.
 */
export function messageWait(
  alert: FanAlertRow,
  body: { not_before?: string | undefined },
  now: Date,
): Extract<SalePlan, { kind: 'stale' | 'early' }> | null {
  if (alert.status !== 'sending' && alert.status !== 'sent') return { kind: 'stale' };
  const notBefore = body.not_before ?? alert.due_at;
  if (!sameInstant(notBefore, alert.due_at)) return { kind: 'stale' };
  const wait = secondsUntil(notBefore, now.getTime());
  return wait > 0 ? { kind: 'early', delaySeconds: wait } : null;
}

/**
 * What the consumer does with a message of an on-sale alert at `now`: drop it, queue it again
 * until its instant, or send these fans (the rest of the message are skipped: gone, no longer
 * following, or the event no longer goes on sale as announced).
 */
export const saleRecipients: AlertPlan = async (db, origin, alert, page, body, now) => {
  const waiting = messageWait(alert, body, now);
  if (waiting) return waiting;
  const event = await eventOfAlert(db, alert, now);
  // 'in vendita ora' only while it is true: an instant moved later meanwhile ends it unsent
  const opened = alert.kind !== 'on_sale' || (event !== null && Date.parse(event.on_sale_at) <= now.getTime());
  if (!opened || !stillValid(alert, page, event, now)) return { kind: 'send', recipients: [] };
  const mailPage = alertMailPage(page);
  const recipients: Recipient[] = [];
  for (const fan of await pendingFans(db, alert.id, page.id, body.fan_ids)) {
    if (!fan.keys.includes(ALL_CITIES) && !fan.keys.includes(event!.key)) continue;
    recipients.push({
      id: fan.id,
      email: fan.email,
      mail: (token) => saleMail(origin, mailPage, event!, alert.kind as SaleKind, now, fan.email, token),
    });
  }
  return { kind: 'send', recipients };
};
