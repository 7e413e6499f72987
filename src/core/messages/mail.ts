/**
 * The e-mails Palco sends (subject and plain text) and the local dev mailbox page.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const mailMessages = {
  // E-mails (subject and plain text)
  'mail.verify.subject': 'Palco: il tuo account è stato approvato',
  'mail.verify.text':
    'Ciao {name},\n\nil tuo account Palco è stato approvato. Per attivarlo conferma il tuo indirizzo email aprendo questo link (valido 48 ore):\n\n{link}\n\nSe non hai richiesto un account Palco, ignora questo messaggio.\n\nIl team di Palco',
  'mail.reset.subject': 'Palco: reimposta la tua password',
  'mail.reset.text':
    'Ciao {name},\n\nabbiamo ricevuto una richiesta di reimpostare la password del tuo account Palco. Per sceglierne una nuova apri questo link (valido 1 ora):\n\n{link}\n\nSe non sei stato tu, ignora questo messaggio: la password resta quella di prima.\n\nIl team di Palco',
  'mail.rejected.subject': 'Palco: esito della tua richiesta di registrazione',
  'mail.rejected.text':
    'Ciao {name},\n\nla tua richiesta di registrazione a Palco è stata rifiutata.{reason}\n\nIl team di Palco',
  'mail.rejected.reason': '\n\nMotivo: {reason}',

  // Dev mailbox page (local only)
  'devMailbox.title': 'Posta di sviluppo',
  'devMailbox.intro':
    'Le email che Palco invierebbe, conservate in locale. Questa pagina esiste solo con il mailer "console".',
  'devMailbox.empty': 'Nessuna email per ora.',
  'devMailbox.to': 'A',
  'devMailbox.date': 'Data',
  'devMailbox.links': 'Link',
  'devMailbox.filter': 'Filtra per destinatario',
  'devMailbox.filterButton': 'Filtra',
  'devMailbox.refresh': 'Aggiorna',
} as const;
