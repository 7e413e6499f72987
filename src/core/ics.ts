/**
 * An event of a page as an iCalendar file (RFC 5545; docs/behaviour.md#dates-and-publishing-windows):
 * one VCALENDAR with one VEVENT. A time in the date text is Europe/Rome wall-clock time and goes
 * out in UTC ('…Z'); without one the event is all-day (VALUE=DATE, DTEND the next day).
 * Isomorphic: no DOM, no Workers APIs.
 */
import { parseItalianDate } from './event-date';
import type { PublicEvent } from './public-view';
import { addDays } from './traffic';
import { romeLocalToUtc } from './schedule';

/** The path of an event's calendar file on the public site. */
export function calendarPath(slug: string, buttonId: number): string {
  return `/${slug}/events/${buttonId}.ics`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point: a calendar file's TEXT may not carry them
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/** TEXT value escaping: backslash, semicolon, comma and line breaks; other controls dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .replace(CONTROLS, '');
}

const encoder = new TextEncoder();

/**
 * A content line folded at 75 octets (continuation lines start with one space, which counts),
 * never inside a UTF-8 character.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** '2027-04-01T19:00:00Z' → '20270401T190000Z'; '2027-04-01' → '20270401'. */
function icsStamp(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z').replace(/[-:]/g, '');
}

/** One event of a calendar, with what a subscribed calendar needs to notice a change. */
export interface CalendarEvent {
  event: PublicEvent;
  /** the button's id: with the host it makes the stable UID */
  buttonId: number;
  /** SEQUENCE: how many times the event's text, link or CTAs changed */
  sequence?: number;
  /** LAST-MODIFIED, ISO 8601 UTC */
  lastModified?: string;
}

/** What every event of one page's calendar shares. */
export interface CalendarContext {
  /** the page's display title */
  title: string;
  /** the public host, e.g. 'palco.example' */
  host: string;
  /** the absolute URL of the page, used when the event has no ticket link */
  pageUrl: string;
  /** DTSTAMP */
  now?: Date;
}

export interface CalendarInput extends CalendarEvent, CalendarContext {}

function absoluteUrl(url: string | undefined, pageUrl: string): string {
  if (!url) return pageUrl;
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return new URL(url, pageUrl).toString();
  return url;
}

/**
 * THE VEVENT of a dated event (the single-event file and the page's calendar both use it), or
 * null when its date text has no date.
 */
function veventLines(entry: CalendarEvent, context: CalendarContext): string[] | null {
  const { event } = entry;
  const when = parseItalianDate(event.data);
  if (!when) return null;
  const day = when.slice(0, 10);
  const startUtc = when.length > 10 ? romeLocalToUtc(when) : null;
  const timing = startUtc
    ? [`DTSTART:${icsStamp(startUtc)}`]
    : [`DTSTART;VALUE=DATE:${icsStamp(day)}`, `DTEND;VALUE=DATE:${icsStamp(addDays(day, 1))}`];
  const summary = [context.title, event.city].filter(Boolean).join(' – ');
  const location = [event.venue, event.city].filter(Boolean).join(', ');
  const url = absoluteUrl(event.ctaButtons.find((c) => c.url)?.url, context.pageUrl).replace(/[\s"]/g, '');
  return [
    'BEGIN:VEVENT',
    `UID:${entry.buttonId}@${context.host}`,
    `DTSTAMP:${icsStamp((context.now ?? new Date()).toISOString())}`,
    ...(entry.lastModified ? [`LAST-MODIFIED:${icsStamp(entry.lastModified)}`] : []),
    ...(entry.sequence !== undefined ? [`SEQUENCE:${entry.sequence}`] : []),
    ...timing,
    `SUMMARY:${escapeText(summary || context.title)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `URL:${url}`,
    'END:VEVENT',
  ];
}

const CALENDAR_HEAD = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Palco//Pagine evento//IT',
  'CALSCALE:GREGORIAN',
  'METHOD:PUBLISH',
];

function calendarText(lines: string[]): string {
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** The calendar file of a dated event, or null when its date text has no date. */
export function buildCalendar(input: CalendarInput): string | null {
  const vevent = veventLines(input, input);
  return vevent ? calendarText([...CALENDAR_HEAD, ...vevent, 'END:VCALENDAR']) : null;
}

/**
 * Europe/Rome since 1996 (EU summer time). Every time in our files is UTC, so no event names it:
 * it gives the page's calendar its zone (X-WR-TIMEZONE) in the form RFC 5545 defines, and keeps a
 * calendar whose dates are all past valid (a VCALENDAR holds at least one component).
 */
const ROME_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Rome',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** How often a subscribed calendar should look again (RFC 7986 and the older Outlook hint). */
export const CALENDAR_REFRESH = 'PT1H';

/**
 * The calendar a fan subscribes to: every dated event given (undated ones are left out), with
 * the page's name and the refresh hints. The same UIDs as the single-event files, so a subscribed
 * copy of an event replaces one imported from its file.
 */
export function buildTourCalendar(input: CalendarContext & { events: readonly CalendarEvent[] }): string {
  const vevents = input.events.flatMap((entry) => veventLines(entry, input) ?? []);
  const name = escapeText(input.title);
  return calendarText([
    ...CALENDAR_HEAD,
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    'X-WR-TIMEZONE:Europe/Rome',
    `REFRESH-INTERVAL;VALUE=DURATION:${CALENDAR_REFRESH}`,
    `X-PUBLISHED-TTL:${CALENDAR_REFRESH}`,
    ...ROME_TIMEZONE,
    ...vevents,
    'END:VCALENDAR',
  ]);
}
