/**
 * Saving a whole page: the one path of `PUT /api/db/landing-pages/{slug}` and of a version's
 * restore (docs/behaviour.md#history), so both match buttons by id (clicks survive), check the
 * same rules, retire the files the page stops using, schedule fan alerts for new dates,
 * republish and keep a version. Also the helpers the create shares with it.
 */
import type { Context } from 'hono';
import { t } from '../../../src/core/messages';
import { titleKey, validatePage } from '../../../src/core/page-validation';
import { windowProblem, type SchedulePatch } from '../../../src/core/schemas/page-schedule';
import {
  normaliseButtons,
  type PageAsReceived,
  type PagePayload,
  type StoredButton,
} from '../../../src/core/schemas/page';
import { presaleProblem } from '../../../src/core/presale';
import { buttonRows, storedPresale } from '../../db/pages/buttons';
import { normaliseCustomStyles } from '../../../src/core/styles';
import { mediaInUse, setPageHeader } from '../../db/pages/media';
import {
  findSlugOwner,
  findTitleOwner,
  getPageRowById,
  toPageAsReceived,
  updatePage,
  type PageFields,
  type PageRow,
} from '../../db/pages/pages';
import type { ScheduleFields } from '../../db/pages/schedule';
import type { VersionRow } from '../../db/versions';
import type { AppEnv, AuthUser } from '../../env';
import { fail, isUniqueViolation } from '../../errors';
import { eventSnapshot, scheduledAlerts, scheduleNewDates } from '../fans/alerts';
import { canAccess } from './access';
import { deleteUnused, republish } from './effects';
import { keepBaseline, recordSave, type SaveKind } from './history';

/** The visibility a write leaves the page with, as stored. */
function visibilityOf(fields: PageFields): Pick<PageRow, 'visible' | 'visible_from' | 'visible_until'> {
  return { visible: fields.visible ? 1 : 0, visible_from: fields.visible_from, visible_until: fields.visible_until };
}

/** The page as the API answers it: with its buttons and its scheduled fan alerts. */
export async function pageAnswer(db: D1Database, page: PageRow): Promise<PageAsReceived> {
  return { ...(await toPageAsReceived(db, page)), fan_alerts: await scheduledAlerts(db, page.id) };
}

export function stylesText(input: unknown): string | null {
  if (input === null || input === undefined || input === '') return null;
  return JSON.stringify(normaliseCustomStyles(input));
}

export function stylesInput(payload: PagePayload): unknown {
  return payload.custom_styles !== undefined ? payload.custom_styles : payload.customStyles;
}

/**
 * 409 when another page holds the slug or (ignoring case) the title. The page is named only
 * to someone who may open it; for another company's page the answer says just that the slug
 * or title is taken, so nothing about that page leaks.
 */
export async function checkUnique(
  db: D1Database,
  user: AuthUser,
  slug: string | null,
  title: string,
  selfId: number | null,
): Promise<void> {
  if (slug !== null) {
    const other = await findSlugOwner(db, slug);
    if (other) {
      const name = other.title;
      // a page in the trash keeps its slug: the message says where it is (docs/behaviour.md#trash)
      const mine = other.deleted_at ? t('trash.slugTaken', { slug, name }) : t('slug.taken', { slug, name });
      fail(409, canAccess(user, other) ? mine : t('slug.takenElsewhere', { slug }));
    }
  }
  const other = await findTitleOwner(db, titleKey(title), selfId);
  if (other) {
    const named = { title, slug: other.folder_name };
    const mine = other.deleted_at ? t('trash.titleTaken', named) : t('title.taken', named);
    fail(409, canAccess(user, other) ? mine : t('title.takenElsewhere', { title }));
  }
}

/**
 * The scheduling fields after a write: each one given (null = cleared) or else the stored one
 * (none on create); 422 with the catalogue message when the window ends before it starts.
 */
export function scheduleOf(payload: SchedulePatch, stored: PageRow | null): ScheduleFields {
  const fields: ScheduleFields = {
    show_past: payload.show_past ?? stored?.show_past === 1,
    // on by default: a new page offers 'Avvisami' unless the organiser turns it off
    fan_signup: payload.fan_signup ?? (stored ? stored.fan_signup === 1 : true),
    visible_from: payload.visible_from !== undefined ? payload.visible_from : (stored?.visible_from ?? null),
    visible_until: payload.visible_until !== undefined ? payload.visible_until : (stored?.visible_until ?? null),
    // on by default, like 'Avvisami'
    sale_reminder: payload.sale_reminder ?? (stored ? stored.sale_reminder !== 0 : true),
  };
  const problem = windowProblem(fields.visible_from, fields.visible_until);
  if (problem) fail(422, problem);
  return fields;
}

