/**
 * GET /{slug}/events/{buttonId}.ics: one event of a public page as a calendar file
 * (docs/behaviour.md#dates-and-publishing-windows). Answers only for a dated, not yet past event
 * of a page visible now (inside its publishing window); anything else gets the page's own 404
 * error state. Cached like the page: the Cache API copy lives s-maxage (60 s) and a publish of
 * the page purges it (services/publish.ts); a miss reads D1 once.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { foldAccents, isReservedSlug, isValidSlugFormat, SLUG_MAX } from '../../src/core/slug';
import { buildCalendar } from '../../src/core/ics';
import { toPublicView, type PublicEvent } from '../../src/core/public-view';
import { getPublicLanding } from '../db/pages';
import { executionCtxOf } from '../services/background';
import { PAGE_CACHE_CONTROL, errorDocument, eventFileCacheKey, publicOrigin } from '../services/publish';

/** The page's 404 error state, as GET /{slug} answers it. */
async function notFound(head: boolean): Promise<Response> {
  const doc = await errorDocument();
  return new Response(head ? null : doc.html, {
    status: 404,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': doc.csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
    },
  });
}

function fileName(slug: string, event: PublicEvent, id: number): string {
  const city = foldAccents(event.city.normalize('NFKC'))
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `${[slug, city || String(id)].join('-')}.ics`;
}

async function serveEventFile(c: Context<AppEnv>, slug: string, idText: string): Promise<Response> {
  const head = c.req.method === 'HEAD';
  const validSlug = slug.length <= SLUG_MAX && isValidSlugFormat(slug) && !isReservedSlug(slug);
  const id = /^[1-9]\d{0,15}$/.test(idText) ? Number(idText) : null;
  if (!validSlug || id === null || !Number.isSafeInteger(id)) return notFound(head);

  const origin = publicOrigin(c.env, new URL(c.req.url).origin);
  const cache = typeof caches !== 'undefined' ? caches.default : null;
  const key = eventFileCacheKey(slug, id, origin);
  const cached = cache ? await cache.match(key) : undefined;
  if (cached) return new Response(head ? null : cached.body, { status: 200, headers: cached.headers });

  const now = new Date();
  // only a page the public sees now: visible and inside its publishing window
  const page = await getPublicLanding(c.env.DB, slug, now);
  if (!page) return notFound(head);
  const view = toPublicView(page, slug, { now });
  const event = view.buttons.find((b): b is PublicEvent => b.type === 'text' && b.id === id);
  // past events are not among the page's buttons (toPublicView moves them out with `now`)
  if (!event) return notFound(head);
  const body = buildCalendar({
    event,
    title: view.displayTitle,
    buttonId: id,
    host: new URL(origin).hostname,
    pageUrl: `${origin}/${slug}`,
    now,
  });
  if (body === null) return notFound(head);
  const headers = new Headers({
    'content-type': 'text/calendar; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName(slug, event, id)}"`,
    'cache-control': PAGE_CACHE_CONTROL,
    'x-content-type-options': 'nosniff',
  });
  if (cache) {
    const put = cache.put(key, new Response(body, { status: 200, headers })).catch((err) => {
      console.error('calendar file cache put failed', err);
    });
    const ctx = executionCtxOf(c);
    if (ctx) ctx.waitUntil(put);
    else await put;
  }
  return new Response(head ? null : body, { status: 200, headers });
}

export const icsRoutes = new Hono<AppEnv>().get('/:slug/events/:file{[^/]+\\.ics}', (c) => {
  const file = c.req.param('file');
  return serveEventFile(c, c.req.param('slug'), file.slice(0, -'.ics'.length));
});
