// The presales in the Fan view (docs/behaviour.md#presales-in-the-fan-view): each date of the page
// with a presale, where it stands (Europe/Rome), its figures from the Worker, 'Aggiungi codici'
// (and, before the start, 'Sostituisci i codici') and the CSV of who got which code. The rules of
// a presale are src/core/presale.ts; the routes are docs/api.md#presales.
//
// API:
//   presaleDates(page, now)              the page's dates with a presale, in page order: pure
//   presaleWhen(date) / presaleBadge     'Inizia il …', 'Aperta fino al …', 'Finita il …': pure
//   dateWaitsForCodes(date, counts)      one-time codes, none loaded, not over: the row warns; pure
//   codesPreview(text)                   the codes a text holds, counted as the upload will: pure
//   uploadResultText(result)             'Caricati 3 codici, 1 doppio scartato: ora sono 8': pure
//   $presaleFigures / loadPresaleFigures the figures of the page's presales (the last call wins)
//   refreshPresales(slug)                reads them again for the page in the editor
//   $codesBusy / uploadCodes             sends codes (adds, or replaces after asking), then reads again
//   $codesResult                         the last upload's answer per date, as the view shows it
//   downloadPresaleCsv(slug, date)       saves the CSV of who got which code
import { atom } from 'nanostores';
import { pagePaths } from '../../core/api-paths';
import { decodeEventText } from '../../core/button-codec';
import { CSV_BOM } from '../../core/csv';
import { romeDateTime } from '../../core/fans-export';
import { t } from '../../core/messages';
import { type ParsedCodes, parseCodes, presaleEnd, type PresaleState, presaleState } from '../../core/presale';
import { presaleCsvFilename } from '../../core/presale-export';
import type { PageAsReceived } from '../../core/schemas/page';
import type { PresaleAsReceived, PresaleCountsAsReceived } from '../../core/schemas/presale';
import { romeBucket } from '../../core/traffic';
import { errorText, request } from '../../lib/api';
import { saveBlob } from '../../lib/download';
import { formatNumber } from '../../lib/format';
import { presaleCounts, sendPresaleCodes } from '../../lib/presale-client';
import { confirmDialog } from '../dialog';
import { notify } from './notice';
import { $loadedPage } from './state';

// ---------------------------------------------------------------------------------------------
// The dates

type SaleCtas = NonNullable<PageAsReceived['buttons'][number]['cta_buttons']>;

/** A date of the page with a presale, as the view lists it. */
export interface PresaleDate {
  /** the text button's id */
  id: number;
  date: string;
  city: string;
  venue: string;
  presale: PresaleAsReceived;
  ctas: SaleCtas;
  /** where it stands at the instant asked (the figures' answer says it again, by the server's clock) */
  state: PresaleState;
  /** when it closes: its own end, else the row's general on-sale instant (UTC ISO); null when neither */
  ends_at: string | null;
}

/** The page's dates that have a presale, in page order (from the page's own answer). */
export function presaleDates(page: Pick<PageAsReceived, 'buttons'> | null, now: number = Date.now()): PresaleDate[] {
  if (!page) return [];
  return [...page.buttons]
    .sort((a, b) => a.position - b.position)
    .flatMap((b) => {
      if (b.type !== 'text' || !b.presale) return [];
      const { date, city, venue } = decodeEventText(b.text);
      const ctas = b.cta_buttons ?? [];
      const end = presaleEnd(b.presale, ctas);
      return [
        {
          id: b.id,
          date,
          city,
          venue,
          presale: b.presale,
          ctas,
          state: presaleState(b.presale, ctas, now),
          ends_at: end === null ? null : new Date(end).toISOString(),
        },
      ];
    });
}

/** The date as one line: '12/05/2099 · Milano'. */
export function presaleDateName(d: Pick<PresaleDate, 'date' | 'city'>): string {
  return [d.date || t('presale.fans.noDate'), d.city].filter(Boolean).join(' · ');
}

