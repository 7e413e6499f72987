// The FANS queue's consumer with the Resend mailer: the provider is stubbed at the transport
// (globalThis.fetch), the queue batches are built here, so redeliveries, retries and failures
// happen exactly when a test says. Exactly once: a fan whose delivery row is finished is never
// sent again, and a retried call repeats its idempotency key.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueMessage } from '../../worker/env';
import worker from '../../worker/index';
import { verifyUnsubscribeToken } from '../../worker/services/fans/tokens';
import {
  alertIdempotencyKey,
  type FanMessage,
  PROVIDER_SPACING_MS,
  startAlert,
} from '../../worker/services/fans/delivery';
import * as alerts from './fan-alerts-helpers';
import { eventButton } from './helpers';

const RESEND = { ...env, MAILER: 'resend', RESEND_API_KEY: 're_test' };

interface ProviderCall {
  url: string;
  key: string | null;
  body: Array<Record<string, any>>;
  at: number;
}

let calls: ProviderCall[] = [];
let answers: Array<() => Response | Promise<Response>> = [];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push({
      url,
      key: new Headers(init?.headers).get('idempotency-key'),
      body: JSON.parse(String(init?.body)),
      at: Date.now(),
    });
    const next = answers.shift();
    return next ? next() : Response.json({ data: [] });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A page whose new Milano date is due, started as the cron would: its queue messages. */
async function started(
  seed: (p: alerts.AlertPage) => Promise<void>,
  extra: Record<string, unknown> = {},
): Promise<{ p: alerts.AlertPage; id: number; messages: FanMessage[] }> {
  const p = await alerts.alertPage();
  await seed(p);
  const page = await alerts.savePage(
    p,
    [...alerts.kept(p), eventButton(alerts.MILANO, 'https://www.ticketone.it/milano?lang=it')],
    extra,
  );
  const id = page.fan_alerts[0].id as number;
  const messages = await startAlert(env, id, new Date(Date.now() + 11 * alerts.MINUTE));
  if (!messages) throw new Error('alert not started');
  return { p, id, messages };
}

let msgSeq = 0;
/** Delivers messages as one queue batch to the Worker's consumer; answers what it acked and retried. */
async function deliver(
  messages: readonly unknown[],
  opts: { attempts?: number; ids?: string[]; runEnv?: Cloudflare.Env } = {},
) {
  const ids = opts.ids ?? messages.map(() => `fan-msg-${++msgSeq}`);
  const batch = createMessageBatch(
    'palco-fans',
    messages.map((body, i) => ({ id: ids[i]!, body, timestamp: new Date(), attempts: opts.attempts ?? 1 })),
  );
  // the delay each retry asked for (the queue's result names only the messages)
  const delays = new Map<string, number | undefined>();
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    vi.spyOn(message, 'retry').mockImplementation((o?: QueueRetryOptions) => {
      delays.set(message.id, o?.delaySeconds);
      retry(o);
    });
  }
  const ctx = createExecutionContext();
  // any body, also one no producer sends: the consumer checks each one
  await worker.queue(batch as MessageBatch<QueueMessage>, (opts.runEnv ?? RESEND) as Cloudflare.Env, ctx);
  const result = await getQueueResult(batch, ctx);
  const retried = result.retryMessages.map((m) => ({ msgId: m.msgId, delaySeconds: delays.get(m.msgId) }));
  return { ids, result: { ...result, retryMessages: retried } };
}

async function sentCount(emails: string[]): Promise<number> {
  return (await alerts.alertMails(emails)).filter((m) => m.status === 'sent').length;
}

