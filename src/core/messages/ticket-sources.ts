/**
 * Dates from a ticket link (docs/behaviour.md#keeping-up-with-the-ticket-page): the notice on a
 * date row that came from a ticket page.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const ticketSourcesMessages = {
  'ticketSource.soldOut': 'Il sito dei biglietti dice: esaurito',
  'ticketSource.apply': 'Applica',
  'ticketSource.ignore': 'Ignora',
} as const;
