/**
 * The trash API (docs/api.md#trash, docs/behaviour.md#trash), mounted at /api/db/trash: the
 * pages of the company in the trash (any member; an administrator every company's), a restore
 * and a deletion for ever (the 'owner' right). Every page goes through the one access policy
 * (services/pages/access.ts): another company's trashed page answers 404 like an unknown slug.
 */
import { createRoute } from '@hono/zod-openapi';
import { t } from '../../src/core/messages';
import { pageListItemSchema } from '../../src/core/schemas/page';
import { slugParamSchema } from '../../src/core/schemas/params';
import { trashListSchema, trashPurgedSchema, type TrashItem } from '../../src/core/schemas/trash';
import { daysLeft, purgeAt } from '../../src/core/trash';
import { getPageRowById, toListItem } from '../db/pages/pages';
import { listTrashed, type TrashedRow } from '../db/pages/trash';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, SESSION } from '../openapi';
import { ownedTrashedPage, requireRight } from '../services/pages/access';
import { recordAct } from '../services/pages/history';
import { purgeForever, restoreFromTrash } from '../services/pages/trash';
import { fail } from '../errors';

const TAGS = ['Trash'];
const route = { tags: TAGS, security: SESSION, middleware: [requireActive] };

function toTrashItem(row: TrashedRow, now: Date): TrashItem {
  return {
    folder_name: row.folder_name,
    title: row.display_title.trim() || row.title,
    company: row.company,
    deleted_at: row.deleted_at,
    deleted_by_name: row.deleted_by_name ?? '',
    purge_at: purgeAt(row.deleted_at),
    days_left: daysLeft(row.deleted_at, now),
    fans: row.fans,
    views: row.view_page,
    visible: row.visible === 1,
  };
}

const listRoute = createRoute({
  ...route,
  method: 'get',
  path: '/',
  summary: "The pages in the trash: the company's for a member, every company's for an administrator",
  description:
    'Newest first, each with who deleted it and when, when it is deleted for ever (`purge_at`, ' +
    '`days_left`) and what it keeps (confirmed fans, views). A request that waits or a removed member: 403.',
  responses: { 200: jsonAnswer(trashListSchema, 'The pages in the trash'), ...errorAnswers(401, 403) },
});

const restoreRoute = createRoute({
  ...route,
  method: 'post',
  path: '/{slug}/restore',
  summary: 'Brings a page back from the trash as it was (a Titolare)',
  description:
    'Visible or hidden as before (published again when visible), its statistics, fans and files ' +
    'intact. Another company’s page, or a slug not in the trash: 404.',
  request: { params: slugParamSchema },
  responses: {
    200: jsonAnswer(pageListItemSchema, 'The page as the list shows it'),
    ...errorAnswers(401, 403, 404, 422),
  },
});

const purgeRoute = createRoute({
  ...route,
  method: 'delete',
  path: '/{slug}',
  summary: 'Deletes a page in the trash for ever (a Titolare)',
  description:
    'Its buttons, statistics, fans, versions, published copy and files go, and cannot come back. ' +
    'Another company’s page, or a slug not in the trash: 404.',
  request: { params: slugParamSchema },
  responses: { 200: jsonAnswer(trashPurgedSchema, 'Deleted for ever'), ...errorAnswers(401, 403, 404, 422) },
});

export const trash = describedRoutes()
  .openapi(listRoute, async (c) => {
    const user = c.get('user');
    requireRight(user, 'read');
    const rows = await listTrashed(c.env.DB, user.is_superuser ? null : user.company_key);
    const now = new Date();
    return c.json({ pages: rows.map((row) => toTrashItem(row, now)) }, 200);
  })

  .openapi(restoreRoute, async (c) => {
    const page = await ownedTrashedPage(c, c.req.valid('param').slug, 'owner');
    await restoreFromTrash(c, page);
    const restored = await getPageRowById(c.env.DB, page.id);
    if (!restored) fail(404, t('public.notFound'));
    return c.json(toListItem(restored), 200);
  })

  .openapi(purgeRoute, async (c) => {
    const page = await ownedTrashedPage(c, c.req.valid('param').slug, 'owner');
    if (!(await purgeForever(c.env, page))) fail(404, t('public.notFound'));
    await recordAct(c, page, 'page.purged');
    return c.json({ success: true as const, message: t('trash.purged') }, 200);
  });
