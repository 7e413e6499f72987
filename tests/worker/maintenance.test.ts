import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index';
import {
  MAIL_OUTBOX_RETENTION_DAYS,
  MAINTENANCE_STEPS,
  runMaintenance,
  type MaintenanceStep,
} from '../../worker/services/maintenance';
import { FAN_PENDING_DAYS } from '../../src/core/fans';
import { seedFan } from './fan-alerts-helpers';
import { citiesOf, confirmPath, fanOf, fanPage, signUp, uniqueIp } from './fans-helpers';
import { call, uniqueEmail } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = new Date('2026-11-22T10:17:00.000Z');

/** An outbox row written `ageMs` before NOW; answers its address. */
async function mailAged(ageMs: number): Promise<string> {
  const to = uniqueEmail('archivio');
  await env.DB.prepare('INSERT INTO mail_outbox (to_addr, subject, body_text, kind, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(to, 'Oggetto', 'Testo', 'reset', new Date(NOW.getTime() - ageMs).toISOString())
    .run();
  return to;
}

async function outboxHas(to: string): Promise<boolean> {
  return (await env.DB.prepare('SELECT 1 FROM mail_outbox WHERE to_addr = ?').bind(to).first()) !== null;
}

async function runCron(runEnv: Cloudflare.Env = env): Promise<void> {
  const controller = createScheduledController({ scheduledTime: NOW, cron: '17 * * * *' });
  const ctx = createExecutionContext();
  try {
    await worker.scheduled(controller, runEnv, ctx);
  } finally {
    await waitOnExecutionContext(ctx);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the scheduled maintenance (Cron Trigger)', () => {
  it(`deletes outbox messages older than ${MAIL_OUTBOX_RETENTION_DAYS} days and keeps the newer ones`, async () => {
    const ancient = await mailAged(400 * DAY_MS);
    const justExpired = await mailAged(MAIL_OUTBOX_RETENTION_DAYS * DAY_MS + 60_000);
    const almostExpired = await mailAged(MAIL_OUTBOX_RETENTION_DAYS * DAY_MS - 60_000);
    const recent = await mailAged(60_000);

    await runCron();

    expect(await outboxHas(ancient)).toBe(false);
    expect(await outboxHas(justExpired)).toBe(false);
    expect(await outboxHas(almostExpired)).toBe(true);
    expect(await outboxHas(recent)).toBe(true);
  });

  it("forgets the webhook's delivery ids after 24 hours and keeps the newer ones", async () => {
    const aged = async (ageMs: number) => {
      const id = `msg_${ageMs}_${Math.random().toString(36).slice(2)}`;
      await env.DB.prepare('INSERT INTO webhook_deliveries (id, seen_at) VALUES (?, ?)')
        .bind(id, NOW.getTime() - ageMs)
        .run();
      return id;
    };
    const kept = async (id: string) =>
      (await env.DB.prepare('SELECT 1 FROM webhook_deliveries WHERE id = ?').bind(id).first()) !== null;
    const old = await aged(DAY_MS + 60_000);
    const recent = await aged(DAY_MS - 60_000);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const results = await runMaintenance(env, NOW);
    expect(results).toContainEqual({ name: 'prune-webhook-deliveries', ok: true, count: 1, error: null });
    expect(await kept(old)).toBe(false);
    expect(await kept(recent)).toBe(true);
  });

  it('measures age from the scheduled time of the run', async () => {
    const to = await mailAged(10 * DAY_MS);
    await runMaintenance(env, new Date(NOW.getTime() + 25 * DAY_MS));
    expect(await outboxHas(to)).toBe(false);
  });

  it('a failing step makes the invocation fail (visible in the Cron Events), after every step ran', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const brokenDb = {
      prepare: () => {
        throw new Error('D1 non raggiungibile');
      },
    } as unknown as D1Database;
    await expect(runCron({ ...env, DB: brokenDb })).rejects.toThrow(/maintenance steps failed: .*prune-mail-outbox/);
  });
});

describe('runMaintenance', () => {
  it('runs every step even when one fails, logs the failure and reports each step', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const seen: string[] = [];
    const steps: MaintenanceStep[] = [
      {
        name: 'primo',
        run: async () => {
          seen.push('primo');
          return 2;
        },
      },
      {
        name: 'rotto',
        run: async () => {
          seen.push('rotto');
          throw new Error('guasto');
        },
      },
      {
        name: 'ultimo',
        run: async (_env, now) => {
          seen.push(`ultimo ${now.toISOString()}`);
          return 0;
        },
      },
    ];

    const results = await runMaintenance(env, NOW, steps);

    expect(seen).toEqual(['primo', 'rotto', `ultimo ${NOW.toISOString()}`]);
    expect(results).toEqual([
      { name: 'primo', ok: true, count: 2, error: null },
      { name: 'rotto', ok: false, count: null, error: 'guasto' },
      { name: 'ultimo', ok: true, count: 0, error: null },
    ]);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('rotto failed: guasto'));
  });

  it('the default steps include the outbox pruning and all succeed on a healthy database', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect(MAINTENANCE_STEPS.map((s) => s.name)).toContain('prune-mail-outbox');
    const results = await runMaintenance(env, NOW);
    expect(results.every((r) => r.ok)).toBe(true);
  });
});

