// Latency of the queries behind 'Gestione Utenti' on a large user base.
//   node_modules/.bin/node bench/users-screen.mjs --base http://127.0.0.1:8796 \
//     --email admin@palco.test --password AdminPalco1 [--seed 10000 --persist-to /tmp/state-x]
// --seed inserts that many users by SQL into the local D1 at --persist-to (the state dir the
// server was started with) and removes them again at the end.
import { parseArgs } from 'node:util';
import { executeSql } from '../scripts/lib/stack.mjs';
import { API_PREFIX } from '../src/core/api-paths.ts';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8787' },
    email: { type: 'string', default: process.env.ADMIN_EMAIL ?? 'admin@palco.local' },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD ?? '' },
    seed: { type: 'string' },
    'persist-to': { type: 'string' },
    runs: { type: 'string', default: '20' },
  },
});

const DOMAIN = 'bench.palco.test';
const seed = Number(args.seed ?? 0);
if (seed > 0) {
  executeSql(
    `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${seed})
     INSERT INTO users (email, hashed_password, full_name, company, status, is_active, is_verified)
     SELECT 'bench' || n || '@${DOMAIN}', 'bench-no-login', 'Bench ' || n || (CASE n % 4 WHEN 0 THEN ' Rossi' ELSE ' Bianchi' END),
       'Bench Agenzia ' || (n % 40), CASE n % 10 WHEN 0 THEN 'pending' WHEN 1 THEN 'banned' ELSE 'active' END,
       CASE n % 10 WHEN 1 THEN 0 ELSE 1 END, 1 FROM seq;`,
    args['persist-to'],
  );
}

const login = await fetch(`${args.base}/auth/jwt/login`, {
  method: 'POST',
  body: new URLSearchParams({ username: args.email, password: args.password }),
});
if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
const { access_token: token } = await login.json();

const QUERIES = {
  'first page': 'sort=created_at&order=desc&page=1&page_size=50',
  'search one': 'q=Bench%207777%20&page=1&page_size=50',
  'search many': 'q=rossi&page=1&page_size=50',
  'page 100': 'sort=created_at&order=desc&page=100&page_size=50',
  'status + company': 'status=banned&company=Bench%20Agenzia%2011&page=1&page_size=50',
  'sort by name': 'sort=full_name&order=asc&page=1&page_size=50',
  pending: null,
};

const runs = Number(args.runs);
try {
  for (const [name, query] of Object.entries(QUERIES)) {
    const path = query === null ? `${API_PREFIX.admin}/users/pending` : `${API_PREFIX.admin}/users/all?${query}`;
    const times = [];
    let total = 0;
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      const res = await fetch(args.base + path, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.json();
      times.push(performance.now() - start);
      total = body.total;
    }
    times.sort((a, b) => a - b);
    const p = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(`${name.padEnd(18)} total ${String(total).padStart(6)}  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms`);
  }
} finally {
  if (seed > 0) executeSql(`DELETE FROM users WHERE email LIKE '%@${DOMAIN}';`, args['persist-to']);
}
