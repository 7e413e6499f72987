/**
 * What a page write sets off beyond D1: republishing the static page and removing its media.
 * Kept in one place so the routes stay one line per effect. A failed publish never fails the
 * write that caused it: GET /{slug} rebuilds from D1 when the stored file is missing or stale.
 */
import type { Context } from 'hono';
import type { AppEnv, Bindings } from '../../env';
import { publishPage, unpublishPage } from './publish';
import { mediaFolder } from '../media/upload-bytes';
import { retireUnused } from './history-files';
import { getPageRow } from '../../db/pages/pages';
import { ensureSizes } from '../media/image-sizes';

function ctxOf(c: Context<AppEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx as unknown as ExecutionContext;
  } catch {
    return undefined;
  }
}

/**
 * Re-renders the page from D1 (or unpublishes it when hidden or gone); then, once the answer has
 * gone, makes the sizes of photos the page shows without them and publishes it again with them
 * (docs/behaviour.md#image-sizes).
 */
export async function republish(c: Context<AppEnv>, slug: string): Promise<void> {
  const ctx = ctxOf(c);
  const origin = new URL(c.req.url).origin;
  try {
    await publishPage(c.env, slug, ctx, { origin });
  } catch (err) {
    console.error('publish failed', slug, err);
  }
  const task = sizeLater(c.env, slug, () => publishPage(c.env, slug, ctx, { origin }));
  if (ctx) ctx.waitUntil(task);
  else await task;
}

/** Sizes in the making, by page: a second write's run waits for the first (one file is never made twice). */
const sizing = new Map<string, Promise<void>>();

function sizeLater(env: Bindings, slug: string, publish: () => Promise<unknown>): Promise<void> {
  const run = async () => {
    const page = await getPageRow(env.DB, slug);
    if (page && (await ensureSizes(env, page))) await publish();
  };
  const task = (sizing.get(slug) ?? Promise.resolve())
    .then(run)
    .catch((err) => console.error('image sizes failed', slug, err))
    .finally(() => {
      if (sizing.get(slug) === task) sizing.delete(slug);
    });
  sizing.set(slug, task);
  return task;
}

export async function unpublish(c: Context<AppEnv>, slug: string): Promise<void> {
  try {
    await unpublishPage(c.env, slug);
  } catch (err) {
    console.error('unpublish failed', slug, err);
  }
}

/** Deletes every stored object of a page (its uploads under dati/{slug}/). */
export async function deletePageMedia(bucket: R2Bucket, slug: string): Promise<number> {
  let cursor: string | undefined;
  let deleted = 0;
  do {
    const list = await bucket.list({ prefix: mediaFolder(slug), cursor, limit: 1000 });
    const keys = list.objects.map((o) => o.key);
    if (keys.length > 0) {
      await bucket.delete(keys);
      deleted += keys.length;
    }
    cursor = list.truncated ? list.cursor : undefined;
  } while (cursor);
  return deleted;
}

/**
 * Retires the objects of the page's own folder behind `paths` (what the page pointed at before a
 * write, and files the write meant to record) that nothing saved on the page uses any more: not
 * its header, not its poster, not any button's image, read after the write. 'A file nothing uses
 * is deleted' counts the kept versions (docs/behaviour.md#history): a file a version still points
 * at moves to the private folder, one nothing points at is deleted. A path outside the folder (a
 * store badge, a link, another page's file) is never touched. The media route reads R2 on every
 * request, so a retired file answers 404 at once.
 */
export async function deleteUnused(
  env: Pick<Bindings, 'DB' | 'BUCKET'>,
  page: { id: number; folder_name: string },
  paths: Iterable<string>,
): Promise<void> {
  try {
    await retireUnused(env, page, paths);
  } catch (err) {
    // the page already points elsewhere: a leftover file is harmless, a failed save is not
    console.error('delete of replaced media failed', page.folder_name, err);
  }
}
