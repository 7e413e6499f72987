// The activity log of the 'Team' screen (docs/behaviour.md#activity-log): newest first, filtered
// by member and by page (an administrator also by company), a page at a time with 'Carica altri'.
import { atom, map } from 'nanostores';
import { errorText } from '../../lib/api';
import { getActivity, type ActivityEntry } from '../../lib/team-client';
import { type ActivityFilters, EMPTY_ACTIVITY_FILTERS, activityQuery, appendEntries } from './rules';

export type { ActivityEntry };

export interface ActivityState {
  entries: ActivityEntry[];
  nextBefore: number | null;
  loading: boolean;
  /** true once the first page for the current filters arrived */
  loaded: boolean;
  error: string | null;
}

export const $activityFilters = map<ActivityFilters>({ ...EMPTY_ACTIVITY_FILTERS });
export const $activity = atom<ActivityState>({
  entries: [],
  nextBefore: null,
  loading: false,
  loaded: false,
  error: null,
});

// a newer load (another filter) wins over an older one still in flight
let generation = 0;

async function load(before: number | null): Promise<void> {
  const mine = ++generation;
  const current = $activity.get();
  $activity.set({ ...current, loading: true, error: null });
  try {
    const answer = await getActivity(activityQuery($activityFilters.get(), before));
    if (mine !== generation) return;
    const entries = before === null ? answer.entries : appendEntries($activity.get().entries, answer.entries);
    $activity.set({ entries, nextBefore: answer.next_before, loading: false, loaded: true, error: null });
  } catch (err) {
    if (mine !== generation) return;
    $activity.set({ ...$activity.get(), loading: false, error: errorText(err) });
  }
}

/** The first page for the current filters. */
export function reloadActivity(): Promise<void> {
  return load(null);
}

/** 'Carica altri': the entries older than the last shown. */
export function loadMoreActivity(): Promise<void> {
  const { nextBefore } = $activity.get();
  return nextBefore === null ? Promise.resolve() : load(nextBefore);
}

export function setActivityFilter(patch: Partial<ActivityFilters>): Promise<void> {
  $activityFilters.set({ ...$activityFilters.get(), ...patch });
  return reloadActivity();
}
