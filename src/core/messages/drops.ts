/**
 * Texts of ticket drops on the published page (docs/behaviour.md#ticket-drops): a CTA waiting for
 * its on-sale instant, its countdown, and the few-tickets-left tag.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const dropsMessages = {
  // the texts below are quoted from the product's description of ticket drops
  'drops.onSaleFrom': 'In vendita dal {giorno} alle {ora}',
  /** the same, for a day whose name starts with a vowel (8, 11): 'dall'8 maggio' */
  'drops.onSaleFromVowel': "In vendita dall'{giorno} alle {ora}",
  /** the page's script fills {tempo} with the time left, 'HH:MM:SS' */
  'drops.countdown': 'Apre tra {tempo}',
  'drops.limited': 'Ultimi biglietti',
  'drops.notifyMe': 'Avvisami',
  'drops.notifyMeLabel': 'Avvisami per {city}',
} as const;
