/**
 * Every text that SPEC.md quotes, letter for letter. Keys are flat and dotted.
 * Placeholders are written {name} and filled by `t()`.
 * Texts the spec does not quote live in the domain files beside this one.
 */
export const specMessages = {
  // Guard and status screens (SPEC 2, 4)
  'guard.pending.title': 'Registrazione in Attesa',
  'guard.pending.checkStatus': 'Controlla Stato Account',
  'guard.pending.logout': 'Disconnetti',
  'guard.rejected.title': 'Account Rifiutato',
  'guard.banned.title': 'Account Sospeso',
  'guard.exit': 'Esci',
  'status.pending': "Il tuo account è in attesa di approvazione da parte dell'amministratore.",
  'status.approved': "Account approvato! Verifica la tua email per attivare l'account.",
  'status.rejected': 'La tua richiesta di registrazione è stata rifiutata.',
  'status.unknown': "Status account sconosciuto. Contatta l'amministratore.",

  // Navigation bar (SPEC 2)
  'nav.badge.admin': 'Admin',
  'nav.badge.user': 'Utente',
  'nav.user': 'Utente',
  'nav.create': 'Crea',
  'nav.users': 'Utenti',
  'nav.logout.confirm': 'Sei sicuro di voler uscire?',
  'nav.logout.running': 'Uscita...',

  // Signup (SPEC 2)
  'signup.title': 'Crea il tuo account',
  'signup.fullName': 'Nome completo',
  'signup.company': 'Azienda',
  'signup.email': 'Email',
  'signup.password': 'Password',
  'signup.confirmPassword': 'Conferma Password',
  'signup.createCompany': 'Crea nuova: "{name}"',
  'signup.loginLink': 'Accedi qui',
  'signup.submit': 'Registrati',

  // Validation: login (SPEC 5)
  'validation.email.invalid': 'Email non valida',
  'validation.email.required': 'Email richiesta',
  'validation.loginPassword.min': 'Password deve essere di almeno 6 caratteri',
  'validation.password.required': 'Password richiesta',
  // Validation: registration (SPEC 5)
  'validation.fullName.min': 'Nome deve essere di almeno 2 caratteri',
  'validation.fullName.required': 'Nome completo richiesto',
  'validation.company.min': 'Nome azienda deve essere di almeno 2 caratteri',
  'validation.company.required': 'Azienda richiesta',
  'validation.password.min': 'Password deve essere di almeno 8 caratteri',
  'validation.password.pattern': 'Password deve contenere almeno una lettera minuscola, una maiuscola e un numero',
  'validation.confirmPassword.mismatch': 'Le password non coincidono',
  'validation.confirmPassword.required': 'Conferma password richiesta',

  // Slug (SPEC 5)
  'slug.required': 'Lo slug è obbligatorio',
  'slug.pattern': 'Lo slug può contenere solo lettere minuscole e numeri',
  'slug.taken': 'Lo slug "{slug}" è già utilizzato dalla landing "{name}"',
  'title.taken': 'Il titolo "{title}" è già utilizzato dalla landing "{slug}"',

  // Page (SPEC 5)
  'page.slugMissing': 'Inserisci uno slug per la landing',
  'page.titleMissing': 'Inserisci un titolo',
  'page.headerMissing': "È necessario fornire un'immagine o video di testata",
  'page.buttonsMissing': 'Aggiungi almeno un pulsante',
  'page.buttonsMixed': 'Tutti i pulsanti devono essere dello stesso tipo',
  'page.buttonModeMismatch': 'I pulsanti di tipo {type} non sono compatibili con la modalità {mode}',
  'page.buttonPrefix': 'Pulsante {n}: ',
  'page.modeLocked': 'Non puoi cambiare modalità dopo aver creato pulsanti',

  // Buttons (SPEC 5)
  'button.dateMissing': 'Inserisci la data',
  'button.cityMissing': 'Inserisci la città',
  'button.venueMissing': 'Inserisci la venue',
  'button.ctaMissing': 'Aggiungi almeno un pulsante CTA',
  'button.imageMissing': "Seleziona un'immagine per il pulsante",

  // Uploads (SPEC 5)
  'upload.imageTooLarge': "L'immagine non può superare i 5MB",
  'upload.videoTooLarge': 'Il video non può superare i 50MB',
  'upload.buttonImageType': 'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
  'upload.imageType': 'Formato immagine non supportato',

  // Other (SPEC 5)
  'users.deleteMismatch': 'Nome non corrispondente. Eliminazione annullata.',
  'pages.authRequired': 'Devi essere autenticato per creare una landing page. Effettua il login.',
  'styles.saveFirst': 'Salva prima la landing page per poter aggiornare gli stili custom',

  // Public page (SPEC 2, 5)
  'public.loading': 'Caricamento...',
  'public.redirecting': 'Reindirizzamento in corso...',
  'public.empty': 'Nessun dato disponibile',
  'public.noCookies': 'Questo sito non contiene cookies',
  'public.invalidData': 'Formato dati non valido',
  'public.notFound': 'Landing page non trovata',
  'public.loadError': 'Errore nel caricamento dei dati',
  'public.defaultButtonText': 'BIGLIETTI',

  // Editor (SPEC 2)
  'editor.title.create': 'CREAZIONE LANDING',
  'editor.title.edit': 'MODIFICA LANDING',
  'editor.sidebarButton': 'Landing Pages',
  'editor.cancelEdit': 'Annulla modifica',
  'editor.sidebar.empty': 'Nessuna landing page creata',
  'editor.cta.defaultLabel': 'biglietti',

  // User management (SPEC 2)
  'admin.users.title': 'Gestione Utenti',
  'admin.users.accessDenied': 'Accesso Negato',

  // Errors: sessions and accounts (SPEC 8)
  'error.tokenExpired': 'Token non valido o scaduto. Effettua di nuovo il login.',
  'error.register': 'Errore durante la registrazione',
  'error.badCredentials': 'Credenziali non valide',
  'error.loginToast': 'Errore durante il login',
  'error.verifyToken': 'Token di verifica non valido o scaduto',
  'error.resetRequest': 'Errore nella richiesta di reset',
  'error.unverified': 'Account non ancora verificato. Controlla la tua email.',
  'error.connection': 'Errore di connessione',

  // Errors: pages (SPEC 8)
  'error.server': 'Errore server: {status}',
  'error.imageDownload': "Errore nel download dell'immagine",
  'error.upload': 'Errore upload: {status}',
  'error.uploadButtons': 'Errore upload bottoni: {status}',
  'error.delete': "Errore durante l'eliminazione: {detail}",
  'error.create': 'Errore nella creazione: {detail}',
  'error.update': "Errore nell'aggiornamento: {detail}",
  'error.generate': 'Errore durante la generazione: {detail}',
  'error.companyUpdate': "Errore durante l'aggiornamento della company",
  'error.visibilityUpdate': "Errore durante l'aggiornamento della visibilità",
  'error.jsonLoad': 'Errore nel caricamento dei dati JSON',
  'error.statsLoad': 'Errore nel caricamento delle statistiche',
  'error.savedHeaderUploadFailed': "Landing page salvata ma errore nell'upload dell'immagine header: {detail}",
  'error.savedButtonsUploadFailed': "Landing page salvata ma errore nell'upload delle immagini bottoni: {detail}",
  'error.formData': 'Errore nel recupero dei dati del form',
  'error.serverTest': 'Server test failed: {detail}',
  'error.tracking': 'Tracciamento fallito',
  'error.legacyUpload': "L'upload tramite questo servizio non è più supportato. Usa landingPageDbService.",

  // Errors: user administration (SPEC 8)
  'error.makeAdmin': "Errore nell'elevare l'utente ad admin",
  'error.removeAdmin': 'Errore nella rimozione privilegi admin',
  'error.deleteUser': "Errore nell'eliminazione utente",
  'error.companyUserUpdate': "Errore nell'aggiornamento azienda",
  'error.usersLoad': 'Errore nel caricamento degli utenti: {detail}',

  // Success (SPEC 8)
  'success.register':
    "Registrazione completata! La tua richiesta è in attesa di approvazione da parte dell'amministratore.",
  'success.registerScreen':
    "Registrazione completata con successo! La tua richiesta è in attesa di approvazione da parte dell'amministratore.",
  'success.login': 'Login effettuato con successo!',
  'success.logout': 'Logout effettuato',
  'success.verified': 'Account attivato con successo! Puoi ora effettuare il login.',
  'success.forgotPassword': "Se l'email esiste nel sistema, riceverai le istruzioni per il reset.",
  'success.pageCreated': 'Landing page generata con successo!',
  'success.pageUpdated': 'Landing page aggiornata con successo!',
  'success.stylesUpdated': 'Stili custom aggiornati con successo!',
  'success.buttonAdded': 'Pulsante aggiunto con successo',
  'success.buttonUpdated': 'Pulsante aggiornato con successo',
  'success.pageLoaded': 'Landing page caricata per la modifica',
  'success.pageReloaded': 'Dati della landing page ricaricati',
  'success.jsonCopied': 'JSON copiato negli appunti!',
  'success.jsonDownloaded': 'JSON scaricato con successo!',
  'success.statsUpdated': 'Statistiche aggiornate con successo',
  'success.serverReady': 'Il server risponde correttamente, è pronto!',
} as const;
