// npm test: the linter (Biome: format and lint; knip: dead code), type checks, the site build, the Worker bundle (wrangler deploy --dry-run), then
// every vitest project: unit (node), worker (workerd with real D1 + R2), e2e (Chromium).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { QUIET_ENV, ROOT } from './lib/stack.mjs';

const env = { ...process.env, ...QUIET_ENV, E2E_NO_BUILD: '1' };
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
function step(title, cmd, args) {
  console.log(`\n▶ ${title}`);
  execFileSync(bin(cmd), args, { cwd: ROOT, env, stdio: 'inherit' });
}

try {
  step('Lint: format and rules (Biome)', 'biome', ['ci', '--colors=off', '.']);
  step('Lint: unused files, exports and dependencies (knip)', 'knip', ['--no-progress']);
  ensureChromium();
  step('Building the site', 'astro', ['build']);
  step('Type checks (Worker)', 'tsc', ['-p', 'tsconfig.worker.json', '--noEmit']);
  step('Type checks (site)', 'astro', ['check', '--minimumSeverity', 'warning']);
  step('Worker bundle (wrangler deploy --dry-run)', 'wrangler', [
    'deploy',
    '--dry-run',
    '--outdir',
    '.wrangler/bundle',
  ]);
  const report = join(ROOT, '.wrangler', 'vitest-report.json');
  try {
    step('Tests: unit, worker (workerd), e2e (Chromium)', 'vitest', [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...process.argv.slice(2),
    ]);
  } finally {
    summary(report);
  }
} catch (err) {
  process.exitCode = typeof err?.status === 'number' ? err.status : 1;
}

/** One plain closing line any CI can read: 'N passed, N failed'. */
function summary(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  } catch {
    /* vitest did not get far enough to write its report */
  }
}
