/**
 * The small public files of a page beside the page itself: an event's calendar file and the tour
 * feeds (docs/behaviour.md#tour-feeds-calendar-json-and-rss). They answer like the page: only while
 * the public sees it (visible, inside its publishing window), from the edge cache for at most
 * s-maxage (60 s) and purged by every publish of the page (publish.ts), else the page's own 404.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { isReservedSlug, isValidSlugFormat, SLUG_MAX } from '../../../src/core/slug';
import { executionCtxOf } from '../background';
import { PAGE_CACHE_CONTROL, errorDocument, publicCacheKey, publicOrigin } from './publish';

/** A page's slug as the public routes take it: 1–64 lower-case letters and digits, not reserved. */
export function isPageSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX && isValidSlugFormat(slug) && !isReservedSlug(slug);
}

/** The page's 404 error state, as GET /{slug} answers it: never cached. */
export async function pageNotFound(head: boolean): Promise<Response> {
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

/** A built file: its body and headers (the cache-control is added here). */
export interface PublicFile {
  body: string;
  headers: Record<string, string>;
}

export interface FileRequest {
  /** the public origin (APP_URL, else the request's) */
  origin: string;
  /** the instant that decides the window and which events are past */
  now: Date;
}

/**
 * Answers `path` of a page: the cached copy, else `build` (null when the page or the file is not
 * public: `notFound` answers) and keeps what it built in the cache after the answer.
 */
export async function serveCached(
  c: Context<AppEnv>,
  path: string,
  build: (req: FileRequest) => Promise<PublicFile | null>,
  notFound: (head: boolean) => Promise<Response> | Response = pageNotFound,
): Promise<Response> {
  const head = c.req.method === 'HEAD';
  const origin = publicOrigin(c.env, new URL(c.req.url).origin);
  const cache = typeof caches !== 'undefined' ? caches.default : null;
  const key = publicCacheKey(path, origin);
  const cached = cache ? await cache.match(key) : undefined;
  if (cached) return new Response(head ? null : cached.body, { status: 200, headers: cached.headers });

  const file = await build({ origin, now: new Date() });
  if (!file) return notFound(head);
  const headers = new Headers({ ...file.headers, 'cache-control': PAGE_CACHE_CONTROL });
  if (cache) {
    const put = cache.put(key, new Response(file.body, { status: 200, headers })).catch((err) => {
      console.error('public file cache put failed', path, err);
    });
    const ctx = executionCtxOf(c);
    if (ctx) ctx.waitUntil(put);
    else await put;
  }
  return new Response(head ? null : file.body, { status: 200, headers });
}
