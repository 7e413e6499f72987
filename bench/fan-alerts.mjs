// 10,000 confirmed fans of one city, one new date: the alert goes through the FANS queue and the
// consumer into the outbox (the console mailer's dev mailbox). Checks every fan got it exactly
// once and prints how long it took and the batches used (queue messages and batches, provider
// calls). Runs against its own `wrangler dev` (bench/lib.mjs); fans are seeded with
// `wrangler d1 execute`, and the outbox is counted the same way (GET /api/dev/mailbox stops at 100).
// Usage: npx node bench/fan-alerts.mjs [fans=10000] [trigger=now|cron]
//   now:  'Invia ora' (POST …/fans/alerts/{id}/send), the alert leaves after the answer
//   cron: the alert's due time moved to the past, then the per-minute Cron Trigger by hand
import { executeSql } from '../scripts/lib/stack.mjs';
import { api, startServer, uniqueSlug } from './lib.mjs';
import { API_PREFIX } from '../src/core/api-paths.ts';

const total = Number(process.argv[2] ?? 10_000);
const trigger = process.argv[3] ?? 'now';
if (!['now', 'cron'].includes(trigger)) throw new Error('trigger: now or cron');
const TIMEOUT_MS = 15 * 60_000;

function sql(state, command) {
  return executeSql(command, state)[0]?.results ?? [];
}

