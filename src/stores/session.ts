// Session state shared by every island: the token lives in localStorage `auth_token`, the
// user is fetched from the API's current-user route and cached under `auth_user`.
import { atom, computed } from 'nanostores';
import { USER_DATA_KEY } from '../core/constants';
import type { User } from '../core/schemas/user';
import { clearStoredSession, getToken, setToken, setUnauthorizedHandler } from '../lib/api';
import { getMe, loginWithPassword, logoutSession } from '../lib/api-client';

export type SessionState = 'loading' | 'anonymous' | 'ready';

export const $user = atom<User | null>(null);
export const $sessionState = atom<SessionState>('loading');
export const $isAdmin = computed($user, (u) => Boolean(u?.is_superuser));

/** The JWT's subject (user id), read without verifying: only to match the cached user. */
function tokenSubject(token: string): string | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
  } catch {
    return null;
  }
}

/** The stored user, only when it belongs to the stored token (never another account's name). */
function readCachedUser(token: string): User | null {
  try {
    const raw = localStorage.getItem(USER_DATA_KEY);
    const user = raw ? (JSON.parse(raw) as User) : null;
    return user && String(user.id) === tokenSubject(token) ? user : null;
  } catch {
    return null;
  }
}

export function setUser(user: User | null): void {
  $user.set(user);
  $sessionState.set(user ? 'ready' : 'anonymous');
  try {
    if (user) localStorage.setItem(USER_DATA_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_DATA_KEY);
  } catch {
    /* storage unavailable */
  }
}

/** Clears token and user, without navigating. */
export function clearSession(): void {
  clearStoredSession();
  $user.set(null);
  $sessionState.set('anonymous');
}

setUnauthorizedHandler(() => {
  clearSession();
  if (location.pathname !== '/login') location.assign('/login');
});

let loading: Promise<User | null> | null = null;

/** Loads the current user once per page; a 401 logs out. */
export function loadSession(force = false): Promise<User | null> {
  if (loading && !force) return loading;
  const token = getToken();
  if (!token) {
    clearSession();
    return Promise.resolve(null);
  }
  const cached = readCachedUser(token);
  if (cached && !force) $user.set(cached);
  loading = getMe()
    .then((user) => {
      setUser(user);
      return user;
    })
    .catch((err: unknown) => {
      if ((err as { status?: number }).status === 401) {
        clearSession();
        return null;
      }
      // offline or server error: keep the cached user if there is one
      if (cached) {
        $sessionState.set('ready');
        return cached;
      }
      throw err;
    });
  return loading;
}

/**
 * The password login, then the current user. Stores the token and the user and returns the
 * user; the caller decides the routing (afterLoginPath) and may drop the session again (an
 * approved account whose e-mail is not verified yet keeps no session).
 */
export async function login(email: string, password: string): Promise<User> {
  const answer = await loginWithPassword(email.trim(), password);
  setToken(answer.access_token);
  const user = await getMe();
  setUser(user);
  loading = Promise.resolve(user);
  return user;
}

/** Logs out on the server (which revokes the tokens), then forgets the session whatever happened. */
export async function logout(): Promise<void> {
  try {
    if (getToken()) await logoutSession();
  } catch {
    /* offline or already expired: the local session goes anyway */
  } finally {
    clearSession();
    loading = null;
  }
}

/**
 * Where a user goes after logging in: pending → /pending; active →
 * /admin for superusers else /user; rejected or banned → the guard screen (/user);
 * 'unverified' for approved-but-unverified (the login form shows the error); else /login.
 */
export function afterLoginPath(user: User): string | 'unverified' {
  if (!user.is_active || user.status === 'banned' || user.status === 'rejected') return '/user';
  if (user.status === 'pending') return '/pending';
  if (user.status === 'approved' && !user.is_verified) return 'unverified';
  if (user.status === 'active' || user.status === 'approved') return user.is_superuser ? '/admin' : '/user';
  return '/login';
}

/** The home of the guarded area for this user ('Crea' link, home page panel link). */
export function areaPath(user: Pick<User, 'is_superuser'> | null): '/admin' | '/user' {
  return user?.is_superuser ? '/admin' : '/user';
}
