import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during the build-time render and the hydration pass, true afterwards. Islands that
 * read the session (which another island may already have filled from localStorage) render
 * their logged-out / loading markup until then, so hydration always matches the static HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
