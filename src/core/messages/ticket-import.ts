/**
 * Dates from a ticket link (docs/behaviour.md#dates-from-a-ticket-link): the texts every part
 * shares, and the refusals of an address or of a page by the reading route
 * (docs/behaviour.md#reading-a-ticket-page-safely).
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const ticketImportMessages = {
  'ticketImport.open': 'Importa da link',
  'ticketImport.noEvents': 'In questa pagina non abbiamo trovato date',
  'ticketImport.address.invalid':
    'Indirizzo non valido: incolla il link completo della pagina dei biglietti (https://…)',
  'ticketImport.address.https': 'Leggiamo solo pagine sicure: il link deve iniziare con https://',
  'ticketImport.address.credentials': 'Il link non può contenere un nome utente o una password',
  'ticketImport.address.ip': 'Serve il nome del sito dei biglietti, non un indirizzo IP',
  'ticketImport.address.private': 'Questo indirizzo non è un sito pubblico: incolla il link del sito dei biglietti',
  'ticketImport.address.port': 'Leggiamo solo pagine sulla porta standard di https',
  'ticketImport.address.own': 'Questa è una pagina di Palco: incolla il link del sito dei biglietti',
  'ticketImport.read.redirects': 'La pagina rimanda altrove troppe volte (più di {max})',
  'ticketImport.read.redirectRefused': 'La pagina rimanda a un indirizzo che non leggiamo: {reason}',
  'ticketImport.read.timeout': 'Il sito dei biglietti non ha risposto entro {seconds} secondi: riprova più tardi',
  'ticketImport.read.notFound': 'Il sito dei biglietti dice che questa pagina non esiste (errore {status})',
  'ticketImport.read.status': 'Il sito dei biglietti ha risposto con un errore ({status}): riprova più tardi',
  'ticketImport.read.type': 'Questo link non porta a una pagina web: leggiamo solo pagine HTML o JSON',
  'ticketImport.read.tooLarge': 'La pagina è troppo grande: ne leggiamo al massimo {mb} MB',
  'ticketImport.read.failed': 'Non siamo riusciti a raggiungere il sito dei biglietti: controlla il link',
  'ticketImport.throttled': 'Hai letto molte pagine in poco tempo: riprova tra {minutes} minuti',
} as const;
