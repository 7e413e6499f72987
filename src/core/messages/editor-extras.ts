/**
 * Texts of the editor's second part: custom style panel, palette, statistics, JSON code view
 * and QR code.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const editorExtrasMessages = {
  // Custom style panel
  'extras.styles.title': 'Stile personalizzato',
  'extras.styles.intro': 'Colori, caratteri e pulsanti della pagina. L’anteprima si aggiorna mentre scegli.',
  'extras.styles.presets': 'Stili predefiniti',
  'extras.styles.preset.apply': 'Applica lo stile {name}',
  'extras.styles.reset': 'Ripristina',
  'extras.styles.reset.hint': 'Torna ai valori di partenza',
  'extras.styles.save': 'Salva stili',
  'extras.styles.saving': 'Salvataggio…',
  'extras.styles.unsavedHint': 'Salva la landing page per poter salvare gli stili.',
  'extras.styles.group.data': 'Data',
  'extras.styles.group.city': 'Città',
  'extras.styles.group.venue': 'Luogo',
  'extras.styles.group.buttons': 'Pulsanti',
  'extras.styles.group.background': 'Sfondo',
  'extras.styles.color': 'Colore',
  'extras.styles.size': 'Dimensione',
  'extras.styles.family': 'Carattere',
  'extras.styles.weight': 'Spessore',
  'extras.styles.style': 'Stile',
  'extras.styles.style.normal': 'Normale',
  'extras.styles.style.italic': 'Corsivo',
  'extras.styles.buttonBackground': 'Colore di sfondo',
  'extras.styles.buttonText': 'Colore del testo',
  'extras.styles.radius': 'Angoli',
  'extras.styles.radius.pill': 'Pillola',
  'extras.styles.radius.px': '{value} px',
  'extras.styles.backgroundColor': 'Colore di sfondo della pagina',
  'extras.styles.colorHex': '{label}: codice esadecimale',
  'extras.styles.colorPicker': '{label}: scegli dalla tavolozza',
  'extras.styles.preview': 'Anteprima',
  'extras.styles.sample.date': 'Sabato 14 giugno',
  'extras.styles.sample.city': 'Milano',
  'extras.styles.sample.venue': 'Alcatraz',
  'extras.styles.weight.300': 'Light',
  'extras.styles.weight.400': 'Regular',
  'extras.styles.weight.500': 'Medium',
  'extras.styles.weight.600': 'Semibold',
  'extras.styles.weight.700': 'Bold',
  'extras.styles.weight.800': 'Extrabold',
  'extras.styles.weight.900': 'Black',
  'extras.styles.category.sans': 'Senza grazie',
  'extras.styles.category.serif': 'Con grazie',
  'extras.styles.category.condensed': 'Condensati',
  'extras.styles.category.display': 'Titoli',

  // Palette
  'extras.palette.label': 'Colori dell’immagine header',
  'extras.palette.use': 'Usa {color}',
  'extras.palette.loading': 'Estrazione dei colori dall’header…',
  'extras.palette.empty': 'Carica un’immagine header per avere i suoi colori a portata di clic.',

  // Statistics (the view's own texts are in stats.ts)
  'extras.stats.retry': 'Riprova',

  // JSON code view
  'extras.code.title': 'Dati JSON',
  'extras.code.intro': 'La landing page come la restituisce l’API, per controlli e backup.',
  'extras.code.reload': 'Ricarica',
  'extras.code.copy': 'Copia',
  'extras.code.download': 'Scarica',
  'extras.code.copyFailed': 'Impossibile copiare negli appunti',
  'extras.code.lines': '{count} righe',

  // QR code
  'extras.qr.title': 'QR code della pagina',
  'extras.qr.intro': 'Per locandine e flyer: porta dritto alla landing page pubblica.',
  'extras.qr.alt': 'QR code che apre {url}',
  'extras.qr.source': 'Le visite arrivate dal QR code compaiono nelle statistiche come “Codice QR”.',
  'extras.qr.png': 'Scarica PNG',
  'extras.qr.svg': 'Scarica SVG',

  // Quoted verbatim from the product specification
  'styles.saveFirst': 'Salva prima la landing page per poter aggiornare gli stili custom',
  'error.jsonLoad': 'Errore nel caricamento dei dati JSON',
  'error.statsLoad': 'Errore nel caricamento delle statistiche',
  'success.stylesUpdated': 'Stili custom aggiornati con successo!',
  'success.jsonCopied': 'JSON copiato negli appunti!',
  'success.jsonDownloaded': 'JSON scaricato con successo!',
  'success.statsUpdated': 'Statistiche aggiornate con successo',
} as const;
