// Helpers for the page statistics tests (stats-api*.test.ts): page_stats rows seeded with SQL for
// pages made through the API, and the stats they answer.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { pageStatsSchema, type PageStats } from '../../src/core/schemas/stats';
import { romeBucket } from '../../src/core/traffic';
import * as w from './helpers';

export const BASE = API_PREFIX.pages;

export interface Bucket {
  day: string;
  hour?: number;
  button_id?: number;
  cta?: number;
  source?: string;
  device?: 'mobile' | 'tablet' | 'desktop';
  country?: string;
  views?: number;
  clicks?: number;
  signups?: number;
}

/** page_stats rows as the queue consumer writes them (a repeated bucket adds up). */
export async function seed(pageId: number, rows: Bucket[]): Promise<void> {
  await env.DB.batch(
    rows.map((r) =>
      env.DB.prepare(
        `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks, signups)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
           signups = signups + excluded.signups`,
      ).bind(
        pageId,
        r.day,
        r.hour ?? 12,
        r.button_id ?? 0,
        r.cta ?? 0,
        r.source ?? 'direct',
        r.device ?? 'mobile',
        r.country ?? 'IT',
        r.views ?? 0,
        r.clicks ?? 0,
        r.signups ?? 0,
      ),
    ),
  );
}

export const today = () => romeBucket(Date.now()).day;

export async function stats(slug: string, token: string, query = ''): Promise<PageStats> {
  const res = await w.call(`${BASE}/${slug}/stats${query}`, { token });
  expect(res.status).toBe(200);
  return pageStatsSchema.parse(await res.json());
}

/** An organiser's text page with `n` events; its id and its buttons' ids in position order. */
export async function pageWith(n = 2, company = 'Alfa Live') {
  const user = await w.organiserWithToken({ company });
  const slug = w.uniqueSlug('st');
  const buttons = Array.from({ length: n }, (_, i) => w.eventButton(`1${i}/05/2027 - Milano - Club ${i}|biglietti`));
  const page = await w.createPage(user.token, w.textPage(slug, { buttons }));
  return { user, slug, id: page.id as number, buttons: (page.buttons as Array<{ id: number }>).map((b) => b.id) };
}
