/** The e-mails fans get: the confirmation and the alerts (docs/behaviour.md#fans-and-alerts). */
export const fansMailMessages = {
  'fans.mail.unsubscribe': 'Non vuoi più ricevere queste email? Annulla qui: {link}',
} as const;
