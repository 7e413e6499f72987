import { backfillCompanyKeys, pruneUnusedCompanies } from '../db/companies';
import { pruneCityRequests, pruneConfirmSends, prunePendingFans } from '../db/fans/fans';
import { FAN_CONFIRM_RESEND_HOURS, FAN_PENDING_DAYS } from '../../src/core/fans';
import { pruneMailBefore } from '../db/outbox';
import { pruneThrottleRows } from './throttle';
import { pruneWebhookDeliveries } from '../db/fans/webhook-deliveries';
import { expireStats, pruneCountedIds } from '../db/stats-write';
import { romeBucket } from '../../src/core/traffic';
import { republishDue } from './pages/schedule';
import { pruneActivity } from '../db/activity';
import { purgeExpiredTrash } from './pages/trash';
import { pruneAllHistory } from './pages/history-files';
import { recheckTicketSources } from './ticket-import/recheck';
import { retrySizes } from './media/image-sizes';
import { publishPage } from './pages/publish';
import type { Bindings } from '../env';

/**
 * Housekeeping run by the Cron Trigger (wrangler.toml [triggers]): a list of independent steps.
 * Each step runs even when an earlier one failed; a failure is logged and reported, never
 * thrown past runMaintenance. To add a step, append it to MAINTENANCE_STEPS.
 */
export interface MaintenanceStep {
  /** Short kebab-case name, used in the log and the report. */
  name: string;
  /** Does one piece of housekeeping as of `now`; resolves to how many rows it touched. */
  run: (env: Bindings, now: Date) => Promise<number>;
}

export interface MaintenanceResult {
  name: string;
  ok: boolean;
  /** Rows touched, when the step succeeded. */
  count: number | null;
  /** What went wrong, when it failed. */
  error: string | null;
}

/** Outbox messages (delivery records, dev mailbox) are kept this long, then deleted. */
export const MAIL_OUTBOX_RETENTION_DAYS = 30;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const MAINTENANCE_STEPS: readonly MaintenanceStep[] = [
  {
    // pages in the trash for more than 30 days are deleted for ever (docs/behaviour.md#trash)
    name: 'purge-trash',
    run: (env, now) => purgeExpiredTrash(env, now),
  },
  {
    // versions past the last 50 and older than 90 days, and the files only they used
    // (docs/behaviour.md#history)
    name: 'prune-versions',
    run: (env, now) => pruneAllHistory(env, now),
  },
  {
    name: 'prune-mail-outbox',
    run: (env, now) => pruneMailBefore(env.DB, new Date(now.getTime() - MAIL_OUTBOX_RETENTION_DAYS * DAY_MS)),
  },
  {
    // login attempts and per-network counters older than their windows
    name: 'prune-throttle',
    run: (env, now) => pruneThrottleRows(env.DB, now.getTime()),
  },
  {
    // hourly buckets folded into daily ones after 90 days, daily ones deleted after 25 months
    name: 'expire-stats',
    run: (env, now) => expireStats(env.DB, romeBucket(now).day),
  },
  {
    // ids of counted queue messages, kept only while a redelivery is possible
    name: 'prune-counted-ids',
    run: (env, now) => pruneCountedIds(env.DB, now.getTime()),
  },
  {
    // the companies' activity log keeps 400 days (docs/behaviour.md#activity-log)
    name: 'prune-activity',
    run: (env, now) => pruneActivity(env.DB, now),
  },
  {
    // pages whose window opened or closed, or whose event day ended (also run every minute)
    name: 'republish-due-pages',
    run: (env, now) => republishDue(env, now),
  },
  {
    // fan sign-ups never confirmed, and cities requested for a confirmed fan who never agreed
    // (docs/behaviour.md#fans-and-alerts)
    name: 'prune-pending-fans',
    run: async (env, now) => {
      const cutoff = new Date(now.getTime() - FAN_PENDING_DAYS * DAY_MS);
      return (await prunePendingFans(env.DB, cutoff)) + (await pruneCityRequests(env.DB, cutoff));
    },
  },
  {
    // the claims of confirmation e-mails once out of the caps' window (docs/behaviour.md#signing-up)
    name: 'prune-fan-confirm-sends',
    run: (env, now) => pruneConfirmSends(env.DB, new Date(now.getTime() - FAN_CONFIRM_RESEND_HOURS * HOUR_MS)),
  },
  {
    // the provider's webhook delivery ids, remembered 24 hours against replays
    name: 'prune-webhook-deliveries',
    run: (env, now) => pruneWebhookDeliveries(env.DB, now.getTime()),
  },
  {
    // company keys the SQL migration could not compute (names beyond printable ASCII)
    name: 'backfill-company-keys',
    run: (env) => backfillCompanyKeys(env.DB),
  },
  {
    // company rows no account (other than a rejected one) and no page names any more
    name: 'prune-companies',
    run: (env, now) => pruneUnusedCompanies(env.DB, now),
  },
  {
    // the photo sizes the Images binding failed to make, tried again a few pages an hour
    // (docs/behaviour.md#image-sizes)
    name: 'retry-image-sizes',
    run: (env, now) => retrySizes(env, now, (slug) => publishPage(env, slug, undefined, { now })),
  },
  {
    // upcoming dates' ticket pages read again, each at most once a day; last, as the longest
    // (docs/behaviour.md#keeping-up-with-the-ticket-page)
    name: 'recheck-ticket-sources',
    run: (env, now) => recheckTicketSources(env, now),
  },
];

/** Runs every step in order, each on its own; one result per step. */
export async function runMaintenance(
  env: Bindings,
  now: Date = new Date(),
  steps: readonly MaintenanceStep[] = MAINTENANCE_STEPS,
): Promise<MaintenanceResult[]> {
  const results: MaintenanceResult[] = [];
  for (const step of steps) {
    try {
      const count = await step.run(env, now);
      console.log(`[maintenance] ${step.name}: ${count}`);
      results.push({ name: step.name, ok: true, count, error: null });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      console.error(`[maintenance] ${step.name} failed: ${error}`);
      results.push({ name: step.name, ok: false, count: null, error });
    }
  }
  return results;
}
