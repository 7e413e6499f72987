/**
 * Texts of the upload progress shown while a save sends its files: what is being sent, how much
 * of it, and what to do when a file did not make it.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const editorUploadMessages = {
  // the header is the page's 'Testata'; the poster is the frame shown before its video plays
  'sending.what.headerVideo': 'Video della testata',
  'sending.what.headerImage': 'Immagine della testata',
  'sending.what.poster': 'Immagine di copertina',
  'sending.what.buttons': 'Immagini dei pulsanti',
  'sending.panel': 'Invio dei file',
  'sending.progress': '{sent} di {total} ({percent}%)',
  'sending.label': '{what}: {progress}',
  'sending.waiting': '{what}: in attesa',
  'sending.failed': '{what}: non caricato',
  'sending.cancelled': '{what}: invio annullato',
  'sending.cancelledReason': "Hai annullato l'invio. La landing page è salvata: il file resta pronto da inviare.",
  'sending.cancel': 'Annulla',
  'sending.cancelLabel': 'Annulla invio: {what}',
  'sending.retry': 'Riprova',
  'sending.retryLabel': 'Riprova: {what}',
  'sending.dismiss': 'Nascondi: {what}',
  'sending.button': 'Invio file…',
  'sending.locked': "Potrai modificare la pagina al termine dell'invio, oppure annullalo.",
  'sending.savedCancelled': 'Landing page salvata. Invio annullato: {what} non caricato.',
  'sending.savedPosterFailed': "Landing page salvata ma errore nell'upload dell'immagine di copertina: {detail}",
} as const;
