/**
 * The landing pages API: list, read, create, update, delete, change company and visibility.
 * Only active users; non-admins see and edit their company's pages only (others are 404, so a
 * slug of another company is indistinguishable from an unknown one); admins everything.
 * No use('*') here: the public click route shares this prefix and must stay anonymous.
 */
import { createRoute } from '@hono/zod-openapi';
import type { AuthUser } from '../env';
import { fail, isUniqueViolation } from '../errors';
import { requireActive, requireAdmin } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, jsonBody, SESSION } from '../openapi';
import { t } from '../../src/core/messages';
import { z } from '../../src/core/zod';
import {
  companyPayloadSchema,
  normaliseButtons,
  pageAsReceivedSchema,
  pageDeletedSchema,
  pageListItemSchema,
  pagePayloadSchema,
  visibilityQuerySchema,
  type PagePayload,
} from '../../src/core/schemas/page';
import { titleKey, validatePage } from '../../src/core/page-validation';
import { romeDayText } from '../../src/core/trash';
import { schedulePatchSchema } from '../../src/core/schemas/page-schedule';
import { slugParamSchema } from '../../src/core/schemas/params';
import {
  createPage,
  getPageRow,
  getPageRowById,
  listPages,
  setPageCompany,
  setPageVisibility,
  toListItem,
  type PageFields,
} from '../db/pages/pages';
import { setSchedule } from '../db/pages/schedule';
import { hasRight, ownedPage, ownedPageBySlugOrId, requireRight } from '../services/pages/access';
import { keepBaseline, recordSave } from '../services/pages/history';
import { checkUnique, pageAnswer, savePage, scheduleOf, stylesInput, stylesText } from '../services/pages/save';
import { republish } from '../services/pages/effects';
import { moveToTrash } from '../services/pages/trash';
import { ensurePageCompany, type CompanyRef } from '../db/companies';

/** The company a non-admin creates pages for; 403 when the account has none yet or may not write. */
function ownCompany(user: AuthUser): CompanyRef {
  if (!user.company || !user.company_key) fail(403, t('pages.noCompany'));
  requireRight(user, 'write');
  return { name: user.company, key: user.company_key };
}

// Every route needs an active account (docs/behaviour.md#pages-and-ownership); a page of another company
// answers 404 like an unknown one.
const TAGS = ['Pages'];
const owner = { tags: TAGS, security: SESSION, middleware: [requireActive] };
const page = jsonAnswer(pageAsReceivedSchema, 'The page with its buttons and scheduled fan alerts');
const listItem = jsonAnswer(pageListItemSchema, 'The page as the list shows it');

const listRoute = createRoute({
  ...owner,
  method: 'get',
  path: '/',
  summary: "The pages the account may open: an organiser's company's, every page for an administrator",
  responses: { 200: jsonAnswer(z.array(pageListItemSchema), 'The pages'), ...errorAnswers(401, 403) },
});

const readRoute = createRoute({
  ...owner,
  method: 'get',
  path: '/{slug}',
  summary: 'One page with its buttons, views, dates and scheduled fan alerts',
  request: { params: slugParamSchema },
  responses: { 200: page, ...errorAnswers(401, 403, 404, 422) },
});

const createPageRoute = createRoute({
  ...owner,
  method: 'post',
  path: '/',
  summary: "Creates a page (for the organiser's company; an administrator may name one)",
  description:
    'The header and the button images may be missing: their uploads follow the create. ' +
    'Answers 409 when the slug or the title (ignoring case) is taken.',
  request: { body: jsonBody(pagePayloadSchema) },
  responses: {
    201: jsonAnswer(pageAsReceivedSchema, 'The page as saved'),
    ...errorAnswers(401, 403, 409, 413, 422),
  },
});

const updateRoute = createRoute({
  ...owner,
  method: 'put',
  path: '/{slug}',
  summary: 'Saves the whole page (its slug stays); buttons missing from the array are deleted',
  description:
    'An empty or missing header keeps the stored one. A save that adds an upcoming date schedules ' +
    'a fan alert, answered in `fan_alerts`.',
  request: { params: slugParamSchema, body: jsonBody(pagePayloadSchema) },
  responses: { 200: page, ...errorAnswers(401, 403, 404, 409, 413, 422) },
});

const scheduleRoute = createRoute({
  ...owner,
  method: 'patch',
  path: '/{slug}',
  summary: 'Changes only the scheduling fields (publishing window, past dates, Avvisami, reminder)',
  description: 'A bound sent alone is checked against the stored other one; an unknown field is a 422.',
  request: { params: slugParamSchema, body: jsonBody(schedulePatchSchema) },
  responses: { 200: page, ...errorAnswers(401, 403, 404, 422) },
});

const deleteRoute = createRoute({
  ...owner,
  method: 'delete',
  path: '/{slug}',
  summary: 'Moves the page to the trash (a Titolare): unpublished at once, restorable for 30 days',
  description:
    'The page is named by its slug or, when no page has that slug, by its numeric id. Its slug and ' +
    'title stay reserved; its statistics, fans, versions and files are kept (docs/behaviour.md#trash).',
  request: { params: slugParamSchema },
  responses: { 200: jsonAnswer(pageDeletedSchema, 'The page is in the trash'), ...errorAnswers(401, 403, 404, 422) },
});

