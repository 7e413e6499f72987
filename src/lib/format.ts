// Numbers as the site shows them, in Italian: one formatter for the users screen and the stats,
// and the sizes and percentages of the upload progress.

// 'always': 7.001 beside 10.001, not 7001 (Italian skips the separator for 4 digits by default)
const numberFmt = new Intl.NumberFormat('it-IT', { useGrouping: 'always' });

/** 10.000 */
export function formatNumber(value: number): string {
  return numberFmt.format(value);
}

const MEGABYTE = 1024 * 1024;
// one decimal always: 0,4 MB, 12,3 MB, 48,0 MB
const megabyteFmt = new Intl.NumberFormat('it-IT', {
  useGrouping: 'always',
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** 12,3 MB (bytes in MB of 1024 × 1024, as the upload limits count them) */
export function formatMegabytes(bytes: number): string {
  return `${megabyteFmt.format(Math.max(0, bytes) / MEGABYTE)} MB`;
}

/** The whole percent of `done` out of `total`, 0–100: rounded down, so 100 means all of it. */
export function percentOf(done: number, total: number): number {
  if (!(total > 0) || !(done > 0)) return 0;
  return Math.min(100, Math.floor((done * 100) / total));
}
