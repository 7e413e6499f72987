/**
 * What every act on a page leaves behind: a line in the company's activity log and, for a save,
 * a version of the page (docs/behaviour.md#history). Routes call recordSave after each write
 * that changes what the page shows, keepBaseline before it (a page older than the history gets
 * its version as it was), recordUpload after an upload, and recordAct for the other acts.
 */
import type { Context } from 'hono';
import { t } from '../../../src/core/messages';
import type { VersionSnapshot } from '../../../src/core/schemas/versions';
import { restoredSummary, versionSummary } from '../../../src/core/version-summary';
import { logActivity, type ActivityAction } from '../../db/activity';
import { getPageRowById, toPageAsReceived, type PageRow } from '../../db/pages/pages';
import {
  amendActivitySummary,
  amendVersion,
  insertVersion,
  newestVersion,
  snapshotOfRow,
  versionBefore,
  type VersionRow,
} from '../../db/versions';
import type { AppEnv } from '../../env';
import { pruneHistory } from './history-files';

/** How a page came to be saved. */
export type SaveKind = 'created' | 'saved' | 'restored' | 'availability' | 'visibility' | 'schedule';

/**
 * An upload completes the save it follows (the editor saves the page, then sends its files):
 * it amends the newest version when that is a save or create by the same account made this
 * recently, else it keeps a version of its own (docs/behaviour.md#history).
 */
export const UPLOAD_AMENDS_WITHIN_MS = 10 * 60 * 1000;

function saveAction(kind: SaveKind, page: PageRow): ActivityAction {
  switch (kind) {
    case 'created':
      return 'page.created';
    case 'restored':
      return 'version.restored';
    case 'availability':
      return 'availability.changed';
    case 'visibility':
      return page.visible === 1 ? 'page.shown' : 'page.hidden';
    case 'schedule':
      return 'page.scheduled';
    default:
      return 'page.saved';
  }
}

/** The page as a version keeps it: no views, no clicks, no instant of the last change. */
export async function snapshotOf(db: D1Database, page: PageRow): Promise<VersionSnapshot> {
  const { view_page, updated_at, fan_alerts, buttons, ...rest } = await toPageAsReceived(db, page);
  return { ...rest, buttons: buttons.map(({ click_count, ...button }) => button) };
}

function actorOf(c: Context<AppEnv>) {
  const user = c.get('user');
  return { id: user.id, name: user.full_name || user.email, email: user.email };
}

/**
 * Before the first write that keeps a version of a page saved before the history began: its
 * version as it is, so that write can be undone and the files it replaces stay kept. Dated at
 * the page's last change, made by nobody. Never fails the write (a failure is logged).
 */
export async function keepBaseline(c: Context<AppEnv>, page: PageRow): Promise<void> {
  try {
    if (await newestVersion(c.env.DB, page.id)) return;
    await insertVersion(c.env.DB, {
      page_id: page.id,
      actor: null,
      kind: 'saved',
      summary: t('history.baseline'),
      snapshot: await snapshotOf(c.env.DB, page),
      created_at: page.updated_at,
    });
  } catch (err) {
    console.error('history baseline failed', page.id, err);
  }
}

/** The summary of a new version after `previous` (a restore names the version it brought back). */
function summaryOf(
  kind: SaveKind,
  previous: VersionRow | null,
  snapshot: VersionSnapshot,
  restored: VersionRow | null,
): string {
  const before = previous ? snapshotOfRow(previous) : null;
  if (kind === 'restored' && restored) return restoredSummary(restored.created_at, before, snapshot);
  if (kind === 'created' || before) return versionSummary(before, snapshot);
  return '';
}

/**
 * After a save: keeps the page as now stored as a new version, logs the act with the version's
 * summary and prunes what retention lets go. `restored` is the version a restore brought back.
 * Never fails the save that caused it (a failure is logged).
 */
export async function recordSave(
  c: Context<AppEnv>,
  pageId: number,
  kind: SaveKind,
  restored: VersionRow | null = null,
): Promise<void> {
  try {
    const page = await getPageRowById(c.env.DB, pageId);
    if (!page) return;
    const snapshot = await snapshotOf(c.env.DB, page);
    const summary = summaryOf(kind, await newestVersion(c.env.DB, page.id), snapshot, restored);
    await insertVersion(c.env.DB, { page_id: page.id, actor: actorOf(c), kind, summary, snapshot });
    await recordAct(c, page, saveAction(kind, page), summary);
    await pruneHistory(c.env, page);
  } catch (err) {
    console.error('history record failed', pageId, err);
  }
}

/**
 * After an upload (a header, a poster, button images, a button image deleted): the newest
 * version takes the page as now stored when it is a save of the same account within
 * UPLOAD_AMENDS_WITHIN_MS (its summary, and the logged act's, recomputed); else the upload
 * keeps a version of its own, as a save. Call it before deleteUnused, so the replaced file is
 * judged against the amended version. Never fails the upload.
 */
export async function recordUpload(c: Context<AppEnv>, pageId: number): Promise<void> {
  try {
    const page = await getPageRowById(c.env.DB, pageId);
    if (!page) return;
    const newest = await newestVersion(c.env.DB, page.id);
    const user = c.get('user');
    const amends =
      newest !== null &&
      newest.actor_id === user.id &&
      (newest.kind === 'saved' || newest.kind === 'created') &&
      Date.now() - Date.parse(newest.created_at) <= UPLOAD_AMENDS_WITHIN_MS;
    if (!amends) {
      await recordSave(c, pageId, 'saved');
      return;
    }
    const snapshot = await snapshotOf(c.env.DB, page);
    const before = await versionBefore(c.env.DB, page.id, newest.id);
    const summary = summaryOf(newest.kind, before, snapshot, null);
    await amendVersion(c.env.DB, newest.id, snapshot, summary);
    if (summary !== newest.summary) await amendActivitySummary(c.env.DB, page.id, user.id, newest.summary, summary);
  } catch (err) {
    console.error('history upload record failed', pageId, err);
  }
}

/** Logs one act on a page in its company's activity log. */
export async function recordAct(
  c: Context<AppEnv>,
  page: Pick<PageRow, 'id' | 'folder_name' | 'title' | 'company_key'>,
  action: ActivityAction,
  summary = '',
): Promise<void> {
  if (!page.company_key) return;
  await logActivity(c.env.DB, c.get('user'), {
    action,
    company_key: page.company_key,
    page: { id: page.id, folder_name: page.folder_name, title: page.title },
    summary,
  });
}
