// Builds the site (unless the test script just did), copies a migrated local D1 into a throw-away
// state dir, seeds the admin, serves everything with `wrangler dev` on a free port, and shares the
// one Chromium of the run (chromium-server.ts). Each e2e project runs this once: its files share
// its server (docs/operations.md#tests).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { applyMigrations, build, ensureAdmin, startWrangler } from '../../scripts/lib/stack.mjs';
import { localSql } from '../../scripts/lib/local-d1.mjs';
import { shareChromium } from './chromium-server';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    admin: { email: string; password: string };
    /** the local D1/R2 state dir of the server, for tests that seed by SQL */
    persistTo: string;
    /** the server's JWT_SECRET, for tests that sign what only e-mails not sent yet would carry */
    jwtSecret: string;
    /** the WebSocket endpoint of the run's one Chromium (chromium-server.ts) */
    chromium: string;
  }
}

// What the run's e2e projects share, made by the first that asks (vitest runs their global
// setups one after another in one process): a built site, a migrated database to copy.
const ONCE = Symbol.for('palco.e2e.once');
const made = globalThis as unknown as Record<symbol, Map<string, string> | undefined>;
function once(key: string, make: (dir: string) => void): string {
  made[ONCE] ??= new Map();
  const done = made[ONCE];
  let dir = done.get(key);
  if (dir === undefined) {
    const fresh = mkdtempSync(join(tmpdir(), `palco-e2e-${key}-`));
    process.once('exit', () => rmSync(fresh, { recursive: true, force: true }));
    make(fresh);
    dir = fresh;
    done.set(key, dir);
  }
  return dir;
}

export default async function setup(project: TestProject) {
  const chromium = shareChromium();
  const persistTo = mkdtempSync(join(tmpdir(), 'palco-e2e-'));
  // npm test builds dist/ first; a lone `vitest --project e2e` builds a private copy so
  // several runs at once never share a half-written dist/.
  const assets = process.env.E2E_NO_BUILD ? undefined : once('dist', (dir) => build(true, dir));
  // Each project's server gets its own copy of one migrated local D1: npm test migrates it
  // beside the build (E2E_D1_TEMPLATE), a lone vitest run here, once. A `wrangler d1 migrations
  // apply` costs a Node and a workerd start (15-20 s of a busy machine), which the run's first
  // test waited for, once per project (docs/operations.md#tests).
  cpSync(process.env.E2E_D1_TEMPLATE ?? once('d1', (dir) => applyMigrations(dir)), persistTo, { recursive: true });
  const admin = ensureAdmin({
    persistTo,
    email: 'admin@palco.test',
    password: 'AdminPalco1',
    sql: localSql(persistTo),
    // the server's PASSWORD_COST 'test' (worker/services/passwords.ts TEST_SCRYPT_PARAMS)
    cost: [1024, 8, 1],
  });
  const port = await freePort();
  // A secret of the run's own: a fresh clone has no .dev.vars, and tests never read the developer's.
  // The console mailer, as `npm start` sets it: the tests read links from the dev mailbox.
  const jwtSecret = randomBytes(48).toString('base64url');
  const server = await startWrangler({
    port,
    persistTo,
    assets,
    vars: {
      APP_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET: jwtSecret,
      MAILER: 'console',
      PASSWORD_COST: 'test',
      // no photo sizes: the Worker tests check them (tests/worker/image-sizes.test.ts); here each
      // upload of a wide test photo cost seconds of sharp's AVIF encoding beside the running
      // tests (docs/operations.md#tests)
      IMAGE_SIZES: 'off',
    },
  });
  project.provide('baseURL', server.base);
  project.provide('admin', admin);
  project.provide('persistTo', persistTo);
  project.provide('jwtSecret', jwtSecret);
  const browser = await chromium;
  project.provide('chromium', browser.endpoint);
  return async () => {
    server.stop();
    await browser.release();
    rmSync(persistTo, { recursive: true, force: true });
  };
}
