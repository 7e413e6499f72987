import { stat } from 'node:fs/promises';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';

/**
 * Worker test files that touch only the users, pages and rows they make themselves (unique
 * e-mails and slugs, no client address shared with another file) and assert nothing about any
 * other row: they run with `isolate: false`, one after another in a workerd process
 * that keeps its D1, R2 and modules, so they skip a workerd start, a module load and a migration
 * run per file (docs/operations.md#tests). Every other file, and any new one until it is listed
 * here, gets a fresh workerd and database of its own: the admin lists and counts (users, pages,
 * views, fans, companies), the last admin, the cron jobs that take every due row (the republish,
 * the fan and sale alerts' dispatch), the maintenance and the migrations' backfills that clean or
 * rewrite every row, the count consumer's broken table and the network limit of a request with
 * no address, which every file would share.
 */
const SHARED_DATABASE = [
  'admin-actions',
  'admin-matrix',
  'auth-flows',
  'auth-login',
  'auth-register',
  'auth-robustness',
  'auth-session',
  'body-limits',
  'button-image-delete',
  'button-sale',
  'counting',
  'counting-signups',
  'dev-mailbox',
  'embed',
  'fan-alerts-delivery',
  'fan-alerts-webhook',
  'fans-confirm-mail',
  'fans-links',
  'fans-links-privacy',
  'fans-owner',
  'fans-signup',
  'fans-signup-abuse',
  'fans-signup-after',
  'fans-signup-refusals',
  'header-poster',
  'header-poster-upload',
  'header-size',
  'hostile',
  'hostile-content',
  'hot-pages',
  'html',
  'ics',
  'junk-requests',
  'login-throttling',
  'mail-safety',
  'openapi',
  'openapi-document',
  'page-leaks',
  'pages',
  'pages-access',
  'pages-validation',
  'password-cost',
  'passwords',
  'past-dates',
  'plain-text',
  'presale-codes',
  'presale-export',
  'presale-page-leaks',
  'proxy',
  'proxy-remote',
  'public',
  'publish',
  'publishing-window',
  'redirects',
  'roles-matrix',
  'roles-matrix-team',
  'sale-fields',
  'security-headers',
  'stats-api',
  'team-activity',
  'team-invitations',
  'team-members',
  'ticket-extract',
  'ticket-import',
  'ticket-import-refusals',
  'ticket-sources',
  'tour-feeds',
  'tracking',
  'uploads',
  'uploads-buttons',
  'uploads-parsers',
  'versions-files',
  'versions-preview',
  'versions-restore',
  'versions-save',
].map((name) => `tests/worker/${name}.test.ts`);

const E2E_ADMIN = 'tests/e2e/admin.test.ts';

/**
 * The unit files share a Node process per worker (no fork and no fresh import per file), except
 * this one: a store listener another file leaves mounted would start a poster capture in it.
 */
const UNIT_ISOLATED = ['tests/unit/header-poster.test.ts'];

/**
 * The order files start in (docs/operations.md#tests): the whole-database screens' file (the
 * longest, on a server of its own) first; beside it the files that isolate (unit-isolated,
 * worker-isolated), then the unit and Worker files that share a process; then the browser
 * files. Each group largest first, so the run ends on short browser files on both cores. A
 * worker process of a non-isolated project (`unit`, `worker`, `e2e`) is reused only while the
 * next file in the queue is of the same project: files of different projects dealt in turns
 * would start a workerd or a Node process for nearly every file (measured: 566 s of tests
 * instead of 513 s).
 */
const GROUP: Record<string, number> = {
  'e2e-admin': 0,
  'unit-isolated': 1,
  'worker-isolated': 1,
  unit: 2,
  worker: 3,
  e2e: 4,
};

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed);
    const bytes = new Map<TestSpecification, number>();
    await Promise.all(files.map(async (file) => bytes.set(file, (await stat(file.moduleId)).size)));
    const group = (file: TestSpecification) => GROUP[file.project.name] ?? 1;
    return [...files].sort((a, b) => group(a) - group(b) || bytes.get(b)! - bytes.get(a)!);
  }
}

