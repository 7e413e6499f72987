// Helpers for the counting tests: what reached D1 once the queue has been written.
import { env } from 'cloudflare:test';
import { API_PREFIX } from '../../src/core/api-paths';
import { countView } from '../../worker/services/counting';
import { publishPage } from '../../worker/services/pages/publish';
import { call } from './helpers';
import { seedPage, slugFor, type SeedPage } from './public-helpers';

/** A browser's User-Agent: counted (the default of a test request, none, is counted too). */
export const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const TABLET_UA =
  'Mozilla/5.0 (iPad; CPU OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/**
 * Polls `read` until `done` holds (the count's way through the isolate's buffer and the queue),
 * and answers the last value read; the caller's expect tells what was wrong after `timeoutMs`.
 * The deadline runs on performance.now(), which a stopped clock (./clock.ts) does not stop.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  let value = await read();
  while (!done(value) && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
  }
  return value;
}

/**
 * Waits until every count recorded before the call has reached D1, through the Worker (a request)
 * or through worker/services/counting.ts called here: one view of `marker`, a published page of
 * the caller's own, recorded both ways after them, is written behind them (the isolate's buffer
 * sends in order and the queue hands its batches over one after another, oldest first). A test
 * that checks nothing more arrives checks after this, not after a pause.
 */
export async function countsWritten(marker: string): Promise<void> {
  const { view_page: before } = await totals(marker);
  const headers = { 'user-agent': PHONE_UA };
  await (await call(`/${marker}`, { headers })).arrayBuffer();
  countView(env, null, new Request(`http://localhost/${marker}`, { headers }), marker);
  const after = await eventually(
    () => totals(marker),
    (t) => t.view_page >= before + 2,
  );
  if (after.view_page < before + 2) throw new Error(`the counts of ${marker} were not written`);
}

export interface Totals {
  view_page: number;
  clicks: number;
  bucket_views: number;
  bucket_clicks: number;
}

/** The page's lifetime totals and the sums of its buckets, read together. */
export async function totals(slug: string): Promise<Totals> {
  const row = await env.DB.prepare(
    `SELECT p.view_page,
       (SELECT COALESCE(SUM(click_count), 0) FROM buttons WHERE page_id = p.id) AS clicks,
       (SELECT COALESCE(SUM(views), 0) FROM page_stats WHERE page_id = p.id) AS bucket_views,
       (SELECT COALESCE(SUM(clicks), 0) FROM page_stats WHERE page_id = p.id) AS bucket_clicks
     FROM landing_pages p WHERE p.folder_name = ?`,
  )
    .bind(slug)
    .first<Totals>();
  if (!row) throw new Error(`no page ${slug}`);
  return row;
}

/** Views and clicks of one page grouped by a bucket column. */
export async function byColumn(
  slug: string,
  column: 'source' | 'device' | 'country' | 'day' | 'button_id' | 'cta',
): Promise<Record<string, { views: number; clicks: number }>> {
  const { results } = await env.DB.prepare(
    `SELECT s.${column} AS k, SUM(s.views) AS views, SUM(s.clicks) AS clicks
     FROM page_stats s JOIN landing_pages p ON p.id = s.page_id
     WHERE p.folder_name = ? GROUP BY s.${column}`,
  )
    .bind(slug)
    .all<{ k: string | number; views: number; clicks: number }>();
  return Object.fromEntries(results.map((r) => [String(r.k), { views: r.views, clicks: r.clicks }]));
}

/** Fan sign-ups of one page grouped by a bucket column (only the values with some), and their sum. */
export async function signupsBy(
  slug: string,
  column: 'source' | 'device' | 'country' | 'day' | 'button_id' | 'cta' = 'source',
): Promise<{ total: number; by: Record<string, number> }> {
  const { results } = await env.DB.prepare(
    `SELECT s.${column} AS k, SUM(s.signups) AS n
     FROM page_stats s JOIN landing_pages p ON p.id = s.page_id
     WHERE p.folder_name = ? GROUP BY s.${column} HAVING SUM(s.signups) > 0`,
  )
    .bind(slug)
    .all<{ k: string | number; n: number }>();
  return {
    total: results.reduce((sum, r) => sum + r.n, 0),
    by: Object.fromEntries(results.map((r) => [String(r.k), r.n])),
  };
}

/** Runs `task` `total` times with at most `concurrency` in flight. */
export async function burst(total: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        await task(i);
      }
    }),
  );
}

export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A page seeded in D1 and published, with its slug. */
export async function published(prefix: string, page: SeedPage = {}) {
  const slug = slugFor(prefix);
  const seeded = await seedPage(slug, page);
  await publishPage(env, slug);
  return { slug, ...seeded };
}

export function visit(slug: string, headers: Record<string, string> = {}, query = '', method = 'GET') {
  return call(`/${slug}${query}`, { method, headers: { 'user-agent': PHONE_UA, ...headers } }).then((r) => r.text());
}

export function click(slug: string, id: number | string, query = '', headers: Record<string, string> = {}) {
  return call(`${API_PREFIX.pages}/${slug}/buttons/${id}/click${query}`, {
    method: 'POST',
    headers: { 'user-agent': PHONE_UA, ...headers },
  });
}
