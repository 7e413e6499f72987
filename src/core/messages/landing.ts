/**
 * Texts of the published page (src/landing) that SPEC.md does not quote.
 * Keys are flat and dotted; placeholders are written {name}.
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
} as const;
