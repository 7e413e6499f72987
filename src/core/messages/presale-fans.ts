/**
 * Presales in the Fan view (docs/behaviour.md#presales): each date's codes and e-mails. Keys are
 * flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const presaleFansMessages = {
  'presale.fans.title': 'Prevendite',
} as const;
