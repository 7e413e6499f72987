/**
 * What a valid 'Avvisami' sign-up sets off (docs/behaviour.md#signing-up), run after the answer
 * so that it takes the same time and says the same thing whatever the address is:
 * - a suppressed address: nothing stored, nothing sent;
 * - a new address: the fan (consent version and time), its city, a confirmation e-mail;
 * - an address waiting for its confirmation: the city added, and a new confirmation e-mail;
 * - a confirmed fan: the city only requested, and an e-mail to confirm it (added on the fan's
 *   POST of its link); a city the fan follows already: nothing.
 * Every e-mail here is within the caps on the mailbox (one per mailbox and page, at most
 * FAN_CONFIRM_MAILBOX_DAILY per mailbox, in FAN_CONFIRM_RESEND_HOURS): over them, no e-mail.
 * An e-mail names only the page, the company and the tour's own cities, never a typed city.
 */
import {
  ALL_CITIES,
  FAN_CONFIRM_MAILBOX_DAILY,
  FAN_CONFIRM_RESEND_HOURS,
  FAN_PENDING_DAYS,
} from '../../../src/core/fans';
import { t } from '../../../src/core/messages';
import type { Bindings } from '../../env';
import {
  type FanCity,
  fanCities,
  fanCityRequests,
  isSuppressed,
  recordSignup,
  releaseConfirmSlot,
} from '../../db/fans/fans';
import { mailboxHash } from './mailbox';
import { confirmTokenHash, newConfirmToken } from './tokens';
import { fanConfirmUrl } from './links';
import { escapeHtml } from '../html';
import { mayMail, sendMail, type Mail } from '../mail';

type SignupEnv = Pick<Bindings, 'DB' | 'MAILER' | 'MAIL_FROM' | 'RESEND_API_KEY' | 'APP_URL'>;

export interface FanSignupWork {
  pageId: number;
  slug: string;
  /** the page's display title */
  title: string;
  /** the organiser's company: the e-mail's sender name */
  company: string;
  /** as fanAddress() answers it */
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
  const hash = token === null ? null : await confirmTokenHash(token);
  const { fanId, confirmed, claimed } = await recordSignup(env.DB, {
    pageId: work.pageId,
    email: work.email,
    // what the caps store of a mailbox: its SHA-256, never the address
    mailbox: await mailboxHash(work.email),
    cityKey: work.cityKey,
    city: work.city,
    requested: work.requested,
    confirmHash: hash,
    since: new Date(now.getTime() - FAN_CONFIRM_RESEND_HOURS * HOUR_MS).toISOString(),
    mailboxMax: FAN_CONFIRM_MAILBOX_DAILY,
  });
  if (!claimed || token === null || hash === null) return;
  const link = fanConfirmUrl(origin, work.slug, token);
  let mail: Mail;
  if (confirmed) mail = fanCityMail(work, await fanCityRequests(env.DB, fanId), link);
  else {
    const [names, typed] = namedCities(await fanCities(env.DB, fanId));
    mail = fanConfirmMail(work, names, link, typed);
  }
  const sent = await sendMail(env, mail, requestUrl);
  // not delivered (the provider refused it): the next sign-up may send it again at once
  if (!sent.sent) await releaseConfirmSlot(env.DB, fanId, hash);
}

/** The cities an e-mail may name (the tour's, 'Tutte le date'), and whether a typed one is left out. */
function namedCities(cities: readonly FanCity[]): [names: string[], typed: boolean] {
  const names = cities
    .filter((c) => !c.requested)
    .map((c) => (c.key === ALL_CITIES ? t('fans.public.allDates') : c.city));
  return [names, cities.some((c) => c.requested)];
}

/** The names joined by commas, then the typed city's mention (never its name) after 'e'. */
function citiesText(names: readonly string[], other: string | null): string {
  const listed = names.join(', ');
  if (other === null) return listed;
  return listed ? `${listed}${t('fans.confirmMail.and')}${other}` : other;
}

