/**
 * Fans on the public page: the 'Avvisami' block, the answers of the sign-up, the small pages
 * of the confirmation and unsubscribe links, the confirmation e-mail and the privacy page's
 * section on fans (docs/behaviour.md#fans-and-alerts).
 */
export const fansPublicMessages = {
  'fans.public.title': 'Avvisami',
  'fans.public.heading': 'Una data nella tua città?',
  'fans.public.intro': 'Lascia la tua email: ti scriviamo appena esce una nuova data dove vuoi tu.',
  'fans.public.email': 'La tua email',
  'fans.public.city': 'Città',
  'fans.public.chooseCity': 'Scegli la città',
  'fans.public.allDates': 'Tutte le date',
  'fans.public.otherCity': "Un'altra città",
  'fans.public.otherCityLabel': "Hai scelto «Un'altra città»? Scrivi quale",
  /** the honeypot's label: people never see it (hidden), form-filling robots do */
  'fans.public.honeypot': 'Lascia vuoto questo campo',
  /** the consent line: {company} the organiser's company; a link to the privacy page follows */
  'fans.public.consent':
    'Iscrivendoti accetti di ricevere da {company} email sulle nuove date di {title} e sull’apertura delle vendite. Puoi annullare in ogni momento.',
  'fans.public.privacy': 'Informativa privacy',
  'fans.public.sending': 'Invio in corso…',
  'fans.public.networkError': 'Invio non riuscito: controlla la connessione e riprova.',
  'fans.public.checkMail':
    "Controlla la tua email: se c'è da confermare, ti abbiamo appena scritto. Se eri già iscritto a queste città, non serve fare altro.",
  'fans.public.invalidEmail': 'Indirizzo email non valido',
  'fans.public.invalidCity': "Scegli una città dall'elenco, «Tutte le date» o «Un'altra città».",
  'fans.public.otherCityMissing': "Hai scelto «Un'altra città»: scrivi il nome della città.",
  /** {max}: FAN_CITY_MAX */
  'fans.public.otherCityInvalid':
    'Scrivi solo il nome della città: lettere, spazi, apostrofi e trattini, al massimo {max} caratteri (niente numeri, punti, barre, @ o due punti).',
  'fans.public.invalidForm': 'Il modulo non è completo: ricarica la pagina e riprova.',
  'fans.public.tooMany': 'Troppe iscrizioni dalla tua rete in poco tempo. Riprova tra {minutes} minuti.',
  'fans.public.closed': 'Su questa pagina non ci si può iscrivere.',

  // the small pages of the form without JavaScript and of the links in the e-mails
  'fans.page.back': 'Torna alla pagina',
  'fans.page.sentTitle': 'Quasi fatto',
  'fans.page.errorTitle': 'Iscrizione non riuscita',
  'fans.page.closedTitle': 'Iscrizioni chiuse',
  'fans.confirm.title': 'Conferma la tua iscrizione',
  'fans.confirm.lead':
    'Tocca il pulsante per confermare che vuoi ricevere da {company} le email sulle nuove date di {title} e sull’apertura delle vendite.',
  /** the lead for a confirmed fan whose link adds cities: {cities} the cities it adds */
  'fans.confirm.cityLead':
    'Tocca il pulsante per confermare che vuoi ricevere da {company} le email sulle nuove date di {title} anche per: {cities}.',
  'fans.confirm.button': 'Conferma iscrizione',
  /** the heading and the button of the same page for a confirmed fan whose link adds cities */
  'fans.confirm.cityTitle': 'Conferma la nuova città',
  'fans.confirm.cityButton': 'Conferma la città',
  'fans.confirm.doneTitle': 'Iscrizione confermata',
  'fans.confirm.doneLead':
    'Da ora ti scriviamo quando {title} annuncia una nuova data nelle città che hai scelto. Ogni email ha il link per annullare.',
  'fans.link.invalidTitle': 'Link non più valido',
  'fans.link.invalidLead':
    'Questo link è scaduto o è già stato usato. Se vuoi ricevere le nuove date, iscriviti di nuovo dalla pagina.',
  'fans.unsubscribe.title': "Vuoi annullare l'iscrizione?",
  'fans.unsubscribe.lead': 'Non riceverai più email sulle date di {title}.',
  'fans.unsubscribe.button': 'Annulla iscrizione',
  'fans.unsubscribe.eraseLead':
    'Con «Cancella i miei dati» eliminiamo subito il tuo indirizzo da tutte le pagine Palco a cui ti sei iscritto.',
  'fans.unsubscribe.eraseButton': 'Cancella i miei dati',
  'fans.unsubscribe.doneTitle': 'Iscrizione annullata',
  'fans.unsubscribe.doneLead': 'Non riceverai più email sulle date di {title}.',
  'fans.erase.doneTitle': 'I tuoi dati sono stati cancellati',
  'fans.erase.doneLead': 'Abbiamo eliminato il tuo indirizzo da tutte le pagine a cui eri iscritto.',
  /** who sends, where a page has no company (never on a published page: every page has one) */
  'fans.page.someone': 'chi organizza',

  // the confirmation e-mail ({link} the confirmation page, {cities} the cities chosen)
  'fans.confirmMail.subject': 'Conferma la tua iscrizione: {title}',
  'fans.confirmMail.hello': 'Ciao,',
  /** what the fan agrees to, worded as the consent line (fans.public.consent) */
  'fans.confirmMail.intro':
    'hai chiesto di ricevere da {company} le email sulle nuove date di {title} ({cities}) e sull’apertura delle vendite.',
  /** the intro when the fan chose no city of the tour: a typed city is never echoed to an unconfirmed address */
  'fans.confirmMail.introOther':
    'hai chiesto di ricevere da {company} le email sulle nuove date di {title} nella città che hai indicato e sull’apertura delle vendite.',
  /** added to the tour cities of the intro when the fan also typed one (never its name) */
  'fans.confirmMail.otherCity': "un'altra città che hai indicato",
  /** joins the last city named to the ones before it */
  'fans.confirmMail.and': ' e ',
  'fans.confirmMail.action': "Conferma l'iscrizione da qui:",
  'fans.confirmMail.button': 'Conferma iscrizione',
  'fans.confirmMail.ignore':
    'Se non sei stato tu, ignora questa email: senza conferma non ti scriviamo più e il tuo indirizzo viene cancellato entro {days} giorni.',

  // the e-mail to a confirmed fan whose address a sign-up named for a new city: {cities} the tour
  // cities asked for, quoted, or fans.cityMail.other for a typed one (never its name)
  'fans.cityMail.subject': 'Conferma la nuova città per {title}',
  'fans.cityMail.intro':
    'con il tuo indirizzo è stato chiesto di ricevere da {company} le email sulle nuove date di {title} anche per {cities}.',
  'fans.cityMail.other': "un'altra città",
  'fans.cityMail.action': 'Se sei stato tu, conferma da qui:',
  'fans.cityMail.button': 'Conferma la città',
  'fans.cityMail.ignore':
    'Se non sei stato tu, ignora questa email: senza conferma le tue iscrizioni restano come sono.',

  // the privacy page: what a fan's data is, who holds it, how long, how to leave
  'fans.privacy.title': 'Fan che chiedono gli avvisi (Avvisami)',
  'fans.privacy.body':
    "Chi si iscrive con «Avvisami» su una pagina ci lascia il suo indirizzo email, la pagina, le città scelte, la versione e l'ora del testo di consenso accettato e l'ora della conferma. Non salviamo indirizzo IP né dati del browser insieme all'iscrizione (per fermare gli abusi contiamo per un'ora le iscrizioni di ogni rete, senza collegarle a te, e per un giorno teniamo un'impronta cifrata del tuo indirizzo per limitare le email di conferma). Titolare dei dati è l'organizzatore della pagina, che li usa solo per avvisare delle nuove date e dell'apertura delle vendite, sulla base del consenso che dai iscrivendoti; Palco li tratta per suo conto come responsabile. I dati restano finché annulli l'iscrizione o chiedi di cancellarli (se hai ricevuto un codice di prevendita, un'impronta cifrata del tuo indirizzo resta con il codice anche dopo l'annullamento, perché a ogni indirizzo vada un solo codice per data; «Cancella i miei dati» la elimina); le iscrizioni mai confermate vengono cancellate dopo 7 giorni e le email inviate restano nel nostro registro di invio per 30 giorni. Per uscire usa il link in fondo a ogni email: «Annulla iscrizione» vale per quella pagina, «Cancella i miei dati» elimina subito il tuo indirizzo da tutte le pagine.",
} as const;
