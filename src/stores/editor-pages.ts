// Server data for the editor: the pages list and single pages, cached with @nanostores/query.
// SPEC 9: the editor client retries once and never refetches on window focus.
import { atom } from 'nanostores';
import { nanoquery } from '@nanostores/query';
import { ApiError, request } from '../lib/api';
import type { FullPage, PageSummary } from './editor-core';

export const PAGES_KEY = '/api/db/landing-pages';
const CACHE_MS = 5 * 60_000;

/** One retry for transient failures (network, 5xx); a 4xx answer is final. */
async function withOneRetry<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const transient = !(err instanceof ApiError) || err.status === 0 || err.status >= 500;
    if (!transient) throw err;
    await new Promise((r) => setTimeout(r, 600));
    return run();
  }
}

/** when the list was last read (the sidebar's 'last update') */
export const $pagesListAt = atom<Date | null>(null);

export const [createFetcherStore, , { invalidateKeys, revalidateKeys, mutateCache }] = nanoquery({
  fetcher: async (...parts) => {
    const key = parts.join('');
    const data = await withOneRetry(() => request(key));
    if (key === PAGES_KEY) $pagesListAt.set(new Date());
    return data;
  },
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: false,
  dedupeTime: 2_000,
  cacheLifetime: CACHE_MS,
});

// A fetcher store starts its request when something subscribes (or calls get()), so nothing at
// module level may touch it: only the editor, rendered by the Guard for an allowed user, does.
// A pending or banned user on /user therefore never asks for the list (it would be a 403).
export const $pagesList = createFetcherStore<PageSummary[]>(PAGES_KEY);

export function revalidatePagesList(): void {
  revalidateKeys(PAGES_KEY);
}

function pageKey(slug: string): string {
  return `${PAGES_KEY}/${encodeURIComponent(slug)}`;
}

const pageStores = new Map<string, ReturnType<typeof createFetcherStore<FullPage>>>();

/** Reads one page through the cache; `fresh` drops the cached copy first. */
export async function fetchPage(slug: string, fresh = false): Promise<FullPage> {
  const key = pageKey(slug);
  if (fresh) invalidateKeys(key);
  let store = pageStores.get(key);
  if (!store) {
    store = createFetcherStore<FullPage>(key);
    pageStores.set(key, store);
  }
  const result = await store.fetch();
  if ('error' in result) throw result.error;
  return result.data;
}

export function invalidatePage(slug: string): void {
  invalidateKeys(pageKey(slug));
}

function patchList(slug: string, patch: Partial<PageSummary> | null): void {
  const list = $pagesList.get().data;
  if (!list) return;
  mutateCache(
    PAGES_KEY,
    patch === null
      ? list.filter((p) => p.folder_name !== slug)
      : list.map((p) => (p.folder_name === slug ? { ...p, ...patch } : p)),
  );
}

export async function setVisibility(slug: string, visible: boolean): Promise<void> {
  await request(`${pageKey(slug)}/visibility?visible=${visible}`, { method: 'PATCH' });
  patchList(slug, { visible });
  invalidatePage(slug);
}

export async function setCompany(slug: string, company: string): Promise<void> {
  await request(`${pageKey(slug)}/company`, { method: 'PATCH', json: { company } });
  patchList(slug, { company });
  invalidatePage(slug);
}

export async function deletePage(slug: string): Promise<void> {
  await request(pageKey(slug), { method: 'DELETE' });
  patchList(slug, null);
  invalidatePage(slug);
  revalidatePagesList();
}
export type { PageSummary as PageListItem, FullPage } from './editor-core';
