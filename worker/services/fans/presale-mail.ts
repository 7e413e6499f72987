/**
 * The presale e-mail a fan gets (docs/behaviour.md#presales): 'Prevendita per te' with the date,
 * the venue and the city, the fan's code (one-time or shared, big and easy to copy) and the
 * presale link tagged utm_source=email; the codes gone, the same e-mail without a code, saying
 * so and when the general sale opens (Europe/Rome). Plain text plus simple HTML (every organiser
 * text escaped) inside the frame of every alert e-mail (the page, why, unsubscribe, the one-click
 * headers). The code and the presale link are the message's secrets: never printed, redacted in
 * the outbox (worker/services/mail.ts). Texts: src/core/messages/presale-mail.ts.
 */
import { t } from '../../../src/core/messages';
import { escapeHtml } from '../html';
import type { Mail } from '../mail';
import {
  type AlertMailEvent,
  type AlertMailPage,
  alertFrame,
  alertPageUrl,
  eventHtml,
  openingHtml,
  romeDayWords,
  withEmailSource,
} from './alert-mail';

/** What one fan's presale e-mail says beyond the date. */
export interface PresaleMailContent {
  /** the presale's ticket link as stored */
  url: string;
  /** the fan's code (or the shared one); null: the codes are gone */
  code: string | null;
  /** whether `code` is the one shared by every fan */
  shared: boolean;
  /** when the presale closes (UTC ISO), or null */
  endsAt: string | null;
  /** when the general sale opens (UTC ISO), or null */
  generalSaleAt: string | null;
}

/** An instant as the fan reads it on `now`'s day in Europe/Rome: 'oggi alle 10:00', 'domani…', 'il 12/05…'. */
export function romeWhen(at: string, now: Date): string {
  return romeDayWords(at, now, {
    today: 'presale.mail.when.today',
    tomorrow: 'presale.mail.when.tomorrow',
    later: 'presale.mail.when.later',
  });
}

/** The code as the HTML shows it: big, spaced, selectable in one tap. */
function codeHtml(label: string, code: string): string {
  return (
    `<p style="margin:16px 0 4px;font-size:14px;color:#555">${escapeHtml(label)}</p>` +
    `<p style="margin:0 0 16px"><span style="display:inline-block;padding:12px 20px;border:2px dashed #111;` +
    `border-radius:12px;font-family:'Courier New',Courier,monospace;font-size:28px;font-weight:bold;` +
    `letter-spacing:2px;user-select:all;-webkit-user-select:all">${escapeHtml(code)}</span></p>`
  );
}

/** The presale e-mail of one fan for one date. */
export function presaleMail(
  origin: string,
  page: AlertMailPage,
  event: AlertMailEvent,
  content: PresaleMailContent,
  now: Date,
  to: string,
  unsubscribeToken: string,
): Mail {
  const headline = t('presale.mail.headline');
  const intro = t('presale.mail.intro', { company: page.company, title: page.title });
  const where = [event.venue, event.city].filter(Boolean).join(', ');
  const pageUrl = alertPageUrl(origin, page.slug);
  const presaleUrl = withEmailSource(content.url);
  const text: string[] = [`${headline}.`, '', intro, event.date, where, ''];
  const html: string[] = openingHtml(headline, intro);
  const secrets: string[] = [];
  if (content.code !== null) {
    const label = t(content.shared ? 'presale.mail.sharedLabel' : 'presale.mail.codeLabel');
    const hint = [t('presale.mail.codeHint'), ...(content.shared ? [] : [t('presale.mail.oneTime')])].join(' ');
    const link = presaleUrl ?? pageUrl;
    const until = content.endsAt ?? content.generalSaleAt;
    const closes = until === null ? [] : [t('presale.mail.until', { when: romeWhen(until, now) })];
    text.push(`${label}: ${content.code}`, hint, `${t('presale.mail.button')}: ${link}`, ...closes, '');
    html.push(
      codeHtml(label, content.code),
      `<p>${escapeHtml(hint)}</p>`,
      eventHtml(event.date, where, link, t('presale.mail.button')),
      ...closes.map((line) => `<p>${escapeHtml(line)}</p>`),
    );
    secrets.push(content.code, ...(presaleUrl === null ? [] : [presaleUrl]));
  } else {
    const sale =
      content.generalSaleAt === null
        ? t('presale.mail.goneNoSale')
        : t('presale.mail.goneSale', { when: romeWhen(content.generalSaleAt, now) });
    text.push(t('presale.mail.gone'), sale, '');
    html.push(
      `<p>${escapeHtml(t('presale.mail.gone'))}</p>`,
      `<p>${escapeHtml(sale)}</p>`,
      eventHtml(event.date, where, pageUrl, t('presale.mail.goneButton')),
    );
  }
  const mail = alertFrame(origin, page, to, unsubscribeToken, {
    subject: t('presale.mail.subject', { title: page.title, city: event.city }),
    why: t('presale.mail.why', { company: page.company, title: page.title }),
    text,
    html,
  });
  return secrets.length > 0 ? { ...mail, secrets } : mail;
}