const companyRoute = createRoute({
  ...owner,
  middleware: [requireAdmin],
  method: 'patch',
  path: '/{slug}/company',
  summary: "Moves the page to another company (administrators); the company joins the companies' list",
  request: { params: slugParamSchema, body: jsonBody(companyPayloadSchema) },
  responses: { 200: listItem, ...errorAnswers(401, 403, 404, 422) },
});

const visibilityRoute = createRoute({
  ...owner,
  method: 'patch',
  path: '/{slug}/visibility',
  summary: 'Shows or hides the page (`?visible=true|false`, also 1|0)',
  request: { params: slugParamSchema, query: visibilityQuerySchema },
  responses: { 200: listItem, ...errorAnswers(401, 403, 404, 422) },
});

export const pages = describedRoutes()
  .openapi(listRoute, async (c) => {
    const user = c.get('user');
    if (user.is_superuser) return c.json(await listPages(c.env.DB, null), 200);
    // a request that waits, or a removed member, reaches none of the company's pages
    return c.json(hasRight(user, 'read') && user.company_key ? await listPages(c.env.DB, user.company_key) : [], 200);
  })

  .openapi(readRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug);
    return c.json(await pageAnswer(c.env.DB, page), 200);
  })

  .openapi(createPageRoute, async (c) => {
    const user = c.get('user');
    const payload = c.req.valid('json');
    // A create may omit the header and button images: their uploads follow it.
    const problem = validatePage(payload, { isCreate: true, headerPending: true, imagePending: () => true });
    if (problem) fail(422, problem);
    const schedule = scheduleOf(payload, null);
    const slug = String(payload.folder_name).trim();
    const title = String(payload.title).trim();
    // an organiser creates for their own company; an admin's typed company goes through the
    // companies list, as PATCH …/company does (none, or the operator's name: the operator's)
    const company = user.is_superuser ? await ensurePageCompany(c.env.DB, payload.company) : ownCompany(user);
    await checkUnique(c.env.DB, user, slug, title, null);
    const buttons = payload.buttons ?? [];
    const fields: PageFields = {
      title,
      title_key: titleKey(title),
      display_title: payload.display_title?.trim() || title,
      mode: payload.mode ?? buttons[0]?.type ?? 'text',
      style: payload.style ?? 'light',
      custom_styles: stylesText(stylesInput(payload)),
      header: payload.header?.trim() ?? '',
      visible: payload.visible ?? true,
      ...schedule,
    };
    try {
      await createPage(c.env.DB, slug, company, fields, normaliseButtons(buttons), user.id);
    } catch (err) {
      // a concurrent create took the slug or title between the check and the insert
      if (isUniqueViolation(err)) await checkUnique(c.env.DB, user, slug, title, null);
      throw err;
    }
    // a new page has no fans yet: its dates are news to nobody, so no alert (docs/behaviour.md#alerts)
    await republish(c, slug);
    const page = await getPageRow(c.env.DB, slug);
    await recordSave(c, page!.id, 'created');
    return c.json(await pageAnswer(c.env.DB, page!), 201);
  })

  .openapi(updateRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug, 'write');
    const raw = c.req.valid('json');
    // The header may be omitted or empty on update: the stored one stays, and the editor
    // saves the page first and uploads a new header file right after this PUT.
    const payload: PagePayload = { ...raw, header: raw.header?.trim() || page.header };
    const updated = await savePage(c, page, payload, { kind: 'saved' });
    return c.json(await pageAnswer(c.env.DB, updated), 200);
  })

  // only the scheduling fields: a bound sent alone is checked against the stored other one
  .openapi(scheduleRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug, 'write');
    const schedule = scheduleOf(c.req.valid('json'), page);
    await keepBaseline(c, page);
    await setSchedule(c.env.DB, page.id, schedule);
    await republish(c, page.folder_name);
    await recordSave(c, page.id, 'schedule');
    return c.json(await pageAnswer(c.env.DB, (await getPageRowById(c.env.DB, page.id))!), 200);
  })

  .openapi(deleteRoute, async (c) => {
    const page = await ownedPageBySlugOrId(c, c.req.valid('param').slug, 'owner');
    const purge_at = await moveToTrash(c, page);
    const message = t('trash.moved', { until: romeDayText(purge_at) });
    return c.json(
      { success: true as const, message, id: page.id, folder_name: page.folder_name, trashed: true as const, purge_at },
      200,
    );
  })

  .openapi(companyRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug);
    // through the companies list, so the new company appears there (in its stored spelling)
    const company = await ensurePageCompany(c.env.DB, c.req.valid('json').company);
    await setPageCompany(c.env.DB, page, company);
    // the published page names its company (the 'Avvisami' block's consent line)
    await republish(c, page.folder_name);
    return c.json(toListItem((await getPageRowById(c.env.DB, page.id))!), 200);
  })

  .openapi(visibilityRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug, 'write');
    await keepBaseline(c, page);
    await setPageVisibility(c.env.DB, page.id, c.req.valid('query').visible);
    await republish(c, page.folder_name);
    await recordSave(c, page.id, 'visibility');
    return c.json(toListItem((await getPageRowById(c.env.DB, page.id))!), 200);
  });
