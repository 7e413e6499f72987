/**
 * Dates from a ticket link (docs/behaviour.md#keeping-up-with-the-ticket-page): the notice on a
 * date row that came from a ticket page, and the answers of its apply / ignore route.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const ticketSourcesMessages = {
  // quoted from the product specification
  'ticketSource.soldOut': 'Il sito dei biglietti dice: esaurito',
  'ticketSource.apply': 'Applica',
  'ticketSource.ignore': 'Ignora',
  // the notice's other findings
  'ticketSource.moved': 'Il sito dei biglietti dice: {when}',
  'ticketSource.movedAt': '{date} alle {time}',
  'ticketSource.onSale': 'Il sito dei biglietti dice: in vendita dal {when}',
  'ticketSource.stopped': 'Non riusciamo più a leggere la pagina dei biglietti di questa data: controllala tu',
  'ticketSource.applied': 'Novità applicata a {event}: la pagina è aggiornata',
  'ticketSource.ignored': 'Novità ignorata per {event}',
  // the save and the route
  'ticketSource.urlInvalid': "La pagina dei biglietti di una data dev'essere un indirizzo https valido",
  'ticketSource.nothingPending': 'Per questa data non ci sono novità dal sito dei biglietti',
  'ticketSource.notText': 'Solo una data può seguire la pagina dei biglietti',
} as const;
