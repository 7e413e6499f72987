/**
 * New-date alerts on their way out (docs/architecture.md#fan-alerts):
 * due alert → per-minute cron or 'Invia ora' → FANS queue (100 fans a message)
 * → consumer → one provider batch call per message → a delivery row per fan.
 * The scheduling on save and the organiser's answers are in alerts.ts.
 *
 * - The cron takes due alerts of pages the public sees, claims each once, counts its
 *   recipients (confirmed fans of '*' or of an event's city, not suppressed) and queues them.
 *   A new-date alert past its page's daily cap is not claimed: it waits, scheduled, until the
 *   cap allows it (docs/behaviour.md#alerts).
 * - The consumer reads the events as the page has them at sending time, claims each fan with a
 *   'sending' row, makes one provider call per message (idempotency key from the alert and the
 *   fans), then marks the rows 'sent'. A fan whose row is finished is never sent again.
 */
import { z } from 'zod';
import { FAN_ALERTS_PER_DAY } from '../../../src/core/fans';
import { instantText } from '../../../src/core/schedule';
import {
  alertButtonIds,
  alertButtons,
  alertById,
  claimWithinCap,
  type FanAlertRow,
  closeStaleAlerts,
  dueAlertIds,
  endAlert,
  holdAlert,
  joinedAt,
  releaseAlert,
  setRecipients,
} from '../../db/fans/alerts';
import { claimDeliveries, finishDeliveries, finishIfDone, pendingFans, recipientIds } from '../../db/fans/deliveries';
import { getPageRowById, isPubliclyVisible, type PageRow } from '../../db/pages/pages';
import type { Bindings } from '../../env';
import { sha256Hex } from '../bytes';
import { alertMail, alertMailPage } from './alert-mail';
import { ALERT_WINDOW_MS, capOpensAt, eventsOf, hearsOf, joinedCities, upcomingOf } from './alerts';
import { unsubscribeToken } from './tokens';
import { type Mail, MAIL_BATCH_MAX, sendMailBatch } from '../mail';
import { presaleRecipients, startPresaleAlert } from './presale-alerts';
import {
  type Recipient,
  SALE_QUEUE_LEAD_MS,
  type SalePlan,
  saleRecipients,
  secondsUntil,
  startSaleAlert,
} from './sale-alerts';

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

// ---------------------------------------------------------------------------------------------
// Dispatch: due alerts → the FANS queue

/** The body of a FANS queue message. */
export const fanMessageSchema = z.object({
  alert_id: z.number().int().positive(),
  fan_ids: z.array(z.number().int().positive()).min(1).max(FANS_PER_MESSAGE),
  // an on-sale alert's due time: the message is sent at or after it, and only while the alert
  // still has it (an instant moved meanwhile makes it stale)
  not_before: z.string().optional(),
});
export type FanMessage = z.infer<typeof fanMessageSchema>;

/**
 * Starts one alert if it is scheduled, due and its page is seen by the public at `now`: claims
 * it (one run only), reads its events and recipients, and answers the queue messages to send.
 * An alert with nothing left to announce ends cancelled; one with no fan to tell ends sent to 0.
 * A new-date alert past the page's daily cap is not started: it is held, due when the cap
 * allows it. Null when it was not started.
 */