/**
 * `--sequence.shuffle` (which vitest applies only to the tests inside a file once a sequencer is
 * set): the files too, in an order the printed seed repeats, so a run shows whether a file of
 * SHARED_DATABASE depends on what another one left (docs/operations.md#tests).
 */
function shuffled(files: TestSpecification[], seed: number): TestSpecification[] {
  const out = [...files].sort(
    (a, b) => a.moduleId.localeCompare(b.moduleId) || a.project.name.localeCompare(b.project.name),
  );
  let state = seed >>> 0;
  // mulberry32: a small seeded generator, enough to deal a deck of files
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations');
  // the Worker under test, as both Worker projects run it
  const workerTests = () =>
    cloudflareTest({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: migrations,
          JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
          APP_URL: 'http://localhost:8787',
          // as `npm start` sets it in .dev.vars; tests of the default mailer override it
          MAILER: 'console',
          // cheap password hashes, honoured only with the console mailer on loopback
          // (docs/operations.md#tests); tests of the production cost turn it off
          PASSWORD_COST: 'test',
        },
        // the queues of wrangler.toml without their batch timeout: a message reaches its consumer
        // at once (a batch still gathers what arrives while the previous one runs), so a test
        // waits for the row it expects, not for a timer (docs/operations.md#tests)
        queueConsumers: {
          'palco-counts': {
            maxBatchSize: 100,
            maxBatchTimeout: 0,
            maxRetries: 20,
            deadLetterQueue: 'palco-counts-dead',
          },
          'palco-fans': { maxBatchSize: 5, maxBatchTimeout: 0, maxRetries: 10, deadLetterQueue: 'palco-fans-dead' },
        },
      },
    });
  // The browser tests: one Chromium and one `wrangler dev` per project (global-setup.ts), their
  // files in parallel, each with its own browser contexts, users and pages. E2E_ADMIN gathers the
  // screens that show whole-database figures; its project has a server of its own.
  const e2eTest = {
    environment: 'node',
    globalSetup: ['tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits 1 s by default: a screen that fetches its figures can take longer while
    // both cores run the suite (the Fan view's totals missed it once in a full run)
    expect: { poll: { timeout: 10_000 } },
  } as const;
  const workerTest = { setupFiles: ['tests/worker/apply-migrations.ts'], testTimeout: 30_000 };
  return {
    test: {
      // vitest's default is one file at a time on a 2-core machine (cores - 1). Two at a time keep
      // both cores busy; three were no faster (the run is CPU-bound) and made the browser tests'
      // timing flakier (docs/operations.md#tests).
      maxWorkers: 2,
      sequence: { sequencer: LongestFirst },
      projects: [
        {
          test: {
            name: 'unit',
            environment: 'node',
            include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
            exclude: UNIT_ISOLATED,
            isolate: false,
          },
        },
        { test: { name: 'unit-isolated', environment: 'node', include: UNIT_ISOLATED } },
        {
          plugins: [workerTests()],
          test: { ...workerTest, name: 'worker', include: SHARED_DATABASE, isolate: false },
        },
        {
          plugins: [workerTests()],
          test: {
            ...workerTest,
            name: 'worker-isolated',
            include: ['tests/worker/**/*.test.ts'],
            exclude: SHARED_DATABASE,
          },
        },
        {
          // one after another in a worker's process, as the Worker tests of SHARED_DATABASE: no
          // process start and no new import of playwright-core per file. Their helpers' module
          // state is what every file may share (the connection to the run's Chromium, the
          // admin's session, the unique-name counter); each file opens and closes its own contexts.
          test: { ...e2eTest, name: 'e2e', include: ['tests/e2e/**/*.test.ts'], exclude: [E2E_ADMIN], isolate: false },
        },
        { test: { ...e2eTest, name: 'e2e-admin', include: [E2E_ADMIN] } },
      ],
    },
  };
});
