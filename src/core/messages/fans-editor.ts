/** The organiser's side of fans: the 'Fan' view, the alert notice, the page option. */
export const fansEditorMessages = {
  'fans.editor.tab': 'Fan',
  'fans.editor.requestedCities': 'Città richieste',
  /** the notice of a scheduled alert: {cities} 'Milano' or 'Milano e Roma', {time} '10:42' */
  'fans.editor.alertScheduled': 'Avviso ai fan di {cities} alle {time}',
  /** the same for an alert whose dates were all removed since */
  'fans.editor.alertScheduledNoCity': 'Avviso ai fan alle {time}',
  /** the notice of a held alert with no city left to name, before the held line */
  'fans.editor.alertHeldNoCity': 'Avviso ai fan',
  'fans.editor.sendNow': 'Invia ora',
  'fans.editor.cancel': 'Annulla',

  // the organiser's routes (worker/routes/fans/owner.ts)
  'fans.editor.searchTooLong': 'La ricerca può avere al massimo {max} caratteri',
  'fans.editor.badFanId': 'Il numero del fan non è valido',
  'fans.editor.fanNotFound': 'Fan non trovato: forse è già stato rimosso',

  // the CSV export (src/core/fans-export.ts)
  'fans.editor.csv.email': 'Email',
  'fans.editor.csv.city': 'Città',
  'fans.editor.csv.confirmedAt': 'Confermato il',
  'fans.editor.csv.consent': 'Consenso',
  /** {text} the consent line the fan agreed to, {version} its version */
  'fans.editor.csv.consentText': '{text} (versione {version})',
  'fans.editor.csv.consentVersion': 'Consenso versione {version}',

  // the view: head, figures, empty state
  'fans.editor.title': 'Fan',
  'fans.editor.csv': 'Scarica CSV',
  'fans.editor.csv.failed': 'Impossibile esportare i fan: {detail}',
  'fans.editor.updated': 'Fan aggiornati',
  'fans.editor.loadFailed': 'Non è stato possibile caricare i fan. Riprova tra poco.',
  'fans.editor.count.one': '1 fan',
  'fans.editor.count.many': '{count} fan',
  'fans.editor.kpi.total': 'Fan confermati',
  'fans.editor.kpi.totalHint': '+{count} nel periodo',
  'fans.editor.kpi.totalHintNone': 'Nessuno nuovo nel periodo',
  'fans.editor.kpi.pending': 'Da confermare',
  'fans.editor.kpi.pendingHint': 'Senza conferma, via dopo {days} giorni',
  'fans.editor.kpi.allDates': 'Tutte le date',
  'fans.editor.kpi.allDatesHint': 'Ricevono ogni nuova data',
  'fans.editor.empty.title': 'Ancora nessun fan',
  'fans.editor.empty.text':
    "I fan arrivano dal blocco 'Avvisami' sotto le date della pagina: chi lascia l'email e sceglie una città riceve un avviso quando aggiungi una data lì. Condividi la pagina e i primi fan compariranno qui.",
  'fans.editor.empty.off':
    "Il blocco 'Avvisami' è spento per questa pagina: accendilo nel modulo della pagina per iniziare a raccogliere fan.",
  'fans.editor.empty.imageMode':
    "Il blocco 'Avvisami' compare sotto le date delle pagine con le date (modalità testo).",
  'fans.editor.note':
    "Per ogni fan conserviamo solo l'email, le città, il consenso e la data di conferma. Ogni email ai fan ha il link per cancellarsi.",

  // per city
  'fans.editor.cities.title': 'Fan per città del tour',
  'fans.editor.cities.intro':
    "Le città delle prossime date, con chi le segue. I fan di 'Tutte le date' ricevono ogni avviso.",
  'fans.editor.cities.none': 'Nessuna data in programma: le città del tour compaiono qui quando aggiungi date future.',
  'fans.editor.requested.intro':
    "Città che i fan hanno scritto in 'Un'altra città' e che non sono nel tour: se aggiungi una data lì, riceveranno l'avviso.",
  'fans.editor.requested.none': 'Nessuna città richiesta per ora.',

  // sign-ups per day
  'fans.editor.chart.title': 'Iscrizioni al giorno',
  'fans.editor.chart.legend': 'Iscrizioni confermate',
  'fans.editor.chart.column': 'Iscrizioni',
  'fans.editor.chart.signups.one': '1 iscrizione',
  'fans.editor.chart.signups.many': '{count} iscrizioni',
  'fans.editor.chart.readout': '{date}: {signups}',
  'fans.editor.chart.summary': 'Iscrizioni confermate dal {from} al {to}: {signups} in tutto.',
  'fans.editor.chart.caption': 'Iscrizioni confermate al giorno, dal {from} al {to}',

  // alerts
  'fans.editor.alerts.title': 'Avvisi ai fan',
  'fans.editor.alerts.none':
    "Nessun avviso finora. Quando aggiungi una data futura a una pagina pubblicata, i fan di quella città (e di 'Tutte le date') ricevono un'email {minutes} minuti dopo il salvataggio.",
  'fans.editor.alerts.intro': 'Gli ultimi {count} avvisi, dal più recente.',
  'fans.editor.alert.status.scheduled': 'Programmato',
  'fans.editor.alert.status.sending': 'In invio',
  'fans.editor.alert.status.sent': 'Inviato',
  'fans.editor.alert.status.cancelled': 'Annullato',
  'fans.editor.alert.when.scheduled': 'Parte il {at}',
  'fans.editor.alert.when.sending': 'In invio dal {at}',
  'fans.editor.alert.when.sent': 'Inviato il {at}',
  'fans.editor.alert.when.cancelled': 'Previsto per il {at}',
  'fans.editor.alert.noEvents': 'Le date di questo avviso non sono più sulla pagina.',
  /** an alert the daily cap holds: {max} FAN_ALERTS_PER_DAY, {time} '14:05', {date} '26/11/2026' (Europe/Rome) */
  'fans.editor.alert.held.today': 'In attesa: al massimo {max} email in 24 ore per fan. Partirà alle {time}.',
  'fans.editor.alert.held.tomorrow': 'In attesa: al massimo {max} email in 24 ore per fan. Partirà domani alle {time}.',
  'fans.editor.alert.held.later': 'In attesa: al massimo {max} email in 24 ore per fan. Partirà il {date} alle {time}.',
  'fans.editor.alert.recipients': 'A {fans}',
  'fans.editor.alert.sent.one': '1 inviato',
  'fans.editor.alert.sent.many': '{count} inviati',
  'fans.editor.alert.failed.one': '1 non riuscito',
  'fans.editor.alert.failed.many': '{count} non riusciti',
  'fans.editor.alert.sentNow': 'Avviso in partenza: i fan lo riceveranno tra pochi istanti',
  'fans.editor.alert.cancelled': 'Avviso annullato: non partirà',
  'fans.editor.alert.failed': 'Operazione non riuscita: {detail}',
  'fans.editor.alert.sendNowLabel': 'Invia ora l’avviso ai fan di {cities}',
  'fans.editor.alert.cancelLabel': 'Annulla l’avviso ai fan di {cities}',

  // the list
  'fans.editor.list.title': 'Elenco dei fan',
  'fans.editor.list.search': 'Cerca per email',
  'fans.editor.list.searchPlaceholder': 'es. mario@',
  'fans.editor.list.more': 'Ne vedi {shown} su {total}: cerca per email per trovare gli altri.',
  'fans.editor.list.none': 'Nessun fan con questa email.',
  'fans.editor.list.pending': 'Da confermare',
  'fans.editor.list.confirmedAt': 'Confermato il {at}',
  'fans.editor.list.remove': 'Rimuovi',
  'fans.editor.list.removeLabel': 'Rimuovi {email}',
  'fans.editor.list.failed': 'Impossibile caricare l’elenco dei fan: {detail}',
  'fans.editor.remove.title': 'Rimuovere il fan?',
  'fans.editor.remove.confirm':
    '{email} non riceverà più avvisi da questa pagina e i suoi dati vengono cancellati. Non si può annullare.',
  'fans.editor.remove.confirmLabel': 'Rimuovi',
  'fans.editor.remove.keep': 'Non rimuovere',
  'fans.editor.remove.done': '{email} non è più tra i fan',
  'fans.editor.remove.failed': 'Impossibile rimuovere il fan: {detail}',

  // the page form
  'fans.editor.form.signup': "Mostra 'Avvisami' sotto le date",
  'fans.editor.form.signupHint':
    'I visitatori lasciano la loro email e scelgono una città: ricevono un avviso quando aggiungi una data lì.',

  // administration
  'fans.editor.admin.fans': 'Fan',
  'fans.editor.admin.confirmed': 'confermati',
  'fans.editor.admin.companies.one': 'confermati, in 1 azienda',
  'fans.editor.admin.companies.many': 'confermati, in {count} aziende',
} as const;
