/**
 * Ticket drops (docs/behaviour.md#ticket-drops): when a CTA's tickets go on sale and how many are
 * left. One rule for the published page, the editor and the Worker. Isomorphic: no DOM, no
 * Workers APIs.
 */

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