/** Where it stands, in words (Europe/Rome): 'Inizia il 25/11/2026 10:42', 'Aperta fino al …', 'Finita il …'. */
export function presaleWhen(d: Pick<PresaleDate, 'presale' | 'ends_at'>, state: PresaleState): string {
  if (state === 'before') return t('presale.fans.state.before', { start: romeDateTime(d.presale.starts_at) });
  const end = d.ends_at ? romeDateTime(d.ends_at) : '';
  if (state === 'open') return end ? t('presale.fans.state.open', { end }) : t('presale.fans.state.openNoEnd');
  return end ? t('presale.fans.state.over', { end }) : t('presale.fans.state.overNoEnd');
}

/** The state's badge: 'In arrivo', 'In corso', 'Finita'. */
export function presaleBadge(state: PresaleState): string {
  return t(`presale.fans.badge.${state}`);
}

/**
 * Whether the date's row warns that its fans get nothing: a presale of one-time codes with none
 * loaded, not over, sends nothing until codes come (docs/behaviour.md#presales). The figures'
 * answer, once in, wins over the page's (its count and state are the server's now).
 */
export function dateWaitsForCodes(
  date: Pick<PresaleDate, 'presale' | 'state'>,
  counts: PresaleCountsAsReceived | null,
): boolean {
  const shared = counts ? counts.shared : date.presale.shared_code !== null;
  const state = counts?.state ?? date.state;
  return !shared && state !== 'over' && (counts?.loaded ?? date.presale.codes) === 0;
}

// ---------------------------------------------------------------------------------------------
// The figures

export interface PresaleFigures {
  status: 'loading' | 'ready' | 'error';
  counts: PresaleCountsAsReceived | null;
  /** why the last read failed */
  detail: string | null;
}

export interface PresaleFiguresLoad {
  slug: string;
  byDate: Readonly<Record<number, PresaleFigures>>;
}

export const $presaleFigures = atom<PresaleFiguresLoad | null>(null);

let figuresRun = 0;

function setFigures(slug: string, id: number, figures: PresaleFigures): void {
  const shown = $presaleFigures.get();
  const byDate = shown?.slug === slug ? shown.byDate : {};
  $presaleFigures.set({ slug, byDate: { ...byDate, [id]: figures } });
}

/**
 * Reads the figures of these dates of the page, all at once. What is shown stays while they
 * come; only the latest call's answers are kept. A date whose read fails says so in its card.
 */
export async function loadPresaleFigures(slug: string, ids: readonly number[]): Promise<void> {
  const mine = ++figuresRun;
  const shown = $presaleFigures.get();
  const before = shown?.slug === slug ? shown.byDate : {};
  const byDate: Record<number, PresaleFigures> = {};
  for (const id of ids) byDate[id] = { status: 'loading', counts: before[id]?.counts ?? null, detail: null };
  $presaleFigures.set({ slug, byDate });
  await Promise.all(
    ids.map(async (id) => {
      try {
        const counts = await presaleCounts(slug, id);
        if (mine === figuresRun) setFigures(slug, id, { status: 'ready', counts, detail: null });
      } catch (err) {
        if (mine === figuresRun)
          setFigures(slug, id, { status: 'error', counts: byDate[id]!.counts, detail: errorText(err) });
      }
    }),
  );
}

/** Reads again the figures of the presales of the page in the editor (the view's refresh). */
export function refreshPresales(slug: string): void {
  const page = $loadedPage.get();
  const ids = page?.folder_name === slug ? presaleDates(page).map((d) => d.id) : [];
  if (ids.length > 0) void loadPresaleFigures(slug, ids);
}

// ---------------------------------------------------------------------------------------------
// 'Aggiungi codici'

/** The codes a pasted text or CSV holds, counted as the Worker will count them. */
export interface CodesPreview extends ParsedCodes {
  /** '12 codici pronti · 2 tra doppi e righe vuote scartati' */
  line: string;
}

export function codesPreview(text: string): CodesPreview {
  const parsed = parseCodes(text);
  const count = parsed.codes.length;
  const ready =
    count === 0
      ? t('presale.fans.form.count.none')
      : count === 1
        ? t('presale.fans.form.count.one')
        : t('presale.fans.form.count.many', { count: formatNumber(count) });
  const dropped = parsed.duplicates + parsed.blanks;
  const line =
    dropped > 0 ? `${ready} · ${t('presale.fans.form.count.dropped', { count: formatNumber(dropped) })}` : ready;
  return { ...parsed, line };
}

