/**
 * A page's schedule over D1 (docs/behaviour.md#dates-and-publishing-windows): the publishing
 * window and 'Mostra le date passate' written by PATCH, and next_boundary, the next instant the
 * public page changes by itself, written at every publish and read by the scheduled republish.
 * Instants are ISO 8601 UTC to the second ('…Z'), so they compare as text.
 */
import { decodeEventText } from '../../../src/core/button-codec';
import { nextOnSale } from '../../../src/core/on-sale';
import { instantText, isPastEvent, nextBoundary } from '../../../src/core/schedule';
import { publicPresale, presaleTurn } from '../../../src/core/public-view';
import { buttonRows, storedPresale, toButton } from './buttons';

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export interface ScheduleFields {
  show_past: boolean;
  fan_signup: boolean;
  visible_from: string | null;
  visible_until: string | null;
  sale_reminder: boolean;
}

/** Writes the scheduling fields (a PATCH); moves updated_at like every page write. */
export async function setSchedule(db: D1Database, id: number, fields: ScheduleFields): Promise<void> {
  await db
    .prepare(
      `UPDATE landing_pages SET show_past = ?, fan_signup = ?, visible_from = ?, visible_until = ?,
         sale_reminder = ?, updated_at = ${NOW} WHERE id = ?`,
    )
    .bind(
      fields.show_past ? 1 : 0,
      fields.fan_signup ? 1 : 0,
      fields.visible_from,
      fields.visible_until,
      fields.sale_reminder ? 1 : 0,
      id,
    )
    .run();
}

interface ScheduleRow {
  id: number;
  visible: number;
  visible_from: string | null;
  visible_until: string | null;
  updated_at: string;
}

/**
 * Computes and stores the page's next boundary as of `now`: the window opening or closing, the
 * Rome midnight after its next event day (the text buttons' dates), the next on-sale instant
 * of a CTA of an event not past (docs/behaviour.md#ticket-drops), or the next start or end of
 * such an event's presale (docs/behaviour.md#presales-on-the-published-page); null for a hidden page,
 * which never changes by itself. Written only while the page is as read: a save in between
 * publishes again and stores its own. Answers the boundary, or undefined when the page is gone.
 */
export async function storeNextBoundary(db: D1Database, slug: string, now: Date): Promise<string | null | undefined> {
  const row = await db
    .prepare(
      // a page in the trash never changes by itself (docs/behaviour.md#trash)
      'SELECT id, visible, visible_from, visible_until, updated_at FROM landing_pages WHERE folder_name = ? AND deleted_at IS NULL',
    )
    .bind(slug)
    .first<ScheduleRow>();
  if (!row) return undefined;
  let boundary: string | null = null;
  if (row.visible === 1) {
    const events = (await buttonRows(db, row.id))
      .filter((b) => b.type === 'text')
      .map((b) => ({
        date: decodeEventText(b.text).date,
        ctas: toButton(b).cta_buttons ?? [],
        presale: storedPresale(b),
      }));
    const eventDates = events.map((e) => e.date);
    // the CTAs and presales the page shows: those of the events not past
    const shown = events.filter((e) => !isPastEvent(e.date, now));
    const onSale = nextOnSale(
      shown.flatMap((e) => e.ctas),
      now.getTime(),
    );
    // a presale's start and end turn the page too (docs/behaviour.md#presales-on-the-published-page)
    const turns = shown.flatMap((e) => {
      const presale = publicPresale(e.presale, e.ctas, now);
      return presale ? [presaleTurn(presale)] : [];
    });
    const next = [...(onSale === null ? [] : [onSale]), ...turns];
    boundary = nextBoundary(
      {
        visible_from: row.visible_from,
        visible_until: row.visible_until,
        eventDates,
        onSale: next.length > 0 ? Math.min(...next) : null,
      },
      now,
    );
  }
  await db
    .prepare('UPDATE landing_pages SET next_boundary = ? WHERE id = ? AND updated_at = ?')
    .bind(boundary, row.id, row.updated_at)
    .run();
  return boundary;
}

/** Slugs of the pages whose next boundary is at or before `now`, the oldest boundary first. */
export async function dueSlugs(db: D1Database, now: Date, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT folder_name FROM landing_pages WHERE next_boundary IS NOT NULL AND next_boundary <= ? AND deleted_at IS NULL
       ORDER BY next_boundary, id LIMIT ?`,
    )
    .bind(instantText(now), limit)
    .all<{ folder_name: string }>();
  return results.map((r) => r.folder_name);
}

/** Moves a page's boundary to `at` (a republish that failed is tried again then, not every minute). */
export async function deferBoundary(db: D1Database, slug: string, at: Date): Promise<void> {
  await db
    .prepare('UPDATE landing_pages SET next_boundary = ? WHERE folder_name = ?')
    .bind(instantText(at), slug)
    .run();
}
