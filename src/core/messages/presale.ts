/**
 * Presales (docs/behaviour.md#presales): the rules a save and a codes upload are held to, and the
 * API's answers. Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const presaleMessages = {
  'presale.urlMissing': 'Indica il link dei biglietti della prevendita',
  'presale.urlInvalid': 'Il link della prevendita non è valido: usa un indirizzo http o https',
  'presale.codeTooLong': 'Il codice della prevendita può avere al massimo {max} caratteri',
  'presale.sharedCodeInvalid':
    'Il codice della prevendita contiene caratteri non ammessi (a capo, tabulazioni o invisibili)',
  'presale.noGeneralSale':
    'Per la prevendita imposta prima «In vendita dal»: la prevendita finisce quando aprono le vendite',
  'presale.startAfterSale': "La prevendita deve iniziare prima dell'apertura delle vendite",
  'presale.endBeforeStart': 'La fine della prevendita deve venire dopo il suo inizio',
  'presale.endAfterSale': "La prevendita deve finire entro l'apertura delle vendite",
  'presale.codeTooLongAt': 'Riga {line}: un codice può avere al massimo {max} caratteri',
  'presale.codeInvalidAt': 'Riga {line}: il codice contiene caratteri non ammessi',
  'presale.codesTooMany': 'Una data può avere al massimo {max} codici: con questi sarebbero {total}',
  'presale.codesEmpty': 'Nessun codice trovato: incolla un codice per riga, o un file CSV',
  'presale.sharedCode': 'Questa prevendita ha un codice unico per tutti: toglilo per caricare codici monouso',
  'presale.sharedWithCodes': 'Questa data ha già dei codici monouso: il codice unico per tutti non si può aggiungere',
  'presale.missing': 'Questa data non ha una prevendita: salvala prima con la prevendita',
  'presale.started': 'La prevendita è già iniziata: i codici si possono solo aggiungere',
  'presale.notText': 'Solo le date (pulsanti di testo) hanno la prevendita',
  'presale.over': 'La prevendita è finita: non servono altri codici',
  'presale.mediaType': 'Invia i codici come testo (text/plain) o come file CSV (text/csv)',
  'presale.bodyTooLarge': 'File dei codici troppo grande: al massimo 2 MB',
} as const;
