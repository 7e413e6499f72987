// npm run media:resize: makes the photo sizes of every page stored before sizes existed
// (docs/behaviour.md#image-sizes), now rather than at each page's next save, through the running
// Worker's POST /api/admin/media-sizes, a few pages a call, and republishes the pages it sized.
//   npm run media:resize                          the local `npm start` (its admin, port 8787)
//   npm run media:resize -- --url https://palco.example --email admin@… --password …
// The e-mail and password may also come from ADMIN_EMAIL and ADMIN_PASSWORD.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { adminPaths, authPaths } from '../src/core/api-paths.ts';

const memo = join(import.meta.dirname, '..', '.wrangler', 'palco-admin.json');
const local = existsSync(memo) ? JSON.parse(readFileSync(memo, 'utf8')) : {};
const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: `http://localhost:${process.env.PORT ?? 8787}` },
    email: { type: 'string', default: process.env.ADMIN_EMAIL ?? local.email },
    password: { type: 'string', default: process.env.ADMIN_PASSWORD ?? local.password },
  },
});
const base = args.url.replace(/\/+$/, '');
if (!args.email || !args.password) {
  console.error('No administrator to sign in as: pass --email and --password (or run `npm start` once here).');
  process.exit(2);
}

const login = await fetch(`${base}${authPaths.login}`, {
  method: 'POST',
  body: new URLSearchParams({ username: args.email, password: args.password }),
}).catch((err) => {
  console.error(`${base} does not answer (${err.cause?.code ?? err.message}): is the server running?`);
  process.exit(1);
});
if (!login.ok) {
  console.error(`Sign-in refused (${login.status}): ${await login.text()}`);
  process.exit(1);
}
const { access_token: token } = await login.json();

let after = 0;
let looked = 0;
let sized = 0;
for (;;) {
  const res = await fetch(`${base}${adminPaths.mediaSizes}?after=${after}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    console.error(`Stopped after page id ${after} (${res.status}): ${await res.text()}`);
    process.exit(1);
  }
  const run = await res.json();
  looked += run.looked;
  sized += run.sized;
  process.stdout.write(`\r${looked} pages looked at, ${sized} given sizes`);
  if (run.next === null) break;
  after = run.next;
}
process.stdout.write('\nDone: every page has the sizes of its photos.\n');
