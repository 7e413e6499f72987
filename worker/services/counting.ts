/**
 * Counting off the hot path (docs/architecture.md#counting-pipeline). A view, a click or a fan
 * sign-up is classified on the spot (source, device, country, Europe/Rome day and hour) and added to this
 * isolate's buffer, which merges equal rows; the buffer goes to the COUNTS queue as one message
 * at most FLUSH_MS after its first event, or at once when it holds MAX_ROWS distinct rows. The
 * request that opens a buffer keeps it alive (waitUntil) until it is sent; every other request
 * pays a Map update and nothing else. The queue consumer (worker/db/stats-write.ts) writes D1.
 */
import { z } from 'zod';
import type { Bindings } from '../env';
import {
  classifySource,
  countryCode,
  deviceClass,
  DEVICES,
  isBot,
  isPrefetch,
  romeBucket,
} from '../../src/core/traffic';

/**
 * One merged row of a queue message: counts of one page, hour, button/CTA, source, device,
 * country. A sign-up sits on a view row (b 0, k 0) in `f`, beside that row's views, and is never
 * a view or a click itself.
 */
export const countRowSchema = z.object({
  /** page slug */
  s: z.string().min(1).max(200),
  /** Europe/Rome day YYYY-MM-DD and hour */
  d: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  h: z.number().int().min(0).max(23),
  /** 0 for a view, else the clicked button's id */
  b: z.number().int().nonnegative(),
  /** the CTA index within the button (0 for views) */
  k: z.number().int().min(0).max(99),
  src: z.string().min(1).max(40),
  dev: z.enum(DEVICES),
  cc: z.string().regex(/^[A-Z]{2}$/),
  v: z.number().int().nonnegative(),
  c: z.number().int().nonnegative(),
  /** fan sign-ups (0 on click rows); absent in a message queued before sign-ups were counted */
  f: z.number().int().nonnegative().default(0),
});
export type CountRow = z.infer<typeof countRowSchema>;

export const countMessageSchema = z.object({ rows: z.array(countRowSchema).max(1000) });
export type CountMessage = z.infer<typeof countMessageSchema>;

/** A buffer is sent this long after its first event (the flush delay adds the queue's batch timeout). */
export const FLUSH_MS = 100;
/** ...or as soon as it holds this many distinct rows (a message stays far below the queue's 128 KB). */
export const MAX_ROWS = 200;
const SEND_ATTEMPTS = 3;

type Ctx = Pick<ExecutionContext, 'waitUntil'>;

let pending = new Map<string, CountRow>();
let timer: Promise<void> | null = null;

function rowKey(r: CountRow): string {
  return `${r.s}\u0001${r.d}\u0001${r.h}\u0001${r.b}\u0001${r.k}\u0001${r.src}\u0001${r.dev}\u0001${r.cc}`;
}

