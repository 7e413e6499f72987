// Retention of the stats buckets (the hourly maintenance): hours folded into days after 90 days,
// days older than 25 months kept only in the archive row, counted ids forgotten after 14 days.
import { createExecutionContext, createScheduledController, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import worker from '../../worker/index';
import { addDays, romeBucket } from '../../src/core/traffic';
import { expireStats } from '../../worker/db/stats-write';
import { seedPage, slugFor } from './public-helpers';

async function bucket(pageId: number, day: string, hour: number, views: number, source = 'direct', signups = 0) {
  await env.DB.prepare(
    `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks, signups)
     VALUES (?, ?, ?, 0, 0, ?, 'mobile', 'IT', ?, 0, ?)`,
  )
    .bind(pageId, day, hour, source, views, signups)
    .run();
}

async function rows(pageId: number) {
  const { results } = await env.DB.prepare(
    'SELECT day, hour, source, views FROM page_stats WHERE page_id = ? ORDER BY day, hour, source',
  )
    .bind(pageId)
    .all();
  return results;
}

describe('stats retention', () => {
  it('folds hours older than 90 days into days, and days older than 25 months into the archive row', async () => {
    const { id } = await seedPage(slugFor('ret'));
    const today = '2026-11-23';
    const old = addDays(today, -91);
    const edge = addDays(today, -90);
    await bucket(id, old, 9, 2);
    await bucket(id, old, 21, 3);
    await bucket(id, old, 22, 4, 'qr');
    await bucket(id, edge, 10, 5);
    await bucket(id, '2024-10-21', -1, 1, 'qr');
    await bucket(id, '2024-10-22', -1, 6);
    await bucket(id, '2024-10-23', -1, 7);
    await bucket(id, today, 8, 1);
    const sum = async () => (await rows(id)).reduce((n, r) => n + (r.views as number), 0);
    expect(await sum()).toBe(29);
    await expireStats(env.DB, today);
    expect(await rows(id)).toEqual([
      // the days past 25 months live on only in the page's archive row, with no day or source
      { day: '0000-00-00', hour: -1, source: '', views: 7 },
      { day: '2024-10-23', hour: -1, source: 'direct', views: 7 },
      { day: old, hour: -1, source: 'direct', views: 5 },
      { day: old, hour: -1, source: 'qr', views: 4 },
      { day: edge, hour: 10, source: 'direct', views: 5 },
      { day: today, hour: 8, source: 'direct', views: 1 },
    ]);
    expect(await sum()).toBe(29);
    // running it again changes nothing: nothing is folded twice
    await expireStats(env.DB, today);
    expect((await rows(id)).map((r) => r.views)).toEqual([7, 7, 5, 4, 5, 1]);
  });

  it('folds and archives fan sign-ups with their views, none lost', async () => {
    const { id } = await seedPage(slugFor('retf'));
    const today = '2026-11-23';
    const old = addDays(today, -91);
    await bucket(id, old, 9, 2, 'qr', 1);
    await bucket(id, old, 21, 0, 'qr', 4);
    await bucket(id, old, 22, 1, 'direct', 2);
    await bucket(id, '2024-10-21', -1, 0, 'qr', 8);
    await bucket(id, '2024-10-22', -1, 3, 'direct', 16);
    await bucket(id, today, 8, 1, 'qr', 32);
    await expireStats(env.DB, today);
    const { results } = await env.DB.prepare(
      'SELECT day, hour, source, views, signups FROM page_stats WHERE page_id = ? ORDER BY day, hour, source',
    )
      .bind(id)
      .all();
    expect(results).toEqual([
      { day: '0000-00-00', hour: -1, source: '', views: 3, signups: 24 },
      { day: old, hour: -1, source: 'direct', views: 1, signups: 2 },
      { day: old, hour: -1, source: 'qr', views: 2, signups: 5 },
      { day: today, hour: 8, source: 'qr', views: 1, signups: 32 },
    ]);
  });

  it('runs in the scheduled maintenance with the counted ids pruning', async () => {
    const { id } = await seedPage(slugFor('rets'));
    const now = Date.now();
    const today = romeBucket(now).day;
    await bucket(id, addDays(today, -120), 3, 9);
    await env.DB.prepare('INSERT INTO counted_messages (id, counted_at) VALUES (?, ?), (?, ?)')
      .bind(`old-${id}`, now - 15 * 86_400_000, `new-${id}`, now)
      .run();
    await worker.scheduled(
      createScheduledController({ scheduledTime: now, cron: '17 * * * *' }),
      env,
      createExecutionContext(),
    );
    expect(await rows(id)).toEqual([{ day: addDays(today, -120), hour: -1, source: 'direct', views: 9 }]);
    const ids = await env.DB.prepare('SELECT id FROM counted_messages WHERE id IN (?, ?)')
      .bind(`old-${id}`, `new-${id}`)
      .all();
    expect(ids.results).toEqual([{ id: `new-${id}` }]);
  });
});
