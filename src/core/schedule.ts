/**
 * Time on a page, in Europe/Rome (docs/behaviour.md#dates-and-publishing-windows): which events
 * are past, when a page's publishing window is open, and the next instant at which the public
 * page changes by itself (a date passing, a window opening or closing). Shared by the Worker (the
 * renderer, the public routes, the scheduled republish) and the editor ('Passata', 'Programmata').
 */
import { parseItalianDate } from './event-date';
import { addDays, romeBucket, STATS_TIME_ZONE } from './traffic';

/** An event's day ('YYYY-MM-DD') from its date text, or null when it has none ('data da annunciare'). */
export function eventDay(text: string): string | null {
  const iso = parseItalianDate(text);
  return iso ? iso.slice(0, 10) : null;
}

/** Today in Europe/Rome ('YYYY-MM-DD'): a show at 23:30 Rome time is 'today' until midnight Rome. */
export function romeToday(now: Date = new Date()): string {
  return romeBucket(now).day;
}

/** An event is past when its day is before today in Europe/Rome; an undated event never is. */
export function isPastEvent(text: string, now: Date = new Date()): boolean {
  const day = eventDay(text);
  return day !== null && day < romeToday(now);
}

const romeClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: STATS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Europe/Rome's offset from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function romeOffsetMinutes(at: number): number {
  const parts = romeClock.formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An instant as stored, answered and compared as text: UTC, to the second, '…Z'. */
export function instantText(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * Whether an instant (UTC milliseconds) may bound a publishing window: its UTC year, once the
 * zone it was written in is applied, has four digits (1000 to 9999), as the stored text needs.
 * The API's instant parsing and the editor's fields check the same thing.
 */
export function isWindowInstant(at: number): boolean {
  if (!Number.isFinite(at)) return false;
  const year = new Date(at).getUTCFullYear();
  return year >= 1000 && year <= 9999;
}

/** A calendar date and clock time read as UTC milliseconds, or null when no such time exists (30 February, 24:00). */
function wallClock(y: number, mo: number, d: number, h: number, mi: number, s: number): number | null {
  if (h > 23 || mi > 59 || s > 59) return null;
  // setUTCFullYear, not Date.UTC: that one reads the years 0 to 99 as 1900 to 1999
  const check = new Date(0);
  check.setUTCFullYear(y, mo - 1, d);
  check.setUTCHours(h, mi, s, 0);
  return check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d
    ? check.getTime()
    : null;
}

/**
 * wallClock of a date-time match whose first six groups are year, month, day, hour, minute and
 * second (a missing second is 0): the local fields of romeLocalToUtc and of an ISO instant.
 */
export function matchedWallClock(m: RegExpExecArray): number | null {
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return wallClock(y, mo, d, h, mi, s);
}

/**
 * A Europe/Rome wall-clock time ('YYYY-MM-DDTHH:MM', what a datetime-local field holds) as a UTC
 * ISO instant ('…Z'), or null when it is not one. In the hour skipped by the spring change the
 * time is read with the winter offset (02:30 → 03:30 summer time); in the hour repeated in autumn
 * the first one is taken.
 */
export function romeLocalToUtc(local: string): string | null {
  const m = LOCAL.exec(local.trim());
  if (!m) return null;
  const wall = matchedWallClock(m);
  if (wall === null) return null;
  // Rome is UTC+1 or UTC+2: the readings whose offset holds at their own instant; both in the
  // autumn hour (the earlier wins), neither in the spring gap (read with the winter offset)
  const readings = [120, 60].map((o) => wall - o * 60_000).filter((at) => wall - romeOffsetMinutes(at) * 60_000 === at);
  const at = readings[0] ?? wall - 60 * 60_000;
  return instantText(at);
}

/** A UTC instant as Europe/Rome wall-clock time for a datetime-local field ('YYYY-MM-DDTHH:MM'). */
export function utcToRomeLocal(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const parts = romeClock.formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${String(Number(get('hour')) % 24).padStart(2, '0')}:${get('minute')}`;
}

/** The instant (UTC ISO) at which the Europe/Rome day after `day` begins: when `day`'s events become past. */
export function romeMidnightAfter(day: string): string {
  return romeLocalToUtc(`${addDays(day, 1)}T00:00`) as string;
}

/** Where a page stands against its publishing window at an instant. */
export type WindowState = 'open' | 'scheduled' | 'expired';

/** Before `from`: scheduled; at or after `until`: expired; otherwise (null = no bound) open. */
export function windowState(from: string | null, until: string | null, now: Date = new Date()): WindowState {
  const t = now.getTime();
  if (from && t < Date.parse(from)) return 'scheduled';
  if (until && t >= Date.parse(until)) return 'expired';
  return 'open';
}

/** A window that ends before (or when) it starts is refused. */
export function windowIsValid(from: string | null, until: string | null): boolean {
  return !from || !until || Date.parse(until) > Date.parse(from);
}

/**
 * The next instant after `now` at which the public page changes by itself, or null: the window
 * opening or closing, the Rome midnight after the earliest day of an event not yet past, or the
 * next on-sale instant of a CTA it shows waiting (`onSale`, UTC ms: docs/behaviour.md#ticket-drops).
 */
export function nextBoundary(
  page: {
    visible_from: string | null;
    visible_until: string | null;
    eventDates: readonly string[];
    onSale?: number | null;
  },
  now: Date = new Date(),
): string | null {
  const t = now.getTime();
  const today = romeToday(now);
  const candidates: number[] = [];
  for (const bound of [page.visible_from, page.visible_until]) {
    const at = bound ? Date.parse(bound) : Number.NaN;
    if (at > t) candidates.push(at);
  }
  const days = page.eventDates.map(eventDay).filter((d): d is string => d !== null && d >= today);
  if (days.length > 0) candidates.push(Date.parse(romeMidnightAfter(days.sort()[0]!)));
  if (typeof page.onSale === 'number') candidates.push(page.onSale);
  const next = candidates.filter((x) => x > t).sort((a, b) => a - b)[0];
  return next === undefined ? null : instantText(next);
}
