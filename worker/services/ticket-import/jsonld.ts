/**
 * schema.org events in parsed JSON-LD (or Microdata turned into the same shape) as ReadEvents
 * (docs/behaviour.md#what-is-read). Pure: no I/O. Never throws on junk; what cannot be read is
 * left empty for the judging (src/core/ticket-events.ts) to name.
 */
import type { ReadEvent } from '../../../src/core/ticket-import';

/** At most this many events of one page (a tour is a few dozen; a festival's list a few hundred). */
export const EVENTS_MAX = 500;
/** How deep the walk goes into nested objects and arrays. */
const DEPTH_MAX = 12;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The document's nodes by `@id`: a place, an address or an offer may be given by reference. Set
 * at the start of each eventsOfJsonLd, whose walk is synchronous: no other read sees it.
 */
let nodesById = new Map<string, Json>();

function collectIds(value: unknown, depth = 0): void {
  if (depth > DEPTH_MAX) return;
  if (Array.isArray(value)) for (const item of value) collectIds(item, depth + 1);
  else if (isObject(value)) {
    const id = value['@id'];
    if (typeof id === 'string' && Object.keys(value).length > 1 && !nodesById.has(id)) nodesById.set(id, value);
    for (const child of Object.values(value)) if (typeof child === 'object') collectIds(child, depth + 1);
  }
}

/** A node given only by reference (`{"@id": …}`) as the document has it; else the value itself. */
function resolved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolved);
  if (isObject(value) && typeof value['@id'] === 'string' && Object.keys(value).length === 1) {
    return nodesById.get(value['@id']) ?? value;
  }
  return value;
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  const found = resolved(value);
  return Array.isArray(found) ? found : [found];
}

/** A type name without its vocabulary: 'http://schema.org/MusicEvent' → 'MusicEvent'. */
function typeName(value: unknown): string {
  return String(value ?? '')
    .trim()
    .replace(/^.*[/#:]/, '');
}

function typesOf(node: Json): string[] {
  return asArray(node['@type']).map(typeName);
}

/** Event, MusicEvent, TheaterEvent, Festival, ComedyEvent, DanceEvent, SportsEvent… */
function isEvent(node: Json): boolean {
  return typesOf(node).some((t) => /(Event|Festival)$/.test(t) && t !== 'EventSeries');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A text value: strings (HTML entities decoded, tags dropped), numbers; a {@value} or a name. */
function text(value: unknown): string {
  const first = asArray(value)[0];
  if (typeof first === 'number') return String(first);
  if (isObject(first)) return text(first['@value'] ?? first.name);
  if (typeof first !== 'string') return '';
  return first
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** An absolute http(s) link, or ''. */
function link(value: unknown, base: string): string {
  const raw = isObject(asArray(value)[0]) ? text((asArray(value)[0] as Json)['@id']) : text(value);
  if (!raw) return '';
  try {
    const url = new URL(raw, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The city of an address: addressLocality, else the best part of an address written as text. */
function cityOf(address: unknown): string {
  const first = asArray(address)[0];
  if (isObject(first)) return text(first.addressLocality) || text(first.addressRegion);
  const line = text(first);
  if (!line) return '';
  // '20129 Milano (MI), Italia' or 'Via Valtellina 25, 20159 Milano': the last part with a word
  // that is not a postcode or the country
  const parts = line
    .split(',')
    .map((p) =>
      p
        .replace(/\b\d{4,6}\b/g, '')
        .replace(/\([A-Z]{2}\)/g, '')
        .trim(),
    )
    .filter((p) => p && !/^(italia|italy|it)$/i.test(p) && !/^(via|viale|piazza|corso|largo)\b/i.test(p));
  return parts.at(-1) ?? '';
}

function placeOf(location: unknown): { city: string; venue: string } {
  for (const place of asArray(location)) {
    if (typeof place === 'string') return { city: '', venue: text(place) };
    if (!isObject(place)) continue;
    // a virtual location has no city and no venue to show
    if (typesOf(place).includes('VirtualLocation')) continue;
    return { city: cityOf(place.address), venue: text(place.name) };
  }
  return { city: '', venue: '' };
}

/** Every offer: one object, an array, an AggregateOffer with its own offers. */
function offersOf(value: unknown, depth = 0): Json[] {
  const out: Json[] = [];
  for (const offer of asArray(value)) {
    if (!isObject(offer)) continue;
    out.push(offer);
    if (depth < 2 && offer.offers !== undefined) out.push(...offersOf(offer.offers, depth + 1));
  }
  return out;
}

function isSoldOut(offer: Json): boolean {
  return /SoldOut$/i.test(typeName(offer.availability));
}

function statusOf(value: unknown): ReadEvent['event_status'] {
  const name = typeName(value).toLowerCase();
  if (name === 'eventcancelled') return 'cancelled';
  if (name === 'eventpostponed') return 'postponed';
  if (name === 'eventrescheduled') return 'rescheduled';
  if (name === 'eventmovedonline') return 'moved_online';
  return 'scheduled';
}

/** The earliest sale start among the offers, as found; null when none. */
function saleStartOf(offers: readonly Json[]): string | null {
  let best: { at: number; text: string } | null = null;
  for (const offer of offers) {
    for (const value of [offer.validFrom, offer.availabilityStarts]) {
      const found = text(value);
      const at = Date.parse(found);
      if (found && Number.isFinite(at) && (!best || at < best.at)) best = { at, text: found };
    }
  }
  return best?.text ?? null;
}

function toReadEvent(node: Json, base: string): ReadEvent {
  const offers = offersOf(node.offers);
  // the aggregate itself carries no link of its own as a rule: the first offer with one
  const offerUrl = offers.map((o) => link(o.url, base)).find(Boolean) ?? '';
  // an aggregate's availability speaks for all; otherwise every single offer must be sold out
  const singles = offers.filter((o) => o.offers === undefined);
  const soldOut =
    offers.length > 0 &&
    (offers.some((o) => o.offers !== undefined && isSoldOut(o)) || (singles.length > 0 && singles.every(isSoldOut)));
  const { city, venue } = placeOf(node.location);
  return {
    name: text(node.name),
    start: text(node.startDate) || null,
    city,
    venue,
    url: offerUrl || link(node.url, base),
    sold_out: soldOut,
    sale_starts: saleStartOf(offers),
    event_status: statusOf(node.eventStatus),
  };
}

/**
 * The events of one parsed JSON-LD value, in document order: one object, an array, `@graph`,
 * an ItemList of events or of ListItems holding them (`item`), nested as deep as DEPTH_MAX.
 */
export function eventsOfJsonLd(value: unknown, base: string, out: ReadEvent[] = []): ReadEvent[] {
  nodesById = new Map();
  collectIds(value);
  const walk = (node: unknown, depth: number): void => {
    if (out.length >= EVENTS_MAX || depth > DEPTH_MAX) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    if (isEvent(node)) {
      out.push(toReadEvent(node, base));
      // a festival's sub-events are events of their own
      if (node.subEvent !== undefined) walk(node.subEvent, depth + 1);
      return;
    }
    for (const key of ['@graph', 'itemListElement', 'item', 'mainEntity', 'about', 'event', 'events']) {
      if (node[key] !== undefined) walk(node[key], depth + 1);
    }
  };
  walk(value, 0);
  return out;
}
