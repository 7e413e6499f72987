// Helpers for the on-sale e-mail tests (sale-alerts*.test.ts): the page's drop as the editor saves
// it, the alert rows, the per-minute cron with its FANS messages recorded, and the FANS consumer
// run on chosen batches at a chosen instant.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { vi } from 'vitest';
import { FAN_CONSENT_VERSION_NEW_DATES } from '../../src/core/fans';
import worker from '../../worker/index';
import * as alerts from './fan-alerts-helpers';

export const HOUR = 60 * alerts.MINUTE;
export const DAY = 24 * HOUR;
export const TICKETS = 'https://www.ticketone.it/milano?lang=it';

/** A whole-minute instant `days` (and `minutes`) from the real clock: always ahead of every D1 stamp. */
export function ahead(days: number, minutes = 0): number {
  return Math.ceil(Date.now() / alerts.MINUTE) * alerts.MINUTE + days * DAY + minutes * alerts.MINUTE;
}

export const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The Milano date with its CTA going on sale at `onSaleAt` (or on sale now), as the editor sends it. */
export function milano(
  onSaleAt: number | null,
  over: Record<string, unknown> = {},
  id?: number,
): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    type: 'text',
    text: alerts.MILANO,
    cta_buttons: [
      { url: TICKETS, buttonText: 'biglietti', on_sale_at: onSaleAt === null ? null : iso(onSaleAt), ...over },
    ],
  };
}

/** PUT the page with its Roma date and the Milano date (alerts.kept by id once saved). */
export async function saveDrop(
  p: alerts.AlertPage,
  onSaleAt: number | null,
  over: Record<string, unknown> = {},
  extra = {},
) {
  const isMilano = (text: unknown) => String(text).startsWith(alerts.MILANO.split('|')[0]!);
  const milanoId = p.buttons.find((b) => isMilano(b.text))?.id;
  const roma = alerts.kept(p).filter((b) => !isMilano(b.text));
  return alerts.savePage(p, [...roma, milano(onSaleAt, over, milanoId)], extra);
}

export interface SaleRow {
  id: number;
  kind: string;
  status: string;
  due_at: string;
  button_id: number;
  recipients: number;
}

export async function saleRows(pageId: number): Promise<Record<string, SaleRow>> {
  const { results } = await env.DB.prepare(
    `SELECT id, kind, status, due_at, button_id, recipients FROM fan_alerts
     WHERE page_id = ? AND kind IN ('on_sale', 'sale_reminder') ORDER BY id`,
  )
    .bind(pageId)
    .all<SaleRow>();
  return Object.fromEntries(results.map((r) => [r.kind, r]));
}

export interface Queued {
  body: { alert_id: number; fan_ids: number[]; not_before?: string };
  delaySeconds: number | undefined;
}

/** A FANS binding that records what is put on it (the delay with it) instead of queueing. */
export function recordingQueue() {
  const sent: Queued[] = [];
  const queue = {
    async send(body: Queued['body'], opts?: QueueSendOptions) {
      sent.push({ body, delaySeconds: opts?.delaySeconds });
    },
    async sendBatch(messages: Iterable<MessageSendRequest<Queued['body']>>) {
      for (const m of messages) sent.push({ body: m.body, delaySeconds: m.delaySeconds });
    },
  };
  return { sent, queue: queue as unknown as Queue };
}

/**
 * The per-minute Cron Trigger at `at`, its FANS messages recorded; answers those of the page's
 * on-sale alerts (the file's tests share one database, and a cron takes every page's due alerts).
 */
export async function runCron(at: number, pageId: number): Promise<Queued[]> {
  const { sent, queue } = recordingQueue();
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: '* * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, { ...env, FANS: queue } as Cloudflare.Env, ctx);
  await waitOnExecutionContext(ctx);
  const ids = new Set(Object.values(await saleRows(pageId)).map((r) => r.id));
  return sent.filter((m) => ids.has(m.body.alert_id));
}

let msgSeq = 0;
/** Delivers messages as one FANS batch to the consumer with the clock at `at`; answers acks and re-queues. */
export async function deliver(bodies: Array<Queued['body']>, at: number, runEnv: Cloudflare.Env = env) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    const { sent, queue } = recordingQueue();
    const batch = createMessageBatch(
      'palco-fans',
      bodies.map((body) => ({ id: `sale-msg-${++msgSeq}`, body, timestamp: new Date(), attempts: 1 })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...runEnv, FANS: queue } as Cloudflare.Env, ctx);
    const result = await getQueueResult(batch, ctx);
    return { acked: result.explicitAcks.length, retried: result.retryMessages.length, requeued: sent };
  } finally {
    vi.useRealTimers();
  }
}

/** A page with a Milano fan, a 'Tutte le date' fan and fans who must get nothing. */
export async function dropPage() {
  const p = await alerts.alertPage();
  const fans = {
    milano: alerts.fanEmail('milano'),
    all: alerts.fanEmail('tutte'),
    roma: alerts.fanEmail('roma'),
    pending: alerts.fanEmail('pending'),
    oldConsent: alerts.fanEmail('oldconsent'),
  };
  await alerts.seedFan(p.id, fans.milano, ['Milano']);
  await alerts.seedFan(p.id, fans.all, ['*']);
  await alerts.seedFan(p.id, fans.roma, ['Roma']);
  await alerts.seedFan(p.id, fans.pending, ['Milano'], { confirmed: false });
  const old = await alerts.seedFan(p.id, fans.oldConsent, ['Milano']);
  // agreed to the line that named new dates only
  await env.DB.prepare('UPDATE fans SET consent_version = ? WHERE id = ?')
    .bind(FAN_CONSENT_VERSION_NEW_DATES, old)
    .run();
  return { p, fans, everyone: Object.values(fans) };
}
