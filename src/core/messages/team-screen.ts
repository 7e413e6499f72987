/**
 * Texts of the screens of teams (docs/behaviour.md#teams): the 'Team' screen, the navbar's
 * role, the guard of a request or a removed member, the signup through an invitation and the
 * administrators' users screen's roles. Keys are flat and dotted; placeholders are written {name}.
 */
export const teamScreenMessages = {
  'teamScreen.pageTitle': 'Team',
  'teamScreen.subtitle': 'Chi lavora con te in {company}, con il suo ruolo, e chi ha fatto cosa.',
  'teamScreen.readOnly':
    'Puoi vedere il team e le attività; invitare, accettare e cambiare i ruoli spetta ai titolari.',
  'teamScreen.refresh': 'Aggiorna',
  'teamScreen.loadFailed': 'Impossibile caricare il team: {detail}',
  'teamScreen.you': 'Tu',
  'teamScreen.since': 'Dal {date}',
  'teamScreen.askedOn': 'Chiesto il {date}',
  'teamScreen.invitedBy': 'Invitato da {name}',
  'teamScreen.noFans': 'Senza dati dei fan',
  'teamScreen.roleLabel': 'Ruolo',
  'teamScreen.roleOf': 'Ruolo di {name}',
  'teamScreen.fansOf': 'Dati dei fan per {name}',
  'teamScreen.fansHint': "Vedere, cercare, scaricare e rimuovere gli indirizzi dei fan (un titolare l'ha sempre).",

  // Members
  'teamScreen.members.title': 'Membri',
  'teamScreen.members.empty': 'Nessun membro.',
  'teamScreen.remove': 'Rimuovi',
  'teamScreen.remove.label': 'Rimuovi {name}',
  'teamScreen.remove.title': 'Rimuovere {name}?',
  'teamScreen.remove.body':
    '{name} non potrà più vedere né modificare le pagine di {company}. Potrà chiedere di rientrare o essere invitato di nuovo.',
  'teamScreen.removed': '{name} non fa più parte del team.',
  'teamScreen.changed': 'Ruolo di {name} aggiornato.',
  'teamScreen.role.title': 'Cambiare il ruolo di {name}?',
  'teamScreen.role.body': '{name} diventerà {role}. Vale dalla sua prossima azione.',
  'teamScreen.role.confirm': 'Cambia ruolo',

  // Requests
  'teamScreen.requests.title': 'Richieste',
  'teamScreen.requests.empty': 'Nessuna richiesta in attesa.',
  'teamScreen.requests.hint': 'Chi si registra indicando {company} aspetta qui che un titolare lo accetti.',
  'teamScreen.accept': 'Accetta',
  'teamScreen.refuse': 'Rifiuta',
  'teamScreen.accept.label': 'Accetta {name}',
  'teamScreen.refuse.label': 'Rifiuta {name}',
  'teamScreen.accept.title': 'Accettare {name}?',
  'teamScreen.accept.body': 'Scegli il ruolo con cui {name} entra nel team.',
  'teamScreen.refuse.title': 'Rifiutare la richiesta di {name}?',
  'teamScreen.refuse.body': "{name} non entrerà in {company}. L'account resta, senza accesso alle pagine.",
  'teamScreen.accepted': '{name} ora fa parte del team come {role}.',
  'teamScreen.refused': 'Richiesta di {name} rifiutata.',

  // Invitations
  'teamScreen.invitations.title': 'Inviti',
  'teamScreen.invitations.empty': 'Nessun invito in attesa.',
  'teamScreen.invitation.meta': '{role} · invitato da {name} · scade il {date}',
  'teamScreen.revoke': 'Revoca',
  'teamScreen.revoke.label': "Revoca l'invito a {email}",
  'teamScreen.revoke.title': "Revocare l'invito?",
  'teamScreen.revoke.body': 'Il link mandato a {email} smetterà di funzionare.',
  'teamScreen.revoked': 'Invito a {email} revocato.',
  'teamScreen.invite.title': 'Invita qualcuno',
  'teamScreen.invite.email': 'Email',
  'teamScreen.invite.submit': 'Invia invito',
  'teamScreen.invite.hint':
    "Riceverà un link valido 7 giorni per registrarsi in {company}; l'account va poi approvato.",
  'teamScreen.invite.sent': 'Invito mandato a {email}.',
  'teamScreen.invite.badEmail': 'Scrivi un indirizzo email valido.',

  // Activity log
  'teamScreen.activity.title': 'Attività',
  'teamScreen.activity.empty': 'Nessuna attività con questi filtri.',
  'teamScreen.activity.member': 'Membro',
  'teamScreen.activity.allMembers': 'Tutti i membri',
  'teamScreen.activity.page': 'Pagina',
  'teamScreen.activity.allPages': 'Tutte le pagine',
  'teamScreen.activity.company': 'Azienda',
  'teamScreen.activity.allCompanies': 'Tutte le aziende',
  'teamScreen.activity.more': 'Carica altri',
  'teamScreen.activity.when': 'Quando',
  'teamScreen.activity.who': 'Chi',
  'teamScreen.activity.what': 'Cosa',
  'teamScreen.activity.onPage': 'Pagina',
  'teamScreen.activity.summary': 'Dettagli',
  'teamScreen.activity.loadFailed': 'Impossibile caricare le attività: {detail}',
  'teamScreen.adminNote': 'Come amministratore vedi le attività di tutte le aziende.',

  // Navbar
  'teamScreen.nav': 'Team',
  'teamScreen.nav.role': 'Il tuo ruolo: {role}',

  // Guard
  'teamScreen.guard.requestedTitle': 'Richiesta inviata',
  'teamScreen.guard.requestedHint': 'Riceverai accesso alle pagine appena un titolare accetta la richiesta.',
  'teamScreen.guard.outsideTitle': 'Non fai parte del team',
  'teamScreen.guard.outsideBody':
    'Il tuo account non fa (più) parte del team di {company}. Puoi chiedere di entrare: un titolare deciderà.',
  'teamScreen.guard.ask': 'Chiedi di entrare',
  'teamScreen.guard.asked': 'Richiesta inviata ai titolari di {company}.',
  'teamScreen.guard.company': 'Azienda',

  // Signup through an invitation
  'teamScreen.invito.loading': "Verifica dell'invito…",
  'teamScreen.invito.welcome': 'Sei stato invitato in {company} come {role}.',
  'teamScreen.invito.bad': '{detail} Puoi comunque registrarti senza invito.',
  'teamScreen.invito.companyHint': "L'azienda dell'invito.",
  'teamScreen.invito.emailHint': "L'invito vale solo per questo indirizzo.",

  // Administrators' users screen
  'teamScreen.admin.requested': 'Chiede di entrare',
  'teamScreen.admin.noMember': 'Fuori dal team',
  'teamScreen.admin.teamRole': 'Ruolo nel team',
  'teamScreen.admin.moveRole': 'Ruolo nel nuovo team',
  'teamScreen.admin.requestTitle': 'Richiesta di entrare in {company}',
} as const;
