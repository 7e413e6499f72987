/**
 * Texts of the editor's media: the poster frame of a video header ('Copertina').
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const editorMediaMessages = {
  'media.poster.label': 'Copertina',
  'media.poster.alt': 'Copertina del video: il fotogramma mostrato prima che parta',
  'media.poster.hint': 'Un fotogramma del video, mostrato mentre si carica e quando la pagina viene condivisa.',
  'media.poster.saved': 'Salvata',
  'media.poster.pending': 'Sarà salvata con la pagina',
  'media.poster.capturing': 'Creazione della copertina…',
  'media.poster.none': 'Nessuna copertina',
  'media.poster.generate': 'Genera copertina',
  'media.poster.failed':
    'Non è stato possibile creare la copertina: questo browser non riesce a leggere il video. La pagina funziona lo stesso, senza copertina.',
} as const;
