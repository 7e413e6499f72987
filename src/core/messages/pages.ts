/**
 * Texts for the pages area that SPEC.md does not quote: plain, friendly Italian.
 * Keys are flat and dotted; placeholders are written {name}.
 * Owner: landing-pages API (validation, uploads, proxy, tracking).
 */
export const pagesMessages = {
  // Validation beyond SPEC 5's own texts
  'pages.slug.reserved': 'Lo slug "{slug}" è riservato: scegline un altro',
  'pages.slug.tooLong': 'Lo slug può avere al massimo {max} caratteri',
  'pages.title.tooLong': 'Il titolo può avere al massimo {max} caratteri',
  'pages.displayTitle.tooLong': 'Il titolo visualizzato può avere al massimo {max} caratteri',
  'pages.header.invalid': 'Testata non valida: usa un file caricato o un link http o https',
  'pages.buttons.tooMany': 'Puoi aggiungere al massimo {max} pulsanti',
  'pages.button.eventMissing': 'Inserisci almeno la data, la città o la venue',
  'pages.button.ctaUrlMissing': 'Almeno un pulsante CTA deve avere un link',
  'pages.button.ctaTooMany': 'Puoi aggiungere al massimo {max} pulsanti CTA per evento',
  'pages.button.textTooLong': 'Il testo può avere al massimo {max} caratteri',
  'pages.button.imageInvalid': "Immagine non valida: usa un file caricato, un'immagine store o un link http o https",
  'pages.url.invalid': 'Link non valido: usa un indirizzo web (http o https)',
  'pages.type.text': 'testo',
  'pages.type.image': 'immagine',
  'pages.company.required': 'Inserisci una company',
  'pages.noCompany':
    "Il tuo account non ha ancora un'azienda: chiedi a un amministratore di assegnartela per creare landing.",
  'slug.takenElsewhere': 'Lo slug "{slug}" è già utilizzato: scegline un altro',
  'title.takenElsewhere': 'Il titolo "{title}" è già utilizzato: scegline un altro',
  'pages.company.adminOnly': 'Solo un amministratore può cambiare la company di una landing',
  'pages.visibility.invalid': 'Il parametro visible deve essere true o false',
  'pages.deleted': 'Landing page eliminata',
  'pages.bodyTooLarge': 'I dati della landing sono troppo grandi',

  // Uploads
  'upload.headerType': 'Formato non supportato. Usa JPG, PNG, WebP o MP4',
  'upload.fileMissing': 'Nessun file ricevuto',
  'upload.multipartRequired': 'Invia i file come multipart/form-data',
  'upload.mappingInvalid': 'image_mapping non valido: serve un oggetto {ordine file: indice pulsante}',
  'upload.buttonMissing': 'Il pulsante con indice {index} non esiste',
  'upload.notImageButton': 'Il pulsante con indice {index} non è un pulsante immagine',
  'upload.tooManyFiles': 'Puoi caricare al massimo {max} file alla volta',
  'upload.filenameInvalid': 'Nome file non valido',
  'upload.fileNotFound': 'File non trovato',
  'upload.truncated': 'Il file è incompleto o danneggiato',

  // Image proxy
  'proxy.urlInvalid': 'Indirizzo immagine non valido: usa un link http o https',
  'proxy.blocked': 'Questo indirizzo non è raggiungibile dal proxy',
  'proxy.notImage': "Il link non punta a un'immagine JPG, PNG, WebP o GIF",
  'proxy.tooLarge': "L'immagine remota supera i 5MB",
  'proxy.timeout': "Il server dell'immagine non ha risposto in tempo",
  'proxy.tooManyRedirects': 'Troppi reindirizzamenti',
  'proxy.noHeader': 'Questa landing non ha ancora una testata',

  // Click tracking
  'tracking.buttonNotFound': 'Pulsante non trovato',
  'tracking.urlInvalid': 'Link non valido',
} as const;
