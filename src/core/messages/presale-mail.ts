/**
 * The presale e-mail (docs/behaviour.md#presales): at a date's presale start its fans get
 * 'Prevendita per te' with their code (one-time or shared) and the presale link, or, the codes
 * gone, the same e-mail saying so and when the general sale opens. Keys are flat and dotted;
 * placeholders are written {name} and filled by `t()`. {title}: the page's displayed title;
 * {company}: the organiser's company; {city}: the date's city; {time}: Europe/Rome ('10:00');
 * {day}: '12/05'.
 */
export const presaleMailMessages = {
  // quoted from the product's description of presales
  'presale.mail.headline': 'Prevendita per te',
  'presale.mail.subject': 'Prevendita per te: {title} a {city}',
  'presale.mail.intro': '{company} apre la prevendita di «{title}» a chi segue le date, prima di tutti:',
  'presale.mail.codeLabel': 'Il tuo codice',
  'presale.mail.sharedLabel': 'Il codice della prevendita',
  'presale.mail.codeHint': 'Inseriscilo quando acquisti dal link della prevendita.',
  'presale.mail.oneTime': 'Il codice è solo tuo e vale una volta.',
  'presale.mail.button': 'Vai alla prevendita',
  'presale.mail.until': 'La prevendita è aperta fino a {when}.',
  /** codes run out: the same e-mail without a code */
  'presale.mail.gone': 'I codici della prevendita sono finiti: ci dispiace, non ne è rimasto uno per te.',
  'presale.mail.goneSale': 'Le vendite generali aprono {when}: il link dei biglietti resta sulla pagina.',
  'presale.mail.goneNoSale': 'Le vendite generali apriranno più avanti: le trovi sulla pagina.',
  'presale.mail.goneButton': 'Vai alla pagina',
  // an instant as the fan reads it on the day the e-mail leaves (Europe/Rome)
  'presale.mail.when.today': 'oggi alle {time}',
  'presale.mail.when.tomorrow': 'domani alle {time}',
  'presale.mail.when.later': 'il {day} alle {time}',
  /** how the organiser's 'Fan' view names the presale e-mail in its alerts list */
  'drops.editor.kind.presale': 'Prevendita per te',
  'presale.mail.why':
    'Ricevi questa email perché hai chiesto a {company} di essere avvisato delle date di «{title}» e dell’apertura delle vendite.',
} as const;
