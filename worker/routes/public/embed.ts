/**
 * The embed (docs/behaviour.md#embedding-the-dates):
 * - GET /{slug}/embed: the upcoming dates of a page the public sees now, for an iframe on any
 *   site (its CSP says `frame-ancestors *`; every other answer keeps `'none'`). Cached like the
 *   page: the Cache API copy lives s-maxage (60 s) and a publish of the page purges it
 *   (services/pages/publish.ts); a miss reads D1 once. A person's GET counts a view with the source
 *   EMBED_SOURCE. Anything else (an unknown, hidden, scheduled or expired page, a malformed
 *   slug) answers the embed's small neutral empty state with 404 and no-store, never the
 *   site's 404 page, which would otherwise show inside someone's website.
 * - GET /embed.js: the band's one-line snippet (src/landing/script.ts embedLoader).
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { describedRoutes, type PlainRoute } from '../../openapi';
import { slugParamSchema } from '../../../src/core/schemas/params';
import { isReservedSlug, isValidSlugFormat, SLUG_MAX } from '../../../src/core/slug';
import { EMBED_SOURCE } from '../../../src/core/traffic';
import { embedLoader } from '../../../src/landing/script';
import { getPublishedPage } from '../../db/pages/pages';
import { executionCtxOf } from '../../services/background';
import { countView, isCountable } from '../../services/counting';
import {
  currentCopy,
  documentResponse,
  embedCacheKey,
  isCurrent,
  pageStamp,
  publicOrigin,
  renderable,
  renderEmbedDocument,
  type PublishedDocument,
} from '../../services/pages/publish';

/** First segments that are never a page: their /x/embed is the API's 404, as any unknown path. */
const API_PREFIXES = ['api', 'auth', 'users', 'dati', 'dev'];

/** The loader changes only with a deploy: browsers keep it an hour, the edge a day. */
const LOADER_CACHE_CONTROL = 'public, max-age=3600, s-maxage=86400';

let emptyDoc: Promise<PublishedDocument> | null = null;

/** The empty state is the same for every missing page (it names none): rendered once per isolate. */
async function emptyState(c: Context<AppEnv>, head: boolean): Promise<Response> {
  emptyDoc ??= renderEmbedDocument(c.env, 'embed', null, new URL(c.req.url).origin);
  return documentResponse(await emptyDoc, 404, head);
}

function count(c: Context<AppEnv>, slug: string): void {
  if (c.req.method !== 'GET' || !isCountable(c.req.raw)) return;
  countView(c.env, executionCtxOf(c), c.req.raw, slug, EMBED_SOURCE);
}

async function serveEmbed(c: Context<AppEnv>, slug: string): Promise<Response> {
  const head = c.req.method === 'HEAD';
  if (slug.length > SLUG_MAX || !isValidSlugFormat(slug) || isReservedSlug(slug)) return emptyState(c, head);
  const origin = publicOrigin(c.env, new URL(c.req.url).origin);
  const cache = typeof caches !== 'undefined' ? caches.default : null;
  const key = embedCacheKey(slug, origin);
  const cached = await currentCopy(cache, key, (task) => executionCtxOf(c)?.waitUntil(task));
  if (cached) {
    count(c, slug);
    return new Response(head ? null : cached.body, { status: 200, headers: cached.headers });
  }

  // only a page the public sees now: visible and inside its publishing window
  const now = new Date();
  const stamp = await pageStamp(c.env.DB, slug, now);
  const page = stamp === null ? null : await getPublishedPage(c.env.DB, slug, now);
  if (!page) return emptyState(c, head);
  // with its dates' presale windows, which switch here as on the page (renderable: no link, no code)
  const doc = await renderEmbedDocument(c.env, slug, renderable(page), origin);
  // in the last second before a drop the answer is not stored (no-store): the next one renders again
  if (cache && isCurrent(doc.until, Date.now() + 1000)) {
    // kept only if the page did not change meanwhile: a publish's purge must not be undone
    const put = pageStamp(c.env.DB, slug)
      .then((after) => (after === stamp ? cache.put(key, documentResponse(doc, 200, false)) : undefined))
      .catch((err) => console.error('embed cache put failed', err));
    const ctx = executionCtxOf(c);
    if (ctx) ctx.waitUntil(put);
    else await put;
  }
  count(c, slug);
  return documentResponse(doc, 200, head);
}

let loader: string | null = null;

const TAGS = ['Embed'];
const html = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string' as const } } },
});

/** Plain routes (documents, cached): described by hand. */
const EMBED_ROUTES: PlainRoute[] = [
  {
    method: 'get',
    path: '/embed.js',
    tags: TAGS,
    summary: "The band's one-line snippet: it puts a page's embed in an iframe (also HEAD)",
    responses: {
      200: { description: 'The loader', content: { 'text/javascript': { schema: { type: 'string' } } } },
    },
  },
  {
    method: 'get',
    path: '/{slug}/embed',
    tags: TAGS,
    summary: "A page's upcoming dates for an iframe on any site (also HEAD); a GET by a person counts a view",
    description:
      'Only a page the public sees now. Any other (unknown, hidden, scheduled, expired, a malformed ' +
      "slug) answers the embed's neutral empty state with 404 and no-store.",
    request: { params: slugParamSchema },
    responses: { 200: html('The dates'), 404: html('The empty state') },
  },
];

const described = describedRoutes();
for (const route of EMBED_ROUTES) described.openAPIRegistry.registerPath(route);

export const embedRoutes = described
  // EMBED_LOADER_PATH of src/core/embed.ts, spelled out so the reserved-slug check sees it
  .get('/embed.js', (c) => {
    loader ??= embedLoader();
    return new Response(c.req.method === 'HEAD' ? null : loader, {
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': LOADER_CACHE_CONTROL,
        // any site may load it with a script tag; nothing in it is private
        'cross-origin-resource-policy': 'cross-origin',
      },
    });
  })
  .get('/:slug/embed', async (c) => {
    const slug = c.req.param('slug');
    if (API_PREFIXES.includes(slug)) return c.notFound();
    return serveEmbed(c, slug);
  });
