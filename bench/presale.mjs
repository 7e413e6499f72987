// A presale for 10,000 confirmed Milano fans with 8,000 one-time codes: at the presale's start the
// e-mails go through the cron, the FANS queue (delayed to the start) and the consumer into the
// outbox (the console mailer's dev mailbox, which keeps them in clear on loopback). Checks that
// exactly 8,000 distinct codes went to 8,000 fans and 2,000 got the codes-gone e-mail, each fan
// once; then again on a second page with every queue message delivered twice (the dispatch run
// twice) and one send failing once: still no code twice, no fan twice. Prints the time from the
// start instant to the last e-mail and the cost per 10,000 e-mails. Runs against its own
// `wrangler dev` (bench/lib.mjs), as bench/fan-alerts.mjs does; fans and codes are seeded with
// `wrangler d1 execute`, and the outbox is counted the same way.
// Usage: npx node bench/presale.mjs [fans=10000] [codes=8000]
import { executeSql } from '../scripts/lib/stack.mjs';
import { api, startServer, uniqueSlug } from './lib.mjs';
import { API_PREFIX } from '../src/core/api-paths.ts';
// src/core/fans.ts FAN_SALE_CONSENT_VERSION (its imports are not Node's): the on-sale e-mails' consent
const FAN_SALE_CONSENT_VERSION = '2026-11-27';

const total = Number(process.argv[2] ?? 10_000);
const codes = Number(process.argv[3] ?? 8_000);
const TIMEOUT_MS = 15 * 60_000;
/** the presale starts this long after the save: the cron queues its messages with a delay first */
const LEAD_MS = 30_000;
// the prices the cost is figured at (docs/operations.md#costs: check the current ones)
const RESEND_PER_EMAIL = 20 / 50_000; // Pro plan: $20 a month for 50,000 e-mails
const QUEUE_PER_OP = 0.4 / 1_000_000;
const D1_PER_ROW_WRITTEN = 1 / 1_000_000;

