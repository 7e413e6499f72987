/**
 * Texts every screen shares: the brand, generic controls, page titles, the footer and the
 * 404 page.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const commonMessages = {
  // Brand
  'brand.name': 'Palco',
  'brand.tagline': 'Lo strumento potente per creare e gestire landing page per eventi e concerti.',
  'brand.copyright': '© {year} Palco. Tutti i diritti riservati.',

  // Generic UI
  'ui.loading': 'Caricamento in corso…',
  'ui.confirm': 'Conferma',
  'ui.cancel': 'Annulla',
  'ui.close': 'Chiudi',
  'ui.showPassword': 'Mostra password',
  'ui.hidePassword': 'Nascondi password',
  'ui.backHome': 'Torna alla home',
  'ui.skipToContent': 'Vai al contenuto',

  // Page titles
  'title.home': 'Landing page per eventi e concerti',
  'title.login': 'Accedi',
  'title.signup': 'Registrati',
  'title.forgot': 'Password dimenticata',
  'title.reset': 'Nuova password',
  'title.notFound': 'Pagina non trovata',
  'title.about': 'Chi siamo',
  'title.terms': 'Termini di servizio',
  'title.privacy': 'Privacy',

  // Footer
  'footer.label': 'Informazioni e note legali',
  'footer.about': 'Chi siamo',
  'footer.terms': 'Termini di servizio',
  'footer.privacy': 'Privacy',

  // 404
  'notFound.title': 'Pagina non trovata',
  'notFound.body': "La pagina che cerchi non esiste o è stata spostata. Controlla l'indirizzo o torna alla home.",
} as const;
