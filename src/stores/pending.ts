// The navbar's red badge: how many registrations wait for an admin (SPEC 2, 6). The Navbar
// polls every 30 s while an admin is logged in; screens that approve or reject users call
// refreshPendingCount() so the badge follows at once.
import { atom } from 'nanostores';
import { request } from '../lib/api';

export const $pendingCount = atom<number | null>(null);

export async function refreshPendingCount(): Promise<void> {
  try {
    const answer = await request<{ users?: unknown[]; total?: number }>('/api/admin/users/pending');
    // the list is paged: `total` counts them all
    const n = typeof answer?.total === 'number' ? answer.total : Array.isArray(answer?.users) ? answer.users.length : 0;
    $pendingCount.set(n);
  } catch (err) {
    console.error(err);
  }
}
