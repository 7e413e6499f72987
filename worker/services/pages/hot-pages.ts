/**
 * The hot copy of a published page (docs/behaviour.md#publishing-and-caching): each Worker isolate
 * keeps the pages it served in the last HOT_TTL_MS in memory, already gzip-compressed, so a rush
 * on one page costs neither a Cache API lookup nor a compression per request (gzip rather than
 * Brotli: as small within 15 %, and far cheaper to decode for every visitor's phone). A publish or an unpublish drops the copy in its own
 * isolate at once; any other isolate serves its copy at most HOT_TTL_MS longer (plus the
 * REFRESH_MS of one re-read), then reads the cache again. A copy that says when it goes out of
 * date (`Expires`: a CTA's on-sale instant, docs/behaviour.md#ticket-drops) never answers from
 * that instant on, not even during a re-read.
 */
export const HOT_TTL_MS = 2000;
/** Pages kept per isolate (a page is ~5 KB compressed), the least recently filled dropped first. */
const HOT_MAX = 200;
/** How long an expired copy may still answer while one request reads the page again. */
const REFRESH_MS = 1000;

interface HotPage {
  /** the document as read, to reuse the compressed bytes when a re-read finds it unchanged */
  html: string;
  gzip: Uint8Array;
  headers: Array<[string, string]>;
  until: number;
  /** set when a request went to read the page again: until then the others keep this copy */
  refreshBy: number;
  /** the instant (UTC ms) the document goes out of date by itself, from its Expires header */
  expires?: number;
}

const hot = new Map<string, HotPage>();
/** Bumped by every drop: a copy read before a publish must not be kept after it. */
let drops = 0;

/** Taken before reading the cache or R2; keepHot keeps the copy only if no drop happened since. */
export function hotTicket(): number {
  return drops;
}

/** Whether the client takes a gzip body (every browser does; the others get the normal path). */
export function acceptsGzip(req: { header(name: string): string | undefined }): boolean {
  return /\bgzip\b/i.test(req.header('accept-encoding') ?? '');
}

/**
 * The hot copy of a page while it is fresh. Once it expires, the next request is sent to read the
 * page again (null) while the requests that follow keep the copy for up to REFRESH_MS: one
 * refresh per isolate, not one per request in flight.
 */
export function hotPage(slug: string, now = Date.now()): HotPage | null {
  const page = hot.get(slug);
  if (!page) return null;
  if (page.expires !== undefined && now >= page.expires) {
    hot.delete(slug);
    return null;
  }
  if (page.until > now || page.refreshBy > now) return page;
  page.refreshBy = now + REFRESH_MS;
  return null;
}

/** The answer for a hot copy: the stored compressed bytes, sent as they are. */
export function hotResponse(page: HotPage, head: boolean): Response {
  return new Response(head ? null : page.gzip, {
    status: 200,
    headers: page.headers,
    // the bytes are compressed already: the runtime must not compress them again
    encodeBody: 'manual',
  });
}

async function gzip(text: string): Promise<Uint8Array> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The instant (UTC ms) an answer's Expires header names, or undefined without one. */
export function expiresOf(headers: Headers): number | undefined {
  const at = Date.parse(headers.get('expires') ?? '');
  return Number.isNaN(at) ? undefined : at;
}

/** Keeps a page's document hot (called after serving it from the cache, R2 or a rebuild). */
export async function keepHot(slug: string, html: string, headers: Headers, ticket: number): Promise<void> {
  const before = hot.get(slug);
  const same = before?.html === html ? before : null;
  // a re-read that finds the same document reuses its bytes: compressed once per version
  const gz = same ? same.gzip : await gzip(html);
  if (ticket !== drops) return;
  const copy = new Headers(headers);
  copy.set('content-encoding', 'gzip');
  copy.set('vary', 'accept-encoding');
  copy.delete('content-length');
  hot.delete(slug);
  const expires = expiresOf(headers);
  const page: HotPage = { html, gzip: gz, headers: [...copy], until: Date.now() + HOT_TTL_MS, refreshBy: 0 };
  hot.set(slug, expires === undefined ? page : { ...page, expires });
  while (hot.size > HOT_MAX) {
    const oldest = hot.keys().next().value;
    if (oldest === undefined) break;
    hot.delete(oldest);
  }
}

/** Drops a page's copy if this isolate has one (a page found gone); other pages' fills go on. */
export function forgetHot(slug: string): void {
  if (hot.has(slug)) dropHot(slug);
}

/** Drops a page's hot copy (publish and unpublish call it with the cache purge). */
export function dropHot(slug: string): void {
  drops++;
  hot.delete(slug);
}
