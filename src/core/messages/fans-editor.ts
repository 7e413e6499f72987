/** The organiser's side of fans: the 'Fan' view, the alert notice, the page option. */
export const fansEditorMessages = {
  'fans.editor.tab': 'Fan',
  'fans.editor.requestedCities': 'Città richieste',
  /** the notice of a scheduled alert: {cities} 'Milano' or 'Milano e Roma', {time} '10:42' */
  'fans.editor.alertScheduled': 'Avviso ai fan di {cities} alle {time}',
  'fans.editor.sendNow': 'Invia ora',
  'fans.editor.cancel': 'Annulla',
} as const;
