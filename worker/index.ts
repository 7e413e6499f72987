import { createApp } from './app';
import type { Bindings, QueueMessage } from './env';
import { runMaintenance } from './services/maintenance';
import { REPUBLISH_CRON, republishDue } from './services/pages/schedule';
import { countMessageSchema } from './services/counting';
import { applyCountBatch, type CountBatchMessage } from './db/stats-write';
import { consumeFanBatch, dispatchDueAlerts, FANS_QUEUE } from './services/fans/delivery';

const app = createApp();
/** The longest wait between two attempts at a count batch. */
const RETRY_MAX_SECONDS = 300;

export default {
  fetch: app.fetch,
  /**
   * The Cron Triggers of wrangler.toml: every minute, the republish of the pages whose next
   * boundary has passed (worker/services/pages/schedule.ts), then the fan alerts that are due on a
   * page the public sees (worker/services/fans/delivery.ts), so a page that just opened is
   * published before its alert links to it; hourly, the housekeeping
   * (worker/services/maintenance.ts), which runs the republish too.
   */
  async scheduled(controller, env, _ctx) {
    const now = new Date(controller.scheduledTime);
    if (controller.cron === REPUBLISH_CRON) {
      try {
        await republishDue(env, now);
      } finally {
        await dispatchDueAlerts(env, now);
      }
      return;
    }
    const results = await runMaintenance(env, now);
    const failed = results.filter((r) => !r.ok).map((r) => r.name);
    // every step has run; failing the invocation marks it failed in the Cron Events log
    if (failed.length > 0) throw new Error(`maintenance steps failed: ${failed.join(', ')}`);
  },
  /**
   * The COUNTS queue's consumer (docs/architecture.md#counting-pipeline): the whole batch is one
   * D1 transaction. A message that is not a count message is dropped (acknowledged, logged); if
   * the write fails, every message is retried with a delay that doubles with its attempts (2 s up
   * to 5 min, so an outage of D1 of over an hour is ridden out) and, past max_retries, goes to the
   * dead-letter queue. The FANS queue's batches go to their own consumer (fan alerts:
   * worker/services/fans/delivery.ts). Both parse a body before use: a message queued by an
   * older version of the Worker may lack a field its type now has.
   */
  async queue(batch: MessageBatch<QueueMessage>, env, _ctx) {
    if (batch.queue === FANS_QUEUE) return consumeFanBatch(batch, env);
    const messages: CountBatchMessage[] = [];
    for (const message of batch.messages) {
      const parsed = countMessageSchema.safeParse(message.body);
      if (parsed.success) messages.push({ id: message.id, at: message.timestamp.getTime(), rows: parsed.data.rows });
      else console.error('count message dropped: not a count message', message.id);
    }
    try {
      await applyCountBatch(env.DB, messages, Date.now());
      batch.ackAll();
    } catch (err) {
      console.error('count batch failed, retrying', err instanceof Error ? err.message : String(err));
      for (const message of batch.messages) {
        message.retry({ delaySeconds: Math.min(RETRY_MAX_SECONDS, 2 ** Math.max(1, message.attempts)) });
      }
    }
  },
} satisfies ExportedHandler<Bindings, QueueMessage>;
