// The editor's fan view and the scheduled-alert notice (docs/behaviour.md#for-the-organiser): the
// page's fans over the statistics' period, the list with its search, removing one fan, the CSV,
// and 'Invia ora' / 'Annulla' on a scheduled alert. The rules that shape what the view shows are
// pure functions here; the counting itself is the Worker's (docs/api.md#fans).
//
// API:
//   $fans                          the summary of the page on show: loading, error or ready
//   loadFans(slug, days, announce) reads it; keeps what is shown while it refreshes
//   $fanList / searchFans(slug, q) the list of fans (newest first, at most 200) and its search
//   removeFan(slug, fan)           asks, removes one fan, reads list and summary again
//   $scheduledAlerts               the scheduled alerts of the page in the editor (the notice)
//   showScheduled(slug, alerts)    shows them from a page's answer (after a save, on opening a page)
//   checkScheduledAlerts(slug)     reads them again (after 'Invia ora' or 'Annulla')
//   sendAlertNow / cancelAlert     the notice's and the view's buttons
//   downloadFansCsv(slug)          saves the CSV of the confirmed fans
//   alertNotice, joinCities, alertStatusLabel, alertHeldLine, cityBars, signupsTotal: pure
import { atom } from 'nanostores';
import { FAN_ALERTS_PER_DAY } from '../../core/fans';
import { romeDateTime, romeTime } from '../../core/fans-export';
import { type MessageKey, t } from '../../core/messages';
import { romeMidnightAfter, romeToday, utcToRomeLocal } from '../../core/schedule';
import type { FanAlert, FanRow, FanSummary } from '../../core/schemas/fans';
import { ApiError, errorText } from '../../lib/api';
import * as api from '../../lib/api-client';
import { saveBlob } from '../../lib/download';
import { formatNumber } from '../../lib/format';
import { confirmDialog } from '../dialog';
import { notify } from './notice';
import type { PeriodLoad } from './stats';

export type { FanAlert, FanRow, FanSummary } from '../../core/schemas/fans';

// ---------------------------------------------------------------------------------------------
// Words

let listFormat: Intl.ListFormat | null | undefined;

/** Cities as one phrase: 'Milano', 'Milano e Roma', 'Milano, Roma e Torino'. */
export function joinCities(cities: readonly string[]): string {
  if (listFormat === undefined) {
    try {
      listFormat = new Intl.ListFormat('it', { style: 'long', type: 'conjunction' });
    } catch {
      listFormat = null;
    }
  }
  if (listFormat) return listFormat.format(cities);
  if (cities.length <= 1) return cities.join('');
  return `${cities.slice(0, -1).join(', ')} e ${cities.at(-1)}`;
}

/** 'Avviso ai fan di Milano e Roma alle 10:42' (Europe/Rome time). */
export function alertNotice(
  alert: Pick<FanAlert, 'cities' | 'due_at'> & Partial<Pick<FanAlert, 'held_until'>>,
): string {
  // an alert the daily cap holds says why it waits and when it leaves, not a bare time
  const held = alertHeldLine({ held_until: alert.held_until ?? null });
  if (held) return `${joinCities(alert.cities) || t('fans.editor.alertHeldNoCity')}: ${held}`;
  const time = romeTime(alert.due_at);
  if (alert.cities.length === 0) return t('fans.editor.alertScheduledNoCity', { time });
  return t('fans.editor.alertScheduled', { cities: joinCities(alert.cities), time });
}

const STATUS_LABELS: Record<FanAlert['status'], MessageKey> = {
  scheduled: 'fans.editor.alert.status.scheduled',
  sending: 'fans.editor.alert.status.sending',
  sent: 'fans.editor.alert.status.sent',
  cancelled: 'fans.editor.alert.status.cancelled',
};

/** 'Programmato', 'In invio', 'Inviato', 'Annullato'. */
export function alertStatusLabel(status: FanAlert['status']): string {
  return t(STATUS_LABELS[status]);
}

/** When an alert leaves (scheduled) or left: 'Parte il 25/11/2026 10:42', 'Inviato il …'. */
export function alertWhen(alert: Pick<FanAlert, 'status' | 'due_at' | 'finished_at'>): string {
  switch (alert.status) {
    case 'scheduled':
      return t('fans.editor.alert.when.scheduled', { at: romeDateTime(alert.due_at) });
    case 'sending':
      return t('fans.editor.alert.when.sending', { at: romeDateTime(alert.due_at) });
    case 'sent':
      return t('fans.editor.alert.when.sent', { at: romeDateTime(alert.finished_at ?? alert.due_at) });
    default:
      return t('fans.editor.alert.when.cancelled', { at: romeDateTime(alert.due_at) });
  }
}

/**
 * The line of an alert the daily cap holds (docs/behaviour.md#alerts): 'In attesa: al massimo 3
 * email in 24 ore per fan. Partirà domani alle 14:05.', the day told from `now` in Europe/Rome;
 * null for an alert that is not held.
 */
