/**
 * A date's presale for its organiser (docs/api.md#presales): its one-time codes, added
 * (`POST …/buttons/{id}/presale-codes`) or, before the presale starts, replaced (PUT), sent as
 * text, one a line, or a CSV; and its figures (`GET …/buttons/{id}/presale`). The codes are never
 * answered, only counted. Who may load codes is who may save the page; anyone who may read it
 * sees the figures (services/pages/access.ts).
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, SESSION } from '../openapi';
import type { AppEnv } from '../env';
import { t } from '../../src/core/messages';
import { codesCountText, PRESALE_CODES_MAX, parseCodes, presaleState, type Presale } from '../../src/core/presale';
import { presaleCodesResultSchema, presaleCountsSchema } from '../../src/core/schemas/presale';
import { slugIdParamSchema } from '../../src/core/schemas/params';
import { pageButtonRow, storedPresale, toButton } from '../db/pages/buttons';
import { addCodes, codeCounts, knownCodes, replaceCodes } from '../db/pages/presale-codes';
import { ownedPage, type Right } from '../services/pages/access';
import { presaleCodesAdded, presaleFanFigures } from '../services/presale/hooks';
import type { PageRow } from '../db/pages/pages';
import type { ActivityAction } from '../db/activity';
import { recordAct } from '../services/pages/history';
import { eventLabel } from '../../src/core/version-summary';

/** The presale-codes upload's byte cap: 10,000 codes with a few CSV columns beside them. */
export const PRESALE_CODES_BODY_MAX_BYTES = 2 * 1024 * 1024;

const codesBody = {
  required: true,
  description:
    'One code a line, or a CSV (`;`, `,` or tab) whose column headed `codice` (or `code`), else the first, holds them',
  content: {
    'text/plain': { schema: { type: 'string' as const } },
    'text/csv': { schema: { type: 'string' as const } },
  },
};

const codesRoute = (method: 'post' | 'put', summary: string, description: string) =>
  createRoute({
    method,
    path: '/{slug}/buttons/{id}/presale-codes',
    tags: ['Presales'],
    summary,
    description:
      `${description} Blank lines and repeats are dropped and counted. A code over 64 characters, ` +
      `a control character, no code at all, or more than ${PRESALE_CODES_MAX} codes for the date are a 422; ` +
      'so is a date without a presale, or whose presale has one code shared by all.',
    security: SESSION,
    middleware: [requireActive],
    request: { params: slugIdParamSchema, body: codesBody },
    responses: {
      200: jsonAnswer(presaleCodesResultSchema, 'What the upload did'),
      ...errorAnswers(401, 403, 404, 409, 413, 415, 422),
    },
  });

const addRoute = codesRoute(
  'post',
  "Adds one-time codes to a date's presale",
  'Allowed until the presale ends; while it is open, the fans waiting for a code get one at once ' +
    '(a presale that had no code loaded starts then: until its first codes it sends nothing).',
);
const replaceRoute = codesRoute(
  'put',
  "Replaces a date's one-time codes",
  'Only before the presale starts (409 after).',
);

const countsRoute = createRoute({
  method: 'get',
  path: '/{slug}/buttons/{id}/presale',
  tags: ['Presales'],
  summary: "A date's presale figures: codes loaded, sent and left, fans waiting, e-mails sent",
  security: SESSION,
  middleware: [requireActive],
  request: { params: slugIdParamSchema },
  responses: { 200: jsonAnswer(presaleCountsSchema, 'The figures'), ...errorAnswers(401, 403, 404) },
});

interface DatePresale {
  page: PageRow;
  /** the date's text, which names it in the activity log */
  row: { text: string };
  buttonId: number;
  presale: Presale;
  state: ReturnType<typeof presaleState>;
}

/** The page's date `id` with its presale; 404 for a button not on the page or a date without one. */
async function datePresale(c: Context<AppEnv>, slug: string, id: number, right: Right): Promise<DatePresale> {
  const page = await ownedPage(c, slug, right);
  const row = await pageButtonRow(c.env.DB, page.id, id);
  if (!row) fail(404, t('public.notFound'));
  const presale = storedPresale(row);
  if (!presale) fail(404, t(row.type === 'text' ? 'presale.missing' : 'presale.notText'));
  const state = presaleState(presale, toButton(row).cta_buttons, Date.now());
  return { page, row, buttonId: row.id, presale, state };
}

