// The site's calls of a page's history and of the trash (docs/api.md#history, docs/api.md#trash),
// beside api-client.ts and built the same way: addresses from src/core/api-paths.ts, answers parsed.
import { pagePaths, trashPaths } from '../core/api-paths';
import { type PageAsReceived, type PageListItem, pageAsReceivedSchema, pageListItemSchema } from '../core/schemas/page';
import { type TrashItem, trashListSchema, trashPurgedSchema } from '../core/schemas/trash';
import { type VersionMeta, versionAnswerSchema, versionListSchema } from '../core/schemas/versions';
import { request } from './api';
import { parsed } from './api-client';

/** The page's versions, newest first; the newest is `current`. */
export async function listVersions(slug: string): Promise<VersionMeta[]> {
  return (await parsed(versionListSchema, request(pagePaths.versions(slug)))).versions;
}

/** One version with the page as it was saved then. */
export function getVersion(slug: string, id: number): Promise<{ version: VersionMeta; page: PageAsReceived }> {
  return parsed(versionAnswerSchema, request(pagePaths.version(slug, id)));
}

/** 'Ripristina': the version saved again as a new one and published; answers the page. */
export function restoreVersion(slug: string, id: number): Promise<PageAsReceived> {
  return parsed(pageAsReceivedSchema, request(pagePaths.versionRestore(slug, id), { method: 'POST' }));
}

/** The company's pages in the trash (an administrator's: every company's). */
export async function listTrash(): Promise<TrashItem[]> {
  return (await parsed(trashListSchema, request(trashPaths.list))).pages;
}

/** A page back from the trash, as the pages list shows it. */
export function restoreFromTrash(slug: string): Promise<PageListItem> {
  return parsed(pageListItemSchema, request(trashPaths.restore(slug), { method: 'POST' }));
}

/** 'Elimina definitivamente'. */
export async function purgeFromTrash(slug: string): Promise<void> {
  await parsed(trashPurgedSchema, request(trashPaths.purge(slug), { method: 'DELETE' }));
}
