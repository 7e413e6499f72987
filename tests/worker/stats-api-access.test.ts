import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths, API_PREFIX } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { statsAnswerSchema } from '../../src/core/schemas/admin';
import { addDays, STATS_DAYS_MAX } from '../../src/core/traffic';
import * as w from './helpers';
import { BASE, pageWith, seed, stats, today } from './stats-api-helpers';

/**
 * Who may read a page's stats, GET …/{slug}/stats.csv and the period of GET /api/admin/stats
 * (docs/api.md#page-statistics), read from page_stats rows seeded with SQL for pages made
 * through the API.
 */

describe('who may read a page’s stats', () => {
  it('as for the page itself: 401 anonymous, 403 an inactive account, 404 another company or no page', async () => {
    const { user, slug } = await pageWith(1, 'Beta Eventi');
    const colleague = await w.organiserWithToken({ company: 'Beta Eventi' });
    const stranger = await w.organiserWithToken({ company: 'Gamma Live' });
    const pending = await w.userWithToken({ company: 'Beta Eventi', status: 'pending' });
    const banned = await w.userWithToken({ company: 'Beta Eventi', status: 'banned' });
    const admin = await w.adminWithToken({ company: 'Altro' });
    for (const suffix of ['stats', 'stats.csv']) {
      const path = `${BASE}/${slug}/${suffix}`;
      const anonymous = await w.call(path);
      expect(anonymous.status, path).toBe(401);
      expect(await anonymous.json()).toEqual({ detail: 'Unauthorized' });
      expect((await w.call(path, { token: 'not-a-token' })).status).toBe(401);
      for (const inactive of [pending, banned]) {
        const res = await w.call(path, { token: inactive.token });
        expect(res.status, path).toBe(403);
        expect(typeof ((await res.json()) as { detail: unknown }).detail).toBe('string');
      }
      // another company's page is as unknown as a missing one, exactly like GET …/{slug}
      for (const [target, who] of [
        [slug, stranger],
        [w.uniqueSlug('none'), user],
      ] as const) {
        const res = await w.call(`${BASE}/${target}/${suffix}`, { token: who.token });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ detail: t('public.notFound') });
        expect((await w.call(`${BASE}/${target}`, { token: who.token })).status).toBe(404);
      }
      for (const who of [user, colleague, admin]) {
        expect((await w.call(path, { token: who.token })).status, path).toBe(200);
      }
    }
  });

  it('422 with the catalogue’s message for a bad ?days, on both routes', async () => {
    const { user, slug } = await pageWith(1);
    const detail = `days: ${t('pages.stats.daysInvalid', { max: STATS_DAYS_MAX })}`;
    for (const suffix of ['stats', 'stats.csv']) {
      for (const days of ['0', '401', 'abc', '1.5', '-3', 'Infinity', '1e9', '7&days=9', '%20']) {
        const res = await w.call(`${BASE}/${slug}/${suffix}?days=${days}`, { token: user.token });
        expect(res.status, `${suffix}?days=${days}`).toBe(422);
        expect(await res.json()).toEqual({ detail });
      }
    }
    // auth comes first: an anonymous bad request is still 401
    expect((await w.call(`${BASE}/${slug}/stats?days=0`)).status).toBe(401);
  });

  it('?days takes whole decimal numbers only: hex, exponents, signs, spaces and points are 422', async () => {
    const { user, slug } = await pageWith(1);
    const admin = await w.adminWithToken();
    const detail = `days: ${t('pages.stats.daysInvalid', { max: STATS_DAYS_MAX })}`;
    // each of these was read as a number of days before (16, 100, 7, 7, 7, 2, 7, 3)
    const loose = ['0x10', '1e2', '%2B7', '+7', '%207', '2.0', '7%20', '0b11'];
    for (const path of [`${BASE}/${slug}/stats`, `${BASE}/${slug}/stats.csv`, adminPaths.stats]) {
      const token = path.startsWith(API_PREFIX.admin) ? admin.token : user.token;
      for (const days of loose) {
        const res = await w.call(`${path}?days=${days}`, { token });
        expect(res.status, `${path}?days=${days}`).toBe(422);
        expect(await res.json()).toEqual({ detail });
      }
      // plain digits still work, leading zeros included
      for (const days of ['7', '007', '400']) {
        expect((await w.call(`${path}?days=${days}`, { token })).status, `${path}?days=${days}`).toBe(200);
      }
    }
    const week = await stats(slug, user.token, '?days=007');
    expect(week.daily).toHaveLength(7);
  });
});

