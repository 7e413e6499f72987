/**
 * The organiser's side of a page's fans (docs/api.md#fans): the 'Fan' view's summary, the list
 * with its search, the CSV export and the removal of one fan; and the administrators' totals.
 * Who may read a page's fans is who may open the page (worker/services/page-access.ts): another
 * company's page is 404 like an unknown one. No use('*') here: this group shares its prefix with
 * the other routes of the pages API.
 */
import { Hono } from 'hono';
import { FAN_EMAIL_MAX } from '../../src/core/fans';
import { fansCsv, fansCsvFilename } from '../../src/core/fans-export';
import { t } from '../../src/core/messages';
import type { FanSummary } from '../../src/core/schemas/fans';
import { statsQuerySchema } from '../../src/core/schemas/stats';
import { romeBucket } from '../../src/core/traffic';
import { z } from '../../src/core/zod';
import { adminFanTotals, deleteFan, exportFans, listFans, readFanSummary } from '../db/fan-reads';
import { statsRange } from '../db/stats-read';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { requireActive, requireAdmin } from '../middleware/auth';
import { recentAlerts } from '../services/fan-alerts';
import { ownedPage } from '../services/page-access';
import { validate } from '../validate';

const searchTooLong = { error: () => t('fans.editor.searchTooLong', { max: FAN_EMAIL_MAX }) };

/** ?q=: a piece of an address, trimmed; absent or empty lists every fan. */
const listQuery = z.object({
  q: z.string(searchTooLong).trim().max(FAN_EMAIL_MAX, searchTooLong).optional().default(''),
});

const badFanId = { error: () => t('fans.editor.badFanId') };

/** {id}: a fan's id, a whole number from 1 (written plainly: no sign, exponent or spaces). */
const fanParam = z.object({
  id: z
    .string(badFanId)
    .regex(/^\d{1,15}$/, badFanId)
    .transform(Number)
    .refine((id) => id > 0, badFanId),
});

const noStore = { 'cache-control': 'no-store' };

export const fansOwner = new Hono<AppEnv>()
  .get('/:slug/fans', requireActive, validate('query', statsQuerySchema), async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const [summary, alerts] = await Promise.all([
      readFanSummary(c.env.DB, page.id, statsRange(c.req.valid('query').days)),
      recentAlerts(c.env.DB, page.id),
    ]);
    return c.json({ ...summary, alerts } satisfies FanSummary, 200, noStore);
  })

  .get('/:slug/fans/list', requireActive, validate('query', listQuery), async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    return c.json(await listFans(c.env.DB, page.id, c.req.valid('query').q), 200, noStore);
  })

  .get('/:slug/fans.csv', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const csv = fansCsv(await exportFans(c.env.DB, page.id), {
      company: page.company,
      title: page.display_title || page.title,
    });
    const filename = fansCsvFilename(page.folder_name, romeBucket(Date.now()).day);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      ...noStore,
    });
  })

  .delete('/:slug/fans/:id', requireActive, validate('param', fanParam), async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    if (!(await deleteFan(c.env.DB, page.id, c.req.valid('param').id))) fail(404, t('fans.editor.fanNotFound'));
    return c.json({ success: true as const }, 200, noStore);
  });

/** GET /api/admin/fans: confirmed fans per company and in all (administrators only). */
export const adminFans = new Hono<AppEnv>().get('/fans', requireAdmin, async (c) =>
  c.json(await adminFanTotals(c.env.DB), 200, noStore),
);
