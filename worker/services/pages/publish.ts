/**
 * Publishing: a page is rendered
 * once per change into one self-contained HTML document, stored in R2 under a key versioned by
 * page and renderer, and the Cache API copies of /{slug}, its embed, its events' calendar files
 * and its tour feeds are purged where the publish runs.
 * GET /{slug} (routes/public/page.ts) then reads cache → R2 → D1, so the hot path never reads D1.
 */
import type { Bindings } from '../../env';
import { getPublishedPage, isPubliclyVisible, type PageRow, type PublishedPage } from '../../db/pages/pages';
import { storeNextBoundary } from '../../db/pages/schedule';
import {
  RENDERER_VERSION,
  contentSecurityPolicy,
  renderEmbed,
  renderErrorDocument,
  renderLanding,
} from '../../../src/landing/render';
import type { FooterLinks } from '../../../src/landing/LandingPage';
import { preloadLink } from '../../../src/landing/Picture';
import type { PageLike } from '../../../src/core/public-view';
import { calendarPath } from '../../../src/core/ics';
import { tourFeedList } from '../../../src/core/tour-feeds';
import { stampPublished, withPresaleWindows } from '../../db/pages/buttons';
import { embedPath } from '../../../src/core/embed';
import { DEFAULT_FOOTER_LINKS } from '../../../src/core/constants';
import { dropHot, expiresOf } from './hot-pages';
import { syncPresaleAlerts } from '../fans/presale-alerts';
import { syncSaleAlerts } from '../fans/sale-alerts';
import { learnHeaderSize } from '../media/header-size';

/** R2 key of a page's published HTML: a renderer change makes every page rebuild on first visit. */
export function pageKey(slug: string): string {
  return `pages/${slug}.r${RENDERER_VERSION}.html`;
}

/**
 * THE Cache API key of a public path of a page (/{slug}, an event's calendar file, a tour feed):
 * the public origin (APP_URL, else the request's) plus the path, versioned by renderer. Publish
 * and serve compute the same key, so a publish purges what GET cached (a key on a host outside
 * the zone might not be cached by Cloudflare at all).
 */
export function publicCacheKey(path: string, origin: string): Request {
  return new Request(`${origin.replace(/\/+$/, '')}${path}?r=${RENDERER_VERSION}`);
}

/** The Cache API key of /{slug}. */
export function pageCacheKey(slug: string, origin: string): Request {
  return publicCacheKey(`/${slug}`, origin);
}

/**
 * The Cache API key of the page's embed (same origin rule as the page's key): purged with the
 * page's, so the band's site shows a change as soon as the page does.
 */
export function embedCacheKey(slug: string, origin: string): Request {
  return publicCacheKey(embedPath(slug), origin);
}