const server = await startServer({ logLevel: 'info' });
if (!server.state) throw new Error('bench/presale.mjs needs its own server (no BENCH_URL): it seeds D1 directly');
const sql = (command) => executeSql(command, server.state)[0]?.results ?? [];
const pages = API_PREFIX.pages;
const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const cron = async () => {
  const res = await fetch(`${server.base}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
  if (!res.ok) throw new Error(`scheduled handler: ${res.status}`);
};
process.on('exit', (code) => {
  if (code !== 0 && process.env.BENCH_DEBUG) console.error(server.output?.().slice(-4000));
});

/** One presale run on a page of its own; `faults`: every message twice and one send failing once. */
async function run(label, prefix, faults) {
  const slug = uniqueSlug('presale');
  const roma = {
    type: 'text',
    text: '13/05/2099 - Roma - Atlantico|biglietti',
    cta_buttons: [{ url: 'https://www.vivaticket.com/it/ticket/roma', buttonText: 'biglietti' }],
  };
  const base = { folder_name: slug, title: `Bench ${slug}`, display_title: 'Tour 2099', mode: 'text' };
  const created = await api(server.base, server.token, pages, { method: 'POST', json: { ...base, buttons: [roma] } });
  const pageId = created.id;
  sql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${total})
     INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at)
     SELECT ${pageId}, '${prefix}' || i || '@bench.example', '${FAN_SALE_CONSENT_VERSION}',
       strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n;
     INSERT INTO fan_cities (fan_id, city_key, city) SELECT id, 'milano', 'Milano' FROM fans WHERE page_id = ${pageId};
     INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at)
       VALUES (${pageId}, '${prefix}roma@bench.example', '${FAN_SALE_CONSENT_VERSION}',
         strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
     INSERT INTO fan_cities (fan_id, city_key, city) SELECT id, 'roma', 'Roma' FROM fans WHERE email = '${prefix}roma@bench.example';`,
  );
  const start = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
  const saved = await api(server.base, server.token, `${pages}/${slug}`, {
    method: 'PUT',
    json: {
      ...base,
      buttons: [
        { ...roma, id: created.buttons[0].id },
        {
          type: 'text',
          text: '12/05/2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [
            {
              url: 'https://www.ticketone.it/event/milano',
              buttonText: 'biglietti',
              on_sale_at: iso(start + 86_400_000),
            },
          ],
          presale: { starts_at: iso(start), url: 'https://www.ticketone.it/presale/milano' },
        },
      ],
    },
  });
  // the new-date alerts of the save and the create are not the ones measured
  for (const alert of [...created.fan_alerts, ...saved.fan_alerts]) {
    await api(server.base, server.token, `${pages}/${slug}/fans/alerts/${alert.id}/cancel`, { method: 'POST' }).catch(
      () => {},
    );
  }
  const buttonId = saved.buttons.find((b) => b.text.startsWith('12/05/2099')).id;
  sql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${codes})
     INSERT INTO presale_codes (button_id, code) SELECT ${buttonId}, 'P' || printf('%07d', i) FROM n;`,
  );
  const [alert] = sql(`SELECT id, status, due_at FROM fan_alerts WHERE button_id = ${buttonId} AND kind = 'presale'`);
  if (alert?.status !== 'scheduled') throw new Error(`no scheduled presale alert: ${JSON.stringify(alert)}`);
  const failing = `${prefix}${Math.ceil(total / 2)}@bench.example`;
  if (faults) {
    // the send of the batch that holds this fan fails once: D1 refuses its outbox write right
    // before the provider call on the first attempt (its delivery row says attempt 1), as a
    // failed call does; under wrangler dev the provider itself cannot be stubbed
    sql(
      `CREATE TRIGGER bench_fail_once BEFORE INSERT ON mail_outbox
       WHEN NEW.to_addr = '${failing}' AND (SELECT d.attempts FROM fan_deliveries d JOIN fans f ON f.id = d.fan_id
         WHERE f.email = NEW.to_addr AND d.alert_id = ${alert.id}) = 1
       BEGIN SELECT RAISE(ABORT, 'bench: this send fails once'); END;`,
    );
  }
  const outputBefore = server.output?.().length ?? 0;
  // the dispatch: the presale is within the cron's two minutes, so it is queued, delayed to the start
  await cron();
  if (faults) {
    // dispatched again as if its first queueing had been lost: every message is delivered twice
    sql(`UPDATE fan_alerts SET status = 'scheduled', started_at = NULL WHERE id = ${alert.id}`);
    await cron();
  }
  const count = () =>
    sql(
      `SELECT COUNT(*) AS n FROM mail_outbox WHERE kind = 'fan_alert' AND status = 'sent' AND to_addr LIKE '${prefix}%'`,
    )[0].n;
  const mine = `kind = 'fan_alert' AND to_addr LIKE '${prefix}%'`;
  const t0 = performance.now();
  let seen = 0;
  while (seen < total && performance.now() - t0 < TIMEOUT_MS) {
    await new Promise((r) => setTimeout(r, 3000));
    seen = count();
  }
  // a little longer: nothing more may arrive (the failed send's retry comes 30 s later)
  await new Promise((r) => setTimeout(r, faults ? 35_000 : 5000));
  const mails = sql(
    `SELECT COUNT(*) AS n, COUNT(DISTINCT to_addr) AS fans, SUM(status != 'sent') AS unsent,
       SUM(body_text LIKE '%Il tuo codice: P%') AS with_code,
       COUNT(DISTINCT CASE WHEN body_text LIKE '%Il tuo codice: P%'
         THEN substr(body_text, instr(body_text, 'Il tuo codice: ') + 15, 8) END) AS distinct_codes,
       SUM(body_text LIKE '%I codici della prevendita sono finiti%') AS gone,
       MIN(sent_at) AS first, MAX(sent_at) AS last
     FROM mail_outbox WHERE ${mine} AND status = 'sent'`,
  )[0];
  const failedRows = sql(`SELECT COUNT(*) AS n FROM mail_outbox WHERE ${mine} AND status != 'sent'`)[0].n;
  const rows = sql(
    `SELECT COUNT(*) AS assigned, COUNT(DISTINCT fan_id) AS fans, COUNT(DISTINCT code) AS codes, SUM(sent_at IS NOT NULL) AS sent
     FROM presale_codes WHERE button_id = ${buttonId} AND fan_id IS NOT NULL`,
  )[0];
  const roma0 = sql(`SELECT COUNT(*) AS n FROM mail_outbox WHERE to_addr = '${prefix}roma@bench.example'`)[0].n;
  const delivered = sql(
    `SELECT status, COUNT(*) AS n, SUM(attempts) AS attempts FROM fan_deliveries WHERE alert_id = ${alert.id} GROUP BY status`,
  );
  const log = server.output?.().slice(outputBefore) ?? '';
  const batches = [...log.matchAll(/QUEUE palco-fans (\d+)\/(\d+) \((\d+)ms\)/g)].map((m) => ({
    acked: Number(m[1]),
    size: Number(m[2]),
  }));
  // a provider call marks its e-mails sent in one statement: one instant per call
  const calls = sql(`SELECT COUNT(DISTINCT sent_at) AS n FROM mail_outbox WHERE ${mine} AND status = 'sent'`)[0].n;
  const retried = batches.reduce((n, b) => n + b.size - b.acked, 0);
  const messagesDelivered = batches.reduce((n, b) => n + b.size, 0);
  const gone = total - codes;
  const checks = {
    [`${total} e-mails, one per fan`]: mails.n === total && mails.fans === total,
    [`${codes} distinct codes to ${codes} fans, each mailed once`]:
      rows.assigned === codes &&
      rows.fans === codes &&
      rows.codes === codes &&
      rows.sent === codes &&
      mails.with_code === codes &&
      mails.distinct_codes === codes,
    [`${gone} codes-gone e-mails`]: mails.gone === gone,
    'none failed or pending': failedRows === 0 && mails.unsent === 0,
    'the Roma fan got nothing': roma0 === 0,
    'every delivery row sent': delivered.length === 1 && delivered[0].status === 'sent' && delivered[0].n === total,
  };
  const span = (Date.parse(mails.last) - start) / 1000;
  console.log(`\n${label}: ${total} Milano fans, ${codes} one-time codes`);
  console.log(
    `  first e-mail         ${((Date.parse(mails.first) - start) / 1000).toFixed(1)} s after the start instant`,
  );
  console.log(
    `  last e-mail          ${span.toFixed(1)} s after the start instant (${(total / span).toFixed(0)} e-mails/s)`,
  );
  console.log(
    `  queue                ${messagesDelivered} message deliveries in ${batches.length} batches (${retried} retried); ${calls} provider calls`,
  );
  console.log(
    `  delivery rows        ${delivered.map((d) => `${d.status}: ${d.n}, ${d.attempts} attempts`).join('; ')}`,
  );
  for (const [name, ok] of Object.entries(checks)) console.log(`  ${ok ? 'exact   ' : 'MISMATCH'}  ${name}`);
  return { ok: Object.values(checks).every(Boolean), calls, messagesDelivered };
}

let exact = false;
try {
  const clean = process.env.BENCH_ONLY_FAULTS
    ? { ok: true, messagesDelivered: Math.ceil(total / 100) }
    : await run('One delivery each', 'a', false);
  const faulty = await run('Every message twice, one send failing once', 'b', true);
  exact = clean.ok && faulty.ok;
  // per 10,000 e-mails: Resend's price per e-mail; 3 queue operations per message (write, read,
  // delete); D1 rows written per e-mail: the outbox row written and marked, the delivery row
  // written and marked, and for a code its assignment and its sent_at
  const per = 10_000 / total;
  const resend = 10_000 * RESEND_PER_EMAIL;
  const queue = clean.messagesDelivered * 3 * per * QUEUE_PER_OP;
  const rowsWritten = (total * 4 + codes * 2) * per;
  const d1 = rowsWritten * D1_PER_ROW_WRITTEN;
  console.log(
    '\nCost per 10,000 e-mails (Resend Pro $20 / 50,000 e-mails; Queues $0.40 / M operations; D1 $1 / M rows written)',
  );
  console.log(`  Resend               $${resend.toFixed(2)}`);
  console.log(`  Queues               $${queue.toFixed(5)} (${Math.round(clean.messagesDelivered * per)} messages)`);
  console.log(
    `  D1                   $${d1.toFixed(3)} (about ${Math.round(rowsWritten).toLocaleString('en')} rows written)`,
  );
  console.log(`  in all               $${(resend + queue + d1).toFixed(2)}`);
} finally {
  await server.stop();
}
process.exitCode = exact ? 0 : 1;
