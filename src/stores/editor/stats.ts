// The editor's statistics view: the period asked for, the answer of the stats API, and the pure
// rules that turn it into what the view shows (click-through rate, shares and bars, human labels
// for sources, devices and countries with their fan sign-ups, each button's and each
// call-to-action's clicks).
// Counting itself is the Worker's: docs/behaviour.md#counting-views-and-clicks.
//
// API:
//   $statsPeriod                    '7' | '30' | '90' | 'all' (kept while the editor is open)
//   $stats                          the load of the page on show: loading, error or ready
//   loadStats(slug, days, announce) reads the stats; keeps what is shown while it refreshes
//   periodDays(period, createdAt)   the days a period asks for (1–400)
//   clickRate, share, barPercent    the figures, pure
//   buttonRows(stats, page)         clicks per event or image and per CTA, with shares
//   breakdownRows(rows, …)          sources, devices or countries with labels and shares
import { atom } from 'nanostores';
import { t, type MessageKey } from '../../core/messages';
import type { PageStats } from '../../core/schemas/stats';
import {
  EMBED_SOURCE,
  FOLDED,
  type NAMED_SOURCES,
  QR_SOURCE,
  STATS_DAYS_MAX,
  daysApart,
  romeBucket,
} from '../../core/traffic';
import { pageStats } from '../../lib/api-client';
import { type ButtonAsReceived, decodeEventText, type PageAsReceived } from './core';
import { notify } from './notice';
import { formatNumber } from '../../lib/format';

export type { PageStats } from '../../core/schemas/stats';

// ---------------------------------------------------------------------------------------------
// Period

export const STATS_PERIODS = ['7', '30', '90', 'all'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];

/**
 * The days a period asks the API for. 'Tutto' covers the page's life, from the Europe/Rome day it
 * was created to today (both counted), and the API's maximum when the creation date is unknown;
 * never more than that maximum.
 */
export function periodDays(period: StatsPeriod, createdAt?: string | null, now: number = Date.now()): number {
  if (period !== 'all') return Number(period);
  const created = createdAt ? new Date(createdAt) : null;
  if (!created || Number.isNaN(created.getTime())) return STATS_DAYS_MAX;
  const span = daysApart(romeBucket(created).day, romeBucket(now).day) + 1;
  return Math.min(STATS_DAYS_MAX, Math.max(1, span));
}

export const $statsPeriod = atom<StatsPeriod>('30');

export function setStatsPeriod(period: StatsPeriod): void {
  $statsPeriod.set(period);
}

// ---------------------------------------------------------------------------------------------
// Figures

/** A bar is never narrower than 2 %, so a row with few clicks stays visible. */
export const MIN_BAR_PERCENT = 2;

/** Clicks per 100 views; null without views (there is no rate to speak of). */
export function clickRate(views: number, clicks: number): number | null {
  return views > 0 ? (clicks / views) * 100 : null;
}

/** part as a percentage of whole, 0 when whole is 0. */
export function share(part: number, whole: number): number {
  return whole > 0 ? (part / whole) * 100 : 0;
}

/** A share bar's width: none for nothing, else the share, at least MIN_BAR_PERCENT, at most 100. */
export function barPercent(value: number): number {
  if (!(value > 0)) return 0;
  return Math.min(100, Math.max(MIN_BAR_PERCENT, value));
}

const percentFormat = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A percentage with one decimal, Italian style ('33,3%'). */
export function formatShare(value: number): string {
  return `${percentFormat.format(value)}%`;
}

/** The click-through rate as shown: '12,5%', or '—' without views. */
export function formatRate(rate: number | null): string {
  return rate === null ? t('stats.noValue') : formatShare(rate);
}

export function viewsText(n: number): string {
  return n === 1 ? t('stats.views.one') : t('stats.views.many', { count: formatNumber(n) });
}

export function clicksText(n: number): string {
  return n === 1 ? t('stats.clicks.one') : t('stats.clicks.many', { count: formatNumber(n) });
}

/** Fan sign-ups ('Avvisami' form) as a row shows them: '1 iscrizione', '0 iscrizioni'. */
export function signupsText(n: number): string {
  return n === 1 ? t('stats.signups.one') : t('stats.signups.many', { count: formatNumber(n) });
}

// ---------------------------------------------------------------------------------------------
// Labels

