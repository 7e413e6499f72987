/**
 * Public, unauthenticated routes. Mounted LAST at '/': it owns the catch-all /{slug}.
 * GET /{slug}: hot copy in memory → Cache API → R2 → rebuild from D1 (and store) → 404 error
 * state. A published page never reads or writes D1: its view goes to this isolate's count buffer
 * (services/counting.ts; GET by a person only: not HEAD, bots or prefetches).
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { describedRoutes, errorAnswers, jsonAnswer, type PlainRoute } from '../../openapi';
import { t } from '../../../src/core/messages';
import { slugParamSchema } from '../../../src/core/schemas/params';
import { publicLandingSchema } from '../../../src/core/schemas/page';
import { isReservedSlug, isValidSlugFormat, SLUG_MAX } from '../../../src/core/slug';
import { getPublicLanding, getPublishedPage } from '../../db/pages/pages';
import { visibleSlugs } from '../../db/pages/counts';
import { countView, isCountable } from '../../services/counting';
import { executionCtxOf } from '../../services/background';
import { escapeHtml } from '../../services/html';
import { acceptsGzip, forgetHot, hotPage, hotResponse, hotTicket, keepHot } from '../../services/pages/hot-pages';
import {
  currentCopy,
  documentHeaders,
  documentResponse,
  errorDocument,
  pageCacheControl,
  pageCacheKey,
  publicOrigin,
  pageStamp,
  renderable,
  renderForPublish,
  storedDocument,
  storeRebuilt,
  type PublishedDocument,
} from '../../services/pages/publish';

/** First segments the Worker answers with JSON, never with the HTML 404 page. */
const API_PREFIXES = ['/api/', '/auth/', '/users/', '/dati/', '/dev/'];

function isPageSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX && isValidSlugFormat(slug) && !isReservedSlug(slug);
}

/** After the answer; without an execution context (app.request in tests) the promise still runs. */
function waitUntil(c: Context<AppEnv>, promise: Promise<unknown>): void {
  executionCtxOf(c)?.waitUntil(promise.catch((err) => console.error('background task failed', err)));
}

/** Puts a page's answer in the edge cache, unless it may not be kept (its last second before an on-sale instant). */
async function cachePut(cache: Cache, key: Request, doc: PublishedDocument): Promise<void> {
  const res = documentResponse(doc, 200, false);
  if (res.headers.get('cache-control') !== 'no-store') await cache.put(key, res);
}

/** The static site's 404 page with status 404: what an unknown route answers. */
async function assets404(c: Context<AppEnv>): Promise<Response> {
  try {
    const res = await c.env.ASSETS.fetch(new URL('/404', c.req.url));
    return new Response(c.req.method === 'HEAD' ? null : res.body, { status: 404, headers: res.headers });
  } catch {
    return c.text(t('request.notFound'), 404);
  }
}

async function errorState(head: boolean): Promise<Response> {
  return documentResponse(await errorDocument(), 404, head);
}

function count(c: Context<AppEnv>, slug: string): void {
  if (c.req.method !== 'GET' || !isCountable(c.req.raw)) return;
  countView(c.env, executionCtxOf(c), c.req.raw, slug);
}

/** Keeps the served document hot in this isolate (for clients that take a compressed copy). */
function warm(c: Context<AppEnv>, slug: string, html: string, headers: Headers, ticket: number): void {
  if (acceptsGzip(c.req)) waitUntil(c, keepHot(slug, html, headers, ticket));
}

interface Rebuilt {
  doc: PublishedDocument;
  stamp: string;
}

/**
 * Rebuilds in flight in this isolate, per origin and slug (the origin names the page's own
 * links): when a page's copy goes out of date at an on-sale instant every visitor of that second
 * misses it, and one render per isolate serves them all.
 */
const rebuilds = new Map<string, Promise<Rebuilt | null>>();

/** The page rendered from D1 now, with the stamp it was read at; null when the public may not see it. */
function rebuild(
  c: Context<AppEnv>,
  slug: string,
  origin: string,
): { result: Promise<Rebuilt | null>; first: boolean } {
  const id = `${origin} ${slug}`;
  const running = rebuilds.get(id);
  if (running) return { result: running, first: false };
  const result = (async () => {
    const stamp = await pageStamp(c.env.DB, slug);
    const page = stamp === null ? null : await getPublishedPage(c.env.DB, slug);
    if (!page || stamp === null) return null;
    return { doc: await renderForPublish(c.env, slug, renderable(page), origin), stamp };
  })().finally(() => rebuilds.delete(id));
  rebuilds.set(id, result);
  return { result, first: true };
}

