/**
 * Landing pages and buttons over D1: plain functions with ? binds. Counters only move with
 * `SET n = n + 1`; a page and its buttons are written in one batch(). The button rows' helpers
 * are in buttons.ts.
 */
import type {
  PageAsReceived,
  PageListItem,
  PageMode,
  PageStyle,
  PublicLanding,
  StoredButton,
  StoredCustomStyles,
} from '../../../src/core/schemas/page';
import { windowState } from '../../../src/core/schedule';
import type { PixelSize } from '../../services/media/image-size';
import type { MediaSizes } from '../../../src/core/image-sizes';
import { dropUnusedCompanyStatement, type CompanyRef } from '../companies';
import {
  buttonRows,
  insertButton,
  parseJson,
  presaleColumn,
  presaleWindows,
  toButton,
  toPublicButton,
} from './buttons';
import type { PresaleWindows } from './buttons';
import { parseSizes } from './media-sizes';
import { headerSizeOf } from './media';
// a date row's ticket page, written beside it (docs/behaviour.md#keeping-up-with-the-ticket-page)
import { settleTicketChanges, ticketSourceStatements, withTicketSource } from './ticket-sources';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/** Whether a button's UPDATE (binds ?3 text, ?5 url, ?6 cta_buttons) changes what its event says. */
const EVENT_CHANGED = '(text IS NOT ?3 OR url IS NOT ?5 OR cta_buttons IS NOT ?6)';