/**
 * An upload of codes in the company's activity log (docs/behaviour.md#activity-log): the date
 * and how many codes came, never the codes themselves.
 */
async function recordCodes(c: Context<AppEnv>, date: DatePresale, action: ActivityAction, loaded: number) {
  const codes = codesCountText(loaded);
  await recordAct(c, date.page, action, t('presale.activity.summary', { event: eventLabel(date.row), codes }));
}

/** The upload's codes, read and checked; every refusal is a 422 with its reason. */
async function uploadedCodes(c: Context<AppEnv>) {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'text/plain' && type !== 'text/csv') fail(415, t('presale.mediaType'));
  const parsed = parseCodes(await c.req.text());
  if (parsed.problem) fail(422, parsed.problem);
  if (parsed.codes.length === 0) fail(422, t('presale.codesEmpty'));
  if (parsed.codes.length > PRESALE_CODES_MAX) {
    fail(422, t('presale.codesTooMany', { max: PRESALE_CODES_MAX, total: parsed.codes.length }));
  }
  return parsed;
}

export const presaleRoutes = describedRoutes()
  .openapi(addRoute, async (c) => {
    const { slug, id } = c.req.valid('param');
    const date = await datePresale(c, slug, id, 'write');
    if (date.presale.shared_code) fail(422, t('presale.sharedCode'));
    if (date.state === 'over') fail(409, t('presale.over'));
    const parsed = await uploadedCodes(c);
    const known = await knownCodes(c.env.DB, date.buttonId, parsed.codes);
    const fresh = parsed.codes.length - known;
    const before = (await codeCounts(c.env.DB, date.buttonId)).loaded;
    if (before + fresh > PRESALE_CODES_MAX) {
      fail(422, t('presale.codesTooMany', { max: PRESALE_CODES_MAX, total: before + fresh }));
    }
    const loaded = await addCodes(c.env.DB, date.buttonId, parsed.codes);
    // another upload took the room between the count and the insert (the insert holds the cap)
    if (loaded === 0 && fresh > 0)
      fail(409, t('presale.codesTooMany', { max: PRESALE_CODES_MAX, total: before + fresh }));
    // whenever the presale is open by now (the hook reads its state after the insert): the fans
    // without a code get one; it gives nothing twice, so an upload after a failed run repairs it
    c.executionCtx.waitUntil(
      presaleCodesAdded(c.env, date.page.id, date.buttonId).catch((err: unknown) =>
        console.error('presale codes not sent', date.buttonId, err instanceof Error ? err.message : String(err)),
      ),
    );
    const total = (await codeCounts(c.env.DB, date.buttonId)).loaded;
    if (loaded > 0) await recordCodes(c, date, 'presale.codes.added', loaded);
    return c.json({ loaded, duplicates: parsed.duplicates + known, total }, 200);
  })

  .openapi(replaceRoute, async (c) => {
    const { slug, id } = c.req.valid('param');
    const date = await datePresale(c, slug, id, 'write');
    if (date.presale.shared_code) fail(422, t('presale.sharedCode'));
    if (date.state !== 'before') fail(409, t('presale.started'));
    const parsed = await uploadedCodes(c);
    const loaded = await replaceCodes(c.env.DB, date.buttonId, parsed.codes);
    const total = (await codeCounts(c.env.DB, date.buttonId)).loaded;
    await recordCodes(c, date, 'presale.codes.replaced', loaded);
    return c.json({ loaded, duplicates: parsed.duplicates, total }, 200);
  })

  .openapi(countsRoute, async (c) => {
    const { slug, id } = c.req.valid('param');
    const date = await datePresale(c, slug, id, 'read');
    const codes = await codeCounts(c.env.DB, date.buttonId);
    const fans = await presaleFanFigures(c.env, date.page.id, date.buttonId);
    const { starts_at, ends_at, shared_code } = date.presale;
    return c.json({ starts_at, ends_at, state: date.state, shared: shared_code !== null, ...codes, ...fans }, 200);
  });