async function send(queue: Queue<CountMessage>, rows: CountRow[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await queue.send({ rows } satisfies CountMessage);
      return;
    } catch (err) {
      if (attempt >= SEND_ATTEMPTS) {
        const lost = rows.reduce((n, r) => n + r.v + r.c + r.f, 0);
        console.error(`count flush failed, ${lost} counts lost`, err);
        return;
      }
      await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
}

/** Sends what the buffer holds now (tests and the size trigger call it). */
export function flushCounts(env: Pick<Bindings, 'COUNTS'>): Promise<void> {
  if (pending.size === 0) return Promise.resolve();
  const rows = [...pending.values()];
  pending = new Map();
  return send(env.COUNTS, rows);
}

function record(env: Pick<Bindings, 'COUNTS'>, ctx: Ctx | null, row: CountRow): void {
  const key = rowKey(row);
  const seen = pending.get(key);
  if (seen) {
    seen.v += row.v;
    seen.c += row.c;
    seen.f += row.f;
  } else pending.set(key, row);

  if (pending.size >= MAX_ROWS) {
    keepAlive(ctx, flushCounts(env));
  } else if (!timer) {
    timer = new Promise<void>((r) => setTimeout(r, FLUSH_MS)).then(() => {
      timer = null;
      return flushCounts(env);
    });
    keepAlive(ctx, timer);
  }
}

/** Holds the request open until `work` is done; without a context (app.request) the timer still fires. */
function keepAlive(ctx: Ctx | null, work: Promise<void>): void {
  ctx?.waitUntil(work);
}

/** What a counted request looks like to the classifier (a Request or Hono's c.req.raw). */
type Visit = Pick<Request, 'url' | 'headers' | 'cf'>;

/** Whether this request is a person's: no bot, crawler, link preview or prefetch is ever counted. */
export function isCountable(req: Pick<Visit, 'headers'>): boolean {
  return !isBot(req.headers.get('user-agent')) && !isPrefetch(req.headers);
}

// The Rome day and hour change on the hour: work them out once a minute, not per request.
let clock = { minute: -1, day: '', hour: 0 };
function bucketNow(): { day: string; hour: number } {
  const minute = Math.floor(Date.now() / 60_000);
  if (minute !== clock.minute) clock = { minute, ...romeBucket(minute * 60_000) };
  return clock;
}

/** The bucket of a counted request but its page and button: its source as classified by the caller. */
function dimensions(req: Visit, src: string) {
  const { day, hour } = bucketNow();
  const cfCountry = req.cf && 'country' in req.cf ? req.cf.country : null;
  const country = req.headers.get('cf-ipcountry') ?? (typeof cfCountry === 'string' ? cfCountry : null);
  return {
    d: day,
    h: hour,
    src,
    dev: deviceClass(req.headers.get('user-agent'), req.headers.get('sec-ch-ua-mobile')),
    cc: countryCode(country),
  };
}

/**
 * Counts one view of /{slug}: source from the URL's utm_source, else the Referer header's host;
 * or `source` as given (the embed's views are all EMBED_SOURCE's).
 */
export function countView(
  env: Pick<Bindings, 'COUNTS'>,
  ctx: Ctx | null,
  req: Visit,
  slug: string,
  source?: string,
): void {
  const url = new URL(req.url);
  const src = source ?? classifySource(url.searchParams.get('utm_source'), req.headers.get('referer'), url.hostname);
  record(env, ctx, { s: slug, b: 0, k: 0, v: 1, c: 0, f: 0, ...dimensions(req, src) });
}

/**
 * Counts one click on a button's CTA. The landing page's script passes the source of the view it
 * came from: `u` (the page URL's utm_source) or `r` (the page's referrer); neither means direct.
 */
export function countClick(
  env: Pick<Bindings, 'COUNTS'>,
  ctx: Ctx | null,
  req: Visit,
  slug: string,
  buttonId: number,
  cta: number,
): void {
  const url = new URL(req.url);
  const src = classifySource(url.searchParams.get('u'), url.searchParams.get('r'), url.hostname);
  record(env, ctx, { s: slug, b: buttonId, k: cta, v: 0, c: 1, f: 0, ...dimensions(req, src) });
}

/** Where a sign-up came from, as the page passed it on: see countSignup. */
export interface SignupSource {
  /** the page URL's utm_source */
  u?: string | null;
  /** the origin of the page's referrer */
  r?: string | null;
}

/**
 * The utm_source of the page a plain form POST was sent from: its Referer when that is this very
 * page (`/{slug}` on the request's own host), else null. The page sends its full address to its
 * own host (Referrer-Policy strict-origin-when-cross-origin, worker/routes/public/page.ts).
 */
function ownPageUtm(referer: string | null, url: URL, slug: string): string | null {
  if (!referer) return null;
  try {
    const page = new URL(referer);
    return page.host === url.host && page.pathname === `/${slug}` ? page.searchParams.get('utm_source') : null;
  } catch {
    return null;
  }
}

/**
 * Counts one fan sign-up of /{slug} (the page's 'Avvisami' form) as a conversion of its source,
 * classified like a click's: `u` (the page URL's utm_source the page's script sends), else `r`
 * (the origin of the page's referrer); with neither (a plain form POST, no script), the
 * utm_source of the Referer when it is the page itself, else 'direct'. Bots and prefetches are
 * not counted (isCountable). A sign-up is counted on the page's view row, never as a view or a
 * click, and only while the page is public (worker/db/stats-write.ts). Answers whether it was
 * queued.
 */
export function countSignup(
  env: Pick<Bindings, 'COUNTS'>,
  ctx: Ctx | null,
  req: Visit,
  slug: string,
  source: SignupSource,
): boolean {
  if (!isCountable(req)) return false;
  const url = new URL(req.url);
  const src =
    source.u || source.r
      ? classifySource(source.u, source.r, url.hostname)
      : classifySource(ownPageUtm(req.headers.get('referer'), url, slug), null);
  record(env, ctx, { s: slug, b: 0, k: 0, v: 0, c: 0, f: 1, ...dimensions(req, src) });
  return true;
}
