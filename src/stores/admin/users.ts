// The 'Gestione Utenti' logic, outside React: the pending list, the filtered and paged list of
// all users, the stats and the companies, refreshed together every PENDING_REFRESH_MS while the
// tab is visible, and the admin actions. Lists are fetcher stores of @nanostores/query, cached
// under their API paths: stale data stays on screen while a refresh runs (no layout jumps), a
// key is cached for 5 minutes and a failing load is retried 3 times.
import { nanoquery } from '@nanostores/query';
import { atom, computed, map, onMount } from 'nanostores';
import { PENDING_REFRESH_MS } from '../../core/constants';
import { t, type MessageKey } from '../../core/messages';
import { adminPaths, fanPaths } from '../../core/api-paths';
import { type HistoryEntry, type USER_SORTS, USERS_PAGE_SIZE, type UsersPage } from '../../core/schemas/admin';
import { type CompanyRole, isApprovedUser, type User, type UserStatus } from '../../core/schemas/user';
import { ApiError, errorText } from '../../lib/api';
import * as api from '../../lib/api-client';
import { setPendingCount } from './pending';
import { $isAdmin } from '../session';
import { DEFAULT_ROLE, fansAccessFor, roleName } from '../team/rules';
import * as teamApi from '../../lib/team-client';

export { USERS_PAGE_SIZE };
export const SEARCH_DEBOUNCE_MS = 300;
export const QUERY_CACHE_MS = 5 * 60_000;
export const QUERY_RETRIES = 3;

/** The sorts the API accepts, in the order the screen offers them. */
export const SORT_FIELDS = [
  'created_at',
  'full_name',
  'email',
  'company',
  'status',
] as const satisfies readonly (typeof USER_SORTS)[number][];
export type SortField = (typeof USER_SORTS)[number];
export type SortOrder = 'asc' | 'desc';

export interface UserFilters {
  q: string;
  status: UserStatus | '';
  company: string;
  sort: SortField;
  order: SortOrder;
  page: number;
}

export type { UsersPage, HistoryEntry };

export const DEFAULT_FILTERS: UserFilters = {
  q: '',
  status: '',
  company: '',
  sort: 'created_at',
  order: 'desc',
  page: 1,
};

/** The query string of the all-users list for these filters (an empty search, status or company left out). */
export function usersQuery(f: UserFilters, pageSize = USERS_PAGE_SIZE): string {
  const params = new URLSearchParams();
  const q = f.q.trim();
  if (q) params.set('q', q);
  if (f.status) params.set('status', f.status);
  if (f.company) params.set('company', f.company);
  params.set('sort', f.sort);
  params.set('order', f.order);
  params.set('page', String(f.page));
  params.set('page_size', String(pageSize));
  return params.toString();
}

function retryDelay({ error, retryCount }: { error: unknown; retryCount: number }): number | null {
  // a 4xx will answer the same again; only transient failures are worth retrying
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
  if (retryCount > QUERY_RETRIES) return null;
  return 1000 * 2 ** (retryCount - 1);
}

const [createFetcherStore, , { revalidateKeys }] = nanoquery({
  // cached for 5 minutes; the 30 s poll below forces a refetch explicitly
  dedupeTime: QUERY_CACHE_MS,
  cacheLifetime: QUERY_CACHE_MS,
  onErrorRetry: retryDelay,
});

/** '' for an admin, null otherwise: as a key part it keeps non-admins from fetching at all. */
const $adminGate = computed($isAdmin, (isAdmin) => (isAdmin ? '' : null));

export const $filters = map<UserFilters>({ ...DEFAULT_FILTERS });
const $usersQuery = computed($filters, (f) => usersQuery(f));

// Each list's key is its API path (the all-users one ends with the filters' query string).
export const $pendingUsers = createFetcherStore<UsersPage>([$adminGate, adminPaths.pendingUsers], {
  fetcher: api.listPendingUsers,
});
export const $allUsers = createFetcherStore<UsersPage>([$adminGate, `${adminPaths.allUsers}?`, $usersQuery], {
  fetcher: (_gate, _path, query) => api.listUsers(String(query)),
});
export const $stats = createFetcherStore([$adminGate, adminPaths.stats], { fetcher: api.getAdminStats });
export const $companies = createFetcherStore([$adminGate, adminPaths.allCompanies], { fetcher: api.listAllCompanies });
/** Confirmed fans per company and in all (under the same root: refreshed with the rest). */
export const $fanTotals = createFetcherStore([$adminGate, fanPaths.adminTotals], { fetcher: api.getAdminFanTotals });

