/**
 * Dates pasted as rows, and back (docs/behaviour.md#importing-and-exporting-dates).
 *
 * One row per event: date, city, venue, ticket link, CTA text (optional), its on-sale date-time
 * (optional, Italian time: '12/05/2027 10:00'), then optionally more CTAs the same way for an
 * event with several. A header row naming an on-sale column ('In vendita dal') makes every CTA
 * three columns (link, text, on-sale; the export writes them so); one without it, two (link,
 * text); without a header an on-sale cell is told by its form, a date and a time, after a text. Rows are tab-separated (a copy from Google
 * Sheets or Excel) or CSV with ',' or ';', with quoted fields ('""' inside quotes is a quote,
 * a quoted field may span lines). Papa Parse reads the fields; the delimiter is chosen here, as
 * the one that gives the most rows of a plausible width. A header row is recognised and skipped,
 * blank lines are ignored, and each row is checked with the editor's own rules: it becomes an
 * event or an error naming its line in the text ('Riga 4: manca la città').
 *
 * The export writes the same columns with ';' and a UTF-8 BOM (what Excel in Italy opens as
 * columns), and the import reads its own export back to the same events.
 */
import Papa from 'papaparse';
import { cleanEventPart, cleanLabel, encodeEventText } from './button-codec';
import { CSV_BOM, FORMULA_START } from './csv';
import { t, type MessageKey } from './messages';
import { CTAS_MAX, TEXT_MAX, type CtaLink } from './schemas/page';
import { validateEventForm } from './page-validation';
import { romeLocalToUtc, utcToRomeLocal } from './schedule';
import { isSafeLinkUrl, parseHttpUrl } from './urls';

/** A CTA of an imported or exported event: its link, its label and its on-sale instant (UTC ISO, null = now). */
export interface Cta extends CtaLink {
  on_sale_at: string | null;
}

export interface EventRow {
  date: string;
  city: string;
  venue: string;
  ctas: Cta[];
}

export type ParsedRow = { line: number; event: EventRow } | { line: number; error: string };

/** date, city, venue, then a link, a text and an on-sale date-time per CTA */
export const MAX_COLUMNS = 3 + 3 * CTAS_MAX;

/**
 * How a row's CTAs are laid out: link and text ('pairs', a header without an on-sale column),
 * link, text and on-sale ('triples', a header with one, and the export), or told cell by cell
 * ('sniffed', no header: an on-sale cell is a date and a time after a text).
 */
type Layout = 'pairs' | 'triples' | 'sniffed';

const DELIMITERS = ['\t', ';', ','] as const;

interface RawRow {
  line: number;
  cells: string[];
  quoteError: 'MissingQuotes' | 'InvalidQuotes' | null;
}

/** The rows of the text with the delimiter, each with the line (1-based) it starts on. */
function splitRows(text: string, delimiter: string): RawRow[] {
  const rows: RawRow[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    quoteChar: '"',
    step: (result) => {
      const error = result.errors.find((e) => e.type === 'Quotes');
      rows.push({
        line,
        cells: result.data,
        quoteError: error ? (error.code === 'MissingQuotes' ? 'MissingQuotes' : 'InvalidQuotes') : null,
      });
      const end = result.meta.cursor;
      for (let i = start; i < end; i++) if (text.charCodeAt(i) === 10) line += 1;
      start = end;
    },
  });
  return rows;
}

/**
 * A cell the export guarded against being run as a spreadsheet formula: it starts with one of
 * = + - @ (or a tab, a carriage return or an apostrophe) after an added apostrophe.
 */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r'])/;

