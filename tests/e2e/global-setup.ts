// Builds the site (unless the test script just did), prepares a throw-away local D1/R2 under a
// temp dir, seeds the admin, serves everything with `wrangler dev` on a free port, and shares the
// one Chromium of the run (chromium-server.ts). Each e2e project runs this once: its files share
// its server (docs/operations.md#tests).
import { mkdtempSync, rmSync } from 'node:fs';
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

export default async function setup(project: TestProject) {
  const chromium = shareChromium();
  const persistTo = mkdtempSync(join(tmpdir(), 'palco-e2e-'));
  // npm test builds dist/ first; a lone `vitest --project e2e` builds a private copy so
  // several runs at once never share a half-written dist/.
  let assets: string | undefined;
  if (!process.env.E2E_NO_BUILD) {
    assets = join(persistTo, 'dist');
    build(true, assets);
  }
  applyMigrations(persistTo);
  const admin = ensureAdmin({
    persistTo,
    email: 'admin@palco.test',
    password: 'AdminPalco1',
    sql: localSql(persistTo),
  });
  const port = await freePort();
  // A secret of the run's own: a fresh clone has no .dev.vars, and tests never read the developer's.
  // The console mailer, as `npm start` sets it: the tests read links from the dev mailbox.
  const jwtSecret = randomBytes(48).toString('base64url');
  const server = await startWrangler({
    port,
    persistTo,
    assets,
    vars: { APP_URL: `http://127.0.0.1:${port}`, JWT_SECRET: jwtSecret, MAILER: 'console', PASSWORD_COST: 'test' },
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
