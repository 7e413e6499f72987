// The navbar's red badge: how many registrations wait for an admin. The Navbar
// polls every 30 s while an admin is logged in and the tab is visible (a hidden tab does not
// poll; back on it, the count refreshes at once if 30 s have passed). Screens that approve or
// reject users call refreshPendingCount() so the badge follows at once; a screen that fetches
// the pending list itself feeds the badge with setPendingCount(), and while its value is fresh
// the navbar does not fetch the same thing again.
import { atom } from 'nanostores';
import { PENDING_REFRESH_MS } from '../../core/constants';
import { listPendingUsers } from '../../lib/api-client';

export const $pendingCount = atom<number | null>(null);

/**
 * Another screen polling the pending list runs on the same 30 s period: its values count as
 * fresh for this much longer, so its next refresh lands before the navbar would fetch.
 */
export const PENDING_GRACE_MS = 5_000;

/** Start of this module's last fetch (0: none yet). */
let ownAttemptAt = 0;
/** When another screen last fed the count (0: never on this page). */
let fedAt = 0;
/** The running poll's re-arm, so a value fed from elsewhere postpones its next fetch. */
let rearm: (() => void) | null = null;

export async function refreshPendingCount(): Promise<void> {
  ownAttemptAt = Date.now();
  try {
    const answer = await listPendingUsers();
    // the list is paged: `total` counts them all
    $pendingCount.set(answer.total);
  } catch (err) {
    console.error(err);
  }
}

/** A count fetched by another screen (the users screen's pending list). */
export function setPendingCount(n: number): void {
  fedAt = Date.now();
  $pendingCount.set(n);
  rearm?.();
}

/** When the navbar's next fetch is due (ms since the epoch). */
export function pendingDueAt(): number {
  return Math.max(ownAttemptAt + PENDING_REFRESH_MS, fedAt ? fedAt + PENDING_REFRESH_MS + PENDING_GRACE_MS : 0);
}

type VisibilitySource = Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;

/**
 * The navbar's poll: fetches now unless a fresh value exists, then whenever the value is
 * 30 s old, only while `doc` is visible. Returns the stop function.
 */
export function startPendingPoll(
  doc: VisibilitySource = document,
  refresh: () => Promise<void> = refreshPendingCount,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (minWait = 0) => {
    clearTimeout(timer);
    timer = undefined;
    if (doc.visibilityState !== 'visible') return;
    const wait = Math.max(minWait, pendingDueAt() - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      ownAttemptAt = Date.now();
      void refresh().finally(() => {
        if (rearm === arm) arm();
      });
    }, wait);
  };
  // back on a page where another screen feeds the count, that screen refreshes first (it
  // pauses and resumes the same way): give it the grace before deciding to fetch
  const onVisibility = () => arm(fedAt ? PENDING_GRACE_MS : 0);
  rearm = arm;
  doc.addEventListener('visibilitychange', onVisibility);
  arm();
  return () => {
    clearTimeout(timer);
    if (rearm === arm) rearm = null;
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
