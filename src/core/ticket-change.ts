/**
 * Keeping up with the ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page): what a
 * date row's ticket page now says that the row does not (`ticketChangeFor`), what of a pending
 * change the row still lacks (`changeLeft`), and the row with the change applied
 * (`applyTicketChange`). Pure: the hourly job, the apply route and the editor's notice share it.
 */
import { decodeEventText, encodeEventText } from './button-codec';
import { parseItalianDate } from './event-date';
import { applySaleChange, availabilityOf } from './on-sale';
import type { TicketChange, TicketEvent } from './ticket-import';
import { URL_MAX } from './urls';
import { cityKey } from './fans';
import { sameLinkKey } from './ticket-events';

/** A CTA as the rules here read it. */
interface SaleCta {
  url: string;
  buttonText: string;
  on_sale_at: string | null;
  availability?: unknown;
}

/** A date row as its ticket page is compared with: its encoded text, its CTAs and its source. */
export interface TicketRow {
  /** 'date - city - venue|label' (src/core/button-codec.ts) */
  text: string;
  ctas: readonly SaleCta[];
  /** the ticket page the row came from */
  source: string;
}

/** Hosts of this machine: http is allowed to them only (the local trial). */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$|\.localhost$/;

/**
 * Whether a date row's ticket page may be kept (the `ticket_source.url` of a save): an absolute
 * https link, or http to this machine alone (the local trial: nowhere else can such a page be
 * read, docs/behaviour.md#reading-a-ticket-page-safely); at most URL_MAX characters.
 */
export function isTicketSourceUrl(value: string): boolean {
  if (value.length > URL_MAX || /[\s\p{Cc}\\]/u.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && LOOPBACK.test(url.hostname.toLowerCase());
}

/** 'dd/mm/yyyy' → 'yyyy-mm-dd'; '' when it is not one. */
function isoDay(date: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

function rowSoldOut(ctas: readonly SaleCta[]): boolean {
  return ctas.length > 0 && ctas.every((c) => availabilityOf(c) === 'sold_out');
}

/** The row's event on the ticket page: the same link, else the same Rome day and city; null when none. */
export function ticketEventOf(row: TicketRow, events: readonly TicketEvent[]): TicketEvent | null {
  const dated = events.filter((e) => e.date !== '');
  const links = new Set([row.source, ...row.ctas.map((c) => c.url)].map(sameLinkKey).filter(Boolean));
  const byLink = dated.find((e) => e.url && links.has(sameLinkKey(e.url)));
  if (byLink) return byLink;
  const { date, city } = decodeEventText(row.text);
  const day = parseItalianDate(date)?.slice(0, 10);
  if (!day || !city.trim()) return null;
  return dated.find((e) => isoDay(e.date) === day && cityKey(e.city) === cityKey(city)) ?? null;
}

/**
 * What the ticket page says that differs from the row, or null when nothing does or the row's
 * event is not on the page: sold out now (the row is not), the day or time moved (a row without
 * a time is not moved by the page's time alone), the on-sale instant moved to another future one.
 */
export function ticketChangeFor(row: TicketRow, events: readonly TicketEvent[], now: Date): TicketChange | null {
  const event = ticketEventOf(row, events);
  if (!event) return null;
  const change: TicketChange = {};
  const soldOut = rowSoldOut(row.ctas);
  if (event.sold_out && !soldOut) change.sold_out = true;
  const typed = parseItalianDate(decodeEventText(row.text).date);
  const day = isoDay(event.date);
  if (typed && day) {
    const typedTime = typed.slice(11, 16);
    const dayMoved = typed.slice(0, 10) !== day;
    const timeMoved = event.time !== '' && typedTime !== '' && typedTime !== event.time;
    if (dayMoved || timeMoved) {
      change.date = event.date;
      if (event.time) change.time = event.time;
    }
  }
  const first = row.ctas[0];
  const opens = event.on_sale_at ? Date.parse(event.on_sale_at) : Number.NaN;
  if (!event.sold_out && !soldOut && first && opens > now.getTime()) {
    const current = first.on_sale_at ? Date.parse(first.on_sale_at) : Number.NaN;
    if (current !== opens) change.on_sale_at = event.on_sale_at!;
  }
  return Object.keys(change).length > 0 ? change : null;
}

/**
 * What of a pending change the row does not say yet: a save or a sale change made by hand that
 * already did it settles that part (docs/behaviour.md#keeping-up-with-the-ticket-page). Null when
 * nothing is left.
 */
export function changeLeft(row: Pick<TicketRow, 'text' | 'ctas'>, change: TicketChange | null): TicketChange | null {
  if (!change) return null;
  const left: TicketChange = {};
  if (change.sold_out && !rowSoldOut(row.ctas)) left.sold_out = true;
  if (change.date) {
    const typed = parseItalianDate(decodeEventText(row.text).date) ?? '';
    const wanted = `${isoDay(change.date)}${change.time ? `T${change.time}` : ''}`;
    if (change.time ? typed !== wanted : typed.slice(0, 10) !== wanted) {
      left.date = change.date;
      if (change.time) left.time = change.time;
    }
  }
  if (change.on_sale_at) {
    const first = row.ctas[0]?.on_sale_at;
    if (!first || Date.parse(first) !== Date.parse(change.on_sale_at)) left.on_sale_at = change.on_sale_at;
  }
  return Object.keys(left).length > 0 ? left : null;
}

/** Whether two changes say the same thing (an ignored change found again). */
export function sameChange(a: TicketChange | null, b: TicketChange | null): boolean {
  if (!a || !b) return a === b;
  return (
    !!a.sold_out === !!b.sold_out &&
    (a.date ?? '') === (b.date ?? '') &&
    (a.time ?? '') === (b.time ?? '') &&
    (a.on_sale_at ? Date.parse(a.on_sale_at) : 0) === (b.on_sale_at ? Date.parse(b.on_sale_at) : 0)
  );
}

/**
 * The row with the change applied: sold out makes every CTA sold out; a moved date rewrites the
 * date part of its text as 'dd/mm/yyyy HH:MM' (or 'dd/mm/yyyy' without a time); a new on-sale
 * instant goes to the first CTA.
 */
export function applyTicketChange<C extends SaleCta>(
  row: { text: string; ctas: readonly C[] },
  change: TicketChange,
): { text: string; ctas: Array<C & { availability: ReturnType<typeof availabilityOf> }> } {
  let ctas = row.ctas.map((c) => applySaleChange(c, {}));
  if (change.on_sale_at && ctas[0]) ctas[0] = applySaleChange(ctas[0], { on_sale_at: change.on_sale_at });
  if (change.sold_out) ctas = ctas.map((c) => applySaleChange(c, { availability: 'sold_out' }));
  const event = decodeEventText(row.text);
  const date = change.date ? [change.date, change.time].filter(Boolean).join(' ') : event.date;
  const text = encodeEventText({ ...event, date }, ctas[0]?.buttonText ?? event.label);
  return { text, ctas };
}
