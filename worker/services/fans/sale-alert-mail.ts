/**
 * The on-sale e-mails a fan gets (docs/behaviour.md#on-sale-e-mails): 'Biglietti in vendita ora'
 * with the ticket link, or the reminder the day before ('Domani alle 10:00 aprono le vendite')
 * with the page. Plain text plus simple HTML (every organiser text escaped), from the
 * organiser's company, with the unsubscribe link and the one-click headers of the new-date
 * alerts. Texts: src/core/messages/drops-mail.ts.
 */
import { t } from '../../../src/core/messages';
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
import type { Mail } from '../mail';

/**
 * The reminder's headline, worded from the fan's day when it is sent (Europe/Rome): 'Domani
 * alle 10:00…' the day before, 'Oggi alle 10:00…' when it went out late, on the day itself.
 */
export function reminderHeadline(onSaleAt: string, now: Date): string {
  return romeDayWords(onSaleAt, now, {
    today: 'drops.mail.reminder.today',
    tomorrow: 'drops.mail.reminder.tomorrow',
    later: 'drops.mail.reminder.later',
  });
}

/** The e-mail of one fan for one event's sale: `kind` says which of the two. */
export function saleMail(
  origin: string,
  page: AlertMailPage,
  event: AlertMailEvent & { on_sale_at: string },
  kind: 'on_sale' | 'sale_reminder',
  now: Date,
  to: string,
  unsubscribeToken: string,
): Mail {
  const onSale = kind === 'on_sale';
  const headline = onSale ? t('drops.mail.onSale.headline') : reminderHeadline(event.on_sale_at, now);
  const subject = onSale
    ? t('drops.mail.onSale.subject', { title: page.title, city: event.city })
    : t('drops.mail.reminder.subject', { headline, title: page.title, city: event.city });
  const intro = t(onSale ? 'drops.mail.onSale.intro' : 'drops.mail.reminder.intro', {
    company: page.company,
    title: page.title,
  });
  const pageUrl = alertPageUrl(origin, page.slug);
  // on sale: the ticket link itself; the day before it is not open yet, so the page
  const link = onSale ? (withEmailSource(event.ticketUrl) ?? pageUrl) : pageUrl;
  const linkText = onSale ? t('fans.mail.alert.tickets') : t('drops.mail.reminder.page');
  const where = [event.venue, event.city].filter(Boolean).join(', ');
  return alertFrame(origin, page, to, unsubscribeToken, {
    subject,
    why: t('drops.mail.why', { company: page.company, title: page.title }),
    text: [`${headline}.`, '', intro, event.date, where, `${linkText}: ${link}`, ''],
    html: [...openingHtml(headline, intro), eventHtml(event.date, where, link, linkText)],
  });
}
