/**
 * Presale e-mails (docs/behaviour.md#presales, docs/architecture.md#fan-alerts): at a date's
 * presale start its fans (following its city or 'Tutte le date', with the on-sale consent) get
 * 'Prevendita per te' with a code of their own (or the shared one), once per fan and date. A
 * fan_alerts row of kind 'presale' per date carries it through the dispatch, the FANS queue and
 * the delivery rows of the on-sale e-mails, with the same `not_before` and delay: never early.
 *
 * - syncPresaleAlerts, run by every publish after syncSaleAlerts, keeps the rows in step.
 * - startPresaleAlert, from the per-minute dispatch, counts the fans and answers the messages.
 * - presaleRecipients, from the consumer, gives each fan of a message their mailbox's code or a
 *   free one (written in D1 before the send) and builds the e-mails; its `onSent` marks the
 *   codes sent.
 */
import { ALL_CITIES, FAN_SALE_CONSENT_VERSION } from '../../../src/core/fans';
import { generalSaleAt, type Presale, presaleEnd, presaleState } from '../../../src/core/presale';
import { instantText, romeToday } from '../../../src/core/schedule';
import type { FanAlertRow } from '../../db/fans/alerts';
import {
  assignCodes,
  type CodeFan,
  type GivenCode,
  insertPresaleAlert,
  markCodesSent,
  type PresaleButtonRow,
  presaleAlertsOfPage,
  presaleButton,
  presaleButtons,
  presaleFans,
  waitsForCodes,
} from '../../db/fans/presale';
import { saleAlertStep } from '../../db/fans/sale-alerts';
import { storedPresale } from '../../db/pages/buttons';
import { isPubliclyVisible } from '../../db/pages/pages';
import type { Bindings } from '../../env';
import { sha256Hex } from '../bytes';
import { type AlertEvent, eventOf } from './alerts';
import { alertMailPage } from './alert-mail';
import { mailboxHash } from './mailbox';
import { presaleMail } from './presale-mail';
import {
  claimAndCount,
  messageWait,
  type Recipient,
  SALE_QUEUE_LEAD_MS,
  type AlertPlan,
  type AlertStart,
  sameInstant,
  secondsUntil,
  syncAlertRows,
} from './sale-alerts';

type Ctas = Parameters<typeof presaleState>[1];

/** A date whose presale its fans may still hear of: upcoming, with a city, the presale not over. */
export interface PresaleDate {
  event: AlertEvent;
  presale: Presale;
  /** the presale's start as the row's due time (UTC ISO to the second) */
  due: string;
  /** the row's CTAs (the general sale) */
  ctas: Ctas;
}

function ctasOf(row: PresaleButtonRow): Ctas {
  try {
    const value = JSON.parse(row.cta_buttons ?? 'null') as unknown;
    return Array.isArray(value) ? (value as Ctas) : [];
  } catch {
    return [];
  }
}

/** The date row's presale if its fans may hear of it at `now`; null when not. */
export function presaleDateOf(row: PresaleButtonRow, now: Date): PresaleDate | null {
  if (row.type !== 'text') return null;
  const presale = storedPresale({ type: 'text', presale: row.presale });
  const start = presale ? Date.parse(presale.starts_at) : Number.NaN;
  if (!presale || Number.isNaN(start)) return null;
  const event = eventOf(row);
  if (event.day === null || event.day < romeToday(now) || event.key === '') return null;
  const ctas = ctasOf(row);
  if (presaleState(presale, ctas, now.getTime()) === 'over') return null;
  return { event, presale, due: instantText(start), ctas };
}

/**
 * After a publish: the page's presale alerts as its dates now say, as syncSaleAlerts does for
 * the on-sale ones. Wanted (the page seen by the public, the date upcoming with a city, its
 * presale set and not over): inserted, or a cancelled one revived; a scheduled one follows its
 * start; one queued whose start has not come goes back to scheduled. Not wanted: cancelled
 * unless already going out. A sent one stays sent. A page in the trash is not read: its rows
 * wait (the dispatch skips trashed pages) until a restore publishes it again. A failure is
 * logged and never fails the publish.
 */
export function syncPresaleAlerts(env: Pick<Bindings, 'DB'>, slug: string, now: Date): Promise<void> {
  return syncAlertRows(env, slug, now, 'presale alerts not synced', async (page, t, stamp) => {
    const dates = new Map<number, PresaleDate>();
    if (isPubliclyVisible(page, now)) {
      for (const row of await presaleButtons(env.DB, page.id)) {
        const date = presaleDateOf(row, now);
        if (date) dates.set(row.id, date);
      }
    }
    const rows = await presaleAlertsOfPage(env.DB, page.id);
    const statements: D1PreparedStatement[] = [];
    for (const row of rows) {
      const due = row.button_id === null ? null : (dates.get(row.button_id)?.due ?? null);
      const step = saleAlertStep(env.DB, row, due, t, stamp);
      if (step) statements.push(step);
    }
    const known = new Set(rows.map((r) => r.button_id));
    for (const [buttonId, date] of dates) {
      if (!known.has(buttonId)) statements.push(insertPresaleAlert(env.DB, page.id, buttonId, date.due));
    }
    return statements;
  });
}

/** The date of a presale alert as the page has it now, or null when its fans may not hear of it. */
export async function dateOfAlert(db: D1Database, alert: FanAlertRow, now: Date): Promise<PresaleDate | null> {
  if (alert.button_id === null) return null;
  const row = await presaleButton(db, alert.page_id, alert.button_id);
  return row ? presaleDateOf(row, now) : null;
}

