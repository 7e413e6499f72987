import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { statsAnswerSchema } from '../../src/core/schemas/admin';
import { pageStatsSchema } from '../../src/core/schemas/stats';
import { addDays, romeBucket } from '../../src/core/traffic';
import * as w from './helpers';

/**
 * Fan sign-ups per day (docs/behaviour.md#statistics): the page's stats CSV has them in its
 * `signups` column; the page's stats JSON (what the chart draws) and the administrators'
 * `GET /api/admin/stats` give the same figures per day.
 */

const BASE = API_PREFIX.pages;

/** page_stats rows of one page, as the queue consumer writes them (view rows carry the sign-ups). */
async function seed(pageId: number, rows: Array<{ day: string; source?: string; views?: number; signups?: number }>) {
  await env.DB.batch(
    rows.map((r) =>
      env.DB.prepare(
        `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks, signups)
         VALUES (?, ?, 12, 0, 0, ?, 'mobile', 'IT', ?, 0, ?)`,
      ).bind(pageId, r.day, r.source ?? 'direct', r.views ?? 0, r.signups ?? 0),
    ),
  );
}

async function page(company: string) {
  const user = await w.organiserWithToken({ company });
  const slug = w.uniqueSlug('su');
  const created = await w.createPage(user.token, w.textPage(slug));
  return { token: user.token, slug, id: created.id };
}

/** The CSV's sign-ups per day. */
async function csvSignups(slug: string, token: string): Promise<Record<string, number>> {
  const res = await w.call(`${BASE}/${slug}/stats.csv?days=3`, { token });
  expect(res.status).toBe(200);
  const [header, ...rows] = (await res.text()).trimEnd().split('\r\n');
  expect(header).toBe('date,views,clicks,signups');
  return Object.fromEntries(rows.map((line) => [line.split(',')[0]!, Number(line.split(',')[3])]));
}

describe('fan sign-ups per day', () => {
  it('the page’s stats JSON, its CSV and the administrators’ stats count the same days', async () => {
    const admin = await w.adminWithToken({ company: 'Palco Admin' });
    const readAdmin = async () =>
      w.answer(await w.call(`${API_PREFIX.admin}/stats?days=3`, { token: admin.token }), 200, statsAnswerSchema);
    const to = romeBucket(Date.now()).day;
    const days = [addDays(to, -2), addDays(to, -1), to];
    const before = await readAdmin();

    const one = await page('Zeta Live');
    const two = await page('Eta Live');
    await seed(one.id, [
      { day: days[0]!, views: 3, signups: 2 },
      { day: days[0]!, source: 'instagram', signups: 1 },
      { day: days[2]!, views: 1, signups: 4 },
      { day: addDays(to, -3), signups: 50 }, // before the period
    ]);
    await seed(two.id, [
      { day: days[1]!, signups: 5 },
      { day: days[2]!, views: 2 },
    ]);

    const perPage = { [one.slug]: [3, 0, 4], [two.slug]: [0, 5, 0] };
    for (const p of [one, two]) {
      const json = await w.answer(
        await w.call(`${BASE}/${p.slug}/stats?days=3`, { token: p.token }),
        200,
        pageStatsSchema,
      );
      expect(json.daily.map((d) => d.signups)).toEqual(perPage[p.slug]);
      expect(await csvSignups(p.slug, p.token)).toEqual(
        Object.fromEntries(days.map((d, i) => [d, perPage[p.slug]![i]])),
      );
    }

    const after = await readAdmin();
    const daily = after.period?.daily ?? [];
    expect(daily.map((d) => d.date)).toEqual(days);
    const grew = daily.map((d, i) => d.signups - (before.period?.daily?.[i]?.signups ?? 0));
    expect(grew).toEqual([3, 5, 4]);
    expect(after.period!.signups - before.period!.signups).toBe(12);
    // the period's views and clicks are the sums of its days
    expect(daily.reduce((sum, d) => sum + d.views, 0)).toBe(after.period!.views);
    expect(daily.reduce((sum, d) => sum + d.clicks, 0)).toBe(after.period!.clicks);
    expect(daily.reduce((sum, d) => sum + d.signups, 0)).toBe(after.period!.signups);
  });
});
