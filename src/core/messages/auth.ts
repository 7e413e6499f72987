/**
 * Texts of the accounts area: the login, signup, forgot and reset screens, the registration
 * rules, and the API's answers about sessions and accounts.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const authMessages = {
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
  'login.alreadyVerified': 'Il tuo account è già attivo: puoi effettuare il login.',

  // Signup
  'signup.subtitle': 'Inizia a pubblicare le landing page dei tuoi eventi.',
  'signup.hasAccount': 'Hai già un account?',
  'signup.approvalNote':
    "La tua richiesta di registrazione dovrà essere approvata da un amministratore. Riceverai un'email quando l'account sarà attivo.",
  'signup.doneTitle': 'Benvenuto su Palco!',
  'signup.userExists': 'Esiste già un account con questa email. Prova ad accedere o a reimpostare la password.',
  'signup.companyHint': 'Scegli la tua azienda dalla lista o creane una nuova.',
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

  // Auth stage pitch
  'pitch.line1': 'Il tuo tour,',
  'pitch.line2': 'in una sola pagina.',

  // 403 details of the session guard: the account may sign in but not use the app
  'auth.forbidden.banned': "Il tuo account è stato sospeso. Contatta l'amministratore.",
  'auth.forbidden.inactive': "Il tuo account non è attivo. Contatta l'amministratore.",
  'auth.tooManyAttempts': 'Troppi tentativi di accesso non riusciti. Riprova tra {minutes} minuti.',
  'auth.invalidBody': 'Dati della richiesta non validi',
  'auth.tooManyAttemptsSoon': 'Troppi tentativi di accesso ravvicinati. Riprova tra {seconds} secondi.',
  'auth.tooManyRequests': 'Troppe richieste da questa rete. Riprova tra {minutes} minuti.',

  // Company of an organiser's account (the operator's own name and its look-alikes are reserved)
  'validation.company.reserved': 'Questo nome è riservato: scrivi il nome della tua azienda',
  'validation.company.hidden':
    'Nome azienda non valido: contiene caratteri invisibili o di controllo. Scrivilo di nuovo a mano',
  'validation.company.max': 'Nome azienda troppo lungo (al massimo {max} caratteri)',

  // Quoted verbatim from the product specification: signup
  'signup.title': 'Crea il tuo account',
  'signup.fullName': 'Nome completo',
  'signup.company': 'Azienda',
  'signup.email': 'Email',
  'signup.password': 'Password',
  'signup.confirmPassword': 'Conferma Password',
  'signup.createCompany': 'Crea nuova: "{name}"',
  'signup.loginLink': 'Accedi qui',
  'signup.submit': 'Registrati',

  // Quoted verbatim from the product specification: login and registration rules
  'validation.email.invalid': 'Email non valida',
  'validation.email.required': 'Email richiesta',
  'validation.loginPassword.min': 'Password deve essere di almeno 6 caratteri',
  'validation.password.required': 'Password richiesta',
  'validation.fullName.min': 'Nome deve essere di almeno 2 caratteri',
  'validation.fullName.required': 'Nome completo richiesto',
  'validation.company.min': 'Nome azienda deve essere di almeno 2 caratteri',
  'validation.company.required': 'Azienda richiesta',
  'validation.password.min': 'Password deve essere di almeno 8 caratteri',
  'validation.password.pattern': 'Password deve contenere almeno una lettera minuscola, una maiuscola e un numero',
  'validation.confirmPassword.mismatch': 'Le password non coincidono',
  'validation.confirmPassword.required': 'Conferma password richiesta',

  // Quoted verbatim from the product specification: session and account errors
  'error.tokenExpired': 'Token non valido o scaduto. Effettua di nuovo il login.',
  'error.register': 'Errore durante la registrazione',
  'error.badCredentials': 'Credenziali non valide',
  'error.loginToast': 'Errore durante il login',
  'error.verifyToken': 'Token di verifica non valido o scaduto',
  'error.resetRequest': 'Errore nella richiesta di reset',
  'error.unverified': 'Account non ancora verificato. Controlla la tua email.',

  // Quoted verbatim from the product specification: session and account successes
  'success.register':
    "Registrazione completata! La tua richiesta è in attesa di approvazione da parte dell'amministratore.",
  'success.registerScreen':
    "Registrazione completata con successo! La tua richiesta è in attesa di approvazione da parte dell'amministratore.",
  'success.login': 'Login effettuato con successo!',
  'success.logout': 'Logout effettuato',
  'success.verified': 'Account attivato con successo! Puoi ora effettuare il login.',
  'success.forgotPassword': "Se l'email esiste nel sistema, riceverai le istruzioni per il reset.",
} as const;
