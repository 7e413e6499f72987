/**
 * The house style of the CSV files Palco writes (docs/behaviour.md#importing-and-exporting-dates):
 * ';'-separated, CRLF line ends, a UTF-8 BOM (what Excel in Italy opens as columns), and every
 * cell that a spreadsheet would run as a formula kept as text. The dates' export writes it
 * through Papa Parse (src/core/event-rows.ts); the Worker's exports use csvText here, which needs
 * no parser.
 */

export const CSV_BOM = '\uFEFF';

/**
 * A cell a spreadsheet could take for a formula (or that the import's guard would strip): it
 * starts with = + - @, a tab, a carriage return or an apostrophe. Such a cell is written after an
 * added apostrophe.
 */
export const FORMULA_START = /^[=+\-@\t\r']/;

/** One cell: guarded, then quoted when it holds the delimiter, a comma, a quote or a line break. */
function csvCell(value: string): string {
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[;,"\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** A whole file: a header row, then the rows, in the house style (BOM, ';', CRLF, guarded cells). */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return `${CSV_BOM}${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}
