/**
 * The events of a ticket page judged for the organiser's page (docs/behaviour.md#what-is-read):
 * each read event becomes a row of the import's preview, new, already on the page, or not usable
 * and why. Shared by the Worker's reading route and the editor (which marks duplicates against
 * its own, unsaved list too).
 */
import { cleanEventPart } from './button-codec';
import { cityKey } from './fans';
import { eventDay, instantText, romeLocalToUtc, romeToday, utcToRomeLocal } from './schedule';
import { t } from './messages';
import { eventPartsProblem } from './plain-text';
import type { ReadEvent, TicketEvent } from './ticket-import';

/** A date on the page (or in the import): its date text as typed, its city and its CTAs' links. */
export interface ExistingEvent {
  date: string;
  city: string;
  urls: readonly string[];
}

/** City and venue are cut to this many characters: a row's text stays well within the save's limit. */
export const PART_MAX = 120;
/** An event's name is cut to this many characters (it is shown in the preview only). */
const NAME_MAX = 200;

/** A link without its query, fragment, trailing slash, scheme and `www.`: the same ticket page. */
export function sameLinkKey(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname.replace(/^www\./, '')}${u.pathname.replace(/\/+$/, '')}`.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * The same event: the same day (Europe/Rome) in the same city, or the same ticket link on the
 * same day (or where one has no day). A tour's dates may all link to the artist's page, so a
 * link alone does not make two dates one.
 */
export function isSameEvent(a: ExistingEvent, b: ExistingEvent): boolean {
  const dayA = eventDay(a.date);
  const dayB = eventDay(b.date);
  const city = cityKey(a.city);
  if (dayA && dayA === dayB && city && city === cityKey(b.city)) return true;
  if (dayA && dayB && dayA !== dayB) return false;
  const links = new Set(a.urls.map(sameLinkKey).filter(Boolean));
  return b.urls.some((u) => links.has(sameLinkKey(u)));
}

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

interface When {
  /** UTC ISO; for a day without a time, the day's first instant in Europe/Rome */
  startsAt: string;
  /** 'YYYY-MM-DDTHH:MM' in Europe/Rome */
  local: string;
  hasTime: boolean;
}

/**
 * `startDate` as an instant: with an offset or Z that instant; without one, Europe/Rome wall-clock
 * time (an Italian ticket site's listing); a day alone, that day. Null when it is none of these.
 */
export function readStart(start: string): When | null {
  const s = start.trim();
  const day = DAY_ONLY.exec(s);
  if (day) {
    const startsAt = romeLocalToUtc(`${s}T00:00`);
    return startsAt ? { startsAt, local: `${s}T00:00`, hasTime: false } : null;
  }
  if (WITH_ZONE.test(s)) {
    const at = Date.parse(s.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    if (!Number.isFinite(at)) return null;
    const startsAt = instantText(at);
    return { startsAt, local: utcToRomeLocal(startsAt), hasTime: true };
  }
  const local = LOCAL_TIME.exec(s);
  if (local) {
    const wall = `${local[1]}T${local[2]}:${local[3]}`;
    const startsAt = romeLocalToUtc(wall);
    return startsAt ? { startsAt, local: utcToRomeLocal(startsAt), hasTime: true } : null;
  }
  return null;
}

/** 'YYYY-MM-DDTHH:MM' → ['dd/mm/yyyy', 'HH:MM']. */
function italian(local: string): [string, string] {
  return [`${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`, local.slice(11, 16)];
}

/** The text a date row gets for the event: '12/05/2027 21:00', or '12/05/2027' without a time. */
export function rowDateText(e: Pick<TicketEvent, 'date' | 'time'>): string {
  return e.time ? `${e.date} ${e.time}` : e.date;
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A future sale start as UTC ISO; null when none, unreadable or already open. */
function futureSale(found: string | null, now: Date): string | null {
  if (!found) return null;
  const when = readStart(found);
  return when && Date.parse(when.startsAt) > now.getTime() ? when.startsAt : null;
}

/** Why the event cannot become a date row (status 'unusable'), or null. */
function unusable(e: TicketEvent, read: ReadEvent, now: Date): string | null {
  if (!read.start) return t('ticketEvents.noDate');
  if (!e.starts_at) return t('ticketEvents.badDate', { value: cut(read.start, 40) });
  if (read.event_status === 'cancelled') return t('ticketEvents.cancelled');
  if (e.starts_at && eventDay(e.date) !== null && eventDay(e.date)! < romeToday(now)) return t('ticketEvents.past');
  if (!e.city) return t('ticketEvents.noCity');
  if (!e.venue) return t('ticketEvents.noVenue');
  if (!e.url) return t('ticketEvents.noLink');
  return eventPartsProblem({ date: e.date, city: e.city, venue: e.venue });
}

/** One read event as a row, before it is compared with the page. */
function judge(read: ReadEvent, now: Date): TicketEvent {
  const when = read.start ? readStart(read.start) : null;
  const [date, time] = when ? italian(when.local) : ['', ''];
  const row: TicketEvent = {
    name: cut(read.name.trim(), NAME_MAX) || t('ticketEvents.untitled'),
    starts_at: when?.startsAt ?? null,
    date,
    time: when?.hasTime ? time : '',
    city: cut(cleanEventPart(read.city), PART_MAX),
    venue: cut(cleanEventPart(read.venue, true), PART_MAX),
    url: read.url,
    sold_out: read.sold_out,
    on_sale_at: read.sold_out ? null : futureSale(read.sale_starts, now),
    status: 'new',
  };
  const reason = unusable(row, read, now);
  if (reason) return { ...row, status: 'unusable', reason };
  // shown, but not chosen until the organiser checks it (docs/behaviour.md#what-is-read)
  if (read.event_status === 'postponed') return { ...row, reason: t('ticketEvents.postponed') };
  if (read.event_status === 'moved_online') return { ...row, reason: t('ticketEvents.online') };
  return row;
}

/** The event as a date of the list, to compare. */
function asExisting(e: TicketEvent): ExistingEvent {
  return { date: rowDateText(e), city: e.city, urls: e.url ? [e.url] : [] };
}

/**
 * The read events as rows of the preview, in the page's order: 'unusable' with the reason,
 * 'duplicate' when the page already has the event, 'new' otherwise (with a reason when it is
 * shown but not chosen: postponed, moved online). An event the ticket page lists twice is
 * 'unusable' the second time.
 */
export function ticketEvents(read: readonly ReadEvent[], existing: readonly ExistingEvent[], now: Date): TicketEvent[] {
  const seen: ExistingEvent[] = [];
  return read.map((one) => {
    const row = judge(one, now);
    if (row.status === 'unusable') return row;
    const mine = asExisting(row);
    if (seen.some((e) => isSameEvent(e, mine))) {
      return { ...row, status: 'unusable', reason: t('ticketEvents.repeated') };
    }
    seen.push(mine);
    if (existing.some((e) => isSameEvent(e, mine))) return { ...row, status: 'duplicate' };
    return row;
  });
}
