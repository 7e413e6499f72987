/**
 * A page's tour feeds (docs/behaviour.md#tour-feeds-calendar-json-and-rss):
 * GET /{slug}/calendar.ics, the calendar to subscribe to; GET /{slug}/events.json, schema.org
 * events readable from any origin; GET /{slug}/feed.xml, RSS 2.0. Each answers while the public
 * sees the page (visible, inside its window) and is cached like it (services/pages/public-files.ts,
 * purged by every publish); a bad slug, a hidden, scheduled, expired or unknown page answer 404
 * with no-store: the page's own error state, or for the JSON a `{"detail"}` the caller can read.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { describedRoutes, errorAnswers, jsonAnswer, type PlainRoute } from '../../openapi';
import { t } from '../../../src/core/messages';
import { errorAnswerSchema } from '../../../src/core/schemas/error';
import { slugParamSchema } from '../../../src/core/schemas/params';
import { eventItemListSchema } from '../../../src/core/schemas/tour';
import { tourFeedPaths } from '../../../src/core/tour-feeds';
import { isPageSlug, pageNotFound, serveCached, type PublicFile } from '../../services/pages/public-files';
import { readTour, tourCalendar, tourJson, tourRss, type Tour } from '../../services/pages/tour-feeds';

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

const TAGS = ['Tour feeds'];
const html404 = {
  description: "The page's error state",
  content: { 'text/html': { schema: { type: 'string' as const } } },
};
const whilePublic = 'While the public sees the page (visible, inside its window); cached like it, purged by a publish.';

/** Plain routes (cached files): described by hand. */
const FEED_ROUTES: PlainRoute[] = [
  {
    method: 'get',
    path: '/{slug}/calendar.ics',
    tags: TAGS,
    summary: "The page's upcoming dates as a calendar to subscribe to (also HEAD)",
    description: whilePublic,
    request: { params: slugParamSchema },
    responses: {
      200: {
        description: 'The calendar (an attachment)',
        content: { 'text/calendar': { schema: { type: 'string' } } },
      },
      404: html404,
    },
  },
  {
    method: 'get',
    path: '/{slug}/events.json',
    tags: TAGS,
    summary: "The page's events as schema.org MusicEvents in an ItemList, readable from any origin (also HEAD)",
    description: `${whilePublic} CORS: any origin, no credentials.`,
    request: { params: slugParamSchema },
    responses: {
      200: jsonAnswer(eventItemListSchema, 'The events'),
      ...errorAnswers(404),
    },
  },
  {
    method: 'options',
    path: '/{slug}/events.json',
    tags: TAGS,
    summary: 'The CORS preflight: GET, HEAD and OPTIONS from any origin',
    request: { params: slugParamSchema },
    responses: { 204: { description: 'What a caller may do' } },
  },
  {
    method: 'get',
    path: '/{slug}/feed.xml',
    tags: TAGS,
    summary: "The page's dates as an RSS 2.0 feed (also HEAD)",
    description: whilePublic,
    request: { params: slugParamSchema },
    responses: {
      200: { description: 'The feed', content: { 'application/rss+xml': { schema: { type: 'string' } } } },
      404: html404,
    },
  },
];

// the feed is read only: a write is refused, with the methods allowed
for (const method of ['post', 'put', 'patch', 'delete'] as const) {
  FEED_ROUTES.push({
    method,
    path: '/{slug}/events.json',
    tags: TAGS,
    summary: 'Refused: the feed is read only',
    request: { params: slugParamSchema },
    responses: { 405: jsonAnswer(errorAnswerSchema, 'Not allowed (`Allow: GET, HEAD, OPTIONS`)') },
  });
}

const described = describedRoutes();
for (const route of FEED_ROUTES) described.openAPIRegistry.registerPath(route);

export const tourFeedRoutes = described
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