/** The cells without surrounding spaces, the export's formula guard and the empty ones at the end. */
function trimmedCells(cells: readonly string[]): string[] {
  const out = cells.map((c) => c.trim().replace(FORMULA_GUARD, ''));
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

/**
 * Tab-separated rows with quotes taken literally. A spreadsheet copies a cell such as
 * '"Live" Club' as it is; read as CSV its opening quote would swallow the rest of the text.
 */
function splitLiteralTabs(text: string): RawRow[] {
  return text.split('\n').map((l, i) => ({ line: i + 1, cells: l.split('\t'), quoteError: null }));
}

/** The rows of the text with this delimiter (tab: quoted, else literal if the quotes do not pair up). */
function rowsWith(text: string, delimiter: string): RawRow[] {
  const rows = splitRows(text, delimiter);
  if (delimiter === '\t' && rows.some((r) => r.quoteError)) return splitLiteralTabs(text);
  return rows;
}

/**
 * The rows split by the delimiter that fits the text best: the most rows 4 to MAX_COLUMNS wide,
 * then the most rows it splits at all, then the fewest non-blank rows; ties go to tab, ';', ','.
 */
function chooseRows(text: string): RawRow[] {
  let best: { rows: RawRow[]; score: number[] } | null = null;
  for (const delimiter of DELIMITERS) {
    if (delimiter !== DELIMITERS[0] && !text.includes(delimiter)) continue;
    const rows = rowsWith(text, delimiter);
    const widths = rows.map((r) => trimmedCells(r.cells).length);
    const score = [
      widths.filter((n) => n >= 4 && n <= MAX_COLUMNS).length,
      rows.filter((r, i) => r.cells.length > 1 && widths[i]! > 0).length,
      -widths.filter((n) => n > 0).length,
    ];
    if (!best || isGreater(score, best.score)) best = { rows, score };
  }
  return best!.rows;
}

function isGreater(a: readonly number[], b: readonly number[]): boolean {
  for (const [i, x] of a.entries()) if (x !== b[i]) return x > b[i]!;
  return false;
}

// -- header row ------------------------------------------------------------------------------

function plain(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const HEADER_WORDS: ReadonlyArray<ReadonlySet<string>> = [
  new Set(['data', 'date', 'giorno', 'quando', 'when', 'day']),
  new Set(['citta', 'city', 'comune', 'localita', 'town']),
  new Set(['locale', 'venue', 'luogo', 'location', 'club', 'teatro', 'place']),
];

/** A first row naming at least two of the first three columns (Italian or English) is a header. */
function isHeader(cells: readonly string[]): boolean {
  let named = 0;
  for (const [i, words] of HEADER_WORDS.entries()) if (words.has(plain(cells[i] ?? ''))) named += 1;
  return named >= 2;
}

/** A header cell of an on-sale column: 'In vendita dal', 'In vendita dal 2', 'Vendita', 'On sale'… */
const ON_SALE_HEADER =
  /^(in vendita( dal)?|vendita( dal)?|inizio vendita|apertura vendite|on ?sale( from| at)?)( \d+)?$/;

function layoutOf(header: readonly string[] | null): Layout {
  if (!header) return 'sniffed';
  return header.slice(3).some((cell) => ON_SALE_HEADER.test(plain(cell))) ? 'triples' : 'pairs';
}

// -- the on-sale date-time -------------------------------------------------------------------

/** An instant (UTC ISO) as Italian date-time in Europe/Rome: '12/05/2027 10:00'; '' for none. */
export function romeDateTime(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(iso ? utcToRomeLocal(iso) : '');
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : '';
}

/** dd/mm/yyyy (or with '-' or '.'), then 'ore', 'alle', ',' or 'h' allowed, then hh:mm (or hh.mm). */
const ITALIAN_DATE_TIME = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}),?\s*(?:(?:ore|alle|h)\s*)?(\d{1,2})[:.](\d{2})$/i;

/**
 * An Italian date-time in Europe/Rome ('12/05/2027 10:00', '12/05/2027 ore 10.00') as a UTC ISO
 * instant, or null when it is not one (an impossible day or hour, no time).
 */
export function parseRomeDateTime(text: string): string | null {
  const m = ITALIAN_DATE_TIME.exec(text.trim());
  if (!m) return null;
  const pad = (x: string | undefined) => String(x).padStart(2, '0');
  return romeLocalToUtc(`${m[3]}-${pad(m[2])}-${pad(m[1])}T${pad(m[4])}:${m[5]}`);
}

// -- one row ---------------------------------------------------------------------------------

/** The editor's messages for a missing field, in the import's words ('manca la città'). */
const FIELD_PROBLEMS: ReadonlyArray<[MessageKey, MessageKey]> = [
  ['button.dateMissing', 'import.problem.date'],
  ['button.cityMissing', 'import.problem.city'],
  ['button.venueMissing', 'import.problem.venue'],
  ['button.ctaMissing', 'import.problem.link'],
];

function inImportWords(editorMessage: string): string {
  const hit = FIELD_PROBLEMS.find(([editorKey]) => t(editorKey) === editorMessage);
  return hit ? t(hit[1]) : editorMessage;
}

/** A link of the import must be a web address with a host name ('21:00' from a shifted column is not). */
function isWebLink(url: string): boolean {
  if (!isSafeLinkUrl(url)) return false;
  // a host name ending in a word: not a bare word, not an IP address ('21:00' reads as 0.0.0.21)
  const host = parseHttpUrl(url)?.hostname ?? '';
  return /\.[a-z][a-z0-9-]*\.?$/i.test(host);
}

function shortened(url: string): string {
  return url.length > 40 ? `${url.slice(0, 39)}…` : url;
}

