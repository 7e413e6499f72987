/**
 * The presale e-mail (docs/behaviour.md#presales). Keys are flat and dotted; placeholders are
 * written {name} and filled by `t()`.
 */
export const presaleMailMessages = {
  // quoted from the product's description of presales
  'presale.mail.headline': 'Prevendita per te',
} as const;
