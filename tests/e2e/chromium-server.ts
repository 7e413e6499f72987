// One Chromium for the whole end-to-end run (docs/operations.md#tests): the global setup of each
// e2e project asks for it, the first launches it, and it closes when the last project is done.
// Each test file then opens its own browser contexts on it (tests/e2e/browser.ts): a context is a
// fresh profile (cookies, storage, cache) at the cost of milliseconds instead of a process start.
import { chromium, type BrowserServer } from 'playwright-core';
import { chromiumPath } from '../../scripts/ensure-chromium.mjs';

interface Shared {
  server: Promise<BrowserServer>;
  users: number;
}

// on globalThis: vitest may load this module once per project that imports it
const KEY = Symbol.for('palco.e2e.chromium');
const store = globalThis as unknown as Record<symbol, Shared | undefined>;

/** The shared Chromium's WebSocket endpoint, and a release to call when the project is done. */
export async function shareChromium(): Promise<{ endpoint: string; release: () => Promise<void> }> {
  let shared = store[KEY];
  if (!shared) {
    shared = {
      server: chromium.launchServer({
        executablePath: chromiumPath(),
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      }),
      users: 0,
    };
    store[KEY] = shared;
  }
  shared.users += 1;
  const server = await shared.server;
  const mine = shared;
  return {
    endpoint: server.wsEndpoint(),
    release: async () => {
      mine.users -= 1;
      if (mine.users > 0) return;
      store[KEY] = undefined;
      await server.close();
    },
  };
}
