/**
 * The tour feeds: the page's link to subscribe to every date and the feeds' own texts
 * (docs/behaviour.md#tour-feeds-calendar-json-and-rss).
 */
export const tourMessages = {
  /** the page's link to subscribe to every date, worded letter for letter as it was asked for */
  'tour.addAll': 'Aggiungi tutte le date al calendario',
  /** the same calendar as a file, for phones that do not open webcal:// links */
  'tour.download': 'oppure scarica il file',
  /** the RSS feed's description; {title} the page's title */
  'tour.feedDescription': 'Le date di {title}, aggiornate a ogni annuncio.',
  /** the RSS feed's title */
  'tour.feedTitle': '{title} – date',
  /** the link to the feed in the page's head, for feed readers that look for one */
  'tour.feedLink': 'Date di {title} (RSS)',
  /** an event's RSS entry: where and when */
  'tour.itemTitle': '{date} – {where}',
  /** another method than reading on events.json */
  'tour.readOnly': 'Questo indirizzo si può solo leggere.',
} as const;