/** What an upload did, as the organiser reads it: 'Caricati 3 codici, 1 doppio scartato: ora sono 8'. */
export function uploadResultText(result: { loaded: number; duplicates: number; total: number }): string {
  const count = (n: number, one: Parameters<typeof t>[0], many: Parameters<typeof t>[0]) =>
    n === 1 ? t(one) : t(many, { count: formatNumber(n) });
  const loaded = count(result.loaded, 'presale.fans.result.loaded.one', 'presale.fans.result.loaded.many');
  const total = count(result.total, 'presale.fans.result.total.one', 'presale.fans.result.total.many');
  if (result.duplicates === 0) return t('presale.fans.result.clean', { loaded, total });
  const duplicates = count(
    result.duplicates,
    'presale.fans.result.duplicates.one',
    'presale.fans.result.duplicates.many',
  );
  return t('presale.fans.result', { loaded, duplicates, total });
}

/** Dates whose upload is under way (their form waits). */
export const $codesBusy = atom<ReadonlySet<number>>(new Set());

/** The last upload's answer per date of the page on show, as its card says it. */
export const $codesResult = atom<{ slug: string; byDate: Readonly<Record<number, string>> } | null>(null);

function setBusy(id: number, busy: boolean): void {
  const next = new Set($codesBusy.get());
  if (busy) next.add(id);
  else next.delete(id);
  $codesBusy.set(next);
}

/**
 * Sends the codes of `text` for a date: counted first (nothing goes when none is found or one
 * breaks a rule), then added (POST) or, before the start and once the organiser agrees, put in
 * place of the loaded ones (PUT). The answer is shown; the figures are read again. True when the
 * server took them (the form closes).
 */
export async function uploadCodes(
  slug: string,
  date: Pick<PresaleDate, 'id' | 'date' | 'city' | 'presale'>,
  text: string,
  replace = false,
): Promise<boolean> {
  if ($codesBusy.get().has(date.id)) return false;
  const parsed = parseCodes(text);
  if (parsed.problem) {
    notify('error', parsed.problem);
    return false;
  }
  if (parsed.codes.length === 0) {
    notify('error', t('presale.codesEmpty'));
    return false;
  }
  if (replace) {
    const ok = await confirmDialog({
      title: t('presale.fans.replace.title'),
      message: t('presale.fans.replace.confirm', {
        total: formatNumber(date.presale.codes),
        date: presaleDateName(date),
        count: formatNumber(parsed.codes.length),
      }),
      confirmLabel: t('presale.fans.replace.confirmLabel'),
      cancelLabel: t('presale.fans.replace.keep'),
      danger: true,
    });
    if (!ok) return false;
  }
  setBusy(date.id, true);
  try {
    const result = await sendPresaleCodes(slug, date.id, text, replace);
    const said = uploadResultText(result);
    const shown = $codesResult.get();
    $codesResult.set({ slug, byDate: { ...(shown?.slug === slug ? shown.byDate : {}), [date.id]: said } });
    notify('success', said);
    return true;
  } catch (err) {
    notify('error', t('presale.fans.upload.failed', { detail: errorText(err) }));
    return false;
  } finally {
    setBusy(date.id, false);
    const shown = $presaleFigures.get();
    const ids = shown?.slug === slug ? Object.keys(shown.byDate).map(Number) : [date.id];
    void loadPresaleFigures(slug, ids.includes(date.id) ? ids : [...ids, date.id]);
  }
}

// ---------------------------------------------------------------------------------------------
// The CSV

/** Saves the CSV of who got which code of a date (the 'fans' right). */
export async function downloadPresaleCsv(slug: string, id: number): Promise<void> {
  try {
    const text = await request<string>(pagePaths.presaleCsv(slug, id));
    const body = text.startsWith(CSV_BOM) ? text : CSV_BOM + text;
    saveBlob(
      new Blob([body], { type: 'text/csv;charset=utf-8' }),
      presaleCsvFilename(slug, id, romeBucket(Date.now()).day),
    );
  } catch (err) {
    notify('error', t('presale.fans.csv.failed', { detail: errorText(err) }));
  }
}
