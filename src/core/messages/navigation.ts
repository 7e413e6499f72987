/**
 * Texts of the navigation bar.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const navigationMessages = {
  'nav.home': 'Home',
  'nav.login': 'Accedi',
  'nav.signup': 'Registrati',
  'nav.logout': 'Esci',
  'nav.menu.open': 'Apri il menu',
  'nav.menu.close': 'Chiudi il menu',
  'nav.pendingCount': '{count} utenti in attesa di approvazione',
  'nav.mainLabel': 'Navigazione principale',

  // Quoted verbatim from the product specification
  'nav.badge.admin': 'Admin',
  'nav.badge.user': 'Utente',
  'nav.user': 'Utente',
  'nav.create': 'Crea',
  'nav.pages': 'Le pagine',
  'nav.users': 'Utenti',
  'nav.logout.confirm': 'Sei sicuro di voler uscire?',
  'nav.logout.running': 'Uscita...',
} as const;
