import { defineConfig } from 'vitest/config';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('migrations');
  return {
    test: {
      // vitest's default is one file at a time on a 2-core machine (cores - 1): the Worker tests
      // then take as long as the browser tests. Two at a time halves their part of `npm test`;
      // the browser tests stay one file at a time (their project's fileParallelism).
      maxWorkers: 2,
      projects: [
        {
          test: {
            name: 'unit',
            environment: 'node',
            include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
          },
        },
        {
          plugins: [
            cloudflareTest({
              wrangler: { configPath: './wrangler.toml' },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
                  APP_URL: 'http://localhost:8787',
                  // as `npm start` sets it in .dev.vars; tests of the default mailer override it
                  MAILER: 'console',
                },
              },
            }),
          ],
          test: {
            name: 'worker',
            include: ['tests/worker/**/*.test.ts'],
            setupFiles: ['tests/worker/apply-migrations.ts'],
            testTimeout: 30_000,
          },
        },
        {
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
