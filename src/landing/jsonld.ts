/**
 * schema.org MusicEvent data for search engines and link previews (an addition of ours: promoters
 * need their dates to show up as events), and the same objects as an ItemList for the page's
 * events.json (docs/behaviour.md#tour-feeds-calendar-json-and-rss). Serialised so that no user text
 * can close the <script type="application/ld+json"> element it lives in.
 */
import type { PublicCta, PublicEvent, PublicView } from '../core/public-view';
import type { EventItemList, MusicEventData, OfferAvailability } from '../core/schemas/tour';
import { parseItalianDate } from '../core/event-date';

function absolute(url: string, origin: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return `${origin}${url}`;
  return url;
}

const SCHEMA = 'https://schema.org/';

/**
 * An offer's availability (docs/behaviour.md#ticket-drops): sold out; before its on-sale instant a
 * pre-order valid from it; then in stock, or limited for 'Ultimi biglietti'.
 */
function offerAvailability(cta: PublicCta): { availability: OfferAvailability; validFrom?: string } {
  if (cta.availability === 'sold_out') return { availability: `${SCHEMA}SoldOut` };
  if (cta.onSaleAt) return { availability: `${SCHEMA}PreOrder`, validFrom: cta.onSaleAt };
  return { availability: `${SCHEMA}${cta.availability === 'limited' ? 'LimitedAvailability' : 'InStock'}` };
}

export function musicEvents(view: PublicView, origin: string, pageUrl: string): MusicEventData[] {
  const events = view.buttons.filter((b): b is PublicEvent => b.type === 'text');
  const image =
    view.header.kind === 'image'
      ? absolute(view.header.src, origin)
      : view.header.poster
        ? absolute(view.header.poster, origin)
        : undefined;
  return events.map((e) => {
    const where = [e.city, e.venue].filter(Boolean).join(', ');
    const startDate = parseItalianDate(e.data);
    const offers = e.ctaButtons.map((cta) => ({
      '@type': 'Offer' as const,
      ...(cta.url ? { url: absolute(cta.url, origin) } : {}),
      name: cta.buttonText,
      ...offerAvailability(cta),
    }));
    return {
      '@context': 'https://schema.org' as const,
      '@type': 'MusicEvent' as const,
      name: where ? `${view.displayTitle} – ${where}` : view.displayTitle,
      ...(startDate ? { startDate } : {}),
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode' as const,
      location: {
        '@type': 'Place' as const,
        name: e.venue || e.city,
        address: { '@type': 'PostalAddress' as const, addressLocality: e.city },
      },
      ...(image ? { image: [image] } : {}),
      url: pageUrl,
      offers,
    };
  });
}

/** The page's events (the very objects of its JSON-LD) as one schema.org ItemList. */
export function eventItemList(view: PublicView, origin: string, pageUrl: string): EventItemList {
  const events = musicEvents(view, origin, pageUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: view.displayTitle,
    url: pageUrl,
    numberOfItems: events.length,
    itemListElement: events.map((item, i) => ({ '@type': 'ListItem', position: i + 1, item })),
  };
}

/** JSON for an inline <script>: '<', '>', '&' and U+2028/2029 become \\u escapes. */
export function serialiseJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
