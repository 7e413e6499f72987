/**
 * Ticket drops (docs/behaviour.md#ticket-drops): when a CTA's tickets go on sale and how many are
 * left. One rule for the published page, the editor and the Worker. Isomorphic: no DOM, no
 * Workers APIs.
 */
import { t } from './messages';

/** How a CTA's tickets stand once on sale: on sale, 'Ultimi biglietti' (few left) or sold out. */
export const AVAILABILITIES = ['on_sale', 'limited', 'sold_out'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** What a CTA shows at an instant: waiting for its on-sale instant, or its availability. */
export type SaleState = 'waiting' | Availability;

/** The sale fields every CTA carries in the API's answers. */
export interface SaleFields {
  /** the on-sale instant, UTC ISO 8601 to the second ('…Z'); null = on sale now */
  on_sale_at: string | null;
  availability: Availability;
}

/** A CTA with no sale fields: on sale now. */
export const ON_SALE_NOW: SaleFields = { on_sale_at: null, availability: 'on_sale' };

/** A CTA whose text is 'soldout' (any case, 'sold out' and 'sold-out' too) is sold out. */
export function isSoldout(text: string | null | undefined): boolean {
  return /^sold[\s-]?out$/i.test(String(text ?? '').trim());
}

export function isAvailability(value: unknown): value is Availability {
  return typeof value === 'string' && (AVAILABILITIES as readonly string[]).includes(value);
}

/** The availability a CTA has: the 'soldout' label means sold out whatever the field says. */
export function availabilityOf(cta: { buttonText?: string | null; availability?: unknown }): Availability {
  if (isSoldout(cta.buttonText)) return 'sold_out';
  return isAvailability(cta.availability) ? cta.availability : 'on_sale';
}

/**
 * What a CTA shows at `now` (UTC ms): sold out wins; before its on-sale instant it is waiting
 * (not a link yet); at the instant and after, its availability.
 */
export function saleState(
  cta: { buttonText?: string | null; availability?: unknown; on_sale_at?: string | null },
  now: number,
): SaleState {
  const availability = availabilityOf(cta);
  if (availability === 'sold_out') return availability;
  const at = cta.on_sale_at ? Date.parse(cta.on_sale_at) : Number.NaN;
  return at > now ? 'waiting' : availability;
}

// ---------------------------------------------------------------------------------------------
// The published page (docs/behaviour.md#ticket-drops): what a waiting CTA reads, and the next
// instant at which a page turns a CTA into its link.

/** In the last 24 hours before its on-sale instant a waiting CTA counts down instead of naming the day. */
export const COUNTDOWN_MS = 24 * 3600_000;

const ROME_TIME_ZONE = 'Europe/Rome';

const romeSaleClock = new Intl.DateTimeFormat('it-IT', {
  timeZone: ROME_TIME_ZONE,
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * What a waiting CTA reads: 'In vendita dal 12 maggio alle 10:00', in Europe/Rome, with the year
 * when it is not the year of `now` in Rome ('dall'8', 'dall'11': the day's name starts with a
 * vowel). `at` is the on-sale instant (UTC ISO).
 */
export function onSaleText(at: string, now: Date): string {
  const parts = (date: Date) => {
    const all = romeSaleClock.formatToParts(date);
    return (type: Intl.DateTimeFormatPartTypes) => all.find((p) => p.type === type)?.value ?? '';
  };
  const sale = parts(new Date(at));
  const day = sale('day');
  const sameYear = sale('year') === parts(now)('year');
  const giorno = [day, sale('month'), sameYear ? '' : sale('year')].filter(Boolean).join(' ');
  const ora = `${sale('hour')}:${sale('minute')}`;
  return t(day === '8' || day === '11' ? 'drops.onSaleFromVowel' : 'drops.onSaleFrom', { giorno, ora });
}

/**
 * The earliest on-sale instant still ahead of `now` (UTC ms) among CTAs, or null: when a page
 * next turns a CTA into its link. Sold-out CTAs never open.
 */
export function nextOnSale(
  ctas: Iterable<{ buttonText?: string | null; availability?: unknown; on_sale_at?: string | null }>,
  now: number,
): number | null {
  let next: number | null = null;
  for (const cta of ctas) {
    if (saleState(cta, now) !== 'waiting') continue;
    const at = Date.parse(cta.on_sale_at as string);
    if (next === null || at < next) next = at;
  }
  return next;
}

// In the editor (docs/behaviour.md#ticket-drops-in-the-editor): the label kept in step with the
// availability, the one-button change and the badge of an event.

/** The label preset that means sold out, and the one a CTA takes back when it goes on sale again. */
export const SOLDOUT_LABEL = 'soldout';
export const TICKETS_LABEL = 'biglietti';

/**
 * A CTA given an availability, its label kept in step: sold out takes the 'soldout' label; a CTA
 * labelled 'soldout' put back on sale takes 'biglietti' (otherwise the label would keep it sold out).
 */
export function withAvailability<T extends { buttonText: string }>(
  cta: T,
  availability: Availability,
): T & { availability: Availability } {
  if (availability === 'sold_out') return { ...cta, buttonText: SOLDOUT_LABEL, availability };
  return { ...cta, buttonText: isSoldout(cta.buttonText) ? TICKETS_LABEL : cta.buttonText, availability };
}

/** The change of one button's sale (`PATCH …/buttons/{id}`): each field given replaces the CTA's. */
export interface SaleChange {
  availability?: Availability;
  on_sale_at?: string | null;
}

/** A CTA after a sale change, its label in step with its availability. */
export function applySaleChange<T extends { buttonText: string; on_sale_at: string | null }>(
  cta: T,
  change: SaleChange,
): T & { availability: Availability } {
  const timed = change.on_sale_at !== undefined ? { ...cta, on_sale_at: change.on_sale_at } : cta;
  return withAvailability(timed, change.availability ?? availabilityOf(timed));
}

/** What an event's badge says: its sale state, and the on-sale instant while it waits. */
export interface SaleBadge {
  state: SaleState;
  /** the earliest on-sale instant of its waiting CTAs (UTC ISO), when the state is 'waiting' */
  at: string | null;
}

/** How much a fan can do with a state, most first: an event shows what its best CTA offers. */
const BADGE_ORDER: readonly SaleState[] = ['on_sale', 'limited', 'waiting', 'sold_out'];

/**
 * The badge of an event with these CTAs at `now`: the state of its CTA a fan can do most with
 * (on sale, then few left, then waiting, then sold out); waiting, with the earliest instant.
 */
export function saleBadge(
  ctas: readonly { buttonText?: string | null; availability?: unknown; on_sale_at?: string | null }[],
  now: number,
): SaleBadge {
  const states = ctas.map((c) => saleState(c, now));
  const state = BADGE_ORDER.find((s) => states.includes(s)) ?? 'on_sale';
  if (state !== 'waiting') return { state, at: null };
  const waiting = ctas.filter((_, i) => states[i] === 'waiting').map((c) => String(c.on_sale_at));
  return { state, at: waiting.sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null };
}
