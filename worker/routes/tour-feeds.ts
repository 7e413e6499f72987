/**
 * A page's tour feeds (docs/behaviour.md#tour-feeds-calendar-json-and-rss):
 * GET /{slug}/calendar.ics, the calendar to subscribe to; GET /{slug}/events.json, schema.org
 * events readable from any origin; GET /{slug}/feed.xml, RSS 2.0. Each answers while the public
 * sees the page (visible, inside its window) and is cached like it (services/public-files.ts,
 * purged by every publish); a bad slug, a hidden, scheduled, expired or unknown page answer 404
 * with no-store: the page's own error state, or for the JSON a `{"detail"}` the caller can read.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { t } from '../../src/core/messages';
import { tourFeedPaths } from '../../src/core/tour-feeds';
import { isPageSlug, pageNotFound, serveCached, type PublicFile } from '../services/public-files';
import { readTour, tourCalendar, tourJson, tourRss, type Tour } from '../services/tour-feeds';

/** Anyone may read the JSON from a script on any site, with no credentials and no custom header. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
};

function jsonNotFound(head: boolean): Response {
  return new Response(head ? null : JSON.stringify({ detail: t('public.notFound') }), {
    status: 404,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...CORS },
  });
}

type Feed = keyof typeof tourFeedPaths;

const FEEDS: Record<Feed, { headers: (slug: string) => Record<string, string>; body: (tour: Tour) => string }> = {
  calendar: {
    headers: (slug) => ({
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${slug}.ics"`,
    }),
    body: tourCalendar,
  },
  events: {
    headers: () => ({ 'content-type': 'application/json; charset=utf-8', ...CORS }),
    body: tourJson,
  },
  feed: {
    headers: () => ({ 'content-type': 'application/rss+xml; charset=utf-8' }),
    body: tourRss,
  },
};

function serveFeed(c: Context<AppEnv>, feed: Feed): Promise<Response> | Response {
  const slug = c.req.param('slug') ?? '';
  const notFound = feed === 'events' ? jsonNotFound : pageNotFound;
  if (!isPageSlug(slug)) return notFound(c.req.method === 'HEAD');
  return serveCached(
    c,
    tourFeedPaths[feed](slug),
    async (req): Promise<PublicFile | null> => {
      const tour = await readTour(c.env, slug, req);
      if (!tour) return null;
      return {
        body: FEEDS[feed].body(tour),
        headers: { ...FEEDS[feed].headers(slug), 'x-content-type-options': 'nosniff' },
      };
    },
    notFound,
  );
}

export const tourFeedRoutes = new Hono<AppEnv>()
  .get('/:slug/calendar.ics', (c) => serveFeed(c, 'calendar'))
  .get('/:slug/feed.xml', (c) => serveFeed(c, 'feed'))
  .get('/:slug/events.json', (c) => serveFeed(c, 'events'))
  // a preflight (a caller's script adding a header of its own) learns what it may do: read
  .options(
    '/:slug/events.json',
    () => new Response(null, { status: 204, headers: { ...CORS, 'access-control-max-age': '86400' } }),
  )
  .on(['POST', 'PUT', 'PATCH', 'DELETE'], '/:slug/events.json', (c) =>
    c.json({ detail: t('tour.readOnly') }, 405, { allow: 'GET, HEAD, OPTIONS', ...CORS }),
  );