// The fans' pruning steps delete every page's expired rows, so their tests live here, in a file
// with a database of its own (vitest.config.ts), not with the sign-up tests.
describe("the fans' pruning steps", () => {
  it(`unconfirmed sign-ups are deleted ${FAN_PENDING_DAYS} days after their last confirmation e-mail; confirmed fans stay`, async () => {
    const { slug, id } = await fanPage();
    const old = uniqueEmail('vecchio');
    const recent = uniqueEmail('recente');
    const mailedAgain = uniqueEmail('rinnovato');
    const fan = uniqueEmail('fedele');
    for (const email of [old, recent, mailedAgain, fan]) await signUp(slug, { email, city: 'Milano' });
    await call(await confirmPath(fan), { method: 'POST' });
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const age = (email: string, created: number, mailed: number) =>
      env.DB.prepare('UPDATE fans SET created_at = ?, confirm_sent_at = ? WHERE page_id = ? AND email = ?')
        .bind(ago(created), ago(mailed), id, email)
        .run();
    const week = FAN_PENDING_DAYS * DAY_MS;
    await age(old, week + 60_000, week + 60_000);
    await age(recent, week - 60_000, week - 60_000);
    // signed up long ago, its link mailed again yesterday: that link has its days
    await age(mailedAgain, week + DAY_MS, DAY_MS);
    await env.DB.prepare('UPDATE fans SET created_at = ? WHERE page_id = ? AND email = ?')
      .bind(ago(week * 4), id, fan)
      .run();
    const oldId = (await fanOf(id, old))!.id;

    const step = MAINTENANCE_STEPS.filter((s) => s.name === 'prune-pending-fans');
    expect(step).toHaveLength(1);
    const [result] = await runMaintenance(env, now, step);
    expect(result).toMatchObject({ ok: true });
    expect(result!.count).toBeGreaterThanOrEqual(1);
    expect(await fanOf(id, old)).toBeNull();
    // its cities went with it
    expect(await citiesOf(oldId)).toEqual([]);
    expect(await fanOf(id, recent)).not.toBeNull();
    expect(await fanOf(id, mailedAgain)).not.toBeNull();
    expect(await fanOf(id, fan)).not.toBeNull();
  });

  it(`a city request never confirmed is deleted after ${FAN_PENDING_DAYS} days by prune-pending-fans`, async () => {
    const { slug, id } = await fanPage();
    const fan = uniqueEmail('scade');
    const fanId = await seedFan(id, fan, ['Roma']);
    await signUp(slug, { email: fan, city: 'Milano' }, { json: true, ip: uniqueIp() });
    const requests = () =>
      env.DB.prepare('SELECT city_key FROM fan_city_requests WHERE fan_id = ?').bind(fanId).all<{ city_key: string }>();
    expect((await requests()).results).toEqual([{ city_key: 'milano' }]);
    await env.DB.prepare('UPDATE fan_city_requests SET created_at = ? WHERE fan_id = ?')
      .bind(new Date(Date.now() - FAN_PENDING_DAYS * DAY_MS - 60_000).toISOString(), fanId)
      .run();
    const path = await confirmPath(fan);
    const step = MAINTENANCE_STEPS.filter((s) => s.name === 'prune-pending-fans');
    const [result] = await runMaintenance(env, new Date(), step);
    expect(result).toMatchObject({ ok: true });
    expect((await requests()).results).toEqual([]);
    // the fan stays; the link of the request confirms nothing any more
    expect(await fanOf(id, fan)).not.toBeNull();
    expect((await call(path, { method: 'POST' })).status).toBe(404);
    expect((await citiesOf(fanId)).map((c) => c.city_key)).toEqual(['roma']);
  });

  it("the confirmation e-mails' claims are forgotten a day after they were sent, by prune-fan-confirm-sends", async () => {
    const { slug, id } = await fanPage();
    const email = uniqueEmail('giorno');
    await signUp(slug, { email, city: 'Milano' }, { json: true, ip: uniqueIp() });
    // the first claim a day old: the next sign-up mails again and claims anew
    await env.DB.prepare(
      `UPDATE fan_confirm_sends SET sent_at = strftime('%Y-%m-%dT%H:%M:%fZ', sent_at, ?) WHERE page_id = ?`,
    )
      .bind(`-${DAY_MS / 1000 + 60} seconds`, id)
      .run();
    await signUp(slug, { email, city: 'Forlì' }, { json: true, ip: uniqueIp() });
    const count = async () =>
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM fan_confirm_sends WHERE page_id = ?')
        .bind(id)
        .first<{ n: number }>())!.n;
    expect(await count()).toBe(2);
    const step = MAINTENANCE_STEPS.filter((s) => s.name === 'prune-fan-confirm-sends');
    expect(step).toHaveLength(1);
    const [result] = await runMaintenance(env, new Date(), step);
    expect(result).toMatchObject({ ok: true });
    expect(await count()).toBe(1);
  });
});
