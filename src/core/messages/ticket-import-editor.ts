/**
 * Dates from a ticket link (docs/behaviour.md#in-the-editor-importa-da-link): the editor's
 * 'Importa da link' dialog.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const ticketImportEditorMessages = {
  'ticketImport.label': 'Indirizzo della pagina dei biglietti',
  'ticketImport.hint':
    'La pagina di un evento o di un tour su TicketOne, Ticketmaster, Eventbrite, Vivaticket o sul sito del locale: leggiamo le date che pubblica.',
  'ticketImport.placeholder': 'https://www.ticketone.it/artist/…',
  'ticketImport.read': 'Leggi la pagina',
  'ticketImport.reading': 'Lettura della pagina…',
  'ticketImport.empty': 'Incolla il link e tocca «Leggi la pagina»: qui vedrai le date trovate.',
  'ticketImport.group.new': 'Da aggiungere ({count})',
  'ticketImport.group.duplicate': 'Già nella pagina ({count})',
  'ticketImport.group.unusable': 'Non utilizzabili ({count}): non verranno importate',
  'ticketImport.duplicateHint': 'Queste date ci sono già: sceglile solo se vuoi una seconda riga.',
  'ticketImport.soldOut': 'Esaurito',
  'ticketImport.onSale': 'In vendita dal {when}',
  'ticketImport.confirm': 'Importa {count} date',
  'ticketImport.confirmOne': 'Importa 1 data',
  'ticketImport.confirmNone': 'Scegli le date',
  'ticketImport.full': 'La pagina ha posto per altre {room} date: verranno aggiunte le prime {room} scelte.',
  'ticketImport.fullOne': 'La pagina ha posto per un’altra data: verrà aggiunta la prima scelta.',
  'ticketImport.fullNone': 'La pagina ha già {max} pulsanti, il massimo: per aggiungere date togline qualcuno.',
  'ticketImport.summary':
    'Date trovate: {total}; da importare: {chosen}; già nella pagina: {duplicate}; non utilizzabili: {unusable}',
  'ticketImport.readFailed': 'Non siamo riusciti a leggere la pagina',
} as const;