const SOURCE_LABELS: Record<
  (typeof NAMED_SOURCES)[number] | 'direct' | 'other' | typeof QR_SOURCE | typeof EMBED_SOURCE | typeof FOLDED,
  MessageKey
> = {
  [FOLDED]: 'stats.source.folded',
  direct: 'stats.source.direct',
  other: 'stats.source.other',
  [QR_SOURCE]: 'stats.source.qr',
  [EMBED_SOURCE]: 'stats.source.embed',
  instagram: 'stats.source.instagram',
  facebook: 'stats.source.facebook',
  tiktok: 'stats.source.tiktok',
  whatsapp: 'stats.source.whatsapp',
  telegram: 'stats.source.telegram',
  youtube: 'stats.source.youtube',
  google: 'stats.source.google',
  x: 'stats.source.x',
  linktree: 'stats.source.linktree',
};

/**
 * A source's name: the named ones and the folded rest ('Altre fonti') in words, any other
 * utm_source as it was recorded.
 */
export function sourceLabel(source: string): string {
  const key = Object.hasOwn(SOURCE_LABELS, source) ? SOURCE_LABELS[source as keyof typeof SOURCE_LABELS] : null;
  return key ? t(key) : source;
}

const DEVICE_LABELS: Record<string, MessageKey> = {
  mobile: 'stats.device.mobile',
  tablet: 'stats.device.tablet',
  desktop: 'stats.device.desktop',
};

export function deviceLabel(device: string): string {
  const key = Object.hasOwn(DEVICE_LABELS, device) ? DEVICE_LABELS[device] : undefined;
  return key ? t(key) : device;
}

let regionNames: Intl.DisplayNames | null | undefined;

