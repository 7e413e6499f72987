/**
 * Dates from a ticket link (docs/behaviour.md#what-is-read): why an event of a ticket page cannot
 * be used, or is shown without being chosen, one reason per row.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const ticketEventsMessages = {
  'ticketEvents.noDate': 'la pagina non dice la data',
  'ticketEvents.badDate': 'data non leggibile: «{value}»',
  'ticketEvents.past': 'la data è già passata',
  'ticketEvents.cancelled': 'annullato',
  'ticketEvents.postponed': 'rinviato: controlla la nuova data prima di importarlo',
  'ticketEvents.online': 'spostato online: controlla prima di importarlo',
  'ticketEvents.noCity': 'la pagina non dice la città',
  'ticketEvents.noVenue': 'la pagina non dice il locale',
  'ticketEvents.noLink': 'la pagina non dà il link dei biglietti',
  'ticketEvents.repeated': 'ripetuto: è già più sopra in questa pagina',
  'ticketEvents.untitled': 'Evento senza nome',
} as const;