interface PageRow {
  id: number;
  folder_name: string;
  title: string;
  display_title: string;
  company: string;
  /** the owning company's key (src/core/company.ts); NULL until maintenance fills it */
  company_key: string | null;
  visible: number;
  mode: PageMode;
  style: PageStyle;
  custom_styles: string | null;
  header: string;
  /** the video header's poster path, '' when none */
  header_poster: string;
  /** the pixel size read from header_size_of (migration 0014); NULL when unknown */
  header_width: number | null;
  header_height: number | null;
  header_size_of: string;
  /** the widths kept of its photos, JSON (migration 0023, db/pages/media-sizes.ts) */
  media_sizes: string;
  show_past: number;
  fan_signup: number;
  visible_from: string | null;
  visible_until: string | null;
  /** the fans' reminder a day before an on-sale instant (docs/behaviour.md#on-sale-e-mails) */
  sale_reminder: number;
  next_boundary: string | null;
  view_page: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** set while the page is in the trash (docs/behaviour.md#trash), with who moved it there */
  deleted_at: string | null;
  deleted_by: number | null;
  deleted_by_name: string | null;
}

function parseStyles(text: string | null): StoredCustomStyles {
  const value = parseJson(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function toListItem(row: PageRow): PageListItem {
  const { id, folder_name, title, display_title, company, updated_at } = row;
  return {
    id,
    folder_name,
    title,
    display_title,
    company,
    visible: row.visible === 1,
    visible_from: row.visible_from ?? null,
    visible_until: row.visible_until ?? null,
    updated_at,
  };
}

/** `p` (or the bare table) is not in the trash: every read of a live page says it (docs/behaviour.md#trash). */
export const NOT_TRASHED = 'deleted_at IS NULL';

/** The page with this slug, unless it is in the trash. */
export async function getPageRow(db: D1Database, slug: string): Promise<PageRow | null> {
  return db.prepare(`SELECT * FROM landing_pages WHERE folder_name = ? AND ${NOT_TRASHED}`).bind(slug).first<PageRow>();
}

export async function getPageRowById(db: D1Database, id: number): Promise<PageRow | null> {
  return db.prepare(`SELECT * FROM landing_pages WHERE id = ? AND ${NOT_TRASHED}`).bind(id).first<PageRow>();
}

/** The page with this slug, in the trash or not: only for what must still work there (a fan's links). */
export async function getPageRowEvenTrashed(db: D1Database, slug: string): Promise<PageRow | null> {
  return db.prepare('SELECT * FROM landing_pages WHERE folder_name = ?').bind(slug).first<PageRow>();
}

export type { PageRow };

/** Whether the public sees the page at `now`: visible and inside its publishing window. */
export function isPubliclyVisible(
  page: Pick<PageRow, 'visible' | 'visible_from' | 'visible_until'>,
  now: Date = new Date(),
): boolean {
  return page.visible === 1 && windowState(page.visible_from, page.visible_until, now) === 'open';
}

/** The page as the public sees it at `now`: null when hidden or outside its window (docs/behaviour.md#dates-and-publishing-windows). */
export async function getPublicLanding(
  db: D1Database,
  slug: string,
  now: Date = new Date(),
): Promise<PublicLanding | null> {
  return (await getPublishedPage(db, slug, now))?.landing ?? null;
}

/** A page the public sees, with what publishing and the fan sign-up need beside its public fields. */
export interface PublishedPage {
  id: number;
  /** the organiser's company, named by the 'Avvisami' block's consent line */
  company: string;
  landing: PublicLanding;
  /** the pixel size of what the header shows first, when it was read from that very file */
  headerSize: PixelSize | null;
  /** the widths kept of its photos (docs/behaviour.md#image-sizes) */
  sizes: MediaSizes;
  /** its dates' presale windows by button id, for the renderer alone: never in `landing` */
  presales: PresaleWindows;
}

/** getPublicLanding plus the page's id and company (for the renderer and the fan routes). */
export async function getPublishedPage(
  db: D1Database,
  slug: string,
  now: Date = new Date(),
): Promise<PublishedPage | null> {
  const page = await db
    .prepare(`SELECT * FROM landing_pages WHERE folder_name = ? AND visible = 1 AND ${NOT_TRASHED}`)
    .bind(slug)
    .first<PageRow>();
  if (!page || !isPubliclyVisible(page, now)) return null;
  const buttons = await buttonRows(db, page.id);
  const landing: PublicLanding = {
    title: page.title,
    display_title: page.display_title,
    header: page.header,
    header_poster: page.header_poster ?? '',
    show_past: page.show_past === 1,
    fan_signup: page.fan_signup === 1,
    mode: page.mode,
    style: page.style,
    custom_styles: parseStyles(page.custom_styles),
    buttons: buttons.map(toPublicButton),
  };
  const presales = presaleWindows(buttons);
  const sizes = parseSizes(page.media_sizes);
  return { id: page.id, company: page.company ?? '', landing, headerSize: headerSizeOf(page), sizes, presales };
}

export async function toPageAsReceived(db: D1Database, page: PageRow): Promise<PageAsReceived> {
  const buttons = await buttonRows(db, page.id);
  const { updated_at, ...summary } = toListItem(page);
  return {
    ...summary,
    mode: page.mode,
    style: page.style,
    custom_styles: parseStyles(page.custom_styles),
    header: page.header,
    header_poster: page.header_poster ?? '',
    show_past: page.show_past === 1,
    fan_signup: page.fan_signup === 1,
    sale_reminder: page.sale_reminder !== 0,
    view_page: page.view_page,
    created_at: page.created_at,
    updated_at,
    buttons: buttons.map(toButton),
  };
}

export { toListItem };

/** Every page (companyKey null) or one company's pages, most recently updated first. */
export async function listPages(db: D1Database, companyKey: string | null): Promise<PageListItem[]> {
  const stmt =
    companyKey === null
      ? db.prepare(`SELECT * FROM landing_pages WHERE ${NOT_TRASHED} ORDER BY updated_at DESC, id DESC`)
      : db
          .prepare(
            `SELECT * FROM landing_pages WHERE company_key = ? AND ${NOT_TRASHED} ORDER BY updated_at DESC, id DESC`,
          )
          .bind(companyKey);
  const { results } = await stmt.all<PageRow>();
  return results.map(toListItem);
}

/**
 * The page holding a slug or title, in the trash or not (a trashed page keeps both reserved):
 * enough to name it to someone who may see it.
 */
export interface PageOwner {
  folder_name: string;
  title: string;
  company_key: string | null;
  deleted_at: string | null;
}

export async function findSlugOwner(db: D1Database, slug: string): Promise<PageOwner | null> {
  return db
    .prepare('SELECT folder_name, title, company_key, deleted_at FROM landing_pages WHERE folder_name = ?')
    .bind(slug)
    .first<PageOwner>();
}

/** Another page (not excludeId) with this title ignoring case, or null. */
export async function findTitleOwner(db: D1Database, key: string, excludeId: number | null): Promise<PageOwner | null> {
  return db
    .prepare('SELECT folder_name, title, company_key, deleted_at FROM landing_pages WHERE title_key = ? AND id != ?')
    .bind(key, excludeId ?? -1)
    .first<PageOwner>();
}

export interface PageFields {
  title: string;
  title_key: string;
  display_title: string;
  mode: PageMode;
  style: PageStyle;
  custom_styles: string | null;
  header: string;
  visible: boolean;
  show_past: boolean;
  fan_signup: boolean;
  /** the publishing window, ISO 8601 UTC ('…Z'); null = open on that side */
  visible_from: string | null;
  visible_until: string | null;
  sale_reminder: boolean;
}

/**
 * The binds of the columns createPage and updatePage both write, in this order: visible, mode,
 * style, custom_styles, header, show_past, fan_signup, visible_from, visible_until, sale_reminder.
 */
function settingBinds(fields: PageFields) {
  return [
    fields.visible ? 1 : 0,
    fields.mode,
    fields.style,
    fields.custom_styles,
    fields.header,
    fields.show_past ? 1 : 0,
    fields.fan_signup ? 1 : 0,
    fields.visible_from,
    fields.visible_until,
    fields.sale_reminder ? 1 : 0,
  ] as const;
}

/** Creates a page and its buttons in one batch; answers the new page's id. */
export async function createPage(
  db: D1Database,
  slug: string,
  company: CompanyRef,
  fields: PageFields,
  buttons: readonly StoredButton[],
  createdBy: number | null,
): Promise<number> {
  const insertPage = db
    .prepare(
      `INSERT INTO landing_pages
         (folder_name, title, title_key, display_title, company, company_key, visible, mode, style, custom_styles, header,
          show_past, fan_signup, visible_from, visible_until, sale_reminder, created_by)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(
      slug,
      fields.title,
      fields.title_key,
      fields.display_title,
      company.name,
      company.key,
      ...settingBinds(fields),
      createdBy,
    );
  const inserts = buttons.flatMap((b) => withTicketSource(db, insertButton(db, { slug }, b), b));
  const results = await db.batch<{ id: number }>([insertPage, ...inserts]);
  return results[0]!.results[0]!.id;
}

/**
 * Rewrites a page and its buttons in one batch. Buttons whose client id is one of the page's
 * keep their row (id and click_count survive); the rest are inserted; the page's other
 * buttons are deleted. An image button sent without an image keeps the one it had. A header
 * that changes clears the poster (a frame of the old video); the caller deletes its object.
 */
export async function updatePage(
  db: D1Database,
  page: PageRow,
  fields: PageFields,
  buttons: readonly StoredButton[],
): Promise<void> {
  const rows = await buttonRows(db, page.id);
  const existing = new Set(rows.map((b) => b.id));
  const sourced = new Set(rows.filter((b) => b.ts_url).map((b) => b.id)); // their ticket page's day follows the save
  const kept = new Set<number>();
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `UPDATE landing_pages SET title = ?, title_key = ?, display_title = ?, visible = ?, mode = ?,
           style = ?, custom_styles = ?, header = ?, show_past = ?, fan_signup = ?, visible_from = ?,
           visible_until = ?, sale_reminder = ?, header_poster = CASE WHEN header = ? THEN header_poster ELSE '' END, updated_at = ${NOW} WHERE id = ?`,
      )
      .bind(fields.title, fields.title_key, fields.display_title, ...settingBinds(fields), fields.header, page.id),
  ];
  const updates: D1PreparedStatement[] = [];
  const inserts: D1PreparedStatement[] = [];
  for (const b of buttons) {
    if (b.clientId !== null && existing.has(b.clientId) && !kept.has(b.clientId)) {
      kept.add(b.clientId);
      updates.push(
        db
          .prepare(
            // An event whose text, link or CTAs change gets a new revision and modification time
            // (the calendar's SEQUENCE and LAST-MODIFIED); SET reads the row as it was before.
            `UPDATE buttons SET
               revision = revision + (${EVENT_CHANGED}),
               modified_at = CASE WHEN ${EVENT_CHANGED} THEN ${NOW} ELSE modified_at END,
               position = ?1, type = ?2, text = ?3, image_path = COALESCE(?4, image_path),
               url = ?5, cta_buttons = ?6,
               presale = CASE WHEN ?2 <> 'text' THEN NULL WHEN ?9 THEN ?10 ELSE presale END
             WHERE id = ?7 AND page_id = ?8`,
          )
          .bind(
            b.position,
            b.type,
            b.text,
            b.image_path,
            b.url,
            b.cta_buttons === null ? null : JSON.stringify(b.cta_buttons),
            b.clientId,
            page.id,
            // a save that does not name the presale keeps it (docs/behaviour.md#presales)
            b.presale === undefined ? 0 : 1,
            presaleColumn(b),
          ),
        ...ticketSourceStatements(db, b, b.clientId, sourced.has(b.clientId)),
      );
    } else {
      inserts.push(...withTicketSource(db, insertButton(db, { id: page.id }, b), b));
    }
  }
  statements.push(
    db
      .prepare('DELETE FROM buttons WHERE page_id = ? AND id NOT IN (SELECT value FROM json_each(?))')
      .bind(page.id, JSON.stringify([...kept])),
    ...updates,
    ...inserts,
  );
  await db.batch(statements);
  await settleTicketChanges(db, page.id); // what the rows now say by hand is no longer pending
}

/** Moves the page to `company`; the company it left loses its row when nothing else keeps it. */
export async function setPageCompany(
  db: D1Database,
  page: Pick<PageRow, 'id' | 'company_key'>,
  company: CompanyRef,
): Promise<void> {
  await db.batch([
    db
      .prepare(`UPDATE landing_pages SET company = ?, company_key = ?, updated_at = ${NOW} WHERE id = ?`)
      .bind(company.name, company.key, page.id),
    dropUnusedCompanyStatement(db, page.company_key),
  ]);
}

export async function setPageVisibility(db: D1Database, id: number, visible: boolean): Promise<void> {
  await db
    .prepare(`UPDATE landing_pages SET visible = ?, updated_at = ${NOW} WHERE id = ?`)
    .bind(visible ? 1 : 0, id)
    .run();
}