export async function startAlert(env: Pick<Bindings, 'DB'>, alertId: number, now: Date): Promise<FanMessage[] | null> {
  const alert = await alertById(env.DB, alertId);
  if (alert?.status !== 'scheduled') return null;
  if (alert.kind !== 'new_date') {
    const page = await getPageRowById(env.DB, alert.page_id);
    if (!page || !isPubliclyVisible(page, now)) return null;
    // docs/behaviour.md#presales: the presale e-mails leave as the on-sale ones do
    return alert.kind === 'presale'
      ? startPresaleAlert(env, alert, page, now, FANS_PER_MESSAGE)
      : startSaleAlert(env, alert, page, now, FANS_PER_MESSAGE);
  }
  if (Date.parse(alert.due_at) > now.getTime()) return null;
  const page = await getPageRowById(env.DB, alert.page_id);
  if (!page || !isPubliclyVisible(page, now)) return null;
  const stamp = instantText(now);
  const since = instantText(now.getTime() - ALERT_WINDOW_MS);
  const claimed = await claimWithinCap(env.DB, alertId, stamp, since, FAN_ALERTS_PER_DAY);
  if (!claimed) {
    await holdIfCapped(env.DB, alert, now);
    return null;
  }
  const events = upcomingOf(eventsOf(await alertButtons(env.DB, page.id), alertButtonIds(claimed)), now);
  if (events.length === 0) {
    await endAlert(env.DB, alertId, 'cancelled', 0, stamp);
    return [];
  }
  const fans = await recipientIds(env.DB, page.id, joinedCities(claimed, events));
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

/**
 * A scheduled new-date alert of a page at its daily cap: due when the cap allows it (still
 * scheduled, so dates saved meanwhile join it). Answers that instant, or null when the page is
 * not at its cap. Also for 'Invia ora', which cannot skip the cap.
 */
export async function holdIfCapped(
  db: D1Database,
  alert: Pick<FanAlertRow, 'id' | 'page_id'>,
  now: Date,
): Promise<string | null> {
  const opensAt = await capOpensAt(db, alert.page_id, now);
  if (opensAt !== null) await holdAlert(db, alert.id, opensAt);
  return opensAt;
}

/**
 * Puts messages on the FANS queue, up to 100 per call; a message with `not_before` is delayed
 * until then (counted from the later of `now` and the clock: a run that starts late delays less).
 */
export async function enqueue(env: Pick<Bindings, 'FANS'>, messages: readonly FanMessage[], now: Date): Promise<void> {
  const from = Math.max(now.getTime(), Date.now());
  for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) {
    await env.FANS.sendBatch(
      messages.slice(i, i + MESSAGES_PER_SEND).map((body) => {
        const delaySeconds = body.not_before ? Math.min(DELAY_CAP_SECONDS, secondsUntil(body.not_before, from)) : 0;
        return delaySeconds > 0
          ? { body, contentType: 'json' as const, delaySeconds }
          : { body, contentType: 'json' as const };
      }),
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
    await enqueue(env, messages, now);
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
  const saleLead = instantText(now.getTime() + SALE_QUEUE_LEAD_MS);
  for (const id of await dueAlertIds(env.DB, stamp, saleLead, ALERT_DISPATCH_BATCH)) {
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

type ConsumerEnv = Pick<Bindings, 'DB' | 'FANS' | 'MAILER' | 'MAIL_FROM' | 'RESEND_API_KEY' | 'APP_URL' | 'JWT_SECRET'>;

/**
 * When the last provider call of this isolate ended (max_concurrency 1: one consumer at a time).
 * The spacing runs from the end of one call to the start of the next: stricter than start to
 * start, and it holds whatever the clock's granularity.
 */
let lastProviderCall = 0;

async function paceProviderCall(): Promise<void> {
  // one wait, at most one spacing: a clock that stepped back (or stands still) must not hold
  // the consumer; Workers' timers never fire early
  const wait = Math.min(PROVIDER_SPACING_MS, lastProviderCall + PROVIDER_SPACING_MS - Date.now());
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
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

/** The fans of a new-date alert's message still to be sent, each with the events of the cities they follow. */
async function newDateRecipients(
  db: D1Database,
  origin: string,
  alert: FanAlertRow,
  page: PageRow,
  fanIds: readonly number[],
  now: Date,
): Promise<Recipient[]> {
  const events = upcomingOf(eventsOf(await alertButtons(db, page.id), alertButtonIds(alert)), now);
  const mailPage = alertMailPage(page);
  // each fan hears of the events of the cities they follow ('Tutte le date': all of them), of
  // those that joined the alert once they followed them
  const recipients: Recipient[] = [];
  for (const fan of await pendingFans(db, alert.id, page.id, fanIds)) {
    const mine = events.filter((e) => hearsOf(fan, e.key, joinedAt(alert, e.button_id)));
    if (mine.length > 0) {
      recipients.push({
        id: fan.id,
        email: fan.email,
        mail: (token): Mail => alertMail(origin, mailPage, mine, fan.email, token),
      });
    }
  }
  return recipients;
}

/** Sends one message's fans their e-mail (at most one provider call). */
async function deliverMessage(env: ConsumerEnv, body: FanMessage, attempts: number): Promise<MessageOutcome> {
  const alert = await alertById(env.DB, body.alert_id);
  if (!alert || alert.status === 'cancelled') return { done: true };
  const page = await getPageRowById(env.DB, alert.page_id);
  if (!page) return { done: true };
  const now = new Date();
  const stamp = instantText(now);
  const origin = configuredOrigin(env);
  let toSend: Recipient[];
  let sendPlan: Extract<SalePlan, { kind: 'send' }> | null = null;
  if (alert.kind === 'new_date') toSend = await newDateRecipients(env.DB, origin, alert, page, body.fan_ids, now);
  else {
    const plan =
      alert.kind === 'presale'
        ? await presaleRecipients(env.DB, origin, alert, page, body, now)
        : await saleRecipients(env.DB, origin, alert, page, body, now);
    if (plan.kind === 'stale') return { done: true };
    if (plan.kind === 'early') {
      // a new message rather than a retry: waiting for the instant must not use up the retries
      await env.FANS.send(body, { contentType: 'json', delaySeconds: Math.min(DELAY_CAP_SECONDS, plan.delaySeconds) });
      console.log(`[fans] alert ${alert.id}: early by ${plan.delaySeconds} s, queued again`);
      return { done: true };
    }
    toSend = plan.recipients;
    sendPlan = plan;
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

  const mails = await Promise.all(toSend.map(async (fan) => fan.mail(await unsubscribeToken(env, page.id, fan.id))));
  const ids = toSend.map((f) => f.id);
  await claimDeliveries(env.DB, alert.id, ids);
  const key = sendPlan?.idempotencyKey ?? (await alertIdempotencyKey(alert.id, ids));
  const outcome = await sendMailBatch(env, mails, key, null, paceProviderCall);
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
  if (outcome.status === 'sent') await sendPlan?.onSent?.(ids);
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