/**
 * Starts a presale alert (from the dispatch; the page is seen by the public) when its start is
 * within SALE_QUEUE_LEAD_MS: claims it, counts its fans (confirmed now, following the date's
 * city or 'Tutte le date', with the on-sale consent, not suppressed) and answers its messages,
 * each carrying the start. Null when not started (also while a presale of one-time codes has
 * none loaded: it waits for them, docs/behaviour.md#presales); [] when it ended at once.
 */
export const startPresaleAlert: AlertStart = async (env, alert, page, now, fansPerMessage) => {
  if (Date.parse(alert.due_at) > now.getTime() + SALE_QUEUE_LEAD_MS) return null;
  const date = await dateOfAlert(env.DB, alert, now);
  // the page changed without a publish reaching the sync: it puts the row right on the next one
  if (date && !sameInstant(date.due, alert.due_at)) return null;
  // one-time codes and none loaded: nothing to give, so nothing goes; the first upload starts it
  // (presale-fans.ts codesAdded), or the dispatch at the start when they come before it
  if (date && (await waitsForCodes(env.DB, alert.id))) return null;
  // every fan confirmed by the claim: one who confirms after it finds the alert 'sending' and is
  // queued by the confirmation itself (presale-fans.ts); the delivery rows keep both to one
  const since = () => new Date(Math.max(now.getTime(), Date.now())).toISOString();
  return claimAndCount(env, alert, page, now, date?.event.key ?? null, since, fansPerMessage);
};

/** Fans as a code may go to them: with their mailbox, one code per mailbox and date. */
export function codeFans(fans: ReadonlyArray<{ id: number; email: string }>): Promise<CodeFan[]> {
  return Promise.all(fans.map(async (f) => ({ id: f.id, mailbox: await mailboxHash(f.email) })));
}

/** The provider's idempotency key of one presale call: the alert, and each fan with the code it carries. */
async function presaleIdempotencyKey(alertId: number, sent: ReadonlyArray<[number, number]>): Promise<string> {
  const pairs = [...sent].sort((a, b) => a[0] - b[0]).map(([fan, code]) => `${fan}:${code}`);
  return `presale-${alertId}-${await sha256Hex(pairs.join(','))}`;
}

/**
 * What the consumer does with a message of a presale alert at `now`: drop it (not this
 * alert's any more), queue it again until the start, or send. Sent: each fan of the message
 * still of the audience who has had no presale e-mail (its first), and each whose code was
 * added after it (its delivery row finished, the code not sent). One-time codes: a fan without
 * one gets their mailbox's code if it has one, else the next free code, written in D1 here,
 * before the send; none left, the codes-gone e-mail. The presale over, the date gone or the page
 * hidden: nothing is sent.
 */
export const presaleRecipients: AlertPlan = async (db, origin, alert, page, body, now) => {
  const waiting = messageWait(alert, body, now);
  if (waiting) return waiting;
  const date = isPubliclyVisible(page, now) ? await dateOfAlert(db, alert, now) : null;
  const state = date ? presaleState(date.presale, date.ctas, now.getTime()) : 'over';
  // the start moved later after it had passed: the message waits for the new start
  if (date && state === 'before')
    return { kind: 'early', delaySeconds: secondsUntil(date.presale.starts_at, now.getTime()) };
  if (!date || state !== 'open' || alert.button_id === null) return { kind: 'send', recipients: [] };
  const buttonId = alert.button_id;
  const key = date.event.key;
  const fans = (
    await presaleFans(db, alert.id, buttonId, page.id, [...new Set(body.fan_ids)], FAN_SALE_CONSENT_VERSION)
  ).filter((f) => f.keys.includes(key) || f.keys.includes(ALL_CITIES));
  const first = fans.filter((f) => f.delivery === null || f.delivery === 'sending');
  const later = fans.filter(
    (f) => (f.delivery === 'sent' || f.delivery === 'skipped') && f.code !== null && f.code.sent_at === null,
  );
  const shared = date.presale.shared_code;
  const codes = shared === null ? await assignCodes(db, buttonId, await codeFans(first)) : new Map<number, GivenCode>();
  const mailPage = alertMailPage(page);
  const general = generalSaleAt(date.ctas);
  const end = presaleEnd(date.presale, date.ctas);
  const sent: Array<[number, number]> = [];
  const recipients: Recipient[] = [...first, ...later].map((fan) => {
    const mine = shared === null ? (codes.get(fan.id) ?? fan.code) : null;
    sent.push([fan.id, mine?.id ?? 0]);
    const content = {
      url: date.presale.url,
      code: shared ?? mine?.code ?? null,
      shared: shared !== null,
      endsAt: end === null ? null : instantText(end),
      generalSaleAt: general === null ? null : instantText(general),
    };
    return {
      id: fan.id,
      email: fan.email,
      mail: (token) => presaleMail(origin, mailPage, date.event, content, now, fan.email, token),
    };
  });
  return {
    kind: 'send',
    recipients,
    idempotencyKey: await presaleIdempotencyKey(alert.id, sent),
    // before the delivery rows turn 'sent': a code sent after its fan's row is a later e-mail;
    // only the codes this e-mail carried (a code given meanwhile goes in an e-mail of its own)
    onSent: (ids) => {
      const sentIds = new Set(ids);
      return markCodesSent(
        db,
        sent.filter(([fan, code]) => code > 0 && sentIds.has(fan)).map(([, code]) => code),
      );
    },
  };
};
