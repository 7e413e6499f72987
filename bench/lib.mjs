// Shared by the bench scripts: a private `wrangler dev` on loopback (own build, own D1/R2 state,
// own admin), or an already running one given by BENCH_URL + BENCH_EMAIL + BENCH_PASSWORD.
// BENCH_DIST=dir skips the site build and serves that directory's files. `sql` reads the
// server's local D1: the private one's, or for BENCH_URL the state in BENCH_STATE (else the
// default .wrangler/state of `npm start`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { applyMigrations, build, ensureAdmin, executeSql, startWrangler } from '../scripts/lib/stack.mjs';
import { API_PREFIX } from '../src/core/api-paths.ts';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** The rows a query answers from a local D1 (wrangler d1 execute --local). */
function sqlOn(persistTo) {
  return (query) => executeSql(query, persistTo)[0]?.results ?? [];
}

/**
 * `state` is the private server's local D1/R2 directory (for `wrangler d1 execute --persist-to`),
 * `sql` a query on it, and `output` what its console printed so far; `state` and `output` are
 * absent for a BENCH_URL server.
 * @param {{ logLevel?: string }} [opts] wrangler's log level ('info' keeps the Worker's console.log in `output`)
 * @returns {Promise<{ base: string, token: string, sql: (query: string) => any[], stop: () => Promise<void>, state?: string, output?: () => string }>}
 */
export async function startServer({ logLevel } = {}) {
  if (process.env.BENCH_URL) {
    const base = process.env.BENCH_URL.replace(/\/$/, '');
    const token = await login(base, process.env.BENCH_EMAIL, process.env.BENCH_PASSWORD);
    return { base, token, sql: sqlOn(process.env.BENCH_STATE), stop: async () => {} };
  }
  const dir = mkdtempSync(join(tmpdir(), 'palco-bench-'));
  // BENCH_DIST reuses a site already built (the Worker itself is always bundled from source)
  const dist = process.env.BENCH_DIST ?? join(dir, 'dist');
  const state = join(dir, 'state');
  process.stdout.write(`… ${process.env.BENCH_DIST ? '' : 'building the site and '}starting a private wrangler dev\n`);
  if (!process.env.BENCH_DIST) build(true, dist);
  applyMigrations(state);
  const admin = ensureAdmin({ persistTo: state, email: 'bench@palco.test', password: 'BenchPalco1' });
  const port = await freePort();
  // a secret of the run's own: a fresh clone has no .dev.vars (as in the e2e global setup)
  const server = await startWrangler({
    port,
    persistTo: state,
    assets: dist,
    vars: { JWT_SECRET: randomBytes(48).toString('base64url'), MAILER: 'console' },
    logLevel,
  });
  const token = await login(server.base, admin.email, admin.password);
  return {
    base: server.base,
    token,
    sql: sqlOn(state),
    state,
    output: server.output,
    stop: async () => {
      server.stop();
      await new Promise((r) => setTimeout(r, 500));
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

export async function login(base, email, password) {
  const res = await fetch(`${base}/auth/jwt/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()).access_token;
}

export async function api(base, token, path, { method = 'GET', json } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  const body = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * Polls the page's stats of today every 250 ms until they hold `views` views and `clicks` clicks
 * (the queue has written them to D1), or `limitMs` has passed; answers the last stats and the
 * seconds that took.
 */
export async function countedStats(server, slug, { views, clicks, limitMs }) {
  const answered = performance.now();
  let stats;
  do {
    await new Promise((r) => setTimeout(r, 250));
    stats = await api(server.base, server.token, `${API_PREFIX.pages}/${slug}/stats?days=1`);
  } while ((stats.totals.views < views || stats.totals.clicks < clicks) && performance.now() - answered < limitMs);
  return { stats, flushed: (performance.now() - answered) / 1000 };
}

const CITIES = [
  ['Milano', 'Alcatraz'],
  ['Bologna', 'Estragon'],
  ['Roma', 'Atlantico'],
  ['Napoli', 'Casa della Musica'],
  ['Torino', 'Hiroshima Mon Amour'],
  ['Firenze', 'Tuscany Hall'],
  ['Padova', 'Hall'],
  ['Bari', 'Demodè Club'],
  ['Palermo', 'Teatro Golden'],
  ['Perugia', 'Afterlife Live Club'],
];

/** A realistic 10-event text page (two CTAs on every other date, one sold out). */
export function tenEventPage(slug) {
  return {
    folder_name: slug,
    title: `Bench ${slug}`,
    display_title: 'Le Vibrazioni Notturne — Tour 2099',
    mode: 'text',
    style: 'custom',
    custom_styles: {
      city: { fontFamily: 'Oswald', fontWeight: 700 },
      background: { color: '#0B0A1F' },
      data: { color: '#FFFFFF' },
    },
    header: '/demo/tour2099.svg',
    buttons: CITIES.map(([city, venue], i) => ({
      type: 'text',
      text: `${String(i + 1).padStart(2, '0')} aprile 2099 - ${city} - ${venue}|biglietti`,
      cta_buttons: [
        {
          url: `https://www.ticketone.it/event/vibrazioni-${i}/?utm_source=palco&utm_medium=landing&utm_campaign=${slug}`,
          buttonText: i === 3 ? 'soldout' : 'biglietti',
        },
        ...(i % 2 === 0
          ? [{ url: `https://www.vivaticket.com/it/ticket/vibrazioni-${i}`, buttonText: 'pacchetti vip' }]
          : []),
      ],
    })),
  };
}

export function uniqueSlug(prefix) {
  return `${prefix}${Date.now().toString(36)}`;
}

/** Runs `task` `total` times (or for `ms` milliseconds) with `concurrency` in flight. */
export async function loop({ concurrency, total = Infinity, ms = Infinity, task }) {
  let started = 0;
  let ok = 0;
  let failed = 0;
  const reasons = new Map();
  const t0 = performance.now();
  const deadline = t0 + ms;
  async function worker() {
    while (started < total && performance.now() < deadline) {
      started++;
      try {
        const r = await task();
        if (r === true) ok++;
        else {
          failed++;
          reasons.set(String(r), (reasons.get(String(r)) ?? 0) + 1);
        }
      } catch (err) {
        failed++;
        const why = err?.cause?.code ?? err?.message ?? String(err);
        reasons.set(why, (reasons.get(why) ?? 0) + 1);
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - t0) / 1000;
  return { ok, failed, seconds, perSecond: ok / seconds, reasons: Object.fromEntries(reasons) };
}

export function kb(bytes) {
  return `${(bytes / 1024).toFixed(2)} KB`;
}

/** Debian's Chromium, headless, with the flags this machine's closed network needs (docs/operations.md#tests). */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A phone's User-Agent: headless Chromium's own is a bot to the counter. */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
