/**
 * The scheduled republish (docs/behaviour.md#dates-and-publishing-windows): the pages whose next
 * boundary has passed (a window opening or closing, an event day ending in Europe/Rome) are
 * published again, which stores their next boundary. Run every minute by its own Cron Trigger
 * (wrangler.toml) and by the hourly maintenance; a bounded batch, oldest boundary first, so a
 * backlog drains over the following runs.
 */
import type { Bindings } from '../../env';
import { deferBoundary, dueSlugs } from '../../db/pages/schedule';
import { publishPage } from './publish';

/** Pages republished per run at most. */
export const REPUBLISH_BATCH = 50;
/** A republish that failed is tried again this much later (not at every run). */
const RETRY_MS = 5 * 60 * 1000;

/** The per-minute Cron Trigger of wrangler.toml: it runs only the republish step. */
export const REPUBLISH_CRON = '* * * * *';

/** Republishes the due pages as of `now`; resolves to how many were republished. */
export async function republishDue(env: Bindings, now: Date, limit = REPUBLISH_BATCH): Promise<number> {
  const slugs = await dueSlugs(env.DB, now, limit);
  let done = 0;
  for (const slug of slugs) {
    try {
      await publishPage(env, slug, undefined, { now });
      done += 1;
    } catch (err) {
      console.error('scheduled republish failed', slug, err instanceof Error ? err.message : String(err));
      await deferBoundary(env.DB, slug, new Date(now.getTime() + RETRY_MS));
    }
  }
  return done;
}
