// Numbers as the site shows them, in Italian: one formatter for the users screen and the stats.

// 'always': 7.001 beside 10.001, not 7001 (Italian skips the separator for 4 digits by default)
const numberFmt = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });

/** 10.000 */
export function formatNumber(value: number): string {
  return numberFmt.format(value);
}
