/**
 * Presales (docs/behaviour.md#presales): a date row's early sale for the fans of its list. One
 * rule for the editor, the published page and the Worker: when a presale is open, what a save may
 * set, and how a pasted list of one-time codes is read. Isomorphic: no DOM, no Workers APIs.
 */
import Papa from 'papaparse';
import { t } from './messages';
import { availabilityOf } from './on-sale';
import { isSafeLinkUrl, URL_MAX } from './urls';

/** One code, shared or one-time, is at most this long. */
export const PRESALE_CODE_MAX = 64;
/** A date holds at most this many one-time codes. */
export const PRESALE_CODES_MAX = 10_000;

/** A date row's presale as stored (buttons.presale, JSON) and answered to its organiser. */
export interface Presale {
  /** when the presale opens: UTC ISO 8601 to the second ('…Z') */
  starts_at: string;
  /** when it closes (UTC ISO); null = at the row's general on-sale instant */
  ends_at: string | null;
  /** the presale's ticket link: never on the public page */
  url: string;
  /** one code for every fan; null = one-time codes (loaded apart, never echoed) */
  shared_code: string | null;
}

/** The presale's window as the public page may know it: no link, no code. */
export type PresaleWindow = Pick<Presale, 'starts_at' | 'ends_at'>;

/** A CTA as far as the general sale goes (loosely typed: it may come from JSON). */
interface SaleCta {
  buttonText?: string | null;
  availability?: unknown;
  on_sale_at?: string | null;
}

/**
 * The row's general on-sale instant: the earliest `on_sale_at` of its CTAs that are not sold out
 * (UTC ms), or null when none has one.
 */
export function generalSaleAt(ctas: readonly SaleCta[] | null | undefined): number | null {
  let best: number | null = null;
  for (const cta of ctas ?? []) {
    if (!cta?.on_sale_at || availabilityOf(cta) === 'sold_out') continue;
    const at = Date.parse(cta.on_sale_at);
    if (!Number.isNaN(at) && (best === null || at < best)) best = at;
  }
  return best;
}

/** When the presale closes (UTC ms): its own end, else the general sale; null when neither is set. */
export function presaleEnd(presale: PresaleWindow, ctas: readonly SaleCta[] | null | undefined): number | null {
  if (presale.ends_at) return Date.parse(presale.ends_at);
  return generalSaleAt(ctas);
}

/** Where a presale stands at an instant: not yet open, open, or over. */
export type PresaleState = 'before' | 'open' | 'over';

export function presaleState(
  presale: PresaleWindow,
  ctas: readonly SaleCta[] | null | undefined,
  now: number,
): PresaleState {
  if (now < Date.parse(presale.starts_at)) return 'before';
  // a date sold out everywhere (no general sale to come) never opens, whatever its own end
  if (generalSaleAt(ctas) === null) return 'over';
  const end = presaleEnd(presale, ctas);
  return end !== null && now < end ? 'open' : 'over';
}

/** The instants at which the public page turns for this presale (its start and its end). */
export function presaleBoundaries(presale: PresaleWindow, ctas: readonly SaleCta[] | null | undefined): number[] {
  const end = presaleEnd(presale, ctas);
  return [Date.parse(presale.starts_at), ...(end === null ? [] : [end])];
}

/**
 * The first broken rule of a presale as a save sets it, or null. Its instants come normalised
 * (UTC ISO) from the schema; the row's CTAs give the general sale.
 */
export function presaleProblem(presale: Presale, ctas: readonly SaleCta[] | null | undefined): string | null {
  const url = presale.url.trim();
  if (!url) return t('presale.urlMissing');
  if (url.length > URL_MAX || !isSafeLinkUrl(url)) return t('presale.urlInvalid');
  if (presale.shared_code !== null && presale.shared_code.length > PRESALE_CODE_MAX) {
    return t('presale.codeTooLong', { max: PRESALE_CODE_MAX });
  }
  if (presale.shared_code !== null && CONTROL.test(presale.shared_code)) return t('presale.sharedCodeInvalid');
  const start = Date.parse(presale.starts_at);
  // a date sold out everywhere has no sale left to come before: its presale simply never opens,
  // and a one-tap 'Sold out' or the next save must not be refused for it
  const all = ctas ?? [];
  if (all.length > 0 && all.every((cta) => availabilityOf(cta) === 'sold_out')) return null;
  const general = generalSaleAt(ctas);
  if (general === null) return t('presale.noGeneralSale');
  if (start >= general) return t('presale.startAfterSale');
  if (presale.ends_at !== null) {
    const end = Date.parse(presale.ends_at);
    if (end <= start) return t('presale.endBeforeStart');
    if (end > general) return t('presale.endAfterSale');
  }
  return null;
}