interface MailText {
  subject: string;
  intro: string;
  action: string;
  button: string;
  ignore: string;
}

/** A fan e-mail with one link button: plain text and simple HTML, from the organiser's name. */
function linkMail(work: Pick<FanSignupWork, 'email' | 'company'>, words: MailText, link: string): Mail {
  const company = work.company || t('fans.page.someone');
  const hello = t('fans.confirmMail.hello');
  const text = [hello, '', words.intro, words.action, link, '', words.ignore, '', company].join('\n');
  const p = 'margin:0 0 16px';
  const muted = 'margin:0 0 12px;color:#52525B;font-size:13px';
  const html =
    '<!doctype html><html lang="it"><body style="margin:0;padding:24px 12px;background:#F4F4F5;color:#111111;font:16px/1.5 Arial,Helvetica,sans-serif">' +
    '<div style="max-width:480px;margin:0 auto;padding:28px 24px;background:#FFFFFF;border-radius:16px">' +
    `<p style="${p}">${escapeHtml(hello)}</p>` +
    `<p style="${p}">${escapeHtml(words.intro)}</p>` +
    `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:14px 24px;border-radius:999px;background:#111111;color:#FFFFFF;font-weight:bold;text-decoration:none">${escapeHtml(words.button)}</a></p>` +
    `<p style="${muted}">${escapeHtml(words.ignore)}</p>` +
    `<p style="${muted}">${escapeHtml(company)}</p>` +
    '</div></body></html>';
  return {
    to: work.email,
    kind: 'fan_confirm',
    // from the organiser: the company's name on the sender's address
    ...(work.company ? { fromName: work.company } : {}),
    subject: words.subject,
    text,
    html,
  };
}

/**
 * The confirmation e-mail of an address not confirmed yet. `cities`: the tour's cities it follows
 * (and 'Tutte le date'); `typed`: it also follows a city typed under 'Un'altra città', which the
 * e-mail mentions without naming (visitor text goes to no unconfirmed address).
 */
export function fanConfirmMail(
  work: Pick<FanSignupWork, 'email' | 'title' | 'company'>,
  cities: readonly string[],
  link: string,
  typed = false,
): Mail {
  const company = work.company || t('fans.page.someone');
  const params = {
    company,
    title: work.title,
    cities: citiesText(cities, typed ? t('fans.confirmMail.otherCity') : null),
    days: FAN_PENDING_DAYS,
  };
  return linkMail(
    work,
    {
      subject: t('fans.confirmMail.subject', { title: work.title }),
      intro: cities.length ? t('fans.confirmMail.intro', params) : t('fans.confirmMail.introOther', params),
      action: t('fans.confirmMail.action'),
      button: t('fans.confirmMail.button'),
      ignore: t('fans.confirmMail.ignore', params),
    },
    link,
  );
}

/**
 * The e-mail to a confirmed fan whose address a sign-up named for new cities (`requests`, not
 * confirmed yet): the tour's cities by name, a typed one only as 'un'altra città' (the request
 * is anyone's text until the fan agrees).
 */
export function fanCityMail(
  work: Pick<FanSignupWork, 'email' | 'title' | 'company'>,
  requests: readonly FanCity[],
  link: string,
): Mail {
  const company = work.company || t('fans.page.someone');
  const [names, typed] = namedCities(requests);
  const cities = citiesText(
    names.map((n) => `«${n}»`),
    typed ? t('fans.cityMail.other') : null,
  );
  return linkMail(
    work,
    {
      subject: t('fans.cityMail.subject', { title: work.title }),
      intro: t('fans.cityMail.intro', { company, title: work.title, cities }),
      action: t('fans.cityMail.action'),
      button: t('fans.cityMail.button'),
      ignore: t('fans.cityMail.ignore'),
    },
    link,
  );
}
