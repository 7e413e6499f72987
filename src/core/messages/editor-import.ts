/**
 * Texts of the editor's date import and CSV export (docs/behaviour.md#importing-and-exporting-dates).
 * 'Riga 4: manca la città' is built from `import.row` and `import.problem.city`.
 */
export const editorImportMessages = {
  // Actions beside the button list
  'import.open': 'Importa date',
  'import.export': 'Esporta CSV',
  'import.exported': 'File CSV con {count} date scaricato',
  'import.exportedOne': 'File CSV con 1 data scaricato',

  // Dialog
  'import.title': 'Importa date',
  'import.label': 'Righe da importare',
  'import.hint':
    'Una data per riga: data, città, locale, link biglietti, etichetta (facoltativa), in vendita dal (facoltativo, ora italiana).',
  'import.example': 'Esempio: 12/05/2027;Milano;Alcatraz;https://www.ticketone.it/…;biglietti;01/04/2027 10:00',
  'import.sources': 'Incolla le righe da Google Fogli o Excel, oppure un CSV separato da virgole o punti e virgola.',
  'import.placeholder': '12/05/2027\tMilano\tAlcatraz\thttps://…',
  'import.preview.title': 'Anteprima',
  'import.preview.empty': 'Incolla o scrivi le righe: qui vedrai le date che verranno aggiunte.',
  'import.preview.good': 'Da aggiungere ({count})',
  'import.preview.bad': 'Righe con errori ({count}): non verranno importate',
  'import.preview.row': 'Riga {line}',
  'import.summary': 'Righe da aggiungere: {good}; righe con errori: {bad}',
  'import.confirm': 'Importa {count} date',
  'import.confirmOne': 'Importa 1 data',
  'import.running': 'Importazione…',
  'import.cancel': 'Annulla',
  'import.done': 'Aggiunte {count} date',
  'import.doneOne': 'Aggiunta 1 data',
  'import.doneUntracked': 'Aggiunte {count} date; {failed} link non sono stati tracciati',
  'import.textModeOnly': 'L’importazione delle date funziona solo con i pulsanti di testo',

  // Row errors: 'Riga {line}: {problem}'
  'import.row': 'Riga {line}: {problem}',
  'import.problem.date': 'manca la data',
  'import.problem.city': 'manca la città',
  'import.problem.venue': 'manca il locale',
  'import.problem.link': 'manca il link dei biglietti',
  'import.problem.badLink': 'il link «{url}» non è un indirizzo web valido',
  'import.problem.labelTooLong': 'l’etichetta supera i {max} caratteri',
  'import.problem.textTooLong': 'data, città e locale superano insieme i {max} caratteri',
  'import.problem.tooManyColumns':
    'troppe colonne ({count}): al massimo {max}, cioè data, città, locale e fino a {ctas} CTA (link, etichetta e in vendita dal)',
  'import.problem.quotes': 'virgolette aperte e mai chiuse',
  'import.problem.badQuotes': 'virgolette fuori posto in un campo',
  'import.problem.full': 'oltre il massimo di {max} pulsanti della pagina',

  // The export's header row (the import recognises it and skips it)
  'import.header.date': 'Data',
  'import.header.city': 'Città',
  'import.header.venue': 'Locale',
  'import.header.link': 'Link',
  'import.header.label': 'Etichetta',
} as const;