// 'info': wrangler then logs every consumer invocation (QUEUE …), counted below
const server = await startServer({ logLevel: 'info' });
if (!server.state) throw new Error('bench/fan-alerts.mjs needs its own server (no BENCH_URL): it seeds D1 directly');
let exact = false;
try {
  const slug = uniqueSlug('fans');
  const pages = API_PREFIX.pages;
  const roma = {
    type: 'text',
    text: '13/05/2099 - Roma - Atlantico|biglietti',
    cta_buttons: [{ url: 'https://www.vivaticket.com/it/ticket/roma', buttonText: 'biglietti' }],
  };
  const created = await api(server.base, server.token, pages, {
    method: 'POST',
    json: {
      folder_name: slug,
      title: `Bench ${slug}`,
      display_title: 'Tour 2099',
      mode: 'text',
      header: '/demo/tour2099.svg',
      buttons: [roma],
    },
  });
  // the create's own alert (its Roma date, no fan yet) is not the one measured
  for (const alert of created.fan_alerts) {
    await api(server.base, server.token, `${pages}/${slug}/fans/alerts/${alert.id}/cancel`, { method: 'POST' });
  }

  const seeded0 = performance.now();
  sql(
    server.state,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${total})
     INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at)
     SELECT ${created.id}, 'fan' || i || '@bench.example', 'bench', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n;
     INSERT INTO fan_cities (fan_id, city_key, city) SELECT id, 'milano', 'Milano' FROM fans WHERE page_id = ${created.id};`,
  );
  // a Roma fan, who must get nothing
  sql(
    server.state,
    `INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at)
       VALUES (${created.id}, 'roma@bench.example', 'bench', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
     INSERT INTO fan_cities (fan_id, city_key, city) SELECT id, 'roma', 'Roma' FROM fans WHERE email = 'roma@bench.example';`,
  );
  const seededSeconds = (performance.now() - seeded0) / 1000;

  const saved = await api(server.base, server.token, `${pages}/${slug}`, {
    method: 'PUT',
    json: {
      folder_name: slug,
      title: `Bench ${slug}`,
      display_title: 'Tour 2099',
      mode: 'text',
      buttons: [
        { ...roma, id: created.buttons[0].id },
        {
          type: 'text',
          text: '12/05/2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [{ url: 'https://www.ticketone.it/event/milano?lang=it', buttonText: 'biglietti' }],
        },
      ],
    },
  });
  const alert = saved.fan_alerts[0];
  if (!alert || alert.recipients !== total)
    throw new Error(`expected one alert to ${total} fans: ${JSON.stringify(saved.fan_alerts)}`);

  const outputBefore = server.output?.().length ?? 0;
  const t0 = performance.now();
  const sentAt = Date.now();
  if (trigger === 'now') {
    await api(server.base, server.token, `${pages}/${slug}/fans/alerts/${alert.id}/send`, { method: 'POST' });
  } else {
    sql(server.state, `UPDATE fan_alerts SET due_at = '2000-01-01T00:00:00Z' WHERE id = ${alert.id}`);
    const res = await fetch(`${server.base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
    if (!res.ok) throw new Error(`scheduled handler: ${res.status}`);
  }

  const count = () =>
    sql(
      server.state,
      `SELECT COUNT(*) AS n, COUNT(DISTINCT to_addr) AS d FROM mail_outbox WHERE kind = 'fan_alert' AND status = 'sent'`,
    )[0];
  let seen = { n: 0, d: 0 };
  let lastProgress = 0;
  while (seen.n < total && performance.now() - t0 < TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, 2000));
    seen = count();
    if (seen.n - lastProgress >= 2000 || seen.n >= total) {
      process.stdout.write(`  … ${seen.n} in the outbox after ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
      lastProgress = seen.n;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  // a little longer: nothing more may arrive
  await new Promise((r) => setTimeout(r, 5000));
  const final = count();
  const perFan = sql(
    server.state,
    `SELECT COUNT(*) AS fans, SUM(c = 1) AS once FROM
       (SELECT to_addr, COUNT(*) AS c FROM mail_outbox WHERE kind = 'fan_alert' AND status = 'sent' GROUP BY to_addr)`,
  )[0];
  const failedRows = sql(
    server.state,
    `SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'fan_alert' AND status != 'sent'`,
  )[0];
  const roma0 = sql(server.state, `SELECT COUNT(*) AS n FROM mail_outbox WHERE to_addr = 'roma@bench.example'`)[0];
  const row = sql(server.state, `SELECT status, recipients, started_at FROM fan_alerts WHERE id = ${alert.id}`)[0];
  // the same machine's clock: the outbox's own times, not the polling's
  const times = sql(
    server.state,
    `SELECT MIN(sent_at) AS first, MAX(sent_at) AS last FROM mail_outbox WHERE kind = 'fan_alert' AND status = 'sent'`,
  )[0];
  const after = (iso) => ((Date.parse(iso) - sentAt) / 1000).toFixed(1);
  const delivered = sql(
    server.state,
    `SELECT status, COUNT(*) AS n, SUM(attempts) AS attempts FROM fan_deliveries WHERE alert_id = ${alert.id} GROUP BY status`,
  );
  const log = server.output?.().slice(outputBefore) ?? '';
  // wrangler logs each consumer invocation as 'QUEUE palco-fans {acked}/{messages} ({ms})'
  const batches = [...log.matchAll(/QUEUE palco-fans (\d+)\/(\d+) \((\d+)ms\)/g)].map((m) => ({
    acked: Number(m[1]),
    size: Number(m[2]),
    ms: Number(m[3]),
  }));
  const deliveries = batches.reduce((n, b) => n + b.size, 0);
  const retried = batches.reduce((n, b) => n + b.size - b.acked, 0);

  const checks = {
    [`${total} e-mails in the outbox, one per fan`]: final.n === total && final.d === total && perFan.once === total,
    'none failed or pending': failedRows.n === 0,
    'the Roma fan got nothing': roma0.n === 0,
    'the alert ended sent to every fan': row.status === 'sent' && row.recipients === total,
    'every delivery row sent, once':
      delivered.length === 1 && delivered[0].status === 'sent' && delivered[0].n === total,
  };
  exact = Object.values(checks).every(Boolean);
  const messages = Math.ceil(total / 100);
  console.log(
    `\n${total} confirmed fans of Milano, one new date, trigger: ${trigger === 'now' ? "'Invia ora'" : 'the cron'}`,
  );
  console.log(`  seeded in            ${seededSeconds.toFixed(1)} s (wrangler d1 execute)`);
  const span = (Date.parse(times.last) - sentAt) / 1000;
  console.log(`  first e-mail after   ${after(times.first)} s`);
  console.log(
    `  last e-mail after    ${span.toFixed(1)} s (${(total / span).toFixed(0)} e-mails/s; seen by polling at ${seconds.toFixed(1)} s)`,
  );
  console.log(`  queue messages       ${messages} (100 fans each; one sendBatch call)`);
  console.log(
    `  queue batches        ${batches.length || 'n/a'}${batches.length ? ` (max_batch_size 5; ${(batches.reduce((n, b) => n + b.ms, 0) / batches.length / 1000).toFixed(2)} s each on average)` : ''}`,
  );
  // every delivery of a message with fans to send makes exactly one provider call
  console.log(`  provider calls       ${deliveries || 'n/a'} (≤ 100 e-mails each, ≥ 600 ms apart; ${retried} retried)`);
  console.log(
    `  delivery attempts    ${delivered.map((d) => `${d.status}: ${d.n} rows, ${d.attempts} attempts`).join('; ')}`,
  );
  for (const [name, ok] of Object.entries(checks)) console.log(`  ${ok ? 'exact   ' : 'MISMATCH'}  ${name}`);
} finally {
  await server.stop();
}
process.exitCode = exact ? 0 : 1;