export function alertHeldLine(alert: Pick<FanAlert, 'held_until'>, now: Date = new Date()): string | null {
  if (!alert.held_until) return null;
  const local = utcToRomeLocal(alert.held_until);
  if (!local) return null;
  const day = local.slice(0, 10);
  const today = romeToday(now);
  const time = local.slice(11, 16);
  const max = FAN_ALERTS_PER_DAY;
  if (day <= today) return t('fans.editor.alert.held.today', { max, time });
  if (day === utcToRomeLocal(romeMidnightAfter(today)).slice(0, 10))
    return t('fans.editor.alert.held.tomorrow', { max, time });
  return t('fans.editor.alert.held.later', { max, time, date: romeDateTime(alert.held_until).slice(0, 10) });
}

/** '1 fan', '12 fan' (the word does not change; the number is Italian style). */
export function fansText(n: number): string {
  return n === 1 ? t('fans.editor.count.one') : t('fans.editor.count.many', { count: formatNumber(n) });
}

/** To how many and how it went: 'A 12 fan', 'A 12 fan · 11 inviati · 1 non riuscito'. */
export function alertReach(alert: Pick<FanAlert, 'status' | 'recipients' | 'sent' | 'failed'>): string {
  const parts = [t('fans.editor.alert.recipients', { fans: fansText(alert.recipients) })];
  if (alert.status === 'sending' || alert.status === 'sent') {
    parts.push(
      alert.sent === 1
        ? t('fans.editor.alert.sent.one')
        : t('fans.editor.alert.sent.many', { count: formatNumber(alert.sent) }),
    );
    if (alert.failed > 0) {
      parts.push(
        alert.failed === 1
          ? t('fans.editor.alert.failed.one')
          : t('fans.editor.alert.failed.many', { count: formatNumber(alert.failed) }),
      );
    }
  }
  return parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------
// Figures

export interface CityBar {
  key: string;
  city: string;
  fans: number;
  /** the bar's width: fans against the city with most, 0–100 */
  percent: number;
}

/** Cities with a bar each, scaled to the city with the most fans (a city with fans shows at least 2 %). */
export function cityBars(cities: FanSummary['cities']): CityBar[] {
  const top = Math.max(0, ...cities.map((c) => c.fans));
  return cities.map((c) => ({
    ...c,
    percent: top > 0 && c.fans > 0 ? Math.min(100, Math.max(2, (c.fans / top) * 100)) : 0,
  }));
}

/** The period's confirmed sign-ups. */
export function signupsTotal(summary: Pick<FanSummary, 'daily'>): number {
  return summary.daily.reduce((sum, d) => sum + d.signups, 0);
}

/** No fan at all, confirmed or waiting: the view explains where fans come from. */
export function hasNoFans(summary: Pick<FanSummary, 'total' | 'pending'>): boolean {
  return summary.total === 0 && summary.pending === 0;
}

// ---------------------------------------------------------------------------------------------
// The summary

export interface FansData {
  days: number;
  summary: FanSummary;
  at: Date;
}

/** The fans of the page on show: the days last asked for and the last answer (maybe of another period while loading). */
export type FansLoad = PeriodLoad<FansData>;

export const $fans = atom<FansLoad | null>(null);

let summaryRun = 0;

/**
 * Reads the fans of a page over `days` days. What is on show stays while the answer comes; only
 * the latest call's answer is kept. `announce`: a refresh the organiser asked for, confirmed with
 * a message. A failure is a message too, and an error state unless this period is on show.
 */
export async function loadFans(slug: string, days: number, announce = false): Promise<void> {
  const mine = ++summaryRun;
  const prev = $fans.get();
  const data = prev?.slug === slug ? prev.data : null;
  $fans.set({ slug, days, status: 'loading', data });
  try {
    const summary = await api.fanSummary(slug, days);
    if (mine !== summaryRun) return;
    $fans.set({ slug, days, status: 'ready', data: { days, summary, at: new Date() } });
    showScheduled(slug, summary.alerts);
    if (announce) notify('success', t('fans.editor.updated'));
  } catch {
    if (mine !== summaryRun) return;
    notify('error', t('fans.editor.loadFailed'));
    $fans.set({ slug, days, status: 'error', data });
  }
}

/** Reads the summary on show again (after an action), for the same page and period. */
function reloadShown(slug: string): void {
  const shown = $fans.get();
  if (shown?.slug === slug) void loadFans(slug, shown.days);
}

// ---------------------------------------------------------------------------------------------
// The list

export interface FanListLoad {
  slug: string;
  query: string;
  status: 'loading' | 'ready' | 'error';
  fans: FanRow[];
  total: number;
}

export const $fanList = atom<FanListLoad | null>(null);

let listRun = 0;

/** Reads the fans whose address holds `query` (trimmed; '' for all). The last call wins. */
export async function searchFans(slug: string, query: string): Promise<void> {
  const mine = ++listRun;
  const q = query.trim();
  const prev = $fanList.get();
  const kept = prev?.slug === slug ? prev : null;
  $fanList.set({ slug, query: q, status: 'loading', fans: kept?.fans ?? [], total: kept?.total ?? 0 });
  try {
    const { fans, total } = await api.fanList(slug, q);
    if (mine !== listRun) return;
    $fanList.set({ slug, query: q, status: 'ready', fans, total });
  } catch (err) {
    if (mine !== listRun) return;
    notify('error', t('fans.editor.list.failed', { detail: errorText(err) }));
    $fanList.set({ slug, query: q, status: 'error', fans: kept?.fans ?? [], total: kept?.total ?? 0 });
  }
}

/** 'Rimuovi': asks first, then removes the fan and reads the list and the summary again. */
export async function removeFan(slug: string, fan: Pick<FanRow, 'id' | 'email'>): Promise<boolean> {
  const ok = await confirmDialog({
    title: t('fans.editor.remove.title'),
    message: t('fans.editor.remove.confirm', { email: fan.email }),
    confirmLabel: t('fans.editor.remove.confirmLabel'),
    cancelLabel: t('fans.editor.remove.keep'),
    danger: true,
  });
  if (!ok) return false;
  try {
    await api.deleteFan(slug, fan.id);
    notify('success', t('fans.editor.remove.done', { email: fan.email }));
  } catch (err) {
    // already gone (404): the list is read again all the same
    notify('error', t('fans.editor.remove.failed', { detail: errorText(err) }));
  }
  const list = $fanList.get();
  void searchFans(slug, list?.slug === slug ? list.query : '');
  reloadShown(slug);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Scheduled alerts: the notice after a save, 'Invia ora' and 'Annulla'

export interface ScheduledAlerts {
  slug: string;
  alerts: FanAlert[];
}

/** The scheduled alerts of the page in the editor, oldest first (what the notice shows). */
export const $scheduledAlerts = atom<ScheduledAlerts | null>(null);

/** Alert ids whose 'Invia ora' or 'Annulla' is under way (their buttons wait). */
export const $alertBusy = atom<ReadonlySet<number>>(new Set());

/**
 * Shows the notice for these alerts of the page (a page's answer carries its scheduled ones, a
 * summary all of them). It names only alerts that will reach someone: a date no fan follows is
 * news to nobody.
 */
export function showScheduled(slug: string, alerts: readonly FanAlert[]): void {
  const scheduled = alerts.filter((a) => a.status === 'scheduled' && a.recipients > 0).reverse();
  $scheduledAlerts.set({ slug, alerts: scheduled });
}

let scheduledRun = 0;

/**
 * Reads the page's scheduled alerts for the notice (after a save, on opening a page). A failure
 * is silent: the notice is a courtesy, the Fan view shows the alerts too.
 */
export async function checkScheduledAlerts(slug: string): Promise<void> {
  const mine = ++scheduledRun;
  try {
    const summary = await api.fanSummary(slug, 1);
    if (mine !== scheduledRun) return;
    showScheduled(slug, summary.alerts);
  } catch {
    if (mine !== scheduledRun) return;
    $scheduledAlerts.set(null);
  }
}

/** Forgets the notice (another page, or a new one, is in the editor). */
export function clearScheduledAlerts(): void {
  scheduledRun += 1;
  $scheduledAlerts.set(null);
}

/**
 * One action on a scheduled alert. A 404 (gone) or 409 (already leaving, sent or cancelled) says
 * the server's reason; either way the notice and the view are read again.
 */
async function alertAction(
  slug: string,
  alert: Pick<FanAlert, 'id'>,
  call: (slug: string, id: number) => Promise<void>,
  done: MessageKey,
): Promise<boolean> {
  if ($alertBusy.get().has(alert.id)) return false;
  $alertBusy.set(new Set([...$alertBusy.get(), alert.id]));
  let ok = false;
  try {
    await call(slug, alert.id);
    notify('success', t(done));
    ok = true;
  } catch (err) {
    const known = err instanceof ApiError && (err.status === 404 || err.status === 409);
    notify('error', known ? errorText(err) : t('fans.editor.alert.failed', { detail: errorText(err) }));
  } finally {
    const busy = new Set($alertBusy.get());
    busy.delete(alert.id);
    $alertBusy.set(busy);
  }
  await checkScheduledAlerts(slug);
  reloadShown(slug);
  return ok;
}

/** 'Invia ora': the alert leaves without waiting for the rest of its grace delay. */
export function sendAlertNow(slug: string, alert: Pick<FanAlert, 'id'>): Promise<boolean> {
  return alertAction(slug, alert, api.sendFanAlert, 'fans.editor.alert.sentNow');
}

/** 'Annulla': the alert never leaves. */
export function cancelAlert(slug: string, alert: Pick<FanAlert, 'id'>): Promise<boolean> {
  return alertAction(slug, alert, api.cancelFanAlert, 'fans.editor.alert.cancelled');
}

// ---------------------------------------------------------------------------------------------
// The CSV

/** Saves the confirmed fans as a CSV file. */
export async function downloadFansCsv(slug: string): Promise<void> {
  try {
    const { blob, filename } = await api.fansCsv(slug);
    saveBlob(blob, filename);
  } catch (err) {
    notify('error', t('fans.editor.csv.failed', { detail: errorText(err) }));
  }
}
