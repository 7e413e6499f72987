// npm test: the linter (Biome: format and lint; knip: dead code), type checks, the site build, the
// Worker bundle (wrangler deploy --dry-run), then every vitest project: unit (node), worker
// (workerd with real D1 + R2), e2e (Chromium). Two lanes run side by side (docs/operations.md#tests):
// the build and then the tests, which stream their output; and the checks, one after another, whose
// output is printed when each ends. Every stage runs even when an earlier one fails; the run fails
// when any did, and ends with the time of each stage and 'N passed, N failed'.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { ensureChromium } from './ensure-chromium.mjs';
import { QUIET_ENV, ROOT } from './lib/stack.mjs';

const env = { ...process.env, ...QUIET_ENV, E2E_NO_BUILD: '1' };
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const report = join(ROOT, '.wrangler', 'vitest-report.json');
const started = performance.now();
/** @type {{ title: string, seconds: number, ok: boolean }[]} */
const stages = [];

/**
 * Runs one stage; `stream` shows its output as it comes, otherwise it is printed at the end.
 * A `background` stage runs at a lower CPU priority: the checks take the time the tests leave
 * (a browser test waiting on the server, the queue or a timer) instead of slowing them.
 */
function stage(title, cmd, args, { stream = false, background = false } = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    if (stream) console.log(`\n▶ ${title}`);
    const child = spawn(bin(cmd), args, { cwd: ROOT, env, stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (background && child.pid !== undefined) {
      try {
        setPriority(child.pid, BACKGROUND_NICE);
      } catch {
        /* not allowed here: it runs at the normal priority */
      }
    }
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const ok = code === 0;
      stages.push({ title, seconds: (performance.now() - t0) / 1000, ok });
      if (!stream) console.log(`\n▶ ${title}: ${ok ? 'ok' : `FAILED (exit ${code})`}\n${output.trimEnd()}`);
      resolve(ok);
    });
  });
}

/** The checks' niceness: a tenth of a test process's share of a busy core, all of an idle one. */
const BACKGROUND_NICE = 10;

// the browser the e2e tests launch (tests/e2e/chromium-server.ts reads it)
env.CHROMIUM_PATH = ensureChromium();
rmSync(report, { force: true });
// The browser tests' servers each start from a copy of this migrated local D1
// (tests/e2e/global-setup.ts), migrated beside the build rather than before the first test.
const d1Template = mkdtempSync(join(tmpdir(), 'palco-e2e-d1-'));
env.E2E_D1_TEMPLATE = d1Template;
const built = stage('Building the site', 'astro', ['build']);
const migrated = stage('Local D1 for the browser tests (migrations)', 'wrangler', [
  'd1',
  'migrations',
  'apply',
  'DB',
  '--local',
  '--persist-to',
  d1Template,
]);
// the browser tests serve dist/ and copy the migrated D1: without them there is nothing to test
const tests = Promise.all([built, migrated]).then(
  ([builtOk, migratedOk]) =>
    builtOk &&
    migratedOk &&
    stage(
      'Tests: unit, worker (workerd), e2e (Chromium)',
      'vitest',
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
      { stream: true },
    ),
);
const BACKGROUND = { background: true };
const checks = (async () => {
  const results = [
    await stage('Lint: format and rules (Biome)', 'biome', ['ci', '--colors=off', '.'], BACKGROUND),
    await stage('Lint: unused files, exports and dependencies (knip)', 'knip', ['--no-progress'], BACKGROUND),
    await stage('Type checks (Worker)', 'tsc', ['-p', 'tsconfig.worker.json', '--noEmit'], BACKGROUND),
  ];
  // astro check and the bundle read what the build writes (.astro/, dist/)
  await built;
  results.push(
    await stage('Type checks (site)', 'astro', ['check', '--minimumSeverity', 'warning'], BACKGROUND),
    await stage(
      'Worker bundle (wrangler deploy --dry-run)',
      'wrangler',
      ['deploy', '--dry-run', '--outdir', '.wrangler/bundle'],
      BACKGROUND,
    ),
  );
  return results.every(Boolean);
})();

const ok = (await built) & (await migrated) & (await checks) & (await tests);
rmSync(d1Template, { recursive: true, force: true });
console.log('\nStage times:');
for (const s of stages) console.log(`  ${s.ok ? ' ' : '✗'} ${s.seconds.toFixed(0).padStart(5)} s  ${s.title}`);
layerTimes();
console.log(`  ${((performance.now() - started) / 1000).toFixed(0).padStart(7)} s  in all`);
summary();
if (!ok) process.exitCode = 1;

/** Each vitest layer's span (first file's start to last file's end) and its files' summed time. */
function layerTimes() {
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const layers = new Map();
    for (const file of r.testResults) {
      const layer = /\/tests\/([^/]+)\//.exec(file.name)?.[1] ?? 'other';
      const l = layers.get(layer) ?? { start: Infinity, end: 0, sum: 0, files: 0 };
      l.start = Math.min(l.start, file.startTime);
      l.end = Math.max(l.end, file.endTime);
      l.sum += file.endTime - file.startTime;
      l.files += 1;
      layers.set(layer, l);
    }
    for (const [name, l] of layers) {
      const span = ((l.end - l.start) / 1000).toFixed(0).padStart(7);
      console.log(`${span} s    ${name}: ${l.files} files, ${(l.sum / 1000).toFixed(0)} s of file time`);
    }
  } catch {
    /* vitest did not get far enough to write its report */
  }
}

/** One plain closing line any CI can read: 'N passed, N failed'. */
function summary() {
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`);
  } catch {
    /* vitest did not get far enough to write its report */
  }
}
