/**
 * What a valid 'Avvisami' sign-up sets off (docs/behaviour.md#fans-and-alerts), run after the
 * answer so that it takes the same time and says the same thing whatever the address is:
 * - a suppressed address: nothing stored, nothing sent;
 * - a new address: the fan (consent version and time), its city, a confirmation e-mail;
 * - an address waiting for its confirmation: the city added, and a new confirmation e-mail only
 *   when the last one is older than FAN_CONFIRM_RESEND_HOURS;
 * - a confirmed fan: the city added, no e-mail.
 */
import { ALL_CITIES, FAN_CONFIRM_RESEND_HOURS, FAN_PENDING_DAYS } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import type { Bindings } from '../env';
import { fanCities, isSuppressed, recordSignup, releaseConfirmSlot } from '../db/fans';
import { confirmTokenHash, newConfirmToken } from './fan-tokens';
import { fanConfirmUrl } from './fan-links';
import { escapeHtml } from './html';
import { mayMail, sendMail, type Mail } from './mail';

type SignupEnv = Pick<Bindings, 'DB' | 'MAILER' | 'MAIL_FROM' | 'RESEND_API_KEY' | 'APP_URL'>;

export interface FanSignupWork {
  pageId: number;
  slug: string;
  /** the page's display title */
  title: string;
  /** the organiser's company: the e-mail's sender name */
  company: string;
  /** normalised */
  email: string;
  cityKey: string;
  city: string;
  requested: boolean;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Records the sign-up and mails the confirmation when one is due. `origin` is the public origin
 * for the link, `requestUrl` the sign-up's (the console mailer works on loopback only).
 */
export async function runFanSignup(
  env: SignupEnv,
  work: FanSignupWork,
  origin: string,
  requestUrl: string,
  now: Date = new Date(),
): Promise<void> {
  if (await isSuppressed(env.DB, work.email)) return;
  // the mail-flood guard of every kind of e-mail: over it, the sign-up is kept and mailed later
  const token = (await mayMail(env, work.email, 'fan_confirm')) ? newConfirmToken() : null;
  const { fanId, claimed } = await recordSignup(env.DB, {
    pageId: work.pageId,
    email: work.email,
    cityKey: work.cityKey,
    city: work.city,
    requested: work.requested,
    confirmHash: token === null ? null : await confirmTokenHash(token),
    resendBefore: new Date(now.getTime() - FAN_CONFIRM_RESEND_HOURS * HOUR_MS).toISOString(),
  });
  if (!claimed || token === null) return;
  const cities = (await fanCities(env.DB, fanId)).map((c) =>
    c.key === ALL_CITIES ? t('fans.public.allDates') : c.city,
  );
  const sent = await sendMail(env, fanConfirmMail(work, cities, fanConfirmUrl(origin, work.slug, token)), requestUrl);
  // not delivered (the provider refused it): the next sign-up may send it again at once
  if (!sent.sent) await releaseConfirmSlot(env.DB, fanId);
}

/** The confirmation e-mail: plain text and simple HTML, from the organiser's name. */
export function fanConfirmMail(
  work: Pick<FanSignupWork, 'email' | 'title' | 'company'>,
  cities: readonly string[],
  link: string,
): Mail {
  const company = work.company || t('fans.page.someone');
  const params = { company, title: work.title, cities: cities.join(', '), days: FAN_PENDING_DAYS };
  const hello = t('fans.confirmMail.hello');
  const intro = t('fans.confirmMail.intro', params);
  const ignore = t('fans.confirmMail.ignore', params);
  const text = [hello, '', intro, t('fans.confirmMail.action'), link, '', ignore, '', company].join('\n');
  const p = 'margin:0 0 16px';
  const muted = 'margin:0 0 12px;color:#52525B;font-size:13px';
  const html =
    '<!doctype html><html lang="it"><body style="margin:0;padding:24px 12px;background:#F4F4F5;color:#111111;font:16px/1.5 Arial,Helvetica,sans-serif">' +
    '<div style="max-width:480px;margin:0 auto;padding:28px 24px;background:#FFFFFF;border-radius:16px">' +
    `<p style="${p}">${escapeHtml(hello)}</p>` +
    `<p style="${p}">${escapeHtml(intro)}</p>` +
    `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:14px 24px;border-radius:999px;background:#111111;color:#FFFFFF;font-weight:bold;text-decoration:none">${escapeHtml(t('fans.confirmMail.button'))}</a></p>` +
    `<p style="${muted}">${escapeHtml(ignore)}</p>` +
    `<p style="${muted}">${escapeHtml(company)}</p>` +
    '</div></body></html>';
  return {
    to: work.email,
    kind: 'fan_confirm',
    // from the organiser: the company's name on the sender's address
    ...(work.company ? { fromName: work.company } : {}),
    subject: t('fans.confirmMail.subject', { title: work.title }),
    text,
    html,
  };
}