/** A pasted list of one-time codes, read: the distinct codes in order, and what was dropped. */
export interface ParsedCodes {
  codes: string[];
  /** codes given more than once (each repeat counted) */
  duplicates: number;
  /** empty lines or cells */
  blanks: number;
  /** the first broken rule (a code too long, a control character), or null */
  problem: string | null;
}

/** A header cell that names the codes' column ('codice', 'code', 'codes', 'codici', 'coupon'). */
const CODE_HEADER = /^(codice|codici|code|codes|coupon|coupons|voucher)$/i;
// biome-ignore lint/suspicious/noControlCharactersInRegex: codes must not carry control characters
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/;

/**
 * The rows of the text: a CSV when its lines are cells (';', a tab or ','; the one the first line
 * holds most): the first line names a codes column, or most lines hold the delimiter as often as
 * the first one does. Read by Papa Parse (quoted cells). Else one code a line, commas and all: a
 * list whose first code is 'AB,12' is not a table.
 */
function readRows(body: string): string[][] {
  const lines = body.split('\n');
  const first = lines[0] ?? '';
  const counts = [';', '\t', ','].map((d) => [d, first.split(d).length - 1] as const);
  const [delimiter, most] = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  if (most === 0) return lines.map((line) => [line]);
  const named = first.split(delimiter).some((cell) => CODE_HEADER.test(cell.replace(/"/g, '').trim()));
  const filled = lines.filter((line) => line.trim() !== '');
  const alike = filled.filter((line) => line.split(delimiter).length - 1 === most).length;
  if (!named && (filled.length < 2 || alike * 5 < filled.length * 4)) return lines.map((line) => [line]);
  return Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false }).data;
}

/**
 * One code a line, or a CSV (';', ',' or tab between cells): the column headed 'codice' (or
 * 'code', …), else the first. Cells are trimmed; blanks and repeats are dropped and counted.
 */
export function parseCodes(text: string): ParsedCodes {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const rows = readRows(body);
  const header = rows[0]?.findIndex((cell) => CODE_HEADER.test(String(cell).trim())) ?? -1;
  const column = Math.max(header, 0);
  const seen = new Set<string>();
  const codes: string[] = [];
  let duplicates = 0;
  let blanks = 0;
  let problem: string | null = null;
  for (const [i, row] of rows.entries()) {
    if (i === 0 && header >= 0) continue;
    const code = String(row[column] ?? '').trim();
    if (!code) {
      // the empty row after a final line break is not a blank
      if (i < rows.length - 1 || row.length > 1) blanks += 1;
      continue;
    }
    if (problem === null && code.length > PRESALE_CODE_MAX) {
      problem = t('presale.codeTooLongAt', { line: i + 1, max: PRESALE_CODE_MAX });
    }
    if (problem === null && CONTROL.test(code)) problem = t('presale.codeInvalidAt', { line: i + 1 });
    if (seen.has(code)) duplicates += 1;
    else {
      seen.add(code);
      codes.push(code);
    }
  }
  return { codes, duplicates, blanks, problem };
}

/** '3 codici', '3 codici (1 doppio scartato)' */
export function codesCountText(n: number, duplicates = 0): string {
  const count = n === 1 ? t('presale.editor.countOne') : t('presale.editor.count', { n });
  if (duplicates === 0) return count;
  return duplicates === 1
    ? t('presale.editor.dropsOne', { count })
    : t('presale.editor.drops', { count, m: duplicates });
}
