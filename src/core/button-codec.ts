/**
 * A text (event) button stores its text as 'date - city - venue|label'
 * (docs/behaviour.md#the-button-text-codec):
 * split on the first '|', then on ' - ' into at most three parts; a missing part is empty.
 * Encoding cleans the parts so that decoding always gives them back; white space and control
 * characters become one space (docs/behaviour.md#the-button-text-codec).
 */
import { DEFAULT_CTA_LABEL } from './constants';

export interface EventParts {
  date: string;
  city: string;
  venue: string;
}

export interface DecodedEvent extends EventParts {
  label: string;
}

const SEPARATOR = ' - ';

function squash(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * Date and city may not contain the separator, nor end with ' -' (which would glue onto the
 * next separator); no part may contain '|'. A hyphen between spaces becomes an en dash, so
 * '10 - 11 maggio' still reads the same.
 */
export function cleanEventPart(value: string, isLast = false): string {
  let out = squash(String(value ?? '')).replaceAll('|', '/');
  if (!isLast) {
    out = out.replace(/(?<=\s)-(?=\s)/g, '–').replace(/\s-$/, ' –');
  }
  return out;
}

export function cleanLabel(value: string | null | undefined): string {
  const label = squash(String(value ?? ''));
  return label || DEFAULT_CTA_LABEL;
}

export function encodeEventText(parts: EventParts, label?: string | null): string {
  const date = cleanEventPart(parts.date);
  const city = cleanEventPart(parts.city);
  const venue = cleanEventPart(parts.venue, true);
  return `${date}${SEPARATOR}${city}${SEPARATOR}${venue}|${cleanLabel(label)}`;
}

/** The parts as stored, untrimmed, and the label as written ('' when none): what a check reads. */
export function splitEventText(text: string | null | undefined): DecodedEvent {
  const raw = String(text ?? '');
  const bar = raw.indexOf('|');
  const head = bar === -1 ? raw : raw.slice(0, bar);
  const label = bar === -1 ? '' : raw.slice(bar + 1);
  const first = head.indexOf(SEPARATOR);
  if (first === -1) return { date: head, city: '', venue: '', label };
  const rest = head.slice(first + SEPARATOR.length);
  const second = rest.indexOf(SEPARATOR);
  return {
    date: head.slice(0, first),
    city: second === -1 ? rest : rest.slice(0, second),
    venue: second === -1 ? '' : rest.slice(second + SEPARATOR.length),
    label,
  };
}

export function decodeEventText(text: string | null | undefined): DecodedEvent {
  const { date, city, venue, label } = splitEventText(text);
  return { date: date.trim(), city: city.trim(), venue: venue.trim(), label: cleanLabel(label) };
}
