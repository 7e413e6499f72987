/**
 * The trash (docs/behaviour.md#trash): a deleted page leaves every public surface at once and
 * keeps the rest (statistics, fans, versions, files) for TRASH_DAYS; a restore brings it back as
 * it was, a purge (a Titolare's, or the hourly job's after TRASH_DAYS) deletes it for ever.
 * What the public reads leaves a trashed page out by itself (NOT_TRASHED in db/pages/pages.ts);
 * here are the acts and what each sets off beyond D1: the published copy, the files, the e-mail.
 */
import type { Context } from 'hono';
import { TRASH_DAYS } from '../../../src/core/constants';
import { t } from '../../../src/core/messages';
import { purgeAt, romeDayText } from '../../../src/core/trash';
import { logActivity } from '../../db/activity';
import { mediaInUse } from '../../db/pages/media';
import type { PageRow } from '../../db/pages/pages';
import {
  companyOwners,
  purgePageRows,
  restorePageRow,
  trashedBefore,
  trashPageRow,
  type TrashedRow,
} from '../../db/pages/trash';
import type { AppEnv, Bindings } from '../../env';
import { fail } from '../../errors';
import { afterResponse } from '../background';
import { appOrigin, type Mail, sendMail } from '../mail';
import { bringBack, keepPrivately, keptFolder, listKeys } from '../media/kept-files';
import { mediaFolder, ownObjectKey } from '../media/upload-bytes';
import { deletePageMedia, republish, unpublish } from './effects';
import { recordAct } from './history';
import { unpublishPage } from './publish';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pages the hourly job deletes for ever per run at most; a backlog drains over the next runs. */
const PURGE_BATCH = 25;

/** The name a person goes by in the log and the e-mails: their name, else their e-mail. */
function nameOf(user: { full_name: string | null; email: string }): string {
  return user.full_name?.trim() || user.email;
}

/** The page's title as the public knew it. */
function pageTitle(page: Pick<PageRow, 'title' | 'display_title'>): string {
  return page.display_title.trim() || page.title;
}

/** The e-mail to one Titolare: which page, who, until when it can be restored, and the link. */
function trashedMail(
  to: { email: string; full_name: string | null },
  page: Pick<PageRow, 'folder_name' | 'title' | 'display_title' | 'company'>,
  actor: { full_name: string | null; email: string },
  until: string,
  link: string,
): Mail {
  const params = { page: pageTitle(page), name: nameOf(actor) };
  return {
    to: to.email,
    kind: 'page_trashed',
    subject: t('trash.mail.subject', params),
    text: t('trash.mail.text', {
      ...params,
      recipient: nameOf(to),
      email: actor.email,
      slug: page.folder_name,
      company: page.company,
      until,
      link,
    }),
  };
}

/**
 * Moves a live page to the trash: out of D1's public reads, unpublished (its copy, cache and
 * hot copy gone), its files moved to the private folder; logged, and every Titolare of its
 * company told after the answer. Answers when the hourly job will delete it for ever.
 */
export async function moveToTrash(c: Context<AppEnv>, page: PageRow): Promise<string> {
  const user = c.get('user');
  const deletedAt = await trashPageRow(c.env.DB, page.id, { id: user.id, name: nameOf(user) });
  if (!deletedAt) fail(404, t('public.notFound'));
  await unpublish(c, page.folder_name);
  try {
    await keepPrivately(c.env.BUCKET, await listKeys(c.env.BUCKET, mediaFolder(page.folder_name)));
  } catch (err) {
    // the page is in the trash already: a file left public goes with the purge, or stays on a restore
    console.error('trash: moving the files failed', page.folder_name, err);
  }
  await recordAct(c, page, 'page.trashed');
  const until = purgeAt(deletedAt);
  if (page.company_key) {
    const companyKey = page.company_key;
    const requestUrl = c.req.url;
    const link = `${appOrigin(c.env, requestUrl)}/home`;
    await afterResponse(c, 'trash-mail', async () => {
      for (const owner of await companyOwners(c.env.DB, companyKey)) {
        await sendMail(c.env, trashedMail(owner, page, user, romeDayText(until), link), requestUrl);
      }
    });
  }
  return until;
}

/**
 * Brings a trashed page back as it was: the files it uses back to the public folder first (a
 * file only older versions use stays kept), then its row, then its publish (a visible page is
 * published again, a hidden one stays hidden). Logged.
 */
export async function restoreFromTrash(c: Context<AppEnv>, page: PageRow): Promise<void> {
  const keys: string[] = [];
  for (const path of await mediaInUse(c.env.DB, page.id)) {
    const key = ownObjectKey(page.folder_name, path);
    if (key) keys.push(key);
  }
  await bringBack(c.env.BUCKET, keys);
  if (!(await restorePageRow(c.env.DB, page.id))) fail(404, t('public.notFound'));
  await republish(c, page.folder_name);
  await recordAct(c, page, 'page.restored');
}

/**
 * Deletes a trashed page for ever: its published copy (gone already, once more to be sure),
 * every object of its public and private folders, its rows and versions. Answers whether it went.
 */
export async function purgeForever(env: Bindings, page: Pick<PageRow, 'id' | 'folder_name' | 'company_key'>) {
  if (!(await purgePageRows(env.DB, page))) return false;
  try {
    await unpublishPage(env, page.folder_name);
  } catch (err) {
    console.error('purge: unpublish failed', page.folder_name, err);
  }
  await deletePageMedia(env.BUCKET, page.folder_name);
  const kept = await listKeys(env.BUCKET, keptFolder(page.folder_name));
  if (kept.length > 0) await env.BUCKET.delete(kept);
  return true;
}

/**
 * The hourly step: pages trashed more than TRASH_DAYS ago deleted for ever, each logged
 * 'page.purged' with no actor. Resolves to how many went.
 */
export async function purgeExpiredTrash(env: Bindings, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - TRASH_DAYS * DAY_MS).toISOString();
  let purged = 0;
  for (const page of await trashedBefore(env.DB, cutoff, PURGE_BATCH)) {
    if (!(await purgeForever(env, page))) continue;
    purged += 1;
    await logPurged(env.DB, page);
  }
  return purged;
}

async function logPurged(db: D1Database, page: TrashedRow): Promise<void> {
  if (!page.company_key) return;
  await logActivity(db, null, {
    action: 'page.purged',
    company_key: page.company_key,
    page: { id: page.id, folder_name: page.folder_name, title: page.title },
  });
}
