/**
 * The tour feeds of a page (docs/behaviour.md#tour-feeds-calendar-json-and-rss): its upcoming
 * events as the calendar a fan subscribes to, as schema.org JSON and as an RSS feed of
 * announcements. Each reads the page as the public sees it at that instant (toPublicView drops
 * the past dates) and reuses the page's own builders: the VEVENT of the single-event files
 * (src/core/ics.ts) and the MusicEvent objects of the page's JSON-LD (src/landing/jsonld.ts).
 */
import type { Bindings } from '../../env';
import { t } from '../../../src/core/messages';
import { buildTourCalendar } from '../../../src/core/ics';
import { toPublicView, type PublicEvent, type PublicView } from '../../../src/core/public-view';
import { tourFeedPaths } from '../../../src/core/tour-feeds';
import { eventItemList } from '../../../src/landing/jsonld';
import { getPublishedPage } from '../../db/pages/pages';
import { eventHistory, stampPublished, type EventHistory } from '../../db/pages/buttons';
import { escapeXml } from '../html';
import { renderable } from './publish';
import type { FileRequest } from './public-files';

/** An event of a saved page: it has its button's id. */
type SavedEvent = PublicEvent & { id: number };

/** A page's tour as the feeds read it. */
export interface Tour {
  slug: string;
  origin: string;
  pageUrl: string;
  view: PublicView;
  /** the upcoming events saved with an id (dated or not), in the page's order */
  events: SavedEvent[];
  history: Map<number, EventHistory>;
  now: Date;
}

/**
 * The tour of a page the public sees now, or null (hidden, outside its window, unknown, or an
 * image page, which has no dates). An event the public sees without a first-publication stamp
 * (the window opened before the per-minute republish ran) gets it here, once.
 */
export async function readTour(env: Pick<Bindings, 'DB'>, slug: string, req: FileRequest): Promise<Tour | null> {
  const page = await getPublishedPage(env.DB, slug, req.now);
  if (page?.landing.mode !== 'text') return null;
  const view = toPublicView(renderable(page), slug, { now: req.now });
  const events = view.buttons.filter((b): b is SavedEvent => b.type === 'text' && b.id !== null);
  let history = await eventHistory(env.DB, page.id);
  if (events.some((e) => !history.get(e.id)?.publishedAt)) {
    await stampPublished(env.DB, slug);
    history = await eventHistory(env.DB, page.id);
  }
  return { slug, origin: req.origin, pageUrl: `${req.origin}/${slug}`, view, events, history, now: req.now };
}

/** The calendar to subscribe to: every dated upcoming event, with its revision. */
export function tourCalendar(tour: Tour): string {
  return buildTourCalendar({
    title: tour.view.displayTitle,
    host: new URL(tour.origin).hostname,
    pageUrl: tour.pageUrl,
    now: tour.now,
    events: tour.events.map((event) => {
      const h = tour.history.get(event.id);
      return { event, buttonId: event.id, sequence: h?.revision ?? 0, lastModified: h?.modifiedAt };
    }),
  });
}

/** The upcoming events as schema.org JSON: the objects of the page's JSON-LD in an ItemList. */
export function tourJson(tour: Tour): string {
  return JSON.stringify(eventItemList(tour.view, tour.origin, tour.pageUrl));
}

function absolute(url: string | undefined, tour: Tour): string {
  if (!url) return tour.pageUrl;
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return `${tour.origin}${url}`;
  return url;
}

/** RFC 822 dates, as RSS 2.0 wants them ('Thu, 26 Nov 2026 23:44:44 GMT'). */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

function element(name: string, value: string): string {
  return `<${name}>${escapeXml(value)}</${name}>`;
}

function feedItem(event: SavedEvent, tour: Tour, host: string): string {
  const published = tour.history.get(event.id)?.publishedAt;
  const where = [event.city, event.venue].filter(Boolean).join(', ');
  const title = event.data && where ? t('tour.itemTitle', { date: event.data, where }) : event.data || where;
  // as the page shows them (docs/behaviour.md#ticket-drops): sold out, not on sale yet, or the link
  const offers = event.ctaButtons.map((cta) => {
    if (cta.availability === 'sold_out') return t('landing.soldoutLabel');
    if (cta.onSaleAt) return `${cta.buttonText}: ${cta.onSaleText}`;
    return cta.url ? `${cta.buttonText}: ${absolute(cta.url, tour)}` : cta.buttonText;
  });
  const description = [event.data, where, ...offers].filter(Boolean).join(' · ');
  return [
    '<item>',
    element('title', title || tour.view.displayTitle),
    element('link', absolute(event.ctaButtons.find((c) => c.url)?.url, tour)),
    element('description', description),
    // the calendar's UID: one identity for an event in every feed
    `<guid isPermaLink="false">${escapeXml(`${event.id}@${host}`)}</guid>`,
    ...(published ? [element('pubDate', rfc822(published))] : []),
    '</item>',
  ].join('');
}

/** The RSS 2.0 feed of announcements: one item per upcoming event, dated by its first publication. */
export function tourRss(tour: Tour): string {
  const host = new URL(tour.origin).hostname;
  const title = tour.view.displayTitle;
  const stamps = tour.events.flatMap((e) => {
    const h = tour.history.get(e.id);
    return h ? [h.modifiedAt, h.publishedAt ?? h.modifiedAt] : [];
  });
  const latest = stamps.sort().at(-1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    element('title', t('tour.feedTitle', { title })),
    element('link', tour.pageUrl),
    element('description', t('tour.feedDescription', { title })),
    '<language>it</language>',
    `<atom:link href="${escapeXml(`${tour.origin}${tourFeedPaths.feed(tour.slug)}`)}" rel="self" type="application/rss+xml"/>`,
    // minutes a reader may wait before looking again: as the calendar's refresh hint
    '<ttl>60</ttl>',
    ...(latest ? [element('lastBuildDate', rfc822(latest))] : []),
    ...tour.events.map((e) => feedItem(e, tour, host)),
    '</channel></rss>',
    '',
  ].join('\n');
}
