/**
 * Presales in the editor and the Fan view (docs/behaviour.md#presales-in-the-editor). Keys are
 * flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const presaleEditorMessages = {
  'presale.editor.legend': 'Prevendita per gli iscritti',
  // quoted from the product's description of presales
  'presale.editor.addCodes': 'Aggiungi codici',
  // one-time codes and none loaded: the presale sends nothing until some are (docs/behaviour.md#presales)
  'presale.editor.noCodes': 'Nessun codice caricato: i fan non riceveranno nulla finché non ne carichi',

  // The disclosure in the creator and the row's summary
  'presale.editor.none': 'Nessuna prevendita',
  'presale.editor.intro':
    'Chi segue questa data riceve un’e-mail con il codice quando la prevendita inizia, prima della vendita generale.',
  'presale.editor.summary': 'Prevendita dal {when}',
  'presale.editor.summaryShared': 'Prevendita dal {when} · codice unico',
  'presale.editor.summaryCodes': 'Prevendita dal {when} · {codes}',
  'presale.editor.remove': 'Togli la prevendita',

  // The fields
  'presale.editor.start': 'Inizio',
  'presale.editor.startHint': 'Ora italiana.',
  'presale.editor.end': 'Fine',
  'presale.editor.endClear': 'Svuota la fine della prevendita',
  'presale.editor.endHint': 'Ora italiana. Vuoto: fino all’apertura delle vendite ({when}).',
  'presale.editor.endHintNoSale': 'Ora italiana. Vuoto: fino all’apertura delle vendite («In vendita dal»).',
  'presale.editor.url': 'Link dei biglietti della prevendita',
  'presale.editor.urlHint': 'Lo ricevono solo gli iscritti, per e-mail: non compare sulla pagina.',
  'presale.editor.kind': 'Codici',
  'presale.editor.kind.shared': 'Un codice per tutti',
  'presale.editor.kind.codes': 'Codici monouso',
  'presale.editor.sharedCode': 'Codice per tutti',
  'presale.editor.sharedHint': 'Lo stesso codice a ogni iscritto.',
  'presale.editor.codes': 'Incolla i codici, uno per riga',
  'presale.editor.codesHint':
    'Un codice a ogni iscritto, mai lo stesso a due. Righe vuote e doppioni vengono scartati; al massimo {max} codici per data.',
  'presale.editor.csv': 'Carica CSV',
  'presale.editor.csvRead': 'Dal file {name}: {count}',
  'presale.editor.csvFailed': 'Il file {name} non si può leggere: {detail}',

  // Counts
  'presale.editor.countOne': '1 codice',
  'presale.editor.count': '{n} codici',
  'presale.editor.dropsOne': '{count} (1 doppio scartato)',
  'presale.editor.drops': '{count} ({m} doppi scartati)',
  'presale.editor.loadedOne': '1 codice caricato',
  'presale.editor.loaded': '{n} codici caricati',
  'presale.editor.loadedNone': 'Nessun codice caricato',
  'presale.editor.pending': '{count} da caricare al salvataggio',
  'presale.editor.pendingReplace': '{count} da caricare al salvataggio, al posto di quelli caricati',
  'presale.editor.replace': 'Sostituisci i codici',
  'presale.editor.replaceHint':
    'I codici caricati vengono tolti e sostituiti da questi. Possibile fino all’inizio della prevendita.',
  'presale.editor.addOnly': 'La prevendita è iniziata: i nuovi codici si aggiungono a quelli caricati.',

  // Problems
  'presale.editor.startMissing': 'Indica quando inizia la prevendita',
  'presale.editor.sharedMissing': 'Scrivi il codice per tutti, o scegli «Codici monouso»',
  'presale.editor.replaceEmpty': 'Per sostituire i codici incolla quelli nuovi',

  // After the save
  'presale.editor.codesFailed':
    'Pagina salvata, ma i codici della prevendita di {event} non sono stati caricati: {detail}. Sono rimasti nel modulo: salva di nuovo per riprovare.',
} as const;
