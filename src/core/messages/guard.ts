/**
 * Texts of the session guard and of the screens a signed-in user meets while the account
 * is not active (pending, approved, rejected, banned).
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const guardMessages = {
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
  'guard.pending.step1': 'Un amministratore verifica i dati della tua richiesta.',
  'guard.pending.step2': "Quando l'account viene approvato ricevi un'email con il link di attivazione.",
  'guard.pending.step3': 'Apri il link, poi accedi e inizia a creare le tue landing page.',
  'guard.pending.timing': "L'approvazione richiede di solito 24-48 ore lavorative.",
  'guard.rejected.body': "Se pensi che si tratti di un errore, contatta l'amministratore.",
  'guard.banned.body':
    "Il tuo account è stato sospeso da un amministratore. Per informazioni contatta l'amministratore.",
  'guard.approved.title': 'Verifica la tua email',
  'guard.approved.resend': "Invia di nuovo l'email di verifica",
  'guard.approved.resent': "Se l'account è in attesa di verifica, riceverai una nuova email a breve.",
  'guard.unknown.title': 'Stato account sconosciuto',
  'guard.denied.body': 'Questa sezione è riservata agli amministratori.',
  'guard.denied.back': 'Torna al tuo spazio',

  // Quoted verbatim from the product specification
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
} as const;
