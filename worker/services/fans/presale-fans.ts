/**
 * Presale e-mails after the start (docs/behaviour.md#presales): a fan who confirms during the
 * presale gets theirs at once, codes added during the presale reach the fans without one, and
 * the figures the organiser's Fan view shows. Every path queues FANS messages of the date's
 * presale alert, so the consumer's rules hold: a code is written to its fan in D1 before the
 * send, each fan gets one first e-mail per date, and a code added later one e-mail more.
 */
import { FAN_SALE_CONSENT_VERSION } from '../../../src/core/fans';
import { presaleState } from '../../../src/core/presale';
import type { FanAlertRow } from '../../db/fans/alerts';
import {
  assignCodes,
  fansWithoutCode,
  fansWithUnsentCode,
  isOfAudience,
  presaleAlertOf,
  presaleAlertsOfPage,
  presaleButton,
  presaleFigures,
} from '../../db/fans/presale';
import { getPageRowById, isPubliclyVisible } from '../../db/pages/pages';
import type { Bindings } from '../../env';
import { dispatchAlert, enqueue, FANS_PER_MESSAGE } from './delivery';
import { codeFans, dateOfAlert, type PresaleDate, presaleDateOf } from './presale-alerts';
import { alertMessages } from './sale-alerts';

type PresaleEnv = Pick<Bindings, 'DB' | 'FANS'>;

/** A presale alert already queued (its start within reach or past) whose date's presale is not over. */
async function liveDate(env: PresaleEnv, alert: FanAlertRow, now: Date): Promise<PresaleDate | null> {
  if (alert.status !== 'sending' && alert.status !== 'sent') return null;
  const page = await getPageRowById(env.DB, alert.page_id);
  if (!page || !isPubliclyVisible(page, now)) return null;
  return dateOfAlert(env.DB, alert, now);
}

/**
 * A fan of page `pageId` just confirmed (or confirmed new cities): for each date whose presale
 * e-mail has already left (or is queued for its start) and whose presale is not over, a fan of
 * its audience who has had none gets it, queued now (delayed to the start if that is ahead).
 * A fan counted when the alert started gets it from that message; the delivery rows keep it
 * to one. Never fails the confirmation: a failure is logged.
 */
export async function presaleFanConfirmed(env: PresaleEnv, pageId: number, fanId: number, now = new Date()) {
  try {
    for (const alert of await presaleAlertsOfPage(env.DB, pageId)) {
      const date = await liveDate(env, alert, now);
      if (!date) continue;
      if (!(await isOfAudience(env.DB, pageId, fanId, date.event.key, FAN_SALE_CONSENT_VERSION))) continue;
      await enqueue(env, alertMessages(alert, [fanId], FANS_PER_MESSAGE), now);
    }
  } catch (err) {
    console.error('presale e-mail of a new fan not queued', pageId, err instanceof Error ? err.message : String(err));
  }
}

/**
 * One-time codes were added to a date: if its presale is open and its e-mail has left, each fan
 * of its audience without a code (those the codes-gone e-mail reached, oldest first, then those
 * who got nothing) is given one now, in that order, and every fan holding a code not sent yet
 * is queued (the consumer sends it once: the code's `sent_at` is the record). Before the start
 * nothing is done: the start's e-mail carries the codes. A presale that waited for its first
 * codes (docs/behaviour.md#presales) starts now, as the dispatch would start it, when its start
 * is within reach or past.
 */
export async function codesAdded(env: PresaleEnv, pageId: number, buttonId: number, now = new Date()) {
  const alert = await presaleAlertOf(env.DB, buttonId);
  if (!alert || alert.page_id !== pageId) return;
  if (alert.status === 'scheduled') {
    await dispatchAlert(env, alert.id, now);
    return;
  }
  const date = await liveDate(env, alert, now);
  if (!date || date.presale.shared_code !== null) return;
  if (presaleState(date.presale, date.ctas, now.getTime()) !== 'open') return;
  const audience = { pageId, buttonId, alertId: alert.id, key: date.event.key, consentSince: FAN_SALE_CONSENT_VERSION };
  const waiting = await fansWithoutCode(env.DB, audience);
  for (let i = 0; i < waiting.length; i += FANS_PER_MESSAGE) {
    const given = await assignCodes(env.DB, buttonId, await codeFans(waiting.slice(i, i + FANS_PER_MESSAGE)));
    // a fan left without one (neither theirs nor their mailbox's): the codes are gone
    if (given.size < Math.min(FANS_PER_MESSAGE, waiting.length - i)) break;
  }
  const holders = await fansWithUnsentCode(env.DB, audience);
  await enqueue(env, alertMessages(alert, holders, FANS_PER_MESSAGE), now);
}

/** A date's presale as its fans stand (docs/behaviour.md#presales): fans waiting, e-mails sent. */
export async function fanFigures(
  env: Pick<Bindings, 'DB'>,
  pageId: number,
  buttonId: number,
  now = new Date(),
): Promise<{ fans_waiting: number; emails_sent: number }> {
  const row = await presaleButton(env.DB, pageId, buttonId);
  if (!row) return { fans_waiting: 0, emails_sent: 0 };
  const alert = await presaleAlertOf(env.DB, buttonId);
  // the presale over or the date gone: nobody waits any more, only what went out counts
  const date = presaleDateOf(row, now);
  const figures = await presaleFigures(
    env.DB,
    { pageId, buttonId, alertId: alert?.id ?? 0, key: date?.event.key ?? '', consentSince: FAN_SALE_CONSENT_VERSION },
    date?.presale.shared_code != null,
  );
  return date ? figures : { fans_waiting: 0, emails_sent: figures.emails_sent };
}
