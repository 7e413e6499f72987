/**
 * The files of a page's history (docs/behaviour.md#history): a file the page no longer uses but
 * a kept version does leaves the public folder for the private one (services/media/kept-files.ts)
 * and comes back on a restore; a file nothing uses, neither the page nor a kept version, is
 * deleted, public and kept copies alike. Retention lets old versions go, and their files with them.
 */
import type { VersionSnapshot } from '../../../src/core/schemas/versions';
import { mediaInUse } from '../../db/pages/media';
import {
  deleteVersions,
  pagesPastRetention,
  snapshotOfRow,
  versionMedia,
  versionsPastRetention,
} from '../../db/versions';
import { getPageRowById } from '../../db/pages/pages';
import type { Bindings } from '../../env';
import { bringBack, keepPrivately, keptKey } from '../media/kept-files';
import { ownObjectKey } from '../media/upload-bytes';
import { forgetSizes, readSizes } from '../../db/pages/media-sizes';
import { sizeKeys } from '../media/image-sizes';
import { sizeStem, type MediaSizes } from '../../../src/core/image-sizes';

/** Kept: the newest VERSIONS_KEPT versions of a page, and every version of the last VERSION_DAYS days. */
export const VERSIONS_KEPT = 50;
export const VERSION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

type Env = Pick<Bindings, 'DB' | 'BUCKET'>;
type PageRef = { id: number; folder_name: string };

/** Every media path a version points at: its header, its poster, its buttons' images. */
export function snapshotMedia(snapshot: Pick<VersionSnapshot, 'header' | 'header_poster' | 'buttons'>): string[] {
  const paths = [snapshot.header, snapshot.header_poster, ...snapshot.buttons.map((b) => b.image_path ?? '')];
  return [...new Set(paths.filter(Boolean))];
}

/** The object keys of the page's own folder behind `paths` (a link, a badge, another page's file: none). */
function ownKeys(page: PageRef, paths: Iterable<string>): string[] {
  const keys = new Set<string>();
  for (const path of paths) {
    const key = ownObjectKey(page.folder_name, path);
    if (key) keys.add(key);
  }
  return [...keys];
}

/**
 * Of the page's files behind `paths`, those the saved page no longer uses: kept privately while
 * a version points at them, else deleted (public and kept copies). Answers how many went.
 */
export async function retireUnused(env: Env, page: PageRef, paths: Iterable<string>): Promise<number> {
  const inUse = await mediaInUse(env.DB, page.id);
  const candidates = [...paths].filter((p) => p && !inUse.has(p));
  if (candidates.length === 0) return 0;
  const versions = await versionMedia(env.DB, page.id);
  const keep = ownKeys(
    page,
    candidates.filter((p) => versions.has(p)),
  );
  const drop = ownKeys(
    page,
    candidates.filter((p) => !versions.has(p)),
  );
  // a file's sizes go where it goes (docs/behaviour.md#image-sizes)
  const sizes = await readSizes(env.DB, page.id);
  await keepPrivately(env.BUCKET, [...keep, ...sizeKeys(sizes, keep)]);
  await dropFiles(env, page, drop, sizes);
  return keep.length + drop.length;
}

/** Deletes files for good, public and kept copies, with their sizes, and forgets those sizes. */
async function dropFiles(env: Env, page: PageRef, keys: string[], sizes?: MediaSizes): Promise<void> {
  if (keys.length === 0) return;
  const all = [...keys, ...sizeKeys(sizes ?? (await readSizes(env.DB, page.id)), keys)];
  await env.BUCKET.delete([...all, ...all.map(keptKey)]);
  await forgetSizes(
    env.DB,
    page.id,
    keys.map((k) => `/${sizeStem(k)}`),
  );
}

/** Brings every file of the page's own folder that a version uses back to the public folder. */
export async function bringBackFiles(env: Env, page: PageRef, snapshot: VersionSnapshot): Promise<number> {
  const keys = ownKeys(page, snapshotMedia(snapshot));
  return bringBack(env.BUCKET, [...keys, ...sizeKeys(await readSizes(env.DB, page.id), keys)]);
}

/**
 * Lets go of the versions past retention (neither among the newest VERSIONS_KEPT nor younger than
 * VERSION_DAYS) and of the files only they used. Answers how many versions went.
 */
export async function pruneHistory(env: Env, page: PageRef, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - VERSION_DAYS * DAY_MS).toISOString();
  const past = await versionsPastRetention(env.DB, page.id, VERSIONS_KEPT, cutoff);
  if (past.length === 0) return 0;
  const files = new Set(past.flatMap((row) => snapshotMedia(snapshotOfRow(row))));
  await deleteVersions(
    env.DB,
    past.map((row) => row.id),
  );
  const used = new Set([...(await mediaInUse(env.DB, page.id)), ...(await versionMedia(env.DB, page.id))]);
  const drop = ownKeys(
    page,
    [...files].filter((p) => !used.has(p)),
  );
  await dropFiles(env, page, drop);
  return past.length;
}

/** The hourly job's share (services/maintenance.ts): every page's versions past retention. */
export async function pruneAllHistory(env: Env, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - VERSION_DAYS * DAY_MS).toISOString();
  let pruned = 0;
  for (const id of await pagesPastRetention(env.DB, VERSIONS_KEPT, cutoff)) {
    const page = await getPageRowById(env.DB, id);
    // a page deleted for ever took its versions along; one left over has no folder to clean
    if (page) pruned += await pruneHistory(env, page, now);
  }
  return pruned;
}
