/**
 * A page's media columns over D1: the header and its poster, the button images. Each write
 * moves updated_at, so the publish that follows notices it (services/pages/publish.ts pageStamp).
 * `mediaInUse` tells which of them the saved page still points at, so a replaced file can go.
 */
import type { PixelSize } from '../../services/media/image-size';
import { headerOf } from '../../../src/core/public-view';
import type { PageRow } from './pages';

/** The path of what a page's header shows first: the image itself, or a video's poster ('' = none). */
export function shownHeaderPath(page: Pick<PageRow, 'folder_name' | 'header' | 'header_poster'>): string {
  const header = headerOf(page.header, page.folder_name, page.header_poster);
  return header.kind === 'video' ? (header.poster ?? '') : header.src;
}

/** The stored header size, only while it belongs to the file the header shows now. */
export function headerSizeOf(page: PageRow): PixelSize | null {
  const of = page.header_size_of ?? '';
  if (!of || of !== shownHeaderPath(page) || !page.header_width || !page.header_height) return null;
  return { width: page.header_width, height: page.header_height };
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

/**
 * The pixel size of the file the header shows first (an image header itself, a video's poster)
 * and that file's path, read from its bytes (services/media/image-size.ts); `size` null = not readable.
 */
export interface HeaderSize {
  of: string;
  size: PixelSize | null;
}

/** The three size columns' binds: width, height, and the path they were read from. */
function sizeBinds(size: HeaderSize | null): [number | null, number | null, string] {
  return [size?.size?.width ?? null, size?.size?.height ?? null, size?.of ?? ''];
}

/**
 * Sets the header and its poster ('' for none) together: a poster never outlives its video.
 * The size read from the upload goes with them (null: nothing read yet, e.g. a video alone).
 */
export async function setPageHeader(
  db: D1Database,
  id: number,
  header: string,
  poster: string,
  size: HeaderSize | null,
): Promise<void> {
  await db
    .prepare(
      `UPDATE landing_pages SET header = ?, header_poster = ?, header_width = ?, header_height = ?,
         header_size_of = ?, updated_at = ${NOW} WHERE id = ?`,
    )
    .bind(header, poster, ...sizeBinds(size), id)
    .run();
}

/**
 * Records a header size learnt later (at a publish, from the stored file), only while `size.of`
 * is still the page's header or poster. It leaves updated_at alone: the page did not change, and
 * a publish comparing stamps must not take it for an edit.
 */
export async function setHeaderSize(db: D1Database, id: number, size: HeaderSize): Promise<void> {
  await db
    .prepare(
      `UPDATE landing_pages SET header_width = ?1, header_height = ?2, header_size_of = ?3
       WHERE id = ?4 AND (header = ?3 OR header_poster = ?3)`,
    )
    .bind(...sizeBinds(size), id)
    .run();
}

/**
 * Sets the poster of the page's video header, only while the header is still `header` (the
 * one the poster was made for); answers whether it did.
 */
export async function setPagePoster(
  db: D1Database,
  id: number,
  header: string,
  poster: string,
  size: PixelSize | null,
): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE landing_pages SET header_poster = ?, header_width = ?, header_height = ?, header_size_of = ?,
         updated_at = ${NOW} WHERE id = ? AND header = ?`,
    )
    .bind(poster, ...sizeBinds({ of: poster, size }), id, header)
    .run();
  return res.meta.changes > 0;
}

/** Sets button images by id (one batch); answers nothing: the caller reloads the page. */
export async function setButtonImages(
  db: D1Database,
  pageId: number,
  images: ReadonlyArray<{ buttonId: number; path: string }>,
): Promise<void> {
  if (images.length === 0) return;
  await db.batch([
    ...images.map(({ buttonId, path }) =>
      db
        .prepare("UPDATE buttons SET image_path = ? WHERE id = ? AND page_id = ? AND type = 'image'")
        .bind(path, buttonId, pageId),
    ),
    db.prepare(`UPDATE landing_pages SET updated_at = ${NOW} WHERE id = ?`).bind(pageId),
  ]);
}

/** Clears a button image that points at the given path. */
export async function clearButtonImage(db: D1Database, pageId: number, path: string): Promise<void> {
  await db
    .prepare('UPDATE buttons SET image_path = NULL WHERE page_id = ? AND image_path = ?')
    .bind(pageId, path)
    .run();
}

/** Every media path the saved page points at now: its header, its poster and its buttons' images. */
export async function mediaInUse(db: D1Database, pageId: number): Promise<Set<string>> {
  const { results } = await db
    .prepare(
      `SELECT header AS path FROM landing_pages WHERE id = ?1
       UNION SELECT header_poster FROM landing_pages WHERE id = ?1
       UNION SELECT image_path FROM buttons WHERE page_id = ?1 AND image_path IS NOT NULL`,
    )
    .bind(pageId)
    .all<{ path: string }>();
  return new Set(results.map((r) => r.path));
}
