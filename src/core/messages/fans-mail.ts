/**
 * The e-mails fans get: the confirmation and the alerts (docs/behaviour.md#fans-and-alerts), and
 * the answers of the organiser's alert routes and of the provider's webhook (docs/api.md#fans).
 */
export const fansMailMessages = {
  'fans.mail.unsubscribe': 'Non vuoi più ricevere queste email? Annulla qui: {link}',

  // The new-date alert. {title}: the page's title; {company}: the organiser's company
  /** one event: {city} its city */
  'fans.mail.alert.subjectOne': 'Nuova data a {city}: {title}',
  /** several events in one e-mail */
  'fans.mail.alert.subjectMany': 'Nuove date: {title}',
  'fans.mail.alert.introOne': '{company} ha annunciato una nuova data: «{title}».',
  'fans.mail.alert.introMany': '{company} ha annunciato nuove date: «{title}».',
  'fans.mail.alert.tickets': 'Biglietti',
  'fans.mail.alert.page': 'Tutte le date',
  /** why the fan gets it: {title} */
  'fans.mail.alert.why': 'Ricevi questa email perché hai chiesto di essere avvisato delle nuove date di «{title}».',
  /** the HTML version of fans.mail.unsubscribe: the question, then the link's text */
  'fans.mail.unsubscribeQuestion': 'Non vuoi più ricevere queste email?',
  'fans.mail.unsubscribeLink': 'Annulla qui',

  // The organiser's alert routes ('Invia ora', 'Annulla')
  'fans.alert.notFound': 'Avviso non trovato.',
  'fans.alert.alreadySent': 'Questo avviso è già stato inviato.',
  'fans.alert.alreadySending': 'Questo avviso è già in partenza: non si può più annullare né anticipare.',
  'fans.alert.alreadyCancelled': 'Questo avviso è stato annullato.',
  /** 'Invia ora' on an alert the daily cap holds; {max}: FAN_ALERTS_PER_DAY; {date} '26/11/2026', {time} '14:05' (Europe/Rome) */
  'fans.alert.held':
    'Questo avviso è in attesa: al massimo {max} email in 24 ore per fan. Partirà il {date} alle {time}.',

  // The provider's webhook (bounces and complaints)
  'fans.webhook.notConfigured': 'Il webhook delle email non è configurato.',
  'fans.webhook.badSignature': 'Firma del webhook non valida.',
  'fans.webhook.badBody': 'Evento del webhook non valido.',
} as const;
