/**
 * Publishing: a page is rendered
 * once per change into one self-contained HTML document, stored in R2 under a key versioned by
 * page and renderer, and the Cache API copy of /{slug} is purged where the publish runs.
 * GET /{slug} (routes/public.ts) then reads cache → R2 → D1, so the hot path never reads D1.
 */
import type { Bindings } from '../env';
import { getPublishedPage, isPubliclyVisible, type PageRow, type PublishedPage } from '../db/pages';
import { storeNextBoundary } from '../db/page-schedule';
import { RENDERER_VERSION, contentSecurityPolicy, renderErrorDocument, renderLanding } from '../../src/landing/render';
import type { FooterLinks } from '../../src/landing/LandingPage';
import type { PageLike } from '../../src/core/public-view';
import { calendarPath } from '../../src/core/ics';
import { DEFAULT_FOOTER_LINKS } from '../../src/core/constants';
import { dropHot } from './hot-pages';
import { learnHeaderSize } from './header-size';

/** R2 key of a page's published HTML: a renderer change makes every page rebuild on first visit. */
export function pageKey(slug: string): string {
  return `pages/${slug}.r${RENDERER_VERSION}.html`;
}

/**
 * The Cache API key of /{slug}: the public origin (APP_URL, else the request's) plus the path,
 * versioned by renderer. Publish and serve compute the same key, so a publish purges what GET
 * cached (a key on a host outside the zone might not be cached by Cloudflare at all).
 */
export function pageCacheKey(slug: string, origin: string): Request {
  return new Request(`${origin.replace(/\/+$/, '')}/${slug}?r=${RENDERER_VERSION}`);
}

/** The Cache API key of an event's calendar file (same origin rule as the page's key). */
export function eventFileCacheKey(slug: string, buttonId: number, origin: string): Request {
  return new Request(`${origin.replace(/\/+$/, '')}${calendarPath(slug, buttonId)}?r=${RENDERER_VERSION}`);
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
  /** the response's Link header: the header's file preloaded at high priority, when it has one */
  link?: string;
}

/**
 * The header's file as a Link preload: the browser starts it from the response's headers,
 * before parsing the document, and an edge that sends 103 Early Hints sends it during the
 * server's time. Only a plain URL (no space, quote, comma, semicolon or angle bracket) goes
 * into the header; another keeps the preload in the document alone.
 */
export function preloadLink(url: string | undefined): string | undefined {
  if (!url || !/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+=%]+$/.test(url)) return undefined;
  return `<${url}>; rel=preload; as=image; fetchpriority=high`;
}

/** A page as the renderer takes it: its public fields plus the company the sign-up block names. */
export function renderable(page: PublishedPage): PageLike {
  return {
    ...page.landing,
    company: page.company,
    header_width: page.headerSize?.width ?? null,
    header_height: page.headerSize?.height ?? null,
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
  const link = preloadLink(doc.headerPreload);
  return { html: doc.html, csp: await contentSecurityPolicy(doc), ...(link ? { link } : {}) };
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

async function purge(slug: string, origin: string, db?: D1Database): Promise<void> {
  dropHot(slug);
  try {
    await caches.default.delete(pageCacheKey(slug, origin));
    // the calendar files of its events are cached like the page, and go with it
    for (const id of db ? await eventIds(db, slug) : [])
      await caches.default.delete(eventFileCacheKey(slug, id, origin));
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
    },
  });
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
 * (services/schedule.ts). Returns whether the page is now published.
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
      // Awaited, not left to waitUntil: the editor reloads the page right after saving.
      await purge(slug, publicOrigin(env, options.origin), env.DB);
      published = true;
    }
    if ((await pageStamp(env.DB, slug, now)) === before) break;
  }
  await storeNextBoundary(env.DB, slug, now);
  return published;
}

/**
 * What changes with every write to a page (its updated_at and visibility) and when its
 * publishing window opens or closes, or null when the page does not exist: compared before and
 * after a render to notice a write, or a boundary, in between.
 */
export async function pageStamp(db: D1Database, slug: string, now: Date = new Date()): Promise<string | null> {
  const row = await db
    .prepare('SELECT updated_at, visible, visible_from, visible_until FROM landing_pages WHERE folder_name = ?')
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
    // a copy rebuilt by a visit changes at the same boundaries as a published one
    await storeNextBoundary(env.DB, slug, new Date());
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
