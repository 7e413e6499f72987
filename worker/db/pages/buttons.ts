/**
 * The buttons of a landing page over D1: their rows, decoded for the API and the public page,
 * read in page order, and the insert a page write batches (pages.ts).
 */
import { availabilityOf } from '../../../src/core/on-sale';
import type { Presale, PresaleWindow } from '../../../src/core/presale';
import type { ButtonAsReceived, ButtonType, Cta, PublicButton, StoredButton } from '../../../src/core/schemas/page';
import type { PresaleAsReceived } from '../../../src/core/schemas/presale';
// a date row's ticket page, joined in for its organiser (docs/behaviour.md#keeping-up-with-the-ticket-page)
import { TICKET_SOURCE_JOIN, TICKET_SOURCE_SELECT, type TicketSourceColumns, ticketSourceOf } from './ticket-sources';

interface ButtonRow extends TicketSourceColumns {
  id: number;
  page_id: number;
  position: number;
  type: ButtonType;
  text: string;
  image_path: string | null;
  url: string | null;
  cta_buttons: string | null;
  click_count: number;
  /** JSON of the date's presale (docs/behaviour.md#presales), NULL when none */
  presale: string | null;
  /** how many one-time codes the date has (buttonRows counts them) */
  presale_codes?: number;
}

/** A JSON column's value; null when empty or malformed. */
export function parseJson(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function parseCtas(row: ButtonRow): Cta[] | null {
  if (row.type !== 'text') return null;
  const value = parseJson(row.cta_buttons);
  if (Array.isArray(value)) {
    return value
      .filter((c): c is Record<string, unknown> => !!c && typeof c === 'object')
      .map((c) => {
        const buttonText = String(c.buttonText ?? '');
        // rows saved before ticket drops have neither field: on sale now
        const onSaleAt = typeof c.on_sale_at === 'string' && c.on_sale_at ? c.on_sale_at : null;
        return {
          url: String(c.url ?? ''),
          buttonText,
          on_sale_at: onSaleAt,
          availability: availabilityOf({ buttonText, availability: c.availability }),
        };
      });
  }
  return null;
}

/** A date row's presale as stored; null when it has none or the JSON is broken. */
export function storedPresale(row: Pick<ButtonRow, 'type' | 'presale'>): Presale | null {
  if (row.type !== 'text') return null;
  const value = parseJson(row.presale);
  if (!value || typeof value !== 'object') return null;
  const p = value as Record<string, unknown>;
  if (typeof p.starts_at !== 'string' || typeof p.url !== 'string') return null;
  return {
    starts_at: p.starts_at,
    ends_at: typeof p.ends_at === 'string' && p.ends_at ? p.ends_at : null,
    url: p.url,
    shared_code: typeof p.shared_code === 'string' && p.shared_code ? p.shared_code : null,
  };
}

/** A page's presale windows by button id. */
export type PresaleWindows = Map<number, PresaleWindow>;

/**
 * The presale windows of a page's dates by button id: all the public page may know of them
 * (docs/behaviour.md#presales-on-the-published-page), never the link nor a code.
 */
export function presaleWindows(rows: readonly ButtonRow[]): PresaleWindows {
  const windows: PresaleWindows = new Map();
  for (const row of rows) {
    const presale = storedPresale(row);
    if (presale) windows.set(row.id, { starts_at: presale.starts_at, ends_at: presale.ends_at });
  }
  return windows;
}

/** The public buttons with their dates' presale windows, as the renderer takes them. */
export function withPresaleWindows<B extends { id: number }>(buttons: readonly B[], windows: PresaleWindows) {
  return buttons.map((b) => {
    const presale = windows.get(b.id);
    return presale ? { ...b, presale } : b;
  });
}

function presaleAnswer(row: ButtonRow): PresaleAsReceived | null {
  const presale = storedPresale(row);
  return presale && { ...presale, codes: row.presale_codes ?? 0 };
}

export function toButton(row: ButtonRow): ButtonAsReceived {
  const { id, position, type, text, image_path, url, click_count } = row;
  return {
    id,
    position,
    type,
    text,
    image_path,
    url,
    click_count,
    cta_buttons: parseCtas(row),
    presale: presaleAnswer(row),
    ticket_source: ticketSourceOf(row),
  };
}

/** A button as the public sees it: no click count, never the presale's link or code nor the ticket source. */
export function toPublicButton(row: ButtonRow): PublicButton {
  const { click_count: _clicks, presale: _presale, ticket_source: _source, ...rest } = toButton(row);
  return rest;
}

/** The presale column's value of a stored button (undefined: the save keeps what the row has). */
export function presaleColumn(b: Pick<StoredButton, 'presale'>): string | null {
  return b.presale ? JSON.stringify(b.presale) : null;
}

export async function buttonRows(db: D1Database, pageId: number): Promise<ButtonRow[]> {
  const { results } = await db
    .prepare(
      `SELECT b.*, (SELECT COUNT(*) FROM presale_codes p WHERE p.button_id = b.id) AS presale_codes,
         ${TICKET_SOURCE_SELECT}
       FROM buttons b ${TICKET_SOURCE_JOIN} WHERE b.page_id = ? ORDER BY b.position, b.id`,
    )
    .bind(pageId)
    .all<ButtonRow>();
  return results;
}

export function insertButton(db: D1Database, pageRef: { slug: string } | { id: number }, b: StoredButton) {
  const ctas = b.cta_buttons === null ? null : JSON.stringify(b.cta_buttons);
  const pageId = 'id' in pageRef ? '?' : '(SELECT id FROM landing_pages WHERE folder_name = ?)';
  return db
    .prepare(
      `INSERT INTO buttons (page_id, position, type, text, image_path, url, cta_buttons, presale)
       VALUES (${pageId}, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      'id' in pageRef ? pageRef.id : pageRef.slug,
      b.position,
      b.type,
      b.text,
      b.image_path,
      b.url,
      ctas,
      b.type === 'text' ? presaleColumn(b) : null,
    );
}

/** What the tour feeds tell of an event beside its text (docs/behaviour.md#tour-feeds-calendar-json-and-rss). */
export interface EventHistory {
  /** how many times its text, link or CTAs changed: the calendar's SEQUENCE */
  revision: number;
  /** when they last changed (its creation if never), ISO 8601 UTC */
  modifiedAt: string;
  /** when the public first saw it, ISO 8601 UTC; null until a publish stamps it */
  publishedAt: string | null;
}

/** The history of a page's events, by button id. */
export async function eventHistory(db: D1Database, pageId: number): Promise<Map<number, EventHistory>> {
  const { results } = await db
    .prepare(
      `SELECT id, revision, COALESCE(modified_at, created_at) AS modified_at, published_at
         FROM buttons WHERE page_id = ? AND type = 'text'`,
    )
    .bind(pageId)
    .all<{ id: number; revision: number; modified_at: string; published_at: string | null }>();
  return new Map(
    results.map((r) => [r.id, { revision: r.revision, modifiedAt: r.modified_at, publishedAt: r.published_at }]),
  );
}

/**
 * Stamps the moment the public first sees a page's events: only those never stamped, so a later
 * save or publish keeps the first date (the RSS feed's pubDate).
 */
export async function stampPublished(db: D1Database, slug: string): Promise<void> {
  await db
    .prepare(
      `UPDATE buttons SET published_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
        WHERE published_at IS NULL AND type = 'text'
          AND page_id = (SELECT id FROM landing_pages WHERE folder_name = ?)`,
    )
    .bind(slug)
    .run();
}

/** One button of a page, or null when the page has no button with this id. */
export async function pageButtonRow(db: D1Database, pageId: number, id: number): Promise<ButtonRow | null> {
  return db
    .prepare(
      `SELECT b.*, ${TICKET_SOURCE_SELECT} FROM buttons b ${TICKET_SOURCE_JOIN} WHERE b.id = ? AND b.page_id = ?`,
    )
    .bind(id, pageId)
    .first<ButtonRow>();
}

/**
 * Rewrites one text button's text and CTAs (a sale change) and moves the page's updated_at, in
 * one batch: the publish that follows re-renders when the page moved under it (publish.ts).
 */
export async function setButtonCtas(
  db: D1Database,
  pageId: number,
  button: Pick<StoredButton, 'text' | 'url' | 'cta_buttons'> & { id: number },
): Promise<void> {
  await db.batch([
    db
      .prepare(
        // a change is a new revision of the event for the tour feeds (SEQUENCE, LAST-MODIFIED),
        // as a page save makes it (pages.ts); SET reads the row as it was before
        `UPDATE buttons SET
           revision = revision + (text IS NOT ?1 OR url IS NOT ?2 OR cta_buttons IS NOT ?3),
           modified_at = CASE WHEN (text IS NOT ?1 OR url IS NOT ?2 OR cta_buttons IS NOT ?3)
             THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') ELSE modified_at END,
           text = ?1, url = ?2, cta_buttons = ?3
         WHERE id = ?4 AND page_id = ?5`,
      )
      .bind(button.text, button.url, JSON.stringify(button.cta_buttons ?? []), button.id, pageId),
    db.prepare("UPDATE landing_pages SET updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(pageId),
  ]);
}
