import { describe, expect, it } from 'vitest';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { pageStatsSchema } from '../../src/core/schemas/stats';
import { COUNTRY_CODES } from '../../src/core/countries';
import { addDays, BREAKDOWN_TOP, FOLDED, STATS_DAYS_MAX } from '../../src/core/traffic';
import * as w from './helpers';
import { BASE, type Bucket, pageWith, seed, stats, today } from './stats-api-helpers';

/**
 * GET /api/db/landing-pages/{slug}/stats (docs/api.md#page-statistics), read from page_stats rows
 * seeded with SQL for pages made through the API. Who may read them, …/stats.csv and the period
 * of GET /api/admin/stats: stats-api-access.test.ts.
 */

describe('GET …/{slug}/stats', () => {
  it('sums the range, zero-fills every day, keeps the day before out and folded daily rows in', async () => {
    const { user, slug, id, buttons } = await pageWith();
    const [a, b] = buttons as [number, number];
    const to = today();
    const from = addDays(to, -6);
    await seed(id, [
      { day: addDays(from, -1), views: 100, source: 'instagram' }, // the day before: out
      { day: addDays(from, -1), button_id: a, clicks: 50 },
      { day: addDays(from, -1), signups: 9 },
      { day: addDays(to, 1), views: 70, signups: 70 }, // tomorrow (a clock ahead): out
      { day: from, hour: 0, views: 3, source: 'instagram', signups: 1 },
      { day: from, hour: 23, views: 1, source: 'instagram' },
      { day: from, hour: 9, button_id: a, clicks: 2, source: 'instagram' },
      { day: addDays(from, 2), hour: -1, views: 5, source: 'google', device: 'desktop', country: 'FR' }, // folded
      { day: addDays(from, 2), hour: -1, source: 'google', signups: 2 }, // folded, sign-ups only
      { day: addDays(from, 2), hour: -1, button_id: b, cta: 1, clicks: 4, source: 'google', device: 'desktop' },
      { day: to, hour: 0, views: 2, signups: 3 },
      { day: to, hour: 18, button_id: a, cta: 0, clicks: 1 },
      { day: to, hour: 18, button_id: a, cta: 2, clicks: 6, signups: 40 }, // a click row's stray sign-ups: none
    ]);
    const s = await stats(slug, user.token, '?days=7');
    expect(s.range).toEqual({ from, to });
    expect(s.daily.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)));
    expect(s.daily).toEqual([
      { date: from, views: 4, clicks: 2, signups: 1 },
      { date: addDays(from, 1), views: 0, clicks: 0, signups: 0 },
      { date: addDays(from, 2), views: 5, clicks: 4, signups: 2 },
      { date: addDays(from, 3), views: 0, clicks: 0, signups: 0 },
      { date: addDays(from, 4), views: 0, clicks: 0, signups: 0 },
      { date: addDays(from, 5), views: 0, clicks: 0, signups: 0 },
      { date: to, views: 2, clicks: 7, signups: 3 },
    ]);
    expect(s.totals).toEqual({ views: 11, clicks: 13, signups: 6 });
    expect(s.buttons).toEqual([
      {
        id: a,
        clicks: 9,
        daily: s.daily.map((d) => ({ date: d.date, clicks: d.date === from ? 2 : d.date === to ? 7 : 0 })),
        ctas: [
          { index: 0, clicks: 3 },
          { index: 2, clicks: 6 },
        ],
      },
      {
        id: b,
        clicks: 4,
        daily: s.daily.map((d) => ({ date: d.date, clicks: d.date === addDays(from, 2) ? 4 : 0 })),
        ctas: [{ index: 1, clicks: 4 }],
      },
    ]);

    // one day: today only; the default is 30 days
    const one = await stats(slug, user.token, '?days=1');
    expect(one.range).toEqual({ from: to, to });
    expect(one.daily).toEqual([{ date: to, views: 2, clicks: 7, signups: 3 }]);
    const thirty = await stats(slug, user.token);
    expect(thirty.range.from).toBe(addDays(to, -29));
    expect(thirty.daily).toHaveLength(30);
    expect(thirty.totals).toEqual({ views: 111, clicks: 63, signups: 15 }); // the day before the 7 is in now
    expect(await stats(slug, user.token, '?days=')).toEqual(thirty);
    const most = await stats(slug, user.token, `?days=${STATS_DAYS_MAX}`);
    expect(most.daily).toHaveLength(STATS_DAYS_MAX);
    expect(most.buttons[0]!.daily).toHaveLength(STATS_DAYS_MAX);
  });

  it('an empty page answers every day and every button with zeros', async () => {
    const { user, slug, buttons } = await pageWith(3);
    const res = await w.call(`${BASE}/${slug}/stats?days=5`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const s = pageStatsSchema.parse(await res.json());
    expect(s.totals).toEqual({ views: 0, clicks: 0, signups: 0 });
    expect(s.daily).toHaveLength(5);
    expect(s.daily.every((d) => d.views === 0 && d.clicks === 0 && d.signups === 0)).toBe(true);
    expect(s.sources).toEqual([]);
    expect(s.devices).toEqual([]);
    expect(s.countries).toEqual([]);
    expect(s.buttons.map((b) => [b.id, b.clicks, b.daily.length, b.ctas])).toEqual(buttons.map((id) => [id, 0, 5, []]));
  });

  it('breakdowns: views and sign-ups from view rows, clicks from click rows, by views, then clicks, then name', async () => {
    const { user, slug, id, buttons } = await pageWith(1);
    const day = today();
    const btn = buttons[0]!;
    await seed(id, [
      { day, source: 'zeta', views: 9 },
      { day, source: 'beta', views: 5, signups: 1 },
      { day, source: 'beta', button_id: btn, clicks: 2 },
      { day, source: 'alfa', views: 5, device: 'tablet' },
      { day, source: 'alfa', button_id: btn, clicks: 2, device: 'tablet', country: 'DE' },
      { day, source: 'gamma', views: 5, device: 'desktop', country: 'XX' },
      // a click row's stray views and a view row's stray clicks count for nothing
      { day, source: 'gamma', button_id: btn, views: 40, device: 'desktop', country: 'XX' },
      { day, source: 'direct', clicks: 30, country: 'DE' },
      { day, source: 'delta', button_id: btn, clicks: 1, country: 'US' },
      // a source with sign-ups only (its views fell in another period) is listed, last
      { day, source: 'omega', signups: 2, device: 'tablet', country: 'FR' },
      { day, source: 'gamma', button_id: btn, signups: 30, device: 'desktop', country: 'XX' },
    ]);
    const s = await stats(slug, user.token, '?days=1');
    expect(s.sources).toEqual([
      { source: 'zeta', views: 9, clicks: 0, signups: 0 },
      { source: 'alfa', views: 5, clicks: 2, signups: 0 },
      { source: 'beta', views: 5, clicks: 2, signups: 1 },
      { source: 'gamma', views: 5, clicks: 0, signups: 0 },
      { source: 'delta', views: 0, clicks: 1, signups: 0 },
      { source: 'omega', views: 0, clicks: 0, signups: 2 },
    ]);
    expect(s.devices).toEqual([
      { device: 'mobile', views: 14, clicks: 3, signups: 1 },
      { device: 'tablet', views: 5, clicks: 2, signups: 2 },
      { device: 'desktop', views: 5, clicks: 0, signups: 0 },
    ]);
    expect(s.countries).toEqual([
      { country: 'IT', views: 19, clicks: 2, signups: 1 },
      { country: 'XX', views: 5, clicks: 0, signups: 0 },
      { country: 'DE', views: 0, clicks: 2, signups: 0 },
      { country: 'US', views: 0, clicks: 1, signups: 0 },
      { country: 'FR', views: 0, clicks: 0, signups: 2 },
    ]);
    expect(s.totals).toEqual({ views: 24, clicks: 5, signups: 3 });
  });

  it(`each breakdown answers its top ${BREAKDOWN_TOP} names, then '${FOLDED}' with the rest: small, and still exact`, async () => {
    const { user, slug, id, buttons } = await pageWith(1);
    const day = today();
    const codes = [...COUNTRY_CODES].slice(0, 40);
    const rows: Bucket[] = [];
    for (let i = 0; i < 60; i++) {
      // source-00 has 60 views, source-59 one; every fifth a click as well, every tenth a sign-up
      const source = `source-${String(i).padStart(2, '0')}`;
      rows.push({ day, source, country: codes[i % 40], views: 60 - i, signups: i % 10 === 0 ? 1 : 0 });
      if (i % 5 === 0) rows.push({ day, source, country: codes[i % 40], button_id: buttons[0]!, clicks: 1 });
    }
    // what the writer folded already joins what the answer folds, and comes last though it is big
    rows.push({ day, source: FOLDED, views: 500, signups: 3 });
    await seed(id, rows);
    const res = await w.call(`${BASE}/${slug}/stats?days=1`, { token: user.token });
    const text = await res.text();
    const s = pageStatsSchema.parse(JSON.parse(text));
    expect(s.sources).toHaveLength(BREAKDOWN_TOP + 1);
    expect(s.sources.slice(0, 3)).toEqual([
      { source: 'source-00', views: 60, clicks: 1, signups: 1 },
      { source: 'source-01', views: 59, clicks: 0, signups: 0 },
      { source: 'source-02', views: 58, clicks: 0, signups: 0 },
    ]);
    expect(s.sources[BREAKDOWN_TOP - 1]).toEqual({ source: 'source-19', views: 41, clicks: 0, signups: 0 });
    // 40 + 39 + … + 1 = 820 views of the 40 names past the top, plus the 500 folded when written;
    // the sign-ups of source-20, -30, -40 and -50 and the 3 folded when written
    expect(s.sources.at(-1)).toEqual({ source: FOLDED, views: 1320, clicks: 8, signups: 7 });
    expect(s.countries).toHaveLength(BREAKDOWN_TOP + 1);
    expect(s.countries.at(-1)!.country).toBe(FOLDED);
    for (const breakdown of [s.sources, s.countries, s.devices]) {
      const sum = breakdown.reduce(
        (n, r) => ({ views: n.views + r.views, clicks: n.clicks + r.clicks, signups: n.signups + r.signups }),
        { views: 0, clicks: 0, signups: 0 },
      );
      expect(sum).toEqual(s.totals);
    }
    expect(s.totals).toEqual({ views: 2330, clicks: 12, signups: 9 });
    expect(text.length).toBeLessThan(4000);
  });

  it('lists the current buttons in position order; a deleted button’s clicks stay in the totals', async () => {
    const { user, slug, id, buttons } = await pageWith(3);
    const [a, b, c] = buttons as [number, number, number];
    const day = today();
    await seed(id, [
      { day, button_id: b, clicks: 3, source: 'tiktok' },
      { day, button_id: c, clicks: 5, source: 'instagram', country: 'ES' },
      { day, views: 10 },
    ]);
    // reorder to c, a, b, then delete b
    const page = pageAsReceivedSchema.parse(await (await w.call(`${BASE}/${slug}`, { token: user.token })).json());
    const byId = new Map(page.buttons.map((x) => [x.id, x]));
    const reorder = await w.call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: user.token,
      json: { ...page, buttons: [byId.get(c), byId.get(a), byId.get(b)] },
    });
    expect(reorder.status).toBe(200);
    let s = await stats(slug, user.token, '?days=1');
    expect(s.buttons.map((x) => [x.id, x.clicks])).toEqual([
      [c, 5],
      [a, 0],
      [b, 3],
    ]);
    expect(s.buttons[1]).toEqual({ id: a, clicks: 0, daily: [{ date: day, clicks: 0 }], ctas: [] });

    const drop = await w.call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: user.token,
      json: { ...page, buttons: [byId.get(c), byId.get(a)] },
    });
    expect(drop.status).toBe(200);
    s = await stats(slug, user.token, '?days=1');
    expect(s.buttons.map((x) => x.id)).toEqual([c, a]);
    expect(s.totals).toEqual({ views: 10, clicks: 8, signups: 0 });
    expect(s.daily).toEqual([{ date: day, views: 10, clicks: 8, signups: 0 }]);
    expect(s.sources.find((x) => x.source === 'tiktok')).toEqual({ source: 'tiktok', views: 0, clicks: 3, signups: 0 });
  });

  it('only the page’s own rows count', async () => {
    const one = await pageWith(1);
    const two = await pageWith(1);
    const day = today();
    await seed(one.id, [{ day, views: 4, signups: 1 }]);
    await seed(two.id, [
      { day, views: 7 },
      { day, button_id: two.buttons[0]!, clicks: 2 },
    ]);
    expect((await stats(one.slug, one.user.token, '?days=1')).totals).toEqual({ views: 4, clicks: 0, signups: 1 });
    expect((await stats(two.slug, two.user.token, '?days=1')).totals).toEqual({ views: 7, clicks: 2, signups: 0 });
  });
});
