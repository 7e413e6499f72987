/**
 * The administration API's answers (who may do what to which account).
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const adminMessages = {
  'admin.forbidden': 'Accesso riservato agli amministratori.',
  'admin.userNotFound': 'Utente non trovato',
  'admin.selfDemote': 'Non puoi rimuovere i tuoi privilegi di amministratore.',
  'admin.selfDelete': 'Non puoi eliminare il tuo account.',
  'admin.selfBan': 'Non puoi sospendere il tuo account.',
  'admin.selfReject': 'Non puoi rifiutare il tuo account.',
  'admin.lastAdmin': "Non è possibile rimuovere l'ultimo amministratore.",
  'admin.alreadyAdmin': "L'utente è già amministratore.",
  'admin.notAdmin': "L'utente non è amministratore.",
  'admin.makeAdminNotApproved': 'Solo gli utenti approvati o attivi possono diventare amministratori.',
  'admin.cannotApprove': 'Solo le richieste in attesa o rifiutate possono essere approvate.',
  'admin.cannotReject': 'Solo le richieste in attesa o approvate possono essere rifiutate.',
  'admin.alreadyBanned': "L'utente è già sospeso.",
  'admin.notBanned': "L'utente non è sospeso.",
  'admin.concurrentChange': "L'utente è stato modificato nel frattempo. Ricarica la pagina e riprova.",
} as const;