describe('the provider call', () => {
  it('one batch call per message: per-fan unsubscribe headers, the organiser as sender, escaped HTML, an idempotency key', async () => {
    const a = alerts.fanEmail('a');
    const b = alerts.fanEmail('b');
    const ids: number[] = [];
    const { p, id, messages } = await started(
      async (p) => {
        ids.push(await alerts.seedFan(p.id, a, ['Milano']), await alerts.seedFan(p.id, b, ['*']));
      },
      { display_title: 'Tour <2099> & "amici"' },
    );
    expect(messages).toEqual([{ alert_id: id, fan_ids: ids }]);
    const { ids: msgIds, result } = await deliver(messages);
    expect(result.explicitAcks).toEqual(msgIds);
    expect(result.retryMessages).toEqual([]);

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call!.url).toBe('https://api.resend.com/emails/batch');
    expect(call!.key).toBe(await alertIdempotencyKey(id, ids));
    expect(call!.key).toMatch(/^fan-alert-\d+-[0-9a-f]{64}$/);
    expect(call!.body.map((m) => m.to)).toEqual([[a], [b]]);
    for (const [i, mail] of call!.body.entries()) {
      expect(mail.from).toBe('"Alfa Live" <noreply@palco.local>');
      expect(mail.subject).toBe('Nuova data a Milano: Tour <2099> & "amici"');
      const unsubscribe = `http://localhost:8787/${p.slug}/fans/unsubscribe?token=`;
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const header = mail.headers['List-Unsubscribe'] as string;
      expect(header.startsWith(`<${unsubscribe}`) && header.endsWith('>')).toBe(true);
      const token = decodeURIComponent(header.slice(unsubscribe.length + 1, -1));
      expect(await verifyUnsubscribeToken(env, p.id, token)).toEqual({ fanId: ids[i], pageBound: true });
      // the same link, visible in both bodies
      expect(mail.text).toContain(header.slice(1, -1));
      expect(mail.html).toContain(header.slice(1, -1));
      expect(mail.text).toContain('Biglietti: https://www.ticketone.it/milano?lang=it&utm_source=email');
      expect(mail.html).toContain('href="https://www.ticketone.it/milano?lang=it&amp;utm_source=email"');
      expect(mail.html).toContain('Tour &lt;2099&gt; &amp; &quot;amici&quot;');
      expect(mail.html).not.toContain('<2099>');
    }
    // the outbox keeps every message, its links' tokens redacted (not the console mailer)
    const rows = await alerts.alertMails([a, b]);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    for (const row of rows) {
      expect(row.body_text).toContain('/fans/unsubscribe?token=[rimosso]');
      expect(row.body_html).toContain('/fans/unsubscribe?token=[rimosso]"');
    }
    expect(await alerts.alertRow(id)).toMatchObject({ status: 'sent', recipients: 2 });
    expect(await alerts.deliveries(id)).toEqual({
      [ids[0]!]: { status: 'sent', attempts: 1 },
      [ids[1]!]: { status: 'sent', attempts: 1 },
    });
  });

  it('an alert is started once: two runs at the same moment queue it once', async () => {
    const p = await alerts.alertPage();
    await alerts.seedFan(p.id, alerts.fanEmail('once'), ['Milano']);
    const page = await alerts.savePage(p, [...alerts.kept(p), eventButton(alerts.MILANO)]);
    const at = new Date(Date.now() + 11 * alerts.MINUTE);
    const runs = await Promise.all([
      startAlert(env, page.fan_alerts[0].id, at),
      startAlert(env, page.fan_alerts[0].id, at),
    ]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    // not yet due: not started
    const other = await alerts.savePage(p, [...alerts.kept(p), eventButton('20/05/2099 - Bari - Demodè|biglietti')]);
    expect(await startAlert(env, other.fan_alerts[0].id, new Date())).toBeNull();
  });
});

