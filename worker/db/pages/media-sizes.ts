/**
 * The sizes kept of a page's photos (migration 0023, docs/behaviour.md#image-sizes): one JSON
 * object per page, by file stem, written one entry at a time so two files sized at once never
 * undo each other. Like the header size, it leaves updated_at alone: sizes are not an edit.
 */
import type { MediaSizes } from '../../../src/core/image-sizes';
import { parseJson } from './buttons';

/** The JSON path of one stem ('/dati/a/a.k1' → '$."/dati/a/a.k1"'); stems are server-made names. */
function entry(stem: string): string {
  return `$."${stem.replace(/["\\]/g, '')}"`;
}

/** The sizes column read back; anything unreadable reads as none. */
export function parseSizes(text: string | null | undefined): MediaSizes {
  const value = parseJson(text ?? null);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const out: Record<string, number[]> = Object.create(null);
  for (const [stem, widths] of Object.entries(value)) {
    if (Array.isArray(widths)) out[stem] = widths.filter((w): w is number => Number.isInteger(w) && w > 0);
  }
  return out;
}

export async function readSizes(db: D1Database, pageId: number): Promise<MediaSizes> {
  return (await readSizeState(db, pageId)).sizes;
}

/** The page's sizes and, when a failure waits for the hourly retry, its mark (else null). */
export async function readSizeState(db: D1Database, pageId: number) {
  const row = await db
    .prepare('SELECT media_sizes, sizes_retry_at FROM landing_pages WHERE id = ?')
    .bind(pageId)
    .first<{ media_sizes: string; sizes_retry_at: string | null }>();
  return { sizes: parseSizes(row?.media_sizes), retryAt: row?.sizes_retry_at ?? null };
}

/** Records the widths kept of one file (none: looked at, nothing made). */
export async function recordSizes(db: D1Database, pageId: number, stem: string, widths: readonly number[]) {
  await db
    .prepare('UPDATE landing_pages SET media_sizes = json_set(media_sizes, ?, json(?)) WHERE id = ?')
    .bind(entry(stem), JSON.stringify(widths), pageId)
    .run();
}

/** Forgets the sizes of files deleted for good. */
export async function forgetSizes(db: D1Database, pageId: number, stems: readonly string[]) {
  if (stems.length === 0) return;
  await db
    .prepare(
      `UPDATE landing_pages SET media_sizes = json_remove(media_sizes, ${stems.map(() => '?').join(', ')}) WHERE id = ?`,
    )
    .bind(...stems.map(entry), pageId)
    .run();
}

/** Marks the page for the hourly retry (`at`: when a file's sizes failed) or clears it (null). */
export async function markSizesRetry(db: D1Database, pageId: number, at: string | null) {
  await db.prepare('UPDATE landing_pages SET sizes_retry_at = ? WHERE id = ?').bind(at, pageId).run();
}

/**
 * The pages whose sizes wait for a retry, longest waiting first, at most `limit`. A page in the
 * trash is left out: its restore publishes it, and that write tries its sizes again.
 */
export async function pagesToResize(db: D1Database, limit: number) {
  const { results } = await db
    .prepare(
      `SELECT id, folder_name FROM landing_pages
       WHERE sizes_retry_at IS NOT NULL AND deleted_at IS NULL ORDER BY sizes_retry_at, id LIMIT ?`,
    )
    .bind(limit)
    .all<{ id: number; folder_name: string }>();
  return results;
}
