/**
 * Dates from a ticket link (docs/behaviour.md#dates-from-a-ticket-link): the texts every part
 * shares, and the refusals of an address or of a page by the reading route.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const ticketImportMessages = {
  'ticketImport.open': 'Importa da link',
  'ticketImport.noEvents': 'In questa pagina non abbiamo trovato date',
} as const;
