/**
 * The public site's own pages: home, about, terms and privacy.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const siteMessages = {
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
  'home.feature1.body':
    "Copertina con immagine o video, date del tour e pulsanti d'acquisto: l'anteprima ti mostra la pagina come la vedrà il pubblico.",
  'home.feature2.title': 'Biglietti e store in un tap',
  'home.feature2.body':
    'Collega biglietterie, negozi e piattaforme di streaming. Se una data è sold out, il pulsante lo dice da solo.',
  'home.feature3.title': 'Numeri chiari',
  'home.feature3.body': 'Visite alla pagina e clic su ogni pulsante: scopri quali date e quali link funzionano meglio.',
  'home.feature4.title': 'Il tuo stile',
  'home.feature4.body':
    'Font, colori e angoli dei pulsanti su misura, con una palette suggerita dalla tua immagine di copertina.',
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
  'home.mock.date1': '14 MAR',
  'home.mock.date2': '21 MAR',
  'home.mock.date3': '04 APR',
  'home.mock.url': 'palco.app/tour2027',
  'home.mock.artist': 'Aurora Nera',
  'home.stat1.value': '1 link',
  'home.stat1.label': 'per tutte le date del tour',
  'home.stat2.value': '10 store',
  'home.stat2.label': 'tra streaming, download e negozi',
  'home.mock.tickets': 'BIGLIETTI',

  // About (provider page)
  'about.lead':
    'Palco nasce dietro le quinte: da chi organizza concerti e sa quanto conta arrivare al pubblico nel momento giusto.',
  'about.s1.title': 'La nostra storia',
  'about.s1.body':
    "Siamo un piccolo team di sviluppatori e promoter musicali. Abbiamo creato Palco perché ogni tour, festival o serata meritasse una pagina mobile chiara, veloce e bella da condividere, senza dover chiedere aiuto a un'agenzia.",
  'about.s2.title': 'Cosa facciamo',
  'about.s2.body':
    'Palco è lo strumento con cui promoter, band e biglietterie creano e gestiscono landing page per eventi e concerti: date, città, location e link ai biglietti o agli store, in un unico indirizzo. Le pagine si aggiornano in un istante e misurano visite e clic.',
  'about.s3.title': 'Come lavoriamo',
  'about.s3.body':
    'Ogni nuovo account viene approvato da un amministratore: così le pagine pubblicate restano affidabili per il pubblico. Le pagine pubbliche non usano cookie e non caricano servizi di terze parti.',
  'about.s4.title': 'Contatti',
  'about.s4.body':
    "Per informazioni commerciali, richieste di supporto o segnalazioni scrivi all'amministratore del servizio all'indirizzo indicato nell'email di benvenuto.",

  // Terms
  'terms.lead': 'Le regole per usare Palco in modo corretto. Ultimo aggiornamento: novembre 2026.',
  'terms.s1.title': '1. Il servizio',
  'terms.s1.body':
    'Palco permette agli organizzatori di eventi registrati di creare, pubblicare e gestire landing page per eventi e concerti, consultabili da chiunque senza registrazione.',
  'terms.s2.title': '2. Account e approvazione',
  'terms.s2.body':
    "Per usare l'editor serve un account approvato da un amministratore e confermato tramite email. Sei responsabile della riservatezza della tua password e di tutto ciò che avviene con il tuo account. L'amministratore può rifiutare, sospendere o eliminare un account che non rispetta queste condizioni.",
  'terms.s3.title': '3. Contenuti',
  'terms.s3.body':
    'Resti titolare dei testi, delle immagini e dei video che carichi, e ci concedi il permesso di ospitarli e mostrarli per far funzionare le tue pagine. Puoi pubblicare solo contenuti di cui hai i diritti, veritieri e non offensivi; i link devono portare a biglietterie, negozi o servizi legittimi.',
  'terms.s4.title': '4. Uso corretto',
  'terms.s4.body':
    'Non è consentito usare Palco per spam, truffe, vendita di biglietti contraffatti o per aggirare le misure di sicurezza del servizio. Le pagine che violano queste regole possono essere nascoste o rimosse.',
  'terms.s5.title': '5. Disponibilità e responsabilità',
  'terms.s5.body':
    'Facciamo il possibile perché il servizio sia sempre disponibile, ma non possiamo garantirlo senza interruzioni. Palco non è responsabile delle vendite effettuate su siti esterni raggiunti tramite i pulsanti delle pagine.',
  'terms.s6.title': '6. Modifiche',
  'terms.s6.body':
    "Possiamo aggiornare queste condizioni: le modifiche importanti vengono comunicate via email agli utenti registrati. Continuare a usare il servizio dopo l'aggiornamento significa accettarle.",

  // Privacy
  'privacy.lead': 'Quali dati trattiamo, perché e per quanto tempo. Ultimo aggiornamento: novembre 2026.',
  'privacy.s1.title': 'Dati degli organizzatori',
  'privacy.s1.body':
    "Per creare un account raccogliamo nome completo, azienda, indirizzo email e una password, che conserviamo solo in forma cifrata (hash). Usiamo questi dati per gestire l'account, l'approvazione e le comunicazioni di servizio.",
  'privacy.s2.title': 'Visitatori delle pagine pubbliche',
  'privacy.s2.body':
    'Le landing page pubblicate non usano cookie e non caricano servizi di terze parti: i font sono ospitati da noi. Contiamo in forma aggregata le visite a ogni pagina e i clic su ogni pulsante, senza profilare chi visita.',
  'privacy.s3.title': 'Email',
  'privacy.s3.body':
    "Agli organizzatori inviamo solo email di servizio: conferma dell'indirizzo, esito della registrazione e reset della password. A chi si iscrive con «Avvisami» inviamo, per conto dell'organizzatore, la conferma dell'iscrizione e gli avvisi sulle nuove date e sull'apertura delle vendite.",
  'privacy.s4.title': 'Conservazione',
  'privacy.s4.body':
    "I dati dell'account restano finché l'account esiste. Quando un account viene eliminato, i suoi dati personali vengono cancellati; le pagine dell'azienda restano a disposizione dell'azienda.",
  'privacy.s5.title': 'I tuoi diritti',
  'privacy.s5.body':
    "Puoi chiedere in qualsiasi momento di accedere ai tuoi dati, correggerli o cancellarli scrivendo all'amministratore del servizio. Hai anche il diritto di proporre reclamo al Garante per la protezione dei dati personali.",
} as const;
