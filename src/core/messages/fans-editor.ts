/** The organiser's side of fans: the 'Fan' view, the alert notice, the page option. */
export const fansEditorMessages = {
  'fans.editor.tab': 'Fan',
  'fans.editor.requestedCities': 'Città richieste',
  /** the notice of a scheduled alert: {cities} 'Milano' or 'Milano e Roma', {time} '10:42' */
  'fans.editor.alertScheduled': 'Avviso ai fan di {cities} alle {time}',
  'fans.editor.sendNow': 'Invia ora',
  'fans.editor.cancel': 'Annulla',

  // the organiser's routes (worker/routes/fans-owner.ts)
  'fans.editor.searchTooLong': 'La ricerca può avere al massimo {max} caratteri',
  'fans.editor.badFanId': 'Il numero del fan non è valido',
  'fans.editor.fanNotFound': 'Fan non trovato: forse è già stato rimosso',

  // the CSV export (src/core/fans-export.ts)
  'fans.editor.csv.email': 'Email',
  'fans.editor.csv.city': 'Città',
  'fans.editor.csv.confirmedAt': 'Confermato il',
  'fans.editor.csv.consent': 'Consenso',
  /** {text} the consent line the fan agreed to, {version} its version */
  'fans.editor.csv.consentText': '{text} (versione {version})',
  'fans.editor.csv.consentVersion': 'Consenso versione {version}',
} as const;