/**
 * A date that keeps its presale (the save leaves `presale` out) is held to the presale's rules
 * with its new CTAs, as the PATCH of its sale is (docs/behaviour.md#presales): a general sale
 * moved before the presale's end is a 422. A restore is not (savePage).
 */
async function checkKeptPresales(db: D1Database, pageId: number, buttons: readonly StoredButton[]): Promise<void> {
  const kept = buttons.filter((b) => b.type === 'text' && b.presale === undefined && b.clientId !== null);
  if (kept.length === 0) return;
  const rows = new Map((await buttonRows(db, pageId)).map((row) => [row.id, row]));
  for (const b of kept) {
    const row = rows.get(b.clientId!);
    const presale = row ? storedPresale(row) : null;
    const problem = presale && presaleProblem(presale, b.cta_buttons ?? []);
    if (problem) fail(422, problem);
  }
}

export interface SaveOptions {
  kind: SaveKind;
  /** a restore: the version it brings back (its summary names it) */
  restored?: VersionRow | null;
  /** a restore: the video poster the version had (a save keeps it while the header stays) */
  poster?: string;
}

/**
 * Saves the whole page from `payload` (its header already resolved: a PUT's empty header is the
 * stored one), then does what follows every save. Answers the page as now stored.
 */
export async function savePage(
  c: Context<AppEnv>,
  page: PageRow,
  payload: PagePayload,
  opts: SaveOptions,
): Promise<PageRow> {
  const problem = validatePage(payload, { isCreate: false, headerPending: true, imagePending: () => true });
  if (problem) fail(422, problem);
  const schedule = scheduleOf(payload, page);
  const buttons = payload.buttons ?? [];
  const mode = payload.mode ?? buttons[0]?.type ?? page.mode;
  if (mode !== page.mode) {
    // The mode cannot change while buttons of the old mode are kept
    const current = await toPageAsReceived(c.env.DB, page);
    const keptIds = new Set(buttons.map((b) => Number(b.id)));
    if (current.buttons.some((b) => keptIds.has(b.id))) fail(422, t('page.modeLocked'));
  }
  const stored = normaliseButtons(buttons);
  // a restore brings back older CTAs as they were: a presale they no longer fit simply does not
  // open (it has no general sale to end at), and the restore is never refused for it
  if (opts.kind !== 'restored') await checkKeptPresales(c.env.DB, page.id, stored);
  const title = String(payload.title).trim();
  await checkUnique(c.env.DB, c.get('user'), null, title, page.id);
  const styles = stylesInput(payload);
  // what the page shows before the save: whatever it stops using goes after it
  const before = await mediaInUse(c.env.DB, page.id);
  const fields: PageFields = {
    title,
    title_key: titleKey(title),
    display_title: payload.display_title?.trim() || title,
    mode,
    style: payload.style ?? page.style,
    custom_styles: styles === undefined ? page.custom_styles : stylesText(styles),
    header: payload.header ?? '',
    visible: payload.visible ?? page.visible === 1,
    ...schedule,
  };
  // the events before the write: an upcoming date the page did not have schedules a fan alert
  const eventsBefore = await eventSnapshot(c.env.DB, page.id);
  // a page saved before the history began keeps its version as it was (docs/behaviour.md#history)
  await keepBaseline(c, page);
  try {
    await updatePage(c.env.DB, page, fields, stored);
  } catch (err) {
    if (isUniqueViolation(err)) await checkUnique(c.env.DB, c.get('user'), null, title, page.id);
    throw err;
  }
  if (opts.poster !== undefined) {
    const saved = await getPageRowById(c.env.DB, page.id);
    // the header size is learnt again from the files at the publish (services/media/header-size.ts)
    if (saved && saved.header_poster !== opts.poster)
      await setPageHeader(c.env.DB, page.id, fields.header, opts.poster, null);
  }
  // a removed button's image, a replaced image, a header replaced by another, and the poster a
  // new header cleared (updatePage): each file goes unless the page or a version still uses it
  await deleteUnused(c.env, page, before);
  await scheduleNewDates(c.env, { id: page.id, ...visibilityOf(fields) }, eventsBefore);
  await republish(c, page.folder_name);
  await recordSave(c, page.id, opts.kind, opts.restored ?? null);
  return (await getPageRowById(c.env.DB, page.id))!;
}