/** The CTAs of a row's cells from the fourth on, or the first bad on-sale cell. */
function ctasOfCells(cells: readonly string[], layout: Layout): Cta[] | string {
  const ctas: Cta[] = [];
  let i = 3;
  while (i < cells.length) {
    const url = cells[i] ?? '';
    const text = cells[i + 1] ?? '';
    let onSale = '';
    if (layout === 'triples') onSale = cells[i + 2] ?? '';
    else if (layout === 'sniffed' && parseRomeDateTime(cells[i + 2] ?? '') !== null) onSale = cells[i + 2]!;
    i += layout === 'triples' || onSale ? 3 : 2;
    const on_sale_at = onSale ? parseRomeDateTime(onSale) : null;
    if (onSale && on_sale_at === null) return t('drops.import.badOnSale', { value: shortened(onSale) });
    if (!url && !text && !onSale) continue;
    ctas.push({ url, buttonText: cleanLabel(text), on_sale_at });
  }
  return ctas;
}

/** A row's cells to an event, or the first problem found (without the 'Riga N:' prefix). */
function rowToEvent(cells: readonly string[], layout: Layout): EventRow | string {
  const max = layout === 'pairs' ? 3 + 2 * CTAS_MAX : MAX_COLUMNS;
  if (cells.length > max) {
    return t('import.problem.tooManyColumns', { count: cells.length, max, ctas: CTAS_MAX });
  }
  const date = cleanEventPart(cells[0] ?? '');
  const city = cleanEventPart(cells[1] ?? '');
  const venue = cleanEventPart(cells[2] ?? '', true);
  const ctas = ctasOfCells(cells, layout);
  if (typeof ctas === 'string') return ctas;
  if (ctas.length > CTAS_MAX) {
    return t('import.problem.tooManyColumns', { count: cells.length, max, ctas: CTAS_MAX });
  }
  const fieldProblem = validateEventForm({ date, city, venue, ctaButtons: ctas });
  if (fieldProblem) return inImportWords(fieldProblem);
  for (const cta of ctas) {
    if (cta.url && !isWebLink(cta.url)) return t('import.problem.badLink', { url: shortened(cta.url) });
    if (cta.buttonText.length > TEXT_MAX) return t('import.problem.labelTooLong', { max: TEXT_MAX });
  }
  if (!ctas.some((c) => c.url)) return t('import.problem.link');
  if (encodeEventText({ date, city, venue }, ctas[0]!.buttonText).length > TEXT_MAX * 3) {
    return t('import.problem.textTooLong', { max: TEXT_MAX * 3 });
  }
  return { date, city, venue, ctas };
}

// -- the text --------------------------------------------------------------------------------

/**
 * Every non-blank row of the text (the header row excepted), in order: its line and its event
 * or its error ('Riga 4: manca la città').
 */
export function parseEventRows(input: string): ParsedRow[] {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.trim()) return [];
  const rows = chooseRows(text);
  const out: ParsedRow[] = [];
  let first = true;
  let layout: Layout = 'sniffed';
  for (const row of rows) {
    const cells = trimmedCells(row.cells);
    if (cells.length === 0) continue;
    const header = first && isHeader(cells);
    if (first) layout = layoutOf(header ? cells : null);
    first = false;
    if (header) continue;
    let result: EventRow | string;
    if (row.quoteError === 'MissingQuotes') result = t('import.problem.quotes');
    else if (row.quoteError) result = t('import.problem.badQuotes');
    else result = rowToEvent(cells, layout);
    out.push(
      typeof result === 'string'
        ? { line: row.line, error: t('import.row', { line: row.line, problem: result }) }
        : { line: row.line, event: result },
    );
  }
  return out;
}

/**
 * The events as a CSV file's text: a header row, then one row per event, ';'-separated with
 * CRLF line ends and a UTF-8 BOM. Every CTA takes three columns: link, text and its on-sale
 * date-time in Italian time ('12/05/2027 10:00', empty when on sale now).
 */
export function serialiseEventRows(events: readonly EventRow[]): string {
  const count = Math.max(1, ...events.map((e) => e.ctas.length));
  const header = [t('import.header.date'), t('import.header.city'), t('import.header.venue')];
  for (let i = 1; i <= count; i++) {
    const n = i === 1 ? '' : ` ${i}`;
    header.push(t('import.header.link') + n, t('import.header.label') + n, t('drops.import.header') + n);
  }
  const rows = events
    .map((e) => [
      e.date,
      e.city,
      e.venue,
      ...e.ctas.flatMap((c) => [c.url, cleanLabel(c.buttonText), romeDateTime(c.on_sale_at)]),
    ])
    .map((row) => row.map((cell) => cell.trim())); // the import trims too: the formula guard sees what it reads
  return (
    CSV_BOM +
    Papa.unparse([header, ...rows], {
      delimiter: ';',
      newline: '\r\n',
      // a city typed as '=HYPERLINK(…)' stays text in Excel; the import takes the guard off
      escapeFormulae: FORMULA_START,
      // commas too, so that a program reading ',' as the delimiter still finds the columns
      quotes: (value: unknown) => String(value).includes(','),
    })
  );
}
