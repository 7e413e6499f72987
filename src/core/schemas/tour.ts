/**
 * The events of a page as JSON (GET /{slug}/events.json and the page's own JSON-LD): schema.org
 * MusicEvent objects, listed in an ItemList for the feed (docs/behaviour.md#tour-feeds-calendar-json-and-rss).
 * The builder (src/landing/jsonld.ts) is typed by these schemas, and the tests check its answers
 * against them.
 */
import { z } from '../zod';

/** An offer's schema.org availability (docs/behaviour.md#ticket-drops). */
export const OFFER_AVAILABILITIES = [
  'https://schema.org/InStock',
  'https://schema.org/LimitedAvailability',
  'https://schema.org/PreOrder',
  'https://schema.org/SoldOut',
] as const;
type OfferAvailability = (typeof OFFER_AVAILABILITIES)[number];

const offerSchema = z
  .object({
    '@type': z.literal('Offer'),
    url: z.string().optional(),
    name: z.string(),
    availability: z.enum(OFFER_AVAILABILITIES),
    /** before the sale opens (PreOrder): the on-sale instant, UTC ISO 8601 */
    validFrom: z.string().optional(),
  })
  .strict();

export const musicEventSchema = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('MusicEvent'),
    name: z.string().min(1),
    /** ISO 8601, the day or the Europe/Rome wall-clock time ('2027-03-12T21:00'); absent when undated */
    startDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/)
      .optional(),
    eventAttendanceMode: z.literal('https://schema.org/OfflineEventAttendanceMode'),
    location: z
      .object({
        '@type': z.literal('Place'),
        name: z.string(),
        address: z.object({ '@type': z.literal('PostalAddress'), addressLocality: z.string() }).strict(),
      })
      .strict(),
    image: z.array(z.string()).optional(),
    url: z.string(),
    offers: z.array(offerSchema),
  })
  .strict();

export type { OfferAvailability };
export type MusicEventData = z.infer<typeof musicEventSchema>;

export const eventItemListSchema = z
  .object({
    '@context': z.literal('https://schema.org'),
    '@type': z.literal('ItemList'),
    name: z.string(),
    url: z.string(),
    numberOfItems: z.number().int().nonnegative(),
    itemListElement: z.array(
      z
        .object({
          '@type': z.literal('ListItem'),
          position: z.number().int().positive(),
          item: musicEventSchema,
        })
        .strict(),
    ),
  })
  .strict();

export type EventItemList = z.infer<typeof eventItemListSchema>;