/**
 * The all-users page on screen: the last loaded one stays while the next one loads (a new
 * search or page has no cache yet), so the table dims instead of jumping to a skeleton.
 */
export const $shownUsers = atom<UsersPage | undefined>(undefined);
onMount($shownUsers, () =>
  $allUsers.subscribe((value) => {
    if (value.data) $shownUsers.set(value.data);
  }),
);

/** The companies' names, sorted. */
export const $companyNames = computed($companies, ({ data }) =>
  [...new Set(data ?? [])].sort((a, b) => a.localeCompare(b, 'it', { sensitivity: 'base' })),
);

/** When the lists were last refreshed (ms), for 'Aggiornato alle …'. */
export const $lastRefresh = atom<number | null>(null);
/** How long the last load of the all-users list took (ms), search included. */
export const $lastLoadMs = atom<number | null>(null);

/** Refetches everything the screen shows (cache bypassed). */
export function refreshAll(): void {
  revalidateKeys((key) => key.startsWith(adminPaths.root));
}

// Polling: every PENDING_REFRESH_MS while the tab is visible; hidden tabs make no calls, and a
// tab that comes back after a full period refreshes at once.
function startPolling(): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const tick = () => {
    if (document.visibilityState === 'visible') refreshAll();
  };
  const arm = () => {
    if (timer === null) timer = setInterval(tick, PENDING_REFRESH_MS);
  };
  const disarm = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      const last = $lastRefresh.get();
      // after the current dispatch: nanoquery hears the same event later (on window) and
      // fetches nothing until it has marked the tab visible again
      if (last === null || Date.now() - last >= PENDING_REFRESH_MS) setTimeout(refreshAll, 0);
      arm();
    } else {
      disarm();
    }
  };
  document.addEventListener('visibilitychange', onVisibility);
  if (document.visibilityState === 'visible') arm();
  return () => {
    disarm();
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Starts the screen's live behaviour: the refresh time, the load timing, the navbar badge event
 * and the polling. The screen calls it once mounted and the returned function on unmount.
 * (Not an onMount of the fetcher stores: a listener of their own would keep them mounted.)
 */
export function startUsersScreen(): () => void {
  let loadStartedAt = 0;
  const stops = [
    $allUsers.listen((value) => {
      if (value.loading) loadStartedAt = performance.now();
      else if (value.data && loadStartedAt) {
        $lastLoadMs.set(Math.round(performance.now() - loadStartedAt));
        loadStartedAt = 0;
      }
    }),
    $pendingUsers.listen((value) => {
      if (value.loading || !value.data) return;
      $lastRefresh.set(Date.now());
      // the navigation bar's badge follows this screen's refreshes (the list is paged: total)
      setPendingCount(value.data.total ?? value.data.users.length);
    }),
    startPolling(),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}

// Filters ---------------------------------------------------------------------------------

/** Changes filters; anything but the page itself sends the list back to page 1. */
export function setFilters(patch: Partial<UserFilters>): void {
  const next = { ...$filters.get(), ...patch };
  if (!('page' in patch)) next.page = 1;
  $filters.set(next);
}

export function resetFilters(): void {
  $filters.set({ ...DEFAULT_FILTERS });
}

export const $hasFilters = computed($filters, (f) => Boolean(f.q.trim() || f.status || f.company));

export const $pageCount = computed($allUsers, ({ data }) =>
  data ? Math.max(1, Math.ceil(data.total / (data.page_size || USERS_PAGE_SIZE))) : 1,
);

// Per-user rules -------------------------------------------------------------------------------

/** Which actions the screen offers for a user (the server checks again). */
export function allowedActions(user: User, selfId: number | null) {
  const self = user.id === selfId;
  const approved = isApprovedUser(user);
  return {
    approve: user.status === 'pending' || user.status === 'rejected',
    reject: user.status === 'pending' || user.status === 'approved',
    ban: !self && user.status !== 'banned',
    unban: user.status === 'banned',
    // promote and demote only approved users (active account, status active or approved); never demote oneself
    promote: approved && !user.is_superuser,
    demote: approved && user.is_superuser && !self,
    delete: !self,
    company: true,
  };
}

// Actions ----------------------------------------------------------------------------------------

/** `user` is the changed user as the server answers it ({success, user}), when it does. */
export type ActionResult =
  | { ok: true; message: string; user?: User }
  | { ok: false; message: string; user?: undefined };

/** The name the screen calls a user by: full name, else e-mail. */
export function userLabel(user: Pick<User, 'full_name' | 'email'>): string {
  return user.full_name?.trim() || user.email;
}

async function run(
  call: () => Promise<unknown>,
  done: string,
  failKey: MessageKey,
  withDetail: boolean,
): Promise<ActionResult> {
  try {
    const answer = await call();
    const user = (answer as { user?: User } | null)?.user;
    return { ok: true, message: done, user: user && typeof user.id === 'number' ? user : undefined };
  } catch (err) {
    const detail = errorText(err);
    // The spec's alert texts stand alone; the server's reason (e.g. last admin) follows them.
    const message = withDetail && detail ? `${t(failKey)}: ${detail}` : t(failKey);
    return { ok: false, message };
  } finally {
    refreshAll();
  }
}

export function approveUser(user: User): Promise<ActionResult> {
  return run(
    () => api.approveUser(user.id),
    t('usersScreen.done.approve', { name: userLabel(user) }),
    'usersScreen.fail.approve',
    true,
  );
}

export function rejectUser(user: User, reason: string): Promise<ActionResult> {
  const trimmed = reason.trim();
  return run(
    () => api.rejectUser(user.id, trimmed),
    t('usersScreen.done.reject', { name: userLabel(user) }),
    'usersScreen.fail.reject',
    true,
  );
}

export function banUser(user: User): Promise<ActionResult> {
  return run(
    () => api.banUser(user.id),
    t('usersScreen.done.ban', { name: userLabel(user) }),
    'usersScreen.fail.ban',
    true,
  );
}

export function unbanUser(user: User): Promise<ActionResult> {
  return run(
    () => api.unbanUser(user.id),
    t('usersScreen.done.unban', { name: userLabel(user) }),
    'usersScreen.fail.unban',
    true,
  );
}

export function promoteUser(user: User): Promise<ActionResult> {
  return run(
    () => api.makeAdmin(user.id),
    t('usersScreen.done.promote', { name: userLabel(user) }),
    'error.makeAdmin',
    true,
  );
}

export function demoteUser(user: User): Promise<ActionResult> {
  return run(
    () => api.removeAdmin(user.id),
    t('usersScreen.done.demote', { name: userLabel(user) }),
    'error.removeAdmin',
    true,
  );
}

/** Deletion only when the typed text is the user's full name or e-mail exactly. */
export function deleteConfirmationMatches(user: Pick<User, 'full_name' | 'email'>, typed: string): boolean {
  const value = typed.trim();
  if (!value) return false;
  return value === user.email || (user.full_name !== null && value === user.full_name.trim());
}

export async function deleteUser(user: User, typed: string): Promise<ActionResult> {
  if (!deleteConfirmationMatches(user, typed)) {
    return { ok: false, message: t('users.deleteMismatch') };
  }
  return run(
    () => api.deleteUser(user.id),
    t('usersScreen.done.delete', { name: userLabel(user) }),
    'error.deleteUser',
    true,
  );
}

/** The account moves to `company` as a member with `role` (Editor unless said otherwise). */
export function changeCompany(
  user: User,
  company: string,
  role: CompanyRole = DEFAULT_ROLE,
  fans = false,
): Promise<ActionResult> {
  const name = company.trim();
  return run(
    () => api.changeUserCompany(user.id, name, { role, fans_access: fansAccessFor(role, fans) }),
    t('usersScreen.done.company', { name: userLabel(user), company: name }),
    'error.companyUserUpdate',
    true,
  );
}

/** An administrator accepts an account's request to join its company with a role. */
export function acceptMember(user: User, role: CompanyRole, fans: boolean): Promise<ActionResult> {
  return run(
    () => teamApi.acceptRequest(user.id, { role, fans_access: fansAccessFor(role, fans) }),
    t('teamScreen.accepted', { name: userLabel(user), role: roleName(role) }),
    'usersScreen.fail.approve',
    true,
  );
}

/** An administrator refuses an account's request to join its company. */
export function refuseMember(user: User): Promise<ActionResult> {
  return run(
    () => teamApi.refuseRequest(user.id),
    t('teamScreen.refused', { name: userLabel(user) }),
    'usersScreen.fail.reject',
    true,
  );
}

/** A user's history, newest first. */
export async function loadHistory(user: Pick<User, 'id'>): Promise<HistoryEntry[]> {
  const history = await api.userHistory(user.id);
  return [...history].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}