async function servePage(c: Context<AppEnv>, slug: string): Promise<Response> {
  const head = c.req.method === 'HEAD';
  const cache = typeof caches !== 'undefined' ? caches.default : null;
  const origin = new URL(c.req.url).origin;
  const key = pageCacheKey(slug, publicOrigin(c.env, origin));

  const gzip = acceptsGzip(c.req);
  const hot = gzip ? hotPage(slug) : null;
  if (hot) {
    count(c, slug);
    const res = hotResponse(hot, head);
    if (hot.expires !== undefined) res.headers.set('cache-control', pageCacheControl(hot.expires));
    return res;
  }
  const ticket = hotTicket();

  const cached = await currentCopy(cache, key, (task) => waitUntil(c, task));
  if (cached) {
    count(c, slug);
    const { body, headers } = cached;
    if (head || !gzip) return new Response(head ? null : body, { status: 200, headers });
    const html = await new Response(body).text();
    warm(c, slug, html, headers, ticket);
    return new Response(html, { status: 200, headers });
  }

  const doc = await storedDocument(c.env, slug);
  if (doc) {
    if (cache) waitUntil(c, cachePut(cache, key, doc));
    warm(c, slug, doc.html, documentHeaders(doc, 200), ticket);
    count(c, slug);
    return documentResponse(doc, 200, head);
  }
  // Not published yet (or by an older renderer, or out of date since a CTA went on sale):
  // rebuild from D1 and store it, unless the page is hidden, deleted or edited while this runs
  // (storeRebuilt).
  const { result, first } = rebuild(c, slug, origin);
  const rebuilt = await result;
  if (!rebuilt) {
    // gone (hidden or deleted in another isolate): no copy of it may answer here any more
    forgetHot(slug);
    return errorState(head);
  }
  const { doc: fresh, stamp } = rebuilt;
  if (first) {
    waitUntil(
      c,
      storeRebuilt(c.env, slug, fresh, stamp).then(async (kept) => {
        if (kept && cache) await cachePut(cache, key, fresh);
        if (kept && gzip) await keepHot(slug, fresh.html, documentHeaders(fresh, 200), ticket);
      }),
    );
  }
  count(c, slug);
  return documentResponse(fresh, 200, head);
}

const TAGS = ['Public pages'];
const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' as const } } },
});
const text = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string' as const } } },
});

const landingRoute = createRoute({
  method: 'get',
  path: '/api/db/public/landing/{slug}',
  tags: TAGS,
  summary: 'A page as the public sees it now, as JSON (no click counts)',
  description: 'Only a visible page inside its publishing window; any other is 404.',
  request: { params: slugParamSchema },
  responses: { 200: jsonAnswer(publicLandingSchema, 'The public page'), ...errorAnswers(404, 422) },
});

/** The plain public routes, described by hand (the catch-all for unknown paths is not). */
const PLAIN: PlainRoute[] = [
  {
    method: 'get',
    path: '/{slug}',
    tags: TAGS,
    summary: 'The published page (also HEAD); a GET by a person counts a view',
    description:
      "A hidden, scheduled, expired or unknown page answers the page's own error state with 404; " +
      "a path that can be no page's, the site's 404 page.",
    request: { params: slugParamSchema },
    responses: { 200: html('The page'), 404: html('No page here') },
  },
  {
    method: 'get',
    path: '/robots.txt',
    tags: TAGS,
    summary: 'The crawlers rules: pages yes, the API and the screens no',
    responses: { 200: text('text/plain', 'The rules, with the sitemap') },
  },
  {
    method: 'get',
    path: '/sitemap.xml',
    tags: TAGS,
    summary: 'Every page the public sees now, with its last change',
    responses: { 200: text('application/xml', 'The sitemap') },
  },
];

const described = describedRoutes();
for (const route of PLAIN) described.openAPIRegistry.registerPath(route);

export const publicRoutes = described
  .openapi(landingRoute, async (c) => {
    const { slug } = c.req.valid('param');
    const page = isValidSlugFormat(slug) ? await getPublicLanding(c.env.DB, slug) : null;
    if (!page) return c.json({ detail: t('public.notFound') }, 404);
    c.header('cache-control', 'no-store');
    return c.json(page, 200);
  })
  .get('/robots.txt', (c) => {
    const origin = publicOrigin(c.env, new URL(c.req.url).origin);
    const body =
      // Robots rules match by prefix: '/admin' alone would also hide a page called 'adminfest'.
      'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /auth/\nDisallow: /dev/\n' +
      'Disallow: /admin$\nDisallow: /admin/\nDisallow: /user$\nDisallow: /user/\n' +
      `\nSitemap: ${origin}/sitemap.xml\n`;
    return c.text(body, 200, { 'cache-control': 'public, max-age=3600' });
  })
  .get('/sitemap.xml', async (c) => {
    const origin = publicOrigin(c.env, new URL(c.req.url).origin);
    const pages = await visibleSlugs(c.env.DB);
    const urls = pages
      .map(
        (p) =>
          `<url><loc>${escapeHtml(`${origin}/${p.folder_name}`)}</loc><lastmod>${escapeHtml(p.updated_at.slice(0, 10))}</lastmod></url>`,
      )
      .join('');
    const xml = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
    return c.body(xml, 200, {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=300',
    });
  })
  .get('/:slug', async (c) => {
    const slug = c.req.param('slug');
    if (!isPageSlug(slug)) return assets404(c);
    return servePage(c, slug);
  })
  .get('*', async (c) => {
    if (API_PREFIXES.some((p) => c.req.path.startsWith(p))) return c.notFound();
    const trailing = /^\/([a-z0-9]+)\/$/.exec(c.req.path);
    if (trailing && isPageSlug(trailing[1]!)) return c.redirect(`/${trailing[1]}`, 301);
    return assets404(c);
  });
