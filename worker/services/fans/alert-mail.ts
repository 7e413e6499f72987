/**
 * The new-date e-mail a fan gets (docs/behaviour.md#alerts): plain text plus simple HTML (every
 * organiser text escaped), from the organiser's company, with the ticket link tagged
 * utm_source=email, the page link, a visible unsubscribe link and the one-click unsubscribe
 * headers of RFC 8058. Texts: src/core/messages/fans-mail.ts.
 */
import { fanPaths } from '../../../src/core/api-paths';
import { type MessageKey, t } from '../../../src/core/messages';
import { romeTime } from '../../../src/core/fans-export';
import { romeToday, utcToRomeLocal } from '../../../src/core/schedule';
import { parseHttpUrl } from '../../../src/core/urls';
import type { PageRow } from '../../db/pages/pages';
import { escapeHtml } from '../html';
import type { Mail } from '../mail';

/** utm_source of every link of an alert e-mail: the visits it brings show as 'email' in the statistics. */
export const ALERT_UTM_SOURCE = 'email';

/** One event of an alert as the page has it at sending time. */
export interface AlertMailEvent {
  date: string;
  city: string;
  venue: string;
  /** the event's first CTA URL as stored, or null */
  ticketUrl: string | null;
}

export interface AlertMailPage {
  slug: string;
  /** the title the public page shows */
  title: string;
  /** the organiser's company: the sender's display name */
  company: string;
}

/** The page as its alert e-mails name it: the title the public page shows, from its company. */
export function alertMailPage(
  page: Pick<PageRow, 'folder_name' | 'display_title' | 'title' | 'company'>,
): AlertMailPage {
  return { slug: page.folder_name, title: page.display_title || page.title, company: page.company };
}

/** A link with utm_source=email set (other parameters kept), or null when it is not a web link. */
export function withEmailSource(url: string | null | undefined): string | null {
  const parsed = parseHttpUrl(url);
  if (!parsed) return null;
  parsed.searchParams.set('utm_source', ALERT_UTM_SOURCE);
  return parsed.toString();
}

/** The public page's address as an alert links it. */
export function alertPageUrl(origin: string, slug: string): string {
  return `${origin}/${encodeURIComponent(slug)}?utm_source=${ALERT_UTM_SOURCE}`;
}

/**
 * The e-mail of one fan: `events` are the alert's events this fan follows (at least one), in
 * date order; `unsubscribeToken` the fan's token (worker/services/fans/tokens.ts).
 */
export function alertMail(
  origin: string,
  page: AlertMailPage,
  events: readonly AlertMailEvent[],
  to: string,
  unsubscribeToken: string,
): Mail {
  const one = events.length === 1;
  const subject = one
    ? t('fans.mail.alert.subjectOne', { city: events[0]!.city, title: page.title })
    : t('fans.mail.alert.subjectMany', { title: page.title });
  const intro = t(one ? 'fans.mail.alert.introOne' : 'fans.mail.alert.introMany', {
    company: page.company,
    title: page.title,
  });
  const pageUrl = alertPageUrl(origin, page.slug);
  const rows = events.map((e) => ({
    ...e,
    where: [e.venue, e.city].filter(Boolean).join(', '),
    tickets: withEmailSource(e.ticketUrl) ?? pageUrl,
  }));
  return alertFrame(origin, page, to, unsubscribeToken, {
    subject,
    why: t('fans.mail.alert.why', { title: page.title }),
    text: [intro, '', ...rows.flatMap((e) => [e.date, e.where, `${t('fans.mail.alert.tickets')}: ${e.tickets}`, ''])],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      ...rows.map((e) => eventHtml(e.date, e.where, e.tickets, t('fans.mail.alert.tickets'))),
    ],
  });
}

/**
 * An instant as the fan reads it on `now`'s day in Europe/Rome, in the words of `texts`: its
 * time today, tomorrow, or on a later day ('12/05'). Each text takes {time}; the later one {day}.
 */
export function romeDayWords(
  at: string,
  now: Date,
  texts: { today: MessageKey; tomorrow: MessageKey; later: MessageKey },
): string {
  const day = utcToRomeLocal(at).slice(0, 10);
  const time = romeTime(at);
  const today = romeToday(now);
  if (day === today) return t(texts.today, { time });
  const tomorrow = romeToday(new Date(Date.parse(`${today}T12:00:00Z`) + 24 * 60 * 60_000));
  if (day === tomorrow) return t(texts.tomorrow, { time });
  return t(texts.later, { day: `${day.slice(8, 10)}/${day.slice(5, 7)}`, time });
}

/** The opening of an alert e-mail's HTML: its headline, big and bold, then its introduction. */
export function openingHtml(headline: string, intro: string): string[] {
  return [`<p style="font-size:20px;font-weight:bold">${escapeHtml(headline)}</p>`, `<p>${escapeHtml(intro)}</p>`];
}

/** One event in an alert's HTML: its day, its place and a button a thumb finds. */
export function eventHtml(date: string, where: string, link: string, linkText: string): string {
  return (
    `<p style="margin:16px 0"><strong>${escapeHtml(date)}</strong><br>${escapeHtml(where)}<br>` +
    // a padded block link (mail clients keep inline styles only)
    `<a href="${escapeHtml(link)}" style="display:inline-block;margin-top:8px;padding:12px 24px;` +
    `background:#111;color:#fff;border-radius:999px;font-weight:bold;text-decoration:none">` +
    `${escapeHtml(linkText)}</a></p>`
  );
}

/** What an alert e-mail says of its own: the subject, why the fan gets it, and its lines. */
export interface AlertBody {
  subject: string;
  why: string;
  /** the plain text's lines before the page link */
  text: readonly string[];
  /** the HTML's blocks before the page link (organiser texts escaped) */
  html: readonly string[];
}

/**
 * Every alert e-mail around its own lines (new dates, on-sale, the reminder): the page link,
 * why the fan gets it, the visible unsubscribe link, and the one-click unsubscribe headers of
 * RFC 8058; from the organiser's company.
 */
export function alertFrame(
  origin: string,
  page: AlertMailPage,
  to: string,
  unsubscribeToken: string,
  body: AlertBody,
): Mail {
  const pageUrl = alertPageUrl(origin, page.slug);
  const unsubscribeUrl = `${origin}${fanPaths.unsubscribe(page.slug, unsubscribeToken)}`;
  const text = [
    ...body.text,
    `${t('fans.mail.alert.page')}: ${pageUrl}`,
    '',
    '--',
    body.why,
    t('fans.mail.unsubscribe', { link: unsubscribeUrl }),
  ].join('\n');
  const html = [
    '<!doctype html><html lang="it"><head><meta charset="utf-8"></head>',
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#111">',
    ...body.html,
    `<p><a href="${escapeHtml(pageUrl)}">${escapeHtml(t('fans.mail.alert.page'))}</a></p>`,
    '<hr style="border:0;border-top:1px solid #ddd;margin:24px 0">',
    `<p style="font-size:13px;color:#555">${escapeHtml(body.why)}<br>${escapeHtml(t('fans.mail.unsubscribeQuestion'))} ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(t('fans.mail.unsubscribeLink'))}</a></p>`,
    '</body></html>',
  ].join('\n');

  return {
    to,
    kind: 'fan_alert',
    subject: body.subject,
    text,
    html,
    fromName: page.company,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
