// The next boundary stored at every publish and the scheduled republish of the pages whose
// boundary has passed (docs/behaviour.md#dates-and-publishing-windows).
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import worker from '../../worker/index';
import { romeToday } from '../../src/core/schedule';
import { pageCacheKey, pageKey, publicOrigin } from '../../worker/services/pages/publish';
import { REPUBLISH_CRON, republishDue } from '../../worker/services/pages/schedule';
import { instantText } from '../../src/core/schedule';
import { call, createPage, eventButton, textPage, uniqueSlug, organiserWithToken } from './helpers';
import { settle } from './public-helpers';

const BASE = API_PREFIX.pages;
const HOUR = 3600_000;
const STALE = '<!doctype html><p>stale copy</p>';

async function boundaryOf(slug: string): Promise<string | null | undefined> {
  const row = await env.DB.prepare('SELECT next_boundary FROM landing_pages WHERE folder_name = ?')
    .bind(slug)
    .first<{ next_boundary: string | null }>();
  return row === null ? undefined : row.next_boundary;
}

async function runCron(scheduledTime: Date | string | number, cron = REPUBLISH_CRON, runEnv: Cloudflare.Env = env) {
  const controller = createScheduledController({ scheduledTime: new Date(scheduledTime), cron });
  const ctx = createExecutionContext();
  try {
    await worker.scheduled(controller, runEnv, ctx);
  } finally {
    await waitOnExecutionContext(ctx);
  }
}

/** Replaces the published copy with a marker: a republish is seen by the marker going away. */
async function markStale(slug: string): Promise<void> {
  await env.BUCKET.put(pageKey(slug), STALE, { customMetadata: { csp: "default-src 'none'" } });
}

async function publishedHtml(slug: string): Promise<string | null> {
  return (await env.BUCKET.get(pageKey(slug)))?.text() ?? null;
}

/** A Europe/Rome day ('YYYY-MM-DD') as the editor writes an event date ('DD/MM/YYYY'). */
function italian(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

function pageWithDates(slug: string, dates: string[], extra: Record<string, unknown> = {}) {
  return textPage(slug, { buttons: dates.map((d) => eventButton(`${d} - Milano - Alcatraz|biglietti`)), ...extra });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the next boundary stored at every publish', () => {
  it('is the Rome midnight after the earliest coming event: 22:00Z in summer, 23:00Z in winter, DST days', async () => {
    const u = await organiserWithToken();
    const cases: Array<[string[], string]> = [
      [['12/05/2099', '13/05/2099'], '2099-05-12T22:00:00Z'],
      [['13/12/2099', '12/12/2099'], '2099-12-12T23:00:00Z'],
      // a show at 23:30 is still that day's until midnight Rome
      [['12/05/2099 23:30'], '2099-05-12T22:00:00Z'],
      // the spring change (29 March 2099): the night before is winter time, the night after summer
      [['28/03/2099'], '2099-03-28T23:00:00Z'],
      [['29/03/2099'], '2099-03-29T22:00:00Z'],
      // the autumn change (25 October 2099)
      [['24/10/2099'], '2099-10-24T22:00:00Z'],
      [['25/10/2099'], '2099-10-25T23:00:00Z'],
      // undated events never pass
      [['data da annunciare'], ''],
    ];
    for (const [dates, expected] of cases) {
      const slug = uniqueSlug();
      await createPage(u.token, pageWithDates(slug, dates));
      expect(await boundaryOf(slug), dates.join(', ')).toBe(expected || null);
    }
  });

  it('is the window opening or closing when that comes first; none for a hidden page', async () => {
    const u = await organiserWithToken();
    const from = instantText(new Date(Date.now() + HOUR));
    const slug = uniqueSlug();
    await createPage(u.token, pageWithDates(slug, ['12/05/2099'], { visible_from: from }));
    expect(await boundaryOf(slug)).toBe(from);
    const until = '2099-05-01T08:00:00Z';
    await call(`${BASE}/${slug}`, {
      method: 'PATCH',
      token: u.token,
      json: { visible_from: null, visible_until: until },
    });
    expect(await boundaryOf(slug)).toBe(until);
    await call(`${BASE}/${slug}`, { method: 'PATCH', token: u.token, json: { visible_until: null } });
    expect(await boundaryOf(slug)).toBe('2099-05-12T22:00:00Z');
    await call(`${BASE}/${slug}/visibility?visible=false`, { method: 'PATCH', token: u.token });
    expect(await boundaryOf(slug)).toBeNull();
    await call(`${BASE}/${slug}/visibility?visible=true`, { method: 'PATCH', token: u.token });
    expect(await boundaryOf(slug)).toBe('2099-05-12T22:00:00Z');
  });
});