describe('exactly once', () => {
  it('the same message delivered twice sends nothing the second time', async () => {
    const emails = [alerts.fanEmail('x'), alerts.fanEmail('y'), alerts.fanEmail('z')];
    const { id, messages } = await started(async (p) => {
      for (const e of emails) await alerts.seedFan(p.id, e, ['Milano']);
    });
    const first = await deliver(messages);
    const again = await deliver(messages, { ids: first.ids, attempts: 2 });
    expect(again.result.explicitAcks).toEqual(first.ids);
    expect(calls).toHaveLength(1);
    expect(await sentCount(emails)).toBe(3);
    expect((await alerts.alertMails(emails)).length).toBe(3);
    expect((await alerts.alertRow(id))!.status).toBe('sent');
  });

  it('a provider failure retries the message with a growing delay; the retry repeats the key and sends each fan once', async () => {
    const emails = [alerts.fanEmail('r1'), alerts.fanEmail('r2')];
    const { id, messages } = await started(async (p) => {
      for (const e of emails) await alerts.seedFan(p.id, e, ['Milano']);
    });
    answers.push(() => new Response('{"name":"internal_server_error"}', { status: 500 }));
    const failed = await deliver(messages);
    expect(failed.result.explicitAcks).toEqual([]);
    expect(failed.result.retryMessages).toEqual([{ msgId: failed.ids[0], delaySeconds: 30 }]);
    expect(Object.values(await alerts.deliveries(id))).toEqual([
      { status: 'sending', attempts: 1 },
      { status: 'sending', attempts: 1 },
    ]);
    expect((await alerts.alertMails(emails)).map((m) => m.status)).toEqual(['failed', 'failed']);
    expect((await alerts.alertRow(id))!.status).toBe('sending');

    // a network failure on the second attempt: a longer wait
    answers.push(() => {
      throw new TypeError('Network connection lost.');
    });
    const lost = await deliver(messages, { ids: failed.ids, attempts: 2 });
    expect(lost.result.retryMessages).toEqual([{ msgId: failed.ids[0], delaySeconds: 60 }]);

    const retried = await deliver(messages, { ids: failed.ids, attempts: 3 });
    expect(retried.result.explicitAcks).toEqual(failed.ids);
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((c) => c.key)).size).toBe(1);
    expect(await sentCount(emails)).toBe(2);
    expect(Object.values(await alerts.deliveries(id))).toEqual([
      { status: 'sent', attempts: 3 },
      { status: 'sent', attempts: 3 },
    ]);
    expect((await alerts.alertRow(id))!.status).toBe('sent');

    // a late redelivery (a lost acknowledgement): no call, no mail
    await deliver(messages, { ids: failed.ids, attempts: 4 });
    expect(calls).toHaveLength(3);
    expect(await sentCount(emails)).toBe(2);
  });

  it('the provider saying the key was already used with another body counts as sent', async () => {
    const email = alerts.fanEmail('reused');
    const { id, messages } = await started(async (p) => {
      await alerts.seedFan(p.id, email, ['Milano']);
    });
    answers.push(
      () =>
        new Response(
          '{"name":"invalid_idempotent_request","message":"Same idempotency key used with a different request payload."}',
          {
            status: 409,
          },
        ),
    );
    const { result } = await deliver(messages);
    expect(result.retryMessages).toEqual([]);
    expect(Object.values(await alerts.deliveries(id))).toEqual([{ status: 'sent', attempts: 1 }]);
  });
});

