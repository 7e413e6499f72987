/**
 * Texts of ticket drops in the editor (docs/behaviour.md#ticket-drops-in-the-editor): the
 * creator's 'In vendita dal' and availability, the list's badge and its one-tap choice, the
 * one-button change's errors and the import's on-sale column. The badge texts and the three
 * availabilities are quoted from the product's issue as written.
 */
export const dropsEditorMessages = {
  // The creator, per CTA
  'drops.onSale.label': 'In vendita dal',
  'drops.onSale.labelN': 'In vendita dal (CTA {n})',
  'drops.onSale.clear': 'Svuota «In vendita dal» della CTA {n}',
  'drops.onSale.hint': 'Ora italiana. Vuoto: in vendita subito.',
  'drops.availability.legend': 'Disponibilità CTA {n}',
  'drops.availability.on_sale': 'In vendita',
  'drops.availability.limited': 'Ultimi biglietti',
  'drops.availability.sold_out': 'Sold out',

  // The list's badge: 'In vendita dal 12/05 10:00', 'In vendita', 'Ultimi biglietti', 'Sold out'
  'drops.badge.waiting': 'In vendita dal {when}',
  'drops.badge.on_sale': 'In vendita',
  'drops.badge.limited': 'Ultimi biglietti',
  'drops.badge.sold_out': 'Sold out',
  'drops.badge.open': '{state}: cambia la disponibilità di {event}',
  'drops.badge.unsaved': '{state} (salva la pagina per cambiarla da qui)',

  // The one-tap choice
  'drops.menu.title': 'Disponibilità',
  'drops.menu.hint':
    'Vale per tutte le CTA di {event}. La pagina si aggiorna subito; le altre modifiche restano da salvare.',
  'drops.menu.cancel': 'Chiudi',
  'drops.menu.saving': 'Salvataggio…',
  'drops.menu.saved': '{event}: {state}. Pagina aggiornata.',

  // PATCH …/buttons/{id}
  'drops.patch.empty': 'Indica la disponibilità o la data di inizio vendita',
  'drops.patch.notText': 'Solo le date (pulsanti di testo) hanno la disponibilità dei biglietti',
  'drops.patch.ctaOutOfRange': 'La data ha {count} CTA: «cta» va da 0 a {last}',

  // The import's on-sale column
  'drops.import.header': 'In vendita dal',
  'drops.import.badOnSale':
    'la data di inizio vendita «{value}» non è valida: scrivi giorno/mese/anno ore:minuti, per esempio 12/05/2027 10:00',
} as const;
