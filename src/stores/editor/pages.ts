// Server data for the editor: the pages list, cached with @nanostores/query under its API path,
// and single pages, always read fresh. The editor's reads retry once, and the list is never
// refetched because the window regained focus or the network came back.
import { nanoquery } from '@nanostores/query';
import { atom } from 'nanostores';
import { pagePaths } from '../../core/api-paths';
import { ApiError } from '../../lib/api';
import * as api from '../../lib/api-client';
import type { PageAsReceived, PageListItem } from './core';

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

const [createFetcherStore, , { revalidateKeys, mutateCache }] = nanoquery({
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  onErrorRetry: false,
  dedupeTime: 2_000,
  cacheLifetime: CACHE_MS,
});

// A fetcher store starts its request when something subscribes (or calls get()), so nothing at
// module level may touch it: only the editor, rendered by the Guard for an allowed user, does.
// A pending or banned user on /user therefore never asks for the list (it would be a 403).
export const $pagesList = createFetcherStore<PageListItem[]>(pagePaths.list, {
  fetcher: async () => {
    const data = await withOneRetry(api.listPages);
    $pagesListAt.set(new Date());
    return data;
  },
});

export function revalidatePagesList(): void {
  revalidateKeys(pagePaths.list);
}

/** One saved page, always fresh from the server. */
export function fetchPage(slug: string): Promise<PageAsReceived> {
  return withOneRetry(() => api.getPage(slug));
}

function patchList(slug: string, patch: Partial<PageListItem> | null): void {
  const list = $pagesList.get().data;
  if (!list) return;
  mutateCache(
    pagePaths.list,
    patch === null
      ? list.filter((p) => p.folder_name !== slug)
      : list.map((p) => (p.folder_name === slug ? { ...p, ...patch } : p)),
  );
}

export async function setVisibility(slug: string, visible: boolean): Promise<void> {
  await api.setPageVisibility(slug, visible);
  patchList(slug, { visible });
}

export async function setCompany(slug: string, company: string): Promise<void> {
  await api.setPageCompany(slug, company);
  patchList(slug, { company });
}

export async function deletePage(slug: string): Promise<void> {
  await api.deletePage(slug);
  patchList(slug, null);
  revalidatePagesList();
}
