/**
 * Texts of the published page (src/landing) and of its loading and error states.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const landingMessages = {
  'landing.poweredBy': 'Creato con',
  'landing.terms': 'Termini e condizioni',
  'landing.privacy': 'Privacy',
  'landing.unmute': 'Attiva audio',
  'landing.mute': 'Disattiva audio',
  'landing.events': 'Date',
  'landing.links': 'Link',
  'landing.description': '{title}: date, biglietti e informazioni.',
  'landing.descriptionImage': '{title}: tutti i link ufficiali.',
  'landing.notFound.hint': 'Se non vieni reindirizzato, vai alla home.',
  'landing.notFound.home': 'Vai alla home',
  'landing.soldoutLabel': 'Sold out',
  'landing.pastDates': 'Date passate',
  'landing.addToCalendar': 'Aggiungi al calendario: {city} {date}',

  // Quoted verbatim from the product specification
  'public.loading': 'Caricamento...',
  'public.redirecting': 'Reindirizzamento in corso...',
  'public.empty': 'Nessun dato disponibile',
  'public.noCookies': 'Questo sito non contiene cookies',
  'public.invalidData': 'Formato dati non valido',
  'public.notFound': 'Landing page non trovata',
  'public.loadError': 'Errore nel caricamento dei dati',
  'public.defaultButtonText': 'BIGLIETTI',
} as const;
