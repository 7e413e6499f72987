// npm start: build the site, prepare local D1/R2, make sure the admin and the demo page
// exist, then serve site + API with `wrangler dev` on one port. A second start keeps all data.
import { applyMigrations, build, ensureAdmin, ensureDemo, ensureDevVars, startWrangler } from './lib/stack.mjs';

const port = Number(process.env.PORT ?? 8787);
console.log('▶ Building the site…');
build(true);
const devVars = ensureDevVars();
if (devVars === 'created') console.log('▶ Wrote .dev.vars with fresh local secrets and the console mailer');
if (devVars === 'updated') console.log('▶ Added MAILER="console" to .dev.vars (the dev mailbox needs it)');
console.log('▶ Applying D1 migrations (local)…');
applyMigrations();
const admin = ensureAdmin();
const demo = await ensureDemo();
const server = await startWrangler({ port, inherit: true });
const origin = `http://localhost:${port}`;
// Cron Triggers do not fire by themselves locally: run the hourly housekeeping once now (it
// also fills company keys that the SQL migrations could not compute for existing rows).
await fetch(`${server.base}/cdn-cgi/handler/scheduled?cron=17+*+*+*+*`).catch(() => undefined);
console.log(`
  Palco is running
  ─────────────────────────────────────────────
  Site            ${origin}/home   (also http://127.0.0.1:${port})
  Login           ${origin}/login
  Admin e-mail    ${admin.email}
  Admin password  ${admin.password}
  Dev mailbox     ${origin}/dev/mailbox${demo ? `\n  Demo page       ${origin}/${demo}` : ''}
  Republish due   curl '${origin}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*'
                  (past dates, publishing windows: every minute in production)
  ─────────────────────────────────────────────
  Ctrl+C stops the server; data stays in .wrangler/state.
`);
const stop = () => {
  server.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.child.on('exit', (code) => process.exit(code ?? 0));