/** A country's Italian name from its two-letter code; 'XX' (not known) is 'Sconosciuto', the folded rest 'Altri paesi'. */
export function countryLabel(code: string): string {
  if (code === FOLDED) return t('stats.country.folded');
  if (!/^[A-Z]{2}$/.test(code) || code === 'XX') return t('stats.country.unknown');
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames('it', { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}

// ---------------------------------------------------------------------------------------------
// Rows

export interface BreakdownRow {
  key: string;
  label: string;
  views: number;
  clicks: number;
  /** fan sign-ups counted under this name (for a source: its conversions) */
  signups: number;
  /** share of the period's views, 0–100 */
  viewShare: number;
  /** share of the period's clicks, 0–100 */
  clickShare: number;
}

/**
 * One breakdown (sources, devices or countries) in the API's order, with names and shares.
 * `withSignups`: the list shows each row's fan sign-ups (the sources). A list that does not
 * leaves out the rows with sign-ups only (no view, no click): they would show nothing but zeros.
 */
export function breakdownRows<R extends { views: number; clicks: number; signups: number }>(
  rows: readonly R[],
  keyOf: (row: R) => string,
  labelOf: (key: string) => string,
  totals: { views: number; clicks: number },
  withSignups = false,
): BreakdownRow[] {
  const shown = withSignups ? rows : rows.filter((row) => row.views > 0 || row.clicks > 0);
  return shown.map((row) => {
    const key = keyOf(row);
    return {
      key,
      label: labelOf(key),
      views: row.views,
      clicks: row.clicks,
      signups: row.signups,
      viewShare: share(row.views, totals.views),
      clickShare: share(row.clicks, totals.clicks),
    };
  });
}

export interface CtaRow {
  index: number;
  label: string;
  clicks: number;
  /** share of all the period's clicks */
  share: number;
}

export interface ButtonRow {
  id: number;
  position: number;
  kind: 'text' | 'image';
  label: string;
  clicks: number;
  share: number;
  /** an event with more than one call-to-action: one row each, in the event's order */
  ctas: CtaRow[];
}

/** An event's 'date · city · venue'; an image button's alternative text; else kind and position. */
export function buttonLabel(button: Pick<ButtonAsReceived, 'type' | 'text'> | undefined, position: number): string {
  if (button?.type === 'image') {
    return button.text?.trim() || t('stats.buttons.image', { position });
  }
  const { date, city, venue } = decodeEventText(button?.text ?? '');
  const parts = [date, city, venue].filter(Boolean);
  return parts.length ? parts.join(' · ') : t('stats.buttons.event', { position });
}

/** The CTA labels of a saved event, in order; an empty text shows the default label. */
function ctaLabels(button: ButtonAsReceived | undefined): string[] {
  if (button?.type !== 'text') return [];
  if (button.cta_buttons && button.cta_buttons.length > 0) {
    return button.cta_buttons.map((c) => c.buttonText?.trim() || t('editor.cta.defaultLabel'));
  }
  return [decodeEventText(button.text).label || t('editor.cta.defaultLabel')];
}

/**
 * Each button of the page with its clicks and share of all clicks, labelled from the saved page
 * the editor holds (matched by id; a button the editor does not know yet gets a generic name).
 * Under an event with several CTAs, one row per CTA, including those nobody tapped.
 */
export function buttonRows(stats: PageStats, page: Pick<PageAsReceived, 'buttons'> | null): ButtonRow[] {
  const saved = new Map((page?.buttons ?? []).map((b) => [b.id, b]));
  const total = stats.totals.clicks;
  return stats.buttons.map((b, i) => {
    const button = saved.get(b.id);
    const position = i + 1;
    const labels = ctaLabels(button);
    const clicksAt = new Map(b.ctas.map((c) => [c.index, c.clicks]));
    const indexes = [...new Set([...labels.keys(), ...clicksAt.keys()])].sort((x, y) => x - y);
    const ctas =
      indexes.length > 1
        ? indexes.map((index) => {
            const clicks = clicksAt.get(index) ?? 0;
            const label = labels[index] ?? t('stats.buttons.cta', { number: index + 1 });
            return { index, label, clicks, share: share(clicks, total) };
          })
        : [];
    return {
      id: b.id,
      position,
      kind: button?.type ?? 'text',
      label: buttonLabel(button, position),
      clicks: b.clicks,
      share: share(b.clicks, total),
      ctas,
    };
  });
}

/** Clicks of buttons deleted since: in the totals, on no current button. */
export function removedClicks(stats: PageStats): number {
  return Math.max(0, stats.totals.clicks - stats.buttons.reduce((sum, b) => sum + b.clicks, 0));
}

// ---------------------------------------------------------------------------------------------
// Loading

/** The last answer shown for a page: its period's days, and when it was read. */
export interface StatsData {
  days: number;
  stats: PageStats;
  at: Date;
}

/**
 * A page's figures over a period, as the stats and the Fan view load them. `days` is the period
 * last asked for; `data` the last answer for this page, which may be of another period while the
 * new one loads (the view dims it).
 */
export interface PeriodLoad<D extends { days: number }> {
  slug: string;
  days: number;
  status: 'loading' | 'ready' | 'error';
  data: D | null;
}

/** The stats of the page on show. */
export type StatsLoad = PeriodLoad<StatsData>;

/**
 * What a view shows of a load for `slug` over `days`: `busy` while asked for and not answered
 * (the period may have changed since the last load began); `current` this period's figures, or
 * another period's only while the new ones load, so the view stays in place; `stale` when those
 * are another period's (shown dimmed); `failed` when the load failed and this period is not on show.
 */
export function periodShown<D extends { days: number }>(load: PeriodLoad<D> | null, slug: string, days: number) {
  const mine = load?.slug === slug ? load : null;
  const data = mine?.data ?? null;
  const busy = !mine || mine.days !== days || mine.status === 'loading';
  const current = data && (data.days === days || busy) ? data : null;
  const stale = current !== null && current.days !== days;
  const failed = !busy && mine?.status === 'error' && (!data || data.days !== days);
  return { busy, current, stale, failed };
}

export const $stats = atom<StatsLoad | null>(null);

let run = 0;

/**
 * Reads the stats of a page for a period of `days`. What is on show stays while the answer comes;
 * only the latest call's answer is kept. `announce`: a refresh the organiser asked for, confirmed
 * with a toast. A failure is a toast too, and an error state unless the figures of this very
 * period are on show.
 */
export async function loadStats(slug: string, days: number, announce = false): Promise<void> {
  const mine = ++run;
  const prev = $stats.get();
  const data = prev?.slug === slug ? prev.data : null;
  $stats.set({ slug, days, status: 'loading', data });
  try {
    const stats = await pageStats(slug, days);
    if (mine !== run) return;
    $stats.set({ slug, days, status: 'ready', data: { days, stats, at: new Date() } });
    if (announce) notify('success', t('success.statsUpdated'));
  } catch {
    if (mine !== run) return;
    notify('error', t('error.statsLoad'));
    $stats.set({ slug, days, status: 'error', data });
  }
}