describe('the scheduled republish (per-minute Cron Trigger)', () => {
  it('a window opening: not a second early; at the boundary the page is published and the boundary moves on', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const from = instantText(new Date(Date.now() + HOUR));
    await createPage(u.token, pageWithDates(slug, ['12/05/2099'], { visible_from: from }));
    expect((await call(`/${slug}`)).status).toBe(404);
    expect(await publishedHtml(slug)).toBeNull();

    await runCron(Date.parse(from) - 1000);
    expect(await publishedHtml(slug)).toBeNull();
    expect(await boundaryOf(slug)).toBe(from);

    await runCron(from);
    expect(await publishedHtml(slug)).toContain('Alcatraz');
    expect(await boundaryOf(slug)).toBe('2099-05-12T22:00:00Z');
    // the hot path serves the published copy without D1
    const res = await call(`/${slug}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Alcatraz');
    await settle();
  });

  it('a window closing: the copy, the cache entry and the hot copy go; the page then answers as hidden', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const until = instantText(new Date(Date.now() + HOUR));
    await createPage(u.token, pageWithDates(slug, ['data da annunciare'], { visible_until: until }));
    expect((await call(`/${slug}`)).status).toBe(200);
    await settle();
    const key = pageCacheKey(slug, publicOrigin(env));
    expect(await caches.default.match(key)).toBeDefined();
    expect(await boundaryOf(slug)).toBe(until);

    await runCron(until);
    expect(await publishedHtml(slug)).toBeNull();
    expect(await caches.default.match(key)).toBeUndefined();
    expect(await boundaryOf(slug)).toBeNull();
    // what a visit rebuilds once the clock has passed the end: the 404 error state
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.parse(until) + 1000);
      const res = await call(`/${slug}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await call(`/api/db/public/landing/${slug}`)).status).toBe(404);
    } finally {
      vi.useRealTimers();
    }
    await settle();
  });

  it('an event day passing: republished at the Rome midnight after it, not at 23:59; the boundary moves to the next day', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const today = romeToday(new Date());
    await createPage(u.token, pageWithDates(slug, [`${italian(today)} 23:30`, '12/05/2099']));
    const midnight = (await boundaryOf(slug))!;
    // 22:00Z or 23:00Z: midnight in Rome, the day after today
    expect(midnight).toMatch(/T2[23]:00:00Z$/);
    expect(romeToday(new Date(midnight))).not.toBe(today);
    expect(romeToday(new Date(Date.parse(midnight) - 1000))).toBe(today);
    await markStale(slug);

    await runCron(Date.parse(midnight) - 60_000);
    expect(await publishedHtml(slug)).toBe(STALE);

    await runCron(midnight);
    const html = await publishedHtml(slug);
    expect(html).not.toBe(STALE);
    expect(html).toContain('Alcatraz');
    expect(await boundaryOf(slug)).toBe('2099-05-12T22:00:00Z');
  });

  it('takes a bounded batch, the oldest boundary first; the rest follow in the next runs', async () => {
    const u = await organiserWithToken();
    const slugs = [uniqueSlug('c'), uniqueSlug('a'), uniqueSlug('b')];
    // earlier than every other boundary of this file, so these three are the oldest due
    const dates = ['12/12/2098', '10/12/2098', '11/12/2098'];
    for (const [i, slug] of slugs.entries()) {
      await createPage(u.token, pageWithDates(slug, [dates[i]!]));
      await markStale(slug);
    }
    const later = new Date('2098-12-13T00:00:00Z');
    expect(await republishDue(env, later, 2)).toBe(2);
    // 10/12 and 11/12 went first, 12/12 waits for the next run
    expect(await publishedHtml(slugs[1]!)).not.toBe(STALE);
    expect(await publishedHtml(slugs[2]!)).not.toBe(STALE);
    expect(await publishedHtml(slugs[0]!)).toBe(STALE);
    expect(await boundaryOf(slugs[1]!)).toBeNull();
    await runCron(later);
    expect(await publishedHtml(slugs[0]!)).not.toBe(STALE);
    expect(await boundaryOf(slugs[0]!)).toBeNull();
  });

  it('the hourly maintenance runs the step too; a failed republish is tried again 5 minutes later', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, pageWithDates(slug, ['12/05/2099']));
    await markStale(slug);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const brokenBucket = {
      ...env.BUCKET,
      put: () => Promise.reject(new Error('R2 non raggiungibile')),
      delete: () => Promise.reject(new Error('R2 non raggiungibile')),
    } as unknown as R2Bucket;
    const when = '2099-05-13T06:00:00Z';
    await runCron(when, REPUBLISH_CRON, { ...env, BUCKET: brokenBucket });
    expect(errors).toHaveBeenCalledWith('scheduled republish failed', slug, 'R2 non raggiungibile');
    expect(await boundaryOf(slug)).toBe('2099-05-13T06:05:00Z');
    expect(await publishedHtml(slug)).toBe(STALE);

    await runCron('2099-05-13T06:17:00Z', '17 * * * *');
    expect(await publishedHtml(slug)).not.toBe(STALE);
    expect(await boundaryOf(slug)).toBeNull();
  });
});
