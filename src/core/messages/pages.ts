/**
 * Texts of the landing pages API and of the rules a page must follow: validation, uploads,
 * the image proxy and click tracking.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const pagesMessages = {
  // Validation
  'pages.slug.reserved': 'Lo slug "{slug}" è riservato: scegline un altro',
  'pages.slug.tooLong': 'Lo slug può avere al massimo {max} caratteri',
  'pages.title.tooLong': 'Il titolo può avere al massimo {max} caratteri',
  'pages.displayTitle.tooLong': 'Il titolo visualizzato può avere al massimo {max} caratteri',
  // one-line plain text (src/core/plain-text.ts): no line break, tab or other control character
  'pages.title.control': 'Il titolo non può contenere a capo o caratteri di controllo',
  'pages.displayTitle.control': 'Il titolo visualizzato non può contenere a capo o caratteri di controllo',
  'pages.date.control': 'La data non può contenere a capo o caratteri di controllo',
  'pages.city.control': 'La città non può contenere a capo o caratteri di controllo',
  'pages.venue.control': 'La venue non può contenere a capo o caratteri di controllo',
  'pages.label.control': 'Il testo del CTA non può contenere a capo o caratteri di controllo',
  'pages.imageText.control': 'Il testo del pulsante non può contenere a capo o caratteri di controllo',
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
  'upload.fileIsHeader':
    'Questo file è la testata o la copertina della pagina: non si può eliminare come immagine di un pulsante',
  'upload.truncated': 'Il file è incompleto o danneggiato',
  'upload.posterType': 'Formato copertina non supportato. Usa JPG, PNG o WebP',
  'upload.posterNeedsVideo': 'La copertina si genera solo da un video: la testata deve essere un MP4',
  'upload.headerChanged': 'La testata è cambiata mentre caricavi la copertina: riprova',

  // Image proxy
  'proxy.urlInvalid': 'Indirizzo immagine non valido: usa un link http o https',
  'proxy.blocked': 'Questo indirizzo non è raggiungibile dal proxy',
  'proxy.notImage': "Il link non punta a un'immagine JPG, PNG, WebP o GIF",
  'proxy.tooLarge': "L'immagine remota supera i 5MB",
  'proxy.timeout': "Il server dell'immagine non ha risposto in tempo",
  'proxy.tooManyRedirects': 'Troppi reindirizzamenti',
  'proxy.noHeader': 'Questa landing non ha ancora una testata',

  // Page statistics
  'pages.stats.daysInvalid': 'Il periodo deve essere un numero intero di giorni, da 1 a {max}',

  // Click tracking
  'tracking.buttonNotFound': 'Pulsante non trovato',
  'tracking.urlInvalid': 'Link non valido',

  // Publishing window (docs/behaviour.md#dates-and-publishing-windows)
  'page.windowInvalid': "La fine della pubblicazione deve venire dopo l'inizio",
  'page.instantInvalid': 'Data e ora non valide: usa il formato ISO 8601 con il fuso orario (es. 2026-05-12T18:00:00Z)',
  'page.windowBoundInvalid': "Data e ora non valide: scegli una data tra l'anno 1000 e l'anno 9999",

  // Quoted verbatim from the product specification: slug
  'slug.required': 'Lo slug è obbligatorio',
  'slug.pattern': 'Lo slug può contenere solo lettere minuscole e numeri',
  'slug.taken': 'Lo slug "{slug}" è già utilizzato dalla landing "{name}"',
  'title.taken': 'Il titolo "{title}" è già utilizzato dalla landing "{slug}"',

  // Quoted verbatim from the product specification: page
  'page.slugMissing': 'Inserisci uno slug per la landing',
  'page.titleMissing': 'Inserisci un titolo',
  'page.headerMissing': "È necessario fornire un'immagine o video di testata",
  'page.buttonsMissing': 'Aggiungi almeno un pulsante',
  'page.buttonsMixed': 'Tutti i pulsanti devono essere dello stesso tipo',
  'page.buttonModeMismatch': 'I pulsanti di tipo {type} non sono compatibili con la modalità {mode}',
  'page.buttonPrefix': 'Pulsante {n}: ',
  'page.modeLocked': 'Non puoi cambiare modalità dopo aver creato pulsanti',

  // Quoted verbatim from the product specification: buttons
  'button.dateMissing': 'Inserisci la data',
  'button.cityMissing': 'Inserisci la città',
  'button.venueMissing': 'Inserisci la venue',
  'button.ctaMissing': 'Aggiungi almeno un pulsante CTA',
  'button.imageMissing': "Seleziona un'immagine per il pulsante",

  // Quoted verbatim from the product specification: uploads
  'upload.imageTooLarge': "L'immagine non può superare i 5MB",
  'upload.videoTooLarge': 'Il video non può superare i 50MB',
  'upload.buttonImageType': 'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
  'upload.imageType': 'Formato immagine non supportato',

  // Quoted verbatim from the product specification: creating a page needs a session
  'pages.authRequired': 'Devi essere autenticato per creare una landing page. Effettua il login.',
} as const;
