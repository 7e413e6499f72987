/**
 * A page's statistics over the last N Europe/Rome days, as JSON for the stats view and as CSV
 * for download (docs/api.md#page-statistics). Who may read them is who may open the page
 * (worker/services/pages/access.ts): another company's page is 404 like an unknown one.
 * No use('*') here: this group shares its prefix with the anonymous click route.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { slugParamSchema } from '../../src/core/schemas/params';
import { type PageStats, pageStatsSchema, statsCsvFilename, statsQuerySchema } from '../../src/core/schemas/stats';
import { readPageStats, statsRange } from '../db/stats-read';
import type { AppEnv } from '../env';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, SESSION } from '../openapi';
import { ownedPage } from '../services/pages/access';

/** The page (404 unless the user may open it) and its stats over the period asked for. */
async function statsOf(c: Context<AppEnv>, slug: string, days: number): Promise<{ slug: string; stats: PageStats }> {
  const page = await ownedPage(c, slug);
  return { slug: page.folder_name, stats: await readPageStats(c.env.DB, page.id, statsRange(days)) };
}

/**
 * One row per day, oldest first. Every cell is a day or a number, never text a user typed, so
 * no cell needs quoting and none can start a spreadsheet formula.
 */
function toCsv(stats: PageStats): string {
  const lines = [
    'date,views,clicks,signups',
    ...stats.daily.map((d) => `${d.date},${d.views},${d.clicks},${d.signups}`),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

// a bad ?days answers 422 like any query that fails its schema (docs/api.md#page-statistics)
const request = { params: slugParamSchema, query: statsQuerySchema };
const common = {
  method: 'get' as const,
  tags: ['Page statistics'],
  security: SESSION,
  middleware: [requireActive],
  request,
};

const statsRoute = createRoute({
  ...common,
  path: '/{slug}/stats',
  summary: "The page's views, clicks and sign-ups per day, source, device, country and button",
  responses: { 200: jsonAnswer(pageStatsSchema, 'The statistics'), ...errorAnswers(401, 403, 404, 422) },
});

const statsCsvRoute = createRoute({
  ...common,
  path: '/{slug}/stats.csv',
  summary: 'The same period as CSV, one row per day (date, views, clicks, signups)',
  responses: {
    200: { description: 'A CSV file (attachment)', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...errorAnswers(401, 403, 404, 422),
  },
});

export const stats = describedRoutes()
  .openapi(statsRoute, async (c) => {
    const { stats } = await statsOf(c, c.req.valid('param').slug, c.req.valid('query').days);
    c.header('cache-control', 'no-store');
    return c.json(stats, 200);
  })
  .openapi(statsCsvRoute, async (c) => {
    const { slug, stats } = await statsOf(c, c.req.valid('param').slug, c.req.valid('query').days);
    return c.body(toCsv(stats), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${statsCsvFilename(slug, stats.range)}"`,
      'cache-control': 'no-store',
    });
  });
