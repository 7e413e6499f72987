/**
 * Texts of a company's members: requests, invitations, the last Titolare, and the e-mails that
 * go with them (docs/behaviour.md#teams). Keys are flat and dotted; placeholders are written {name}.
 */
export const membersMessages = {
  'members.notFound': 'Questa persona non è nel team della tua società.',
  'members.notRequested': 'Questa richiesta non è più in attesa: ricarica la pagina.',
  'members.notMember': 'Questa persona non fa parte del team.',
  'members.lastOwner':
    "Non si può: è l'ultimo titolare della società. Nomina prima un altro titolare, poi cambia il suo ruolo.",
  'members.concurrentChange': 'Qualcun altro ha appena cambiato questo membro: ricarica la pagina e riprova.',
  'members.noCompany': 'Il tuo account non è legato a nessuna società.',
  'members.alreadyMember': 'Fai già parte del team della tua società.',
  'members.alreadyRequested': 'La tua richiesta è già in attesa di un titolare.',
  'members.changedSummary': '{from} → {to}',
  'members.fansOn': 'Dati dei fan: sì',
  'members.fansOff': 'Dati dei fan: no',
  'members.movedByAdmin': 'spostato qui da un amministratore, come {role}',
  'members.joinedByInvitation': 'entrato con un invito, come {role}',
  'invitations.notFound': 'Questo invito non esiste. Controlla il link o chiedi un nuovo invito.',
  'invitations.used': 'Questo invito è già stato usato. Chiedi un nuovo invito al titolare.',
  'invitations.revoked': 'Questo invito è stato revocato. Chiedi un nuovo invito al titolare.',
  'invitations.expired': 'Questo invito è scaduto. Chiedi un nuovo invito al titolare.',
  'invitations.otherAddress': "Questo invito è per un altro indirizzo email: registrati con l'indirizzo invitato.",
  'invitations.otherCompany':
    'Esiste già un account con questa email in un’altra società: ogni account appartiene a una sola società.',
  'invitations.sameCompany':
    'Questa persona ha già un account della tua società: se ha chiesto di entrare, accetta la sua richiesta.',
  'invitations.gone': 'Questo invito non è più attivo.',
  'invitations.tooMany': 'Troppi inviti a questo indirizzo in poco tempo: riprova tra qualche minuto.',
  'mail.invitation.subject': 'Palco: {name} ti invita nel team di {company}',
  'mail.invitation.text':
    'Ciao,\n\n{name} ti invita a entrare nel team di {company} su Palco con il ruolo di {role}.\nPer registrarti apri questo link (valido 7 giorni, solo per questo indirizzo):\n\n{link}\n\nDopo la registrazione un amministratore di Palco approverà il tuo account.\n\nSe non conosci {company}, ignora questo messaggio.\n\nIl team di Palco',
  'mail.memberRequest.subject': 'Palco: {requester} chiede di entrare in {company}',
  'mail.memberRequest.text':
    'Ciao {name},\n\n{requester} ({email}) chiede di entrare nel team di {company} su Palco.\nPer accettare la richiesta con un ruolo, o rifiutarla, apri la pagina Team:\n\n{link}\n\nSe non conosci questa persona, rifiuta la richiesta.\n\nIl team di Palco',
} as const;
