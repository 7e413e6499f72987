/**
 * The CSV of who got which presale code (docs/behaviour.md#presales-in-the-fan-view):
 * `GET /api/db/landing-pages/{slug}/buttons/{id}/presale.csv`. The fans' addresses leave with it,
 * so it needs the 'fans' right as fans.csv does (worker/services/pages/access.ts): another
 * company's page is 404 like an unknown one, a member without the right 403. A button of another
 * page, an unknown one or a date without a presale is 404.
 */
import { createRoute } from '@hono/zod-openapi';
import { ALL_CITIES } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { type PresaleExportRow, presaleCsv, presaleCsvFilename } from '../../src/core/presale-export';
import { slugIdParamSchema } from '../../src/core/schemas/params';
import { romeBucket } from '../../src/core/traffic';
import { pageButtonRow, storedPresale } from '../db/pages/buttons';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, SESSION } from '../openapi';
import { ownedPage } from '../services/pages/access';
import { recordAct } from '../services/pages/history';

const csvRoute = createRoute({
  method: 'get',
  path: '/{slug}/buttons/{id}/presale.csv',
  tags: ['Presales'],
  summary: "Who got which of a date's presale codes, as CSV (with a byte order mark, for Excel)",
  description:
    'One row per one-time code given to a fan, in the order they were given: e-mail, code, when it ' +
    "was given and when its e-mail left (Europe/Rome), then the fan's cities, confirmation time and " +
    "consent as fans.csv has them. Needs the 'fans' right. A button that is not a date of the page, " +
    'or a date without a presale, is 404; a shared-code presale gives the header alone.',
  security: SESSION,
  middleware: [requireActive],
  request: { params: slugIdParamSchema },
  responses: {
    200: { description: 'A CSV file (attachment)', content: { 'text/csv': { schema: { type: 'string' } } } },
    ...errorAnswers(401, 403, 404, 422),
  },
});

interface CodeRow {
  fan_id: number;
  code: string;
  assigned_at: string;
  sent_at: string | null;
  email: string | null;
  confirmed_at: string | null;
  consent_version: string | null;
}

/** The date's codes given to a fan, oldest first, with the fan (none once they erased their data). */
async function givenCodes(db: D1Database, pageId: number, buttonId: number): Promise<PresaleExportRow[]> {
  const [codes, cities] = await db.batch([
    db
      .prepare(
        `SELECT p.fan_id, p.code, COALESCE(p.assigned_at, p.created_at) AS assigned_at, p.sent_at,
                f.email, f.confirmed_at, f.consent_version
         FROM presale_codes p LEFT JOIN fans f ON f.id = p.fan_id AND f.page_id = ?1
         WHERE p.button_id = ?2 AND p.fan_id IS NOT NULL
         ORDER BY COALESCE(p.assigned_at, p.created_at), p.id`,
      )
      .bind(pageId, buttonId),
    db
      .prepare(
        `SELECT c.fan_id, c.city_key, c.city FROM fan_cities c
         WHERE c.fan_id IN (SELECT fan_id FROM presale_codes WHERE button_id = ?1 AND fan_id IS NOT NULL)
         ORDER BY c.fan_id, c.city_key <> '${ALL_CITIES}', c.created_at, c.city`,
      )
      .bind(buttonId),
  ]);
  const byFan = new Map<number, string[]>();
  for (const c of (cities?.results ?? []) as Array<{ fan_id: number; city_key: string; city: string }>) {
    const list = byFan.get(c.fan_id) ?? [];
    list.push(c.city_key === ALL_CITIES ? ALL_CITIES : c.city);
    byFan.set(c.fan_id, list);
  }
  return ((codes?.results ?? []) as CodeRow[]).map((r) => ({
    email: r.email ?? '',
    code: r.code,
    assigned_at: r.assigned_at,
    sent_at: r.sent_at,
    // a fan who erased their data leaves the code used, and nothing of theirs
    cities: r.email === null ? [] : (byFan.get(r.fan_id) ?? []),
    confirmed_at: r.confirmed_at,
    consent_version: r.consent_version,
  }));
}

export const presaleExport = describedRoutes().openapi(csvRoute, async (c) => {
  const { slug, id } = c.req.valid('param');
  const page = await ownedPage(c, slug, 'fans');
  const row = await pageButtonRow(c.env.DB, page.id, id);
  if (!row) fail(404, t('public.notFound'));
  if (!storedPresale(row)) fail(404, t('presale.missing'));
  const csv = presaleCsv(await givenCodes(c.env.DB, page.id, id), {
    company: page.company,
    title: page.display_title || page.title,
  });
  const filename = presaleCsvFilename(page.folder_name, id, romeBucket(Date.now()).day);
  await recordAct(c, page, 'fans.exported');
  return c.body(csv, 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
});
