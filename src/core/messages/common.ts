/**
 * Texts for the common area that SPEC.md does not quote: plain, friendly Italian.
 * Keys are flat and dotted; placeholders are written {name}.
 * Owner: the shell (home, auth screens, navbar, guard, dialogs, toasts, static pages).
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
  'ui.ok': 'OK',
  'ui.showPassword': 'Mostra password',
  'ui.hidePassword': 'Nascondi password',
  'ui.required': 'Campo obbligatorio',
  'ui.typeToConfirm': 'Scrivi "{expected}" per confermare',
  'ui.backHome': 'Torna alla home',
  'ui.skipToContent': 'Vai al contenuto',

  // Navigation bar
  'nav.home': 'Home',
  'nav.login': 'Accedi',
  'nav.signup': 'Registrati',
  'nav.logout': 'Esci',
  'nav.menu.open': 'Apri il menu',
  'nav.menu.close': 'Chiudi il menu',
  'nav.pendingCount': '{count} utenti in attesa di approvazione',
  'nav.mainLabel': 'Navigazione principale',

  // Guard
  'guard.loading': 'Verifica della sessione…',
  'guard.status.label': 'Stato account',
  'guard.email.label': 'Email',
  'guard.status.pending': 'In attesa di approvazione',
  'guard.status.approved': 'Approvato, da verificare',
  'guard.status.active': 'Attivo',
  'guard.status.rejected': 'Rifiutato',
  'guard.status.banned': 'Sospeso',
  'guard.status.unknown': 'Sconosciuto',
  'guard.pending.intro': 'Grazie per esserti registrato! Un amministratore sta esaminando la tua richiesta.',
  'guard.pending.nextSteps': 'Prossimi passi',
  'guard.pending.step1': "Un amministratore verifica i dati della tua richiesta.",
  'guard.pending.step2': "Quando l'account viene approvato ricevi un'email con il link di attivazione.",
  'guard.pending.step3': 'Apri il link, poi accedi e inizia a creare le tue landing page.',
  'guard.pending.timing': "L'approvazione richiede di solito 24-48 ore lavorative.",
  'guard.rejected.body': "Se pensi che si tratti di un errore, contatta l'amministratore.",
  'guard.banned.body': "Il tuo account è stato sospeso da un amministratore. Per informazioni contatta l'amministratore.",
  'guard.approved.title': 'Verifica la tua email',
  'guard.approved.resend': "Invia di nuovo l'email di verifica",
  'guard.approved.resent': "Se l'account è in attesa di verifica, riceverai una nuova email a breve.",
  'guard.unknown.title': 'Stato account sconosciuto',
  'guard.denied.body': 'Questa sezione è riservata agli amministratori.',
  'guard.denied.back': 'Torna al tuo spazio',

  // Login
  'login.title': 'Bentornato',
  'login.subtitle': 'Accedi per gestire le tue landing page.',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.submit': 'Accedi',
  'login.submitting': 'Accesso in corso…',
  'login.forgot': 'Password dimenticata?',
  'login.noAccount': 'Non hai un account?',
  'login.signupLink': 'Registrati',
  'login.verifying': "Verifica dell'account in corso…",
  'login.tooManyAttempts': 'Troppi tentativi di accesso. Riprova tra qualche minuto.',

  // Signup
  'signup.subtitle': 'Inizia a pubblicare le landing page dei tuoi eventi.',
  'signup.hasAccount': 'Hai già un account?',
  'signup.approvalNote':
    "La tua richiesta di registrazione dovrà essere approvata da un amministratore. Riceverai un'email quando l'account sarà attivo.",
  'signup.submitting': 'Registrazione in corso…',
  'signup.userExists': 'Esiste già un account con questa email. Prova ad accedere o a reimpostare la password.',
  'signup.companyHint': 'Scegli la tua azienda dalla lista o creane una nuova.',
  'signup.companyNoMatch': 'Nessuna azienda trovata',
  'signup.companySuggestions': 'Aziende suggerite',

  // Forgot / reset password
  'forgot.title': 'Password dimenticata?',
  'forgot.subtitle': "Inserisci l'email del tuo account: ti invieremo un link per sceglierne una nuova.",
  'forgot.submit': 'Invia istruzioni',
  'forgot.submitting': 'Invio in corso…',
  'forgot.backToLogin': 'Torna al login',
  'reset.title': 'Scegli una nuova password',
  'reset.subtitle': 'Almeno 8 caratteri, con una lettera minuscola, una maiuscola e un numero.',
  'reset.password': 'Nuova password',
  'reset.confirmPassword': 'Conferma nuova password',
  'reset.submit': 'Salva la nuova password',
  'reset.submitting': 'Salvataggio in corso…',
  'reset.success': 'Password aggiornata! Ora puoi accedere con la nuova password.',
  'reset.badToken': 'Il link per reimpostare la password non è valido o è scaduto. Richiedine uno nuovo.',
  'reset.missingToken': 'Link non valido: manca il codice di reset. Richiedi un nuovo link.',
  'reset.error': 'Errore durante il reset della password',
  'reset.requestNew': 'Richiedi un nuovo link',

  // Home
  'home.eyebrow': 'Per promoter, band e biglietterie',
  'home.title': 'Palco',
  'home.lead':
    'Crea in pochi minuti una pagina mobile per il tuo tour: date, città, location e link ai biglietti, tutto in un unico indirizzo da condividere.',
  'home.ctaSignup': 'Crea il tuo account',
  'home.ctaLogin': 'Accedi',
  'home.ctaPanel': 'Vai al pannello',
  'home.providerLink': 'Scopri chi siamo',
  'home.features.title': 'Tutto quello che serve al tuo prossimo tour',
  'home.feature1.title': 'Pagine mobile in pochi minuti',
  'home.feature1.body': "Copertina con immagine o video, date del tour e pulsanti d'acquisto: l'anteprima ti mostra la pagina come la vedrà il pubblico.",
  'home.feature2.title': 'Biglietti e store in un tap',
  'home.feature2.body': 'Collega biglietterie, negozi e piattaforme di streaming. Se una data è sold out, il pulsante lo dice da solo.',
  'home.feature3.title': 'Numeri chiari',
  'home.feature3.body': 'Visite alla pagina e clic su ogni pulsante: scopri quali date e quali link funzionano meglio.',
  'home.feature4.title': 'Il tuo stile',
  'home.feature4.body': 'Font, colori e angoli dei pulsanti su misura, con una palette suggerita dalla tua immagine di copertina.',
  'home.steps.title': 'Come funziona',
  'home.step1': 'Registrati con la tua azienda',
  'home.step2': "Un amministratore approva l'account",
  'home.step3': 'Pubblica la tua landing e condividi il link',
  'home.closing.title': 'Il palco è pronto. Manchi tu.',
  'home.closing.body': 'Registrati gratis: la tua richiesta viene approvata da un amministratore.',
  'home.mock.city': 'Milano',
  'home.mock.venue': 'Alcatraz',
  'home.mock.city2': 'Roma',
  'home.mock.venue2': 'Atlantico',
  'home.mock.city3': 'Bologna',
  'home.mock.venue3': 'Estragon',
  'home.mock.title': 'Tour 2027',
  'home.mock.soldout': 'SOLD OUT',
  'home.mock.tickets': 'BIGLIETTI',

  // Footer
  'footer.about': 'Chi siamo',
  'footer.terms': 'Termini di servizio',
  'footer.privacy': 'Privacy',

  // 404
  'notFound.title': 'Pagina non trovata',
  'notFound.body': "La pagina che cerchi non esiste o è stata spostata. Controlla l'indirizzo o torna alla home.",
} as const;