describe('GET …/{slug}/stats.csv', () => {
  it('one row per day with views, clicks and sign-ups, oldest first, as an attachment named after the slug and the range', async () => {
    const { user, slug, id, buttons } = await pageWith(1);
    const to = today();
    const from = addDays(to, -2);
    await seed(id, [
      { day: addDays(from, -1), views: 50 },
      { day: from, views: 3, signups: 1 },
      { day: from, hour: -1, views: 2, source: 'other' },
      { day: to, views: 1 },
      { day: to, source: 'qr', signups: 2 },
      { day: to, button_id: buttons[0]!, clicks: 4 },
    ]);
    const res = await w.call(`${BASE}/${slug}/stats.csv?days=3`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${slug}-stats-${from}-${to}.csv"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toBe(`date,views,clicks,signups\r\n${from},5,0,1\r\n${addDays(from, 1)},0,0,0\r\n${to},1,4,2\r\n`);

    const month = await (await w.call(`${BASE}/${slug}/stats.csv`, { token: user.token })).text();
    const lines = month.trimEnd().split('\r\n');
    expect(lines).toHaveLength(31);
    expect(lines[1]).toBe(`${addDays(to, -29)},0,0,0`);
    expect(lines.at(-1)).toBe(`${to},1,4,2`);
    expect(lines.every((line) => /^(date,views,clicks,signups|\d{4}-\d{2}-\d{2},\d+,\d+,\d+)$/.test(line))).toBe(true);
  });
});

describe('GET /api/admin/stats?days=N', () => {
  it('adds the period’s views and clicks across every page, beside the unchanged lifetime figures', async () => {
    const admin = await w.adminWithToken({ company: 'Palco Admin' });
    const one = await pageWith(1, 'Delta Live');
    const two = await pageWith(2, 'Epsilon Live');
    const to = today();
    const from = addDays(to, -2);
    const read = async (query = '') => {
      const res = await w.call(`${API_PREFIX.admin}/stats${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      return statsAnswerSchema.parse(await res.json());
    };
    const before = await read('?days=3');
    expect(before.period).toMatchObject({ days: 3, range: { from, to } });
    await seed(one.id, [
      { day: from, views: 6 },
      { day: from, button_id: one.buttons[0]!, clicks: 2 },
      { day: addDays(from, -1), views: 1000 }, // outside the 3 days
      { day: addDays(from, -1), button_id: one.buttons[0]!, clicks: 1000 },
    ]);
    await seed(two.id, [
      { day: to, hour: -1, views: 4, source: 'google' },
      { day: to, button_id: two.buttons[1]!, cta: 1, clicks: 3 },
      { day: to, button_id: 987654321, clicks: 5 }, // a deleted button
      { day: to, button_id: two.buttons[0]!, views: 70 }, // stray views on a click row
    ]);
    const after = await read('?days=3');
    expect(after.period!.views - before.period!.views).toBe(10);
    expect(after.period!.clicks - before.period!.clicks).toBe(10);
    const longer = await read('?days=4');
    expect(longer.period!.range).toEqual({ from: addDays(from, -1), to });
    expect(longer.period!.views - after.period!.views).toBeGreaterThanOrEqual(1000);

    // the default period is 30 days; the lifetime figures are still the counters of the pages
    const plain = await read();
    expect(plain.period).toMatchObject({ days: 30, range: { from: addDays(to, -29), to } });
    const lifetime = await env.DB.prepare(
      'SELECT (SELECT COALESCE(SUM(view_page), 0) FROM landing_pages) AS views, (SELECT COALESCE(SUM(click_count), 0) FROM buttons) AS clicks',
    ).first<{ views: number; clicks: number }>();
    expect({ views: plain.views, clicks: plain.clicks }).toEqual(lifetime);
    expect(Object.keys(plain).sort()).toEqual(['clicks', 'pages', 'period', 'users', 'views']);
  });

  it('administrators only, and a bad ?days is 422', async () => {
    const admin = await w.adminWithToken();
    const organiser = await w.organiserWithToken();
    expect((await w.call(`${adminPaths.stats}?days=7`)).status).toBe(401);
    const refused = await w.call(`${adminPaths.stats}?days=7`, { token: organiser.token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: t('admin.forbidden') });
    for (const days of ['0', '401', 'abc', '2.5']) {
      const res = await w.call(`${API_PREFIX.admin}/stats?days=${days}`, { token: admin.token });
      expect(res.status, days).toBe(422);
      expect(await res.json()).toEqual({ detail: `days: ${t('pages.stats.daysInvalid', { max: STATS_DAYS_MAX })}` });
    }
  });
});
