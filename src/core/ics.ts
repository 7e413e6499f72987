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

export interface CalendarInput {
  event: PublicEvent;
  /** the page's display title */
  title: string;
  /** the button's id: with the host it makes the stable UID */
  buttonId: number;
  /** the public host, e.g. 'palco.example' */
  host: string;
  /** the absolute URL of the page, used when the event has no ticket link */
  pageUrl: string;
  /** DTSTAMP */
  now?: Date;
}

function absoluteUrl(url: string | undefined, pageUrl: string): string {
  if (!url) return pageUrl;
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return new URL(url, pageUrl).toString();
  return url;
}

/** The calendar file of a dated event, or null when its date text has no date. */
export function buildCalendar(input: CalendarInput): string | null {
  const { event } = input;
  const when = parseItalianDate(event.data);
  if (!when) return null;
  const day = when.slice(0, 10);
  const startUtc = when.length > 10 ? romeLocalToUtc(when) : null;
  const timing = startUtc
    ? [`DTSTART:${icsStamp(startUtc)}`]
    : [`DTSTART;VALUE=DATE:${icsStamp(day)}`, `DTEND;VALUE=DATE:${icsStamp(addDays(day, 1))}`];
  const summary = [input.title, event.city].filter(Boolean).join(' – ');
  const location = [event.venue, event.city].filter(Boolean).join(', ');
  const url = absoluteUrl(event.ctaButtons.find((c) => c.url)?.url, input.pageUrl).replace(/[\s"]/g, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Palco//Pagine evento//IT',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${input.buttonId}@${input.host}`,
    `DTSTAMP:${icsStamp((input.now ?? new Date()).toISOString())}`,
    ...timing,
    `SUMMARY:${escapeText(summary || input.title)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
