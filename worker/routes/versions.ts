/**
 * A page's history (docs/behaviour.md#history): its versions listed, one read with the page as it
 * saved it, and a restore that saves that page again as a new version and publishes it. Who may
 * do what is the one access policy (services/pages/access.ts): reading needs the read right,
 * a restore the write right; a page of another company, or a version of another page, is 404.
 */
import { createRoute } from '@hono/zod-openapi';
import { t } from '../../src/core/messages';
import { pageAsReceivedSchema, type PagePayload } from '../../src/core/schemas/page';
import { slugIdParamSchema, slugParamSchema } from '../../src/core/schemas/params';
import {
  versionAnswerSchema,
  versionListSchema,
  type VersionAnswer,
  type VersionSnapshot,
} from '../../src/core/schemas/versions';
import { toPageAsReceived, type PageRow } from '../db/pages/pages';
import { getVersion, listVersions, newestVersion, snapshotOfRow, toVersionMeta, type VersionRow } from '../db/versions';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, SESSION } from '../openapi';
import { ownedPage } from '../services/pages/access';
import { deleteUnused } from '../services/pages/effects';
import { bringBackFiles, snapshotMedia } from '../services/pages/history-files';
import { pageAnswer, savePage } from '../services/pages/save';
import { withKeptLinks } from '../services/pages/version-preview';

const TAGS = ['Pages'];
const member = { tags: TAGS, security: SESSION, middleware: [requireActive] };

const listRoute = createRoute({
  ...member,
  method: 'get',
  path: '/{slug}/versions',
  summary: "The page's versions, newest first: who saved each, when, how and what changed",
  request: { params: slugParamSchema },
  responses: { 200: jsonAnswer(versionListSchema, 'The versions'), ...errorAnswers(401, 403, 404, 422) },
});

const readRoute = createRoute({
  ...member,
  method: 'get',
  path: '/{slug}/versions/{id}',
  summary: 'One version, with the page as it saved it (views and clicks are today’s)',
  description:
    'A file of the page that only older versions use is private: the answer names it by a link of ' +
    '`GET /api/kept/{slug}/{file}` signed for 10 minutes, which needs no session.',
  request: { params: slugIdParamSchema },
  responses: { 200: jsonAnswer(versionAnswerSchema, 'The version'), ...errorAnswers(401, 403, 404, 422) },
});

const restoreRoute = createRoute({
  ...member,
  method: 'post',
  path: '/{slug}/versions/{id}/restore',
  summary: 'Saves the version again as a new version and publishes it (write right)',
  description:
    'Buttons are matched by id as in a save, so clicks and fans stay; the visibility and the ' +
    'publishing window stay as they are now; the files the version uses come back. Answers the page.',
  request: { params: slugIdParamSchema },
  responses: {
    200: jsonAnswer(pageAsReceivedSchema, 'The page as restored'),
    ...errorAnswers(401, 403, 404, 409, 422),
  },
});

/** The version of this page named in the path, or 404. */
async function versionOf(db: D1Database, page: PageRow, id: number): Promise<VersionRow> {
  const row = await getVersion(db, page.id, id);
  if (!row) fail(404, t('history.notFound'));
  return row;
}

/** The version's page in the shape of GET …/{slug}: today's views, and today's clicks by button id. */
async function versionPage(db: D1Database, page: PageRow, row: VersionRow): Promise<VersionAnswer['page']> {
  const now = await toPageAsReceived(db, page);
  const clicks = new Map(now.buttons.map((b) => [b.id, b.click_count]));
  const snapshot = snapshotOfRow(row);
  return {
    ...snapshot,
    view_page: now.view_page,
    updated_at: row.created_at,
    buttons: snapshot.buttons.map((b) => ({ ...b, click_count: clicks.get(b.id) ?? 0 })),
  };
}

/**
 * The save payload of a version: its content and settings, its buttons with their ids (matched
 * as a save matches them). Visibility and publishing window are the page's own, as now.
 */
function payloadOf(snapshot: VersionSnapshot, page: PageRow): PagePayload {
  return {
    title: snapshot.title,
    display_title: snapshot.display_title,
    mode: snapshot.mode,
    style: snapshot.style,
    custom_styles: snapshot.custom_styles,
    header: snapshot.header,
    visible: page.visible === 1,
    visible_from: page.visible_from,
    visible_until: page.visible_until,
    show_past: snapshot.show_past,
    fan_signup: snapshot.fan_signup,
    sale_reminder: snapshot.sale_reminder,
    buttons: snapshot.buttons.map((b) => ({
      id: b.id,
      type: b.type,
      text: b.text,
      image_path: b.image_path,
      url: b.url,
      cta_buttons: b.cta_buttons,
    })),
  };
}

export const versions = describedRoutes()
  .openapi(listRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug);
    const rows = await listVersions(c.env.DB, page.id);
    const current = rows[0]?.id ?? null;
    return c.json({ versions: rows.map((row) => toVersionMeta(row, current)) }, 200);
  })

  .openapi(readRoute, async (c) => {
    const { slug, id } = c.req.valid('param');
    const page = await ownedPage(c, slug);
    const row = await versionOf(c.env.DB, page, id);
    const current = (await newestVersion(c.env.DB, page.id))?.id ?? null;
    // the files only older versions use are private: the preview reads them by signed links
    const shown = await withKeptLinks(c.env, page, await versionPage(c.env.DB, page, row));
    return c.json({ version: toVersionMeta(row, current), page: shown }, 200);
  })

  .openapi(restoreRoute, async (c) => {
    const { slug, id } = c.req.valid('param');
    const page = await ownedPage(c, slug, 'write');
    const row = await versionOf(c.env.DB, page, id);
    const snapshot = snapshotOfRow(row);
    // the files only older versions used come back to the public folder before the page points at them
    await bringBackFiles(c.env, page, snapshot);
    let restored: PageRow;
    try {
      restored = await savePage(c, page, payloadOf(snapshot, page), {
        kind: 'restored',
        restored: row,
        poster: snapshot.header_poster,
      });
    } catch (err) {
      // a refused restore (a title taken since): what came back for it goes private again
      await deleteUnused(c.env, page, snapshotMedia(snapshot));
      throw err;
    }
    return c.json(await pageAnswer(c.env.DB, restored), 200);
  });
