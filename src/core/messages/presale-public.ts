/**
 * Presales on the published page (docs/behaviour.md#presales-on-the-published-page): a date row
 * while its presale is open. Keys are flat and dotted; placeholders are written {name} and filled
 * by `t()`.
 */
export const presalePublicMessages = {
  // the texts below are quoted from the product's description of presales
  'presale.public.badge': 'Prevendita per gli iscritti',
  'presale.public.signup': 'Iscriviti per ricevere il codice',
  // ours: what a screen reader hears of that link, naming the date's city as 'Avvisami per {city}'
  'presale.public.signupLabel': 'Iscriviti per ricevere il codice della prevendita di {city}',
} as const;