/** The text buttons of a page, whose calendar files a publish purges with the page. */
async function eventIds(db: D1Database, slug: string): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT b.id FROM buttons b JOIN landing_pages p ON p.id = b.page_id WHERE p.folder_name = ? AND b.type = 'text'`,
    )
    .bind(slug)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';

/** The edge keeps a page at most this long (PAGE_CACHE_CONTROL). */
const EDGE_TTL_S = 60;

/**
 * The Cache-Control of a page answered at `now` whose copy is out of date at `until` (UTC ms: a
 * CTA's on-sale instant, docs/behaviour.md#ticket-drops): the edge may keep it for the whole
 * seconds left, at most 60, so no cached copy outlives the instant; in its last second, not at all.
 */
export function pageCacheControl(until: number | undefined, now: number = Date.now()): string {
  if (until === undefined) return PAGE_CACHE_CONTROL;
  const left = Math.floor((until - now) / 1000);
  return left < 1 ? 'no-store' : `public, max-age=0, s-maxage=${Math.min(EDGE_TTL_S, left)}`;
}

export function footerLinks(env: Pick<Bindings, 'PROVIDER_URL' | 'TERMS_URL' | 'PRIVACY_URL'>): FooterLinks {
  return {
    provider: env.PROVIDER_URL || DEFAULT_FOOTER_LINKS.provider,
    terms: env.TERMS_URL || DEFAULT_FOOTER_LINKS.terms,
    privacy: env.PRIVACY_URL || DEFAULT_FOOTER_LINKS.privacy,
  };
}

/** The public origin for canonical and share URLs: APP_URL when set, else the caller's origin. */
export function publicOrigin(env: Pick<Bindings, 'APP_URL'>, fallback?: string): string {
  const configured = env.APP_URL?.trim();
  return (configured || fallback || 'http://localhost:8787').replace(/\/+$/, '');
}

export interface PublishedDocument {
  html: string;
  csp: string;
  /**
   * when this copy goes out of date by itself (UTC ms): the earliest on-sale instant of a CTA it
   * shows waiting. No copy (R2, edge, hot) answers from then on: the page is rendered again.
   */
  until?: number;
  /** the response's Link header: the header's file preloaded at high priority, when it has one */
  link?: string;
}

/** Whether a copy that goes out of date at `until` may still answer at `now`. */
export function isCurrent(until: number | undefined, now: number = Date.now()): boolean {
  return until === undefined || now < until;
}

/**
 * The headers of a published document's answer (the page, its embed, the error state). A page with a CTA waiting for its on-sale instant (`until`)
 * says when it goes out of date in `Expires`, which the cached and hot copies are checked
 * against, and caps its edge life at the seconds left (docs/behaviour.md#ticket-drops).
 */
export function documentHeaders(doc: Pick<PublishedDocument, 'csp' | 'link' | 'until'>, status: number): Headers {
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': status === 200 ? pageCacheControl(doc.until) : 'no-store',
    'content-security-policy': doc.csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });
  if (status === 200 && doc.until !== undefined) headers.set('expires', new Date(doc.until).toUTCString());
  // the header's file, fetched from the headers on (docs/behaviour.md#fonts-after-load)
  if (doc.link) headers.set('link', doc.link);
  return headers;
}

export function documentResponse(doc: PublishedDocument, status: number, head: boolean): Response {
  return new Response(head ? null : doc.html, { status, headers: documentHeaders(doc, status) });
}

/**
 * The edge cache's copy at `key` while it is current, its cache life as of this answer (the
 * seconds left to a CTA's on-sale instant, not as of the put). A copy kept past that instant (the
 * edge rounds its life) answers null and is deleted after the answer, by `later`
 * (docs/behaviour.md#ticket-drops).
 */
export async function currentCopy(
  cache: Cache | null,
  key: Request,
  later: (task: Promise<unknown>) => void,
): Promise<{ body: ReadableStream | null; headers: Headers } | null> {
  const cached = cache ? await cache.match(key) : undefined;
  if (!cache || !cached) return null;
  const until = expiresOf(cached.headers);
  if (!isCurrent(until)) {
    await cached.body?.cancel();
    later(cache.delete(key));
    return null;
  }
  const headers = new Headers(cached.headers);
  if (until !== undefined) headers.set('cache-control', pageCacheControl(until));
  return { body: cached.body, headers };
}

/** A page as the renderer takes it: public fields, the sign-up's company, presale windows (no link, no code). */
export function renderable(page: PublishedPage): PageLike {
  return {
    ...page.landing,
    buttons: withPresaleWindows(page.landing.buttons, page.presales),
    company: page.company,
    header_width: page.headerSize?.width ?? null,
    header_height: page.headerSize?.height ?? null,
    media_sizes: page.sizes,
  };
}

/** Renders a page for publishing (no D1, no R2): used by publish and by the D1 rebuild. */
export async function renderForPublish(
  env: Pick<Bindings, 'APP_URL' | 'PROVIDER_URL' | 'TERMS_URL' | 'PRIVACY_URL'>,
  slug: string,
  page: PageLike,
  origin?: string,
  now?: Date,
): Promise<PublishedDocument> {
  const doc = renderLanding(page, { slug, origin: publicOrigin(env, origin), links: footerLinks(env), now });
  const csp = await contentSecurityPolicy(doc);
  const link = preloadLink(doc.headerPreload);
  return {
    html: doc.html,
    csp,
    ...(doc.until === undefined ? {} : { until: doc.until }),
    ...(link ? { link } : {}),
  };
}

/**
 * The embed of a page the public sees, or the neutral empty state for `null`
 * (docs/behaviour.md#embedding-the-dates), with its policy: framable by any site.
 */
export async function renderEmbedDocument(
  env: Pick<Bindings, 'APP_URL'>,
  slug: string,
  page: PageLike | null,
  origin?: string,
): Promise<PublishedDocument> {
  const doc = renderEmbed(page, { slug, origin: publicOrigin(env, origin) });
  const csp = await contentSecurityPolicy(doc, { anyAncestor: true });
  return doc.until === undefined ? { html: doc.html, csp } : { html: doc.html, csp, until: doc.until };
}

let errorDoc: Promise<PublishedDocument> | null = null;

/** The 404 error-state document (constant, so rendered once per isolate). */
export function errorDocument(): Promise<PublishedDocument> {
  errorDoc ??= (async () => {
    const doc = renderErrorDocument();
    return { html: doc.html, csp: await contentSecurityPolicy(doc) };
  })();
  return errorDoc;
}

/**
 * Every path of a page that is cached like it: the page, its embed, its events' calendar files,
 * its tour feeds.
 */
async function cachedPaths(slug: string, db?: D1Database): Promise<string[]> {
  const ids = db ? await eventIds(db, slug) : [];
  return [`/${slug}`, embedPath(slug), ...ids.map((id) => calendarPath(slug, id)), ...tourFeedList(slug)];
}

async function purge(slug: string, origin: string, db?: D1Database): Promise<void> {
  dropHot(slug);
  try {
    // all together: every copy goes in one round, none waits for another's delete
    const paths = await cachedPaths(slug, db);
    await Promise.all(paths.map((path) => caches.default.delete(publicCacheKey(path, origin))));
  } catch (err) {
    // The Cache API is missing on some hosts (workers.dev); the copy then lives at most s-maxage.
    console.warn('cache purge failed', slug, err);
  }
  // a read that overlapped the delete must not keep what it read (hot-pages.ts)
  dropHot(slug);
}

export async function storePublished(
  env: Pick<Bindings, 'BUCKET'>,
  slug: string,
  doc: PublishedDocument,
): Promise<void> {
  await env.BUCKET.put(pageKey(slug), doc.html, {
    httpMetadata: { contentType: 'text/html; charset=utf-8' },
    customMetadata: {
      csp: doc.csp,
      ...(doc.link ? { link: doc.link } : {}),
      renderer: String(RENDERER_VERSION),
      publishedAt: new Date().toISOString(),
      // read by GET /{slug}: from this instant the copy is not served (storedDocument)
      ...(doc.until === undefined ? {} : { until: new Date(doc.until).toISOString() }),
    },
  });
}

/**
 * The R2 copy of a page while it is current: null when there is none, it lacks its CSP, or its
 * `until` has come (a CTA it shows waiting is on sale now: the page must be rendered again).
 */
export async function storedDocument(
  env: Pick<Bindings, 'BUCKET'>,
  slug: string,
  now: number = Date.now(),
): Promise<PublishedDocument | null> {
  const stored = await env.BUCKET.get(pageKey(slug));
  const meta = stored?.customMetadata;
  if (!stored || !meta?.csp) {
    await stored?.body.cancel();
    return null;
  }
  const until = meta.until ? Date.parse(meta.until) : undefined;
  if (!isCurrent(until, now)) {
    await stored.body.cancel();
    return null;
  }
  const doc: PublishedDocument = {
    html: await stored.text(),
    csp: meta.csp,
    ...(meta.link ? { link: meta.link } : {}),
  };
  return until === undefined ? doc : { ...doc, until };
}

export interface PublishOptions {
  /** origin of the request that caused the publish, when APP_URL is not set */
  origin?: string;
  /** the instant published for (the window, past events); the scheduled run passes its own */
  now?: Date;
}

/**
 * Publishes /{slug} from D1: a page the public sees (visible, inside its publishing window) is
 * rendered to R2 and its cache entry purged; a hidden, scheduled, expired or missing page is
 * unpublished. Then the page's next boundary is stored for the scheduled republish
 * (services/pages/schedule.ts) and its on-sale e-mails follow its events (services/fans/sale-alerts.ts).
 * Returns whether the page is now published.
 */
export async function publishPage(
  env: Bindings,
  slug: string,
  _ctx?: ExecutionContext,
  options: PublishOptions = {},
): Promise<boolean> {
  // Two writes in quick succession publish concurrently, and the older render could land last.
  // Every page write moves updated_at: if it moved while we rendered, render again.
  const now = options.now ?? new Date();
  // pages whose header came before sizes were read learn it now, before the render
  await learnHeaderSize(env, slug);
  let published = false;
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await pageStamp(env.DB, slug, now);
    const page = await getPublishedPage(env.DB, slug, now);
    if (!page) {
      await unpublishPage(env, slug, options);
      published = false;
    } else {
      // rendered for the instant published for: a scheduled run drops the events past by then
      const doc = await renderForPublish(env, slug, renderable(page), options.origin, now);
      await storePublished(env, slug, doc);
      // the events the public sees from now on keep this as their first publication (the RSS pubDate)
      await stampPublished(env.DB, slug);
      // Awaited, not left to waitUntil: the editor reloads the page right after saving.
      await purge(slug, publicOrigin(env, options.origin), env.DB);
      published = true;
    }
    if ((await pageStamp(env.DB, slug, now)) === before) break;
  }
  await storeNextBoundary(env.DB, slug, now);
  // every write path and the scheduled republish come through here: the on-sale and presale
  // e-mails follow the page (docs/behaviour.md#on-sale-e-mails, docs/behaviour.md#presales)
  await Promise.all([syncSaleAlerts(env, slug, now), syncPresaleAlerts(env, slug, now)]);
  return published;
}

/**
 * What changes with every write to a page (its updated_at and visibility) and when its
 * publishing window opens or closes, or null when the page does not exist (or is in the trash,
 * docs/behaviour.md#trash): compared before and after a render to notice a write, or a boundary.
 */
export async function pageStamp(db: D1Database, slug: string, now: Date = new Date()): Promise<string | null> {
  const row = await db
    .prepare(
      'SELECT updated_at, visible, visible_from, visible_until FROM landing_pages WHERE folder_name = ? AND deleted_at IS NULL',
    )
    .bind(slug)
    .first<Pick<PageRow, 'updated_at' | 'visible' | 'visible_from' | 'visible_until'>>();
  return row ? `${row.updated_at}|${row.visible}|${isPubliclyVisible(row, now) ? 'open' : 'shut'}` : null;
}

/**
 * Stores a copy rebuilt from D1 on a visit (no R2 copy yet), unless the page changed since
 * `stamp` was read before the render: a page hidden, deleted or edited meanwhile must never
 * be brought back by a visit. The stamp is checked again after the put, because a hide
 * between the first check and the put would otherwise delete nothing and leave our copy;
 * hiding writes D1 before it deletes the copy, so one of the two always removes it.
 * Answers whether the copy was kept.
 */
export async function storeRebuilt(
  env: Pick<Bindings, 'BUCKET' | 'DB'>,
  slug: string,
  doc: PublishedDocument,
  stamp: string,
): Promise<boolean> {
  if ((await pageStamp(env.DB, slug)) !== stamp) return false;
  await storePublished(env, slug, doc);
  if ((await pageStamp(env.DB, slug)) === stamp) {
    // a copy rebuilt by a visit changes at the same boundaries as a published one, and publishes
    // its events as a publish would
    await storeNextBoundary(env.DB, slug, new Date());
    await stampPublished(env.DB, slug);
    return true;
  }
  await env.BUCKET.delete(pageKey(slug));
  return false;
}

/** Removes the published copy (hidden or deleted page) and purges the cache. */
export async function unpublishPage(
  env: Pick<Bindings, 'BUCKET' | 'APP_URL' | 'DB'>,
  slug: string,
  options: PublishOptions = {},
): Promise<void> {
  await env.BUCKET.delete(pageKey(slug));
  await purge(slug, publicOrigin(env, options.origin), env.DB);
}