describe('rate limit', () => {
  it('calls are at least 600 ms apart; a 429 waits Retry-After, and the rest of the batch waits without a call', async () => {
    const prefix = `many${Date.now().toString(36)}.`;
    const { id, messages } = await started(async (p) => {
      await alerts.seedManyFans(p.id, 250, 'Milano', prefix);
    });
    expect(messages.map((m) => m.fan_ids.length)).toEqual([100, 100, 50]);
    answers.push(() => Response.json({ data: [] }));
    answers.push(
      () =>
        new Response('{"name":"rate_limit_exceeded"}', {
          status: 429,
          headers: { 'retry-after': '7' },
        }),
    );
    const first = await deliver(messages);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(PROVIDER_SPACING_MS);
    expect(first.result.explicitAcks).toEqual([first.ids[0]]);
    expect(first.result.retryMessages).toEqual([
      { msgId: first.ids[1], delaySeconds: 7 },
      { msgId: first.ids[2], delaySeconds: 7 },
    ]);
    const rest = await deliver(messages.slice(1), { ids: first.ids.slice(1), attempts: 2 });
    expect(rest.result.explicitAcks).toEqual(first.ids.slice(1));
    expect(calls).toHaveLength(4);
    expect(calls.map((c) => c.body.length)).toEqual([100, 100, 100, 50]);
    expect(calls[3]!.at - calls[2]!.at).toBeGreaterThanOrEqual(PROVIDER_SPACING_MS);
    const row = await alerts.alertRow(id);
    expect(row).toMatchObject({ status: 'sent', recipients: 250 });
    const counted = await env.DB.prepare(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT to_addr) AS d FROM mail_outbox WHERE kind = 'fan_alert' AND status = 'sent' AND to_addr LIKE ?`,
    )
      .bind(`${prefix}%`)
      .first<{ n: number; d: number }>();
    expect(counted).toEqual({ n: 250, d: 250 });
  });
});

describe('failures that are not retried, and fans who left', () => {
  it('a validation error (4xx) marks those deliveries failed and acknowledges; the alert ends with them counted', async () => {
    const emails = [alerts.fanEmail('v1'), alerts.fanEmail('v2')];
    const { p, id, messages } = await started(async (p) => {
      for (const e of emails) await alerts.seedFan(p.id, e, ['Milano']);
    });
    answers.push(() => new Response('{"name":"validation_error"}', { status: 422 }));
    const { ids, result } = await deliver(messages);
    expect(result.explicitAcks).toEqual(ids);
    expect(result.retryMessages).toEqual([]);
    expect(Object.values(await alerts.deliveries(id)).map((d) => d.status)).toEqual(['failed', 'failed']);
    const [alert] = await alerts.listAlerts(p);
    expect(alert).toMatchObject({ id, status: 'sent', recipients: 2, sent: 0, failed: 2 });
    // a redelivery does not try them again
    await deliver(messages, { ids, attempts: 2 });
    expect(calls).toHaveLength(1);
  });

  it('a fan suppressed, unsubscribed or no longer following since the dispatch is skipped; the rest are sent', async () => {
    const stays = alerts.fanEmail('stays');
    const bounced = alerts.fanEmail('bounced');
    const gone = alerts.fanEmail('gone');
    const moved = alerts.fanEmail('moved');
    const fanIds: Record<string, number> = {};
    const { id, messages } = await started(async (p) => {
      for (const e of [stays, bounced, gone, moved]) fanIds[e] = await alerts.seedFan(p.id, e, ['Milano']);
    });
    await alerts.suppress(bounced);
    await env.DB.prepare('DELETE FROM fans WHERE id = ?').bind(fanIds[gone]).run();
    await env.DB.prepare("UPDATE fan_cities SET city_key = 'bari', city = 'Bari' WHERE fan_id = ?")
      .bind(fanIds[moved])
      .run();
    await deliver(messages);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.map((m) => m.to[0])).toEqual([stays]);
    expect(await alerts.deliveries(id)).toEqual({
      [fanIds[stays]!]: { status: 'sent', attempts: 1 },
      [fanIds[bounced]!]: { status: 'skipped', attempts: 0 },
      [fanIds[gone]!]: { status: 'skipped', attempts: 0 },
      [fanIds[moved]!]: { status: 'skipped', attempts: 0 },
    });
    expect(await alerts.alertRow(id)).toMatchObject({ status: 'sent', recipients: 4 });
  });

  it('a message that is no fan message, or names an unknown alert, is acknowledged without a call', async () => {
    const { ids, result } = await deliver([
      'hello',
      { alert_id: 1, fan_ids: [] },
      { alert_id: 'x', fan_ids: [1] },
      { alert_id: 99_999_999, fan_ids: [1, 2] },
    ]);
    expect(result.explicitAcks).toEqual(ids);
    expect(calls).toEqual([]);
  });

  it('the console mailer off loopback sends nothing, keeps the outbox redacted and retries (an operator can fix it)', async () => {
    const email = alerts.fanEmail('console');
    const { id, messages } = await started(async (p) => {
      await alerts.seedFan(p.id, email, ['Milano']);
    });
    const { ids, result } = await deliver(messages, {
      runEnv: { ...env, MAILER: 'console', APP_URL: 'https://palco.example' },
    });
    expect(result.retryMessages).toEqual([{ msgId: ids[0], delaySeconds: 30 }]);
    const [row] = await alerts.alertMails([email]);
    expect(row!.status).toBe('failed');
    expect(row!.body_text).toContain('token=[rimosso]');
    expect(row!.body_text).toContain('https://palco.example/');
    expect(Object.values(await alerts.deliveries(id))).toEqual([{ status: 'sending', attempts: 1 }]);
    expect(calls).toEqual([]);
  });
});
