/**
 * The organiser's side of a page's fans (docs/api.md#fans): the 'Fan' view's summary, the list
 * with its search, the CSV export and the removal of one fan; and the administrators' totals.
 * Who may read a page's fans is who may open the page (worker/services/pages/access.ts): another
 * company's page is 404 like an unknown one. No use('*') here: this group shares its prefix with
 * the other routes of the pages API.
 */
import { createRoute } from '@hono/zod-openapi';
import { fansCsv, fansCsvFilename } from '../../../src/core/fans-export';
import { t } from '../../../src/core/messages';
import {
  adminFanTotalsSchema,
  type FanSummary,
  fanIdParamSchema,
  fanListQuerySchema,
  fanListSchema,
  fanSummarySchema,
} from '../../../src/core/schemas/fans';
import { slugParamSchema } from '../../../src/core/schemas/params';
import { statsQuerySchema } from '../../../src/core/schemas/stats';
import { successAnswerSchema } from '../../../src/core/schemas/success';
import { romeBucket } from '../../../src/core/traffic';
import { adminFanTotals, deleteFan, exportFans, listFans, readFanSummary } from '../../db/fans/reads';
import { statsRange } from '../../db/stats-read';
import { fail } from '../../errors';
import { requireActive, requireAdmin } from '../../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, SESSION } from '../../openapi';
import { recentAlerts } from '../../services/fans/alerts';
import { ownedPage } from '../../services/pages/access';
import { recordAct } from '../../services/pages/history';

const noStore = { 'cache-control': 'no-store' };

const TAGS = ['Fans'];
const OWNER = { tags: TAGS, security: SESSION, middleware: [requireActive] };

const summaryRoute = createRoute({
  ...OWNER,
  method: 'get',
  path: '/{slug}/fans',
  summary: "The page's fans: confirmed, pending, per city, sign-ups per day over ?days, and its alerts",
  request: { params: slugParamSchema, query: statsQuerySchema },
  responses: { 200: jsonAnswer(fanSummarySchema, 'The summary'), ...errorAnswers(401, 403, 404, 422) },
});

const listRoute = createRoute({
  ...OWNER,
  method: 'get',
  path: '/{slug}/fans/list',
  summary: 'The fans whose address holds ?q (all when empty), newest first, and how many match',
  request: { params: slugParamSchema, query: fanListQuerySchema },
  responses: { 200: jsonAnswer(fanListSchema, 'The fans'), ...errorAnswers(401, 403, 404, 422) },
});

const csvRoute = createRoute({
  ...OWNER,
  method: 'get',
  path: '/{slug}/fans.csv',
  summary: 'The confirmed fans as CSV (with a byte order mark, for Excel)',
  request: { params: slugParamSchema },
  responses: {
    200: { description: 'A CSV file (attachment)', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...errorAnswers(401, 403, 404, 422),
  },
});

const deleteRoute = createRoute({
  ...OWNER,
  method: 'delete',
  path: '/{slug}/fans/{id}',
  summary: 'Removes one fan of the page, with the cities they follow',
  request: { params: fanIdParamSchema },
  responses: { 200: jsonAnswer(successAnswerSchema, 'Removed'), ...errorAnswers(401, 403, 404, 422) },
});

const adminTotalsRoute = createRoute({
  method: 'get',
  path: '/fans',
  tags: TAGS,
  summary: 'Confirmed fans per company and in all (administrators)',
  security: SESSION,
  middleware: [requireAdmin],
  responses: { 200: jsonAnswer(adminFanTotalsSchema, 'The totals'), ...errorAnswers(401, 403) },
});

export const fansOwner = describedRoutes()
  .openapi(summaryRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug);
    const [summary, alerts] = await Promise.all([
      readFanSummary(c.env.DB, page.id, statsRange(c.req.valid('query').days)),
      recentAlerts(c.env.DB, page.id),
    ]);
    return c.json({ ...summary, alerts } satisfies FanSummary, 200, noStore);
  })

  .openapi(listRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug, 'fans');
    return c.json(await listFans(c.env.DB, page.id, c.req.valid('query').q), 200, noStore);
  })

  .openapi(csvRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug, 'fans');
    const csv = fansCsv(await exportFans(c.env.DB, page.id), {
      company: page.company,
      title: page.display_title || page.title,
    });
    const filename = fansCsvFilename(page.folder_name, romeBucket(Date.now()).day);
    await recordAct(c, page, 'fans.exported');
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      ...noStore,
    });
  })

  .openapi(deleteRoute, async (c) => {
    const { slug, id } = c.req.valid('param');
    const page = await ownedPage(c, slug, 'fans');
    if (!(await deleteFan(c.env.DB, page.id, id))) fail(404, t('fans.editor.fanNotFound'));
    await recordAct(c, page, 'fan.removed');
    return c.json({ success: true as const }, 200, noStore);
  });

/** GET /api/admin/fans: confirmed fans per company and in all (administrators only). */
export const adminFans = describedRoutes().openapi(adminTotalsRoute, async (c) =>
  c.json(await adminFanTotals(c.env.DB), 200, noStore),
);
