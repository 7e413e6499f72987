/**
 * On-sale e-mails (docs/behaviour.md#on-sale-e-mails): 'Biglietti in vendita ora' at an event's
 * on-sale instant and the reminder a day before, the page option that turns the reminder off,
 * and how the organiser's 'Fan' view names them.
 */
export const dropsMailMessages = {
  // The e-mails. {title}: the page's displayed title; {company}: the organiser's company;
  // {date}, {city}, {where}: the event; {time}: the on-sale time in Europe/Rome ('10:00')
  /** quoted verbatim from the product specification */
  'drops.mail.onSale.headline': 'Biglietti in vendita ora',
  'drops.mail.onSale.subject': 'Biglietti in vendita ora: {title} a {city}',
  'drops.mail.onSale.intro': '{company} ha aperto le vendite di «{title}»:',
  /** quoted verbatim from the product specification (with its time) */
  'drops.mail.reminder.tomorrow': 'Domani alle {time} aprono le vendite',
  /** the reminder read on the day of the sale itself (it went out late) */
  'drops.mail.reminder.today': 'Oggi alle {time} aprono le vendite',
  /** the reminder of a sale further away than tomorrow: {day} '12/05' */
  'drops.mail.reminder.later': 'Il {day} alle {time} aprono le vendite',
  'drops.mail.reminder.subject': '{headline}: {title} a {city}',
  'drops.mail.reminder.intro': '{company} apre le vendite di «{title}»:',
  'drops.mail.reminder.page': 'Vai alla pagina',
  'drops.mail.why':
    'Ricevi questa email perché hai chiesto a {company} di essere avvisato delle date di «{title}» e dell’apertura delle vendite.',

  // The organiser's alert routes and 'Fan' view
  'drops.alert.automatic':
    'Gli avvisi di apertura vendite partono da soli: per cambiarli modifica la data di vendita del biglietto.',
  'drops.editor.kind.on_sale': 'Biglietti in vendita ora',
  'drops.editor.kind.sale_reminder': 'Promemoria apertura vendite',

  /** the consent line fans agreed to before the on-sale e-mails (version 2026-11-25), for the export */
  'drops.consent.newDatesOnly':
    'Iscrivendoti accetti di ricevere da {company} email sulle nuove date di {title}. Puoi annullare in ogni momento.',

  // The page option beside 'Avvisami'
  'drops.editor.saleReminder': 'Promemoria ai fan il giorno prima dell’apertura delle vendite',
  'drops.editor.saleReminderHint':
    'Chi segue la città della data riceve «Domani alle 10:00 aprono le vendite» 24 ore prima, se l’apertura è fissata almeno un giorno prima.',
} as const;
