/**
 * Fans on the public page: the 'Avvisami' block, the answers of the sign-up, and the small pages
 * of the confirmation and unsubscribe links (docs/behaviour.md#fans-and-alerts).
 */
export const fansPublicMessages = {
  'fans.public.title': 'Avvisami',
  'fans.public.allDates': 'Tutte le date',
  'fans.public.otherCity': "Un'altra città",
  /** the consent line: {company} the organiser's company; a link to the privacy page follows */
  'fans.public.consent':
    'Iscrivendoti accetti di ricevere da {company} email sulle nuove date di {title}. Puoi annullare in ogni momento.',
  'fans.public.privacy': 'Informativa privacy',
  'fans.public.checkMail':
    "Controlla la tua email: ti abbiamo scritto per confermare l'iscrizione. Se sei già iscritto, non serve fare altro.",
} as const;
