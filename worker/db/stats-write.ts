/**
 * The queue consumer's write (docs/architecture.md#counting-pipeline): a batch of count messages
 * becomes ONE D1 transaction (db.batch), so it lands whole or not at all.
 * 1. Each message's rows go into count_inbox, unless its id is in counted_messages already
 *    (a redelivery after a write that landed: counted once).
 * 2. The ids are remembered; the rows are added to page_stats and to the lifetime totals
 *    (landing_pages.view_page, buttons.click_count) with the same filter: views of a visible
 *    page, clicks on a button of that page. So the totals always equal the sum of the buckets.
 * 3. count_inbox is emptied again.
 */
import type { CountRow } from '../services/counting';
import { addDays, DAILY_RETENTION_MONTHS, HOURLY_RETENTION_DAYS, monthsBefore } from '../../src/core/traffic';

export interface CountBatchMessage {
  id: string;
  rows: CountRow[];
}

/** Counted message ids are kept this long: far longer than any redelivery of the queue. */
export const COUNTED_IDS_RETENTION_DAYS = 14;

// The inbox rows of pages and buttons that count: a visible page, and a button of that page.
const COUNTING_ROWS = `
  FROM count_inbox i
  JOIN landing_pages p ON p.folder_name = i.slug AND p.visible = 1
  WHERE i.button_id = 0 OR EXISTS (SELECT 1 FROM buttons b WHERE b.id = i.button_id AND b.page_id = p.id)`;

export async function applyCountBatch(db: D1Database, messages: CountBatchMessage[], now: number): Promise<void> {
  const withRows = messages.filter((m) => m.rows.length > 0);
  if (withRows.length === 0) return;
  const statements = withRows.map((m) =>
    db
      .prepare(
        `INSERT INTO count_inbox (message_id, slug, day, hour, button_id, cta, source, device, country, views, clicks)
         SELECT ?1, json_extract(value, '$.s'), json_extract(value, '$.d'), json_extract(value, '$.h'),
                json_extract(value, '$.b'), json_extract(value, '$.k'), json_extract(value, '$.src'),
                json_extract(value, '$.dev'), json_extract(value, '$.cc'), json_extract(value, '$.v'),
                json_extract(value, '$.c')
         FROM json_each(?2)
         WHERE NOT EXISTS (SELECT 1 FROM counted_messages WHERE id = ?1)`,
      )
      .bind(m.id, JSON.stringify(m.rows)),
  );
  statements.push(
    db
      .prepare('INSERT OR IGNORE INTO counted_messages (id, counted_at) SELECT DISTINCT message_id, ? FROM count_inbox')
      .bind(now),
    db.prepare(
      `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks)
       SELECT p.id, i.day, i.hour, i.button_id, i.cta, i.source, i.device, i.country, SUM(i.views), SUM(i.clicks)
       ${COUNTING_ROWS}
       GROUP BY p.id, i.day, i.hour, i.button_id, i.cta, i.source, i.device, i.country
       ON CONFLICT (page_id, day, hour, button_id, cta, source, device, country)
       DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks`,
    ),
    db.prepare(
      `UPDATE landing_pages
       SET view_page = view_page + (SELECT SUM(i.views) FROM count_inbox i WHERE i.slug = landing_pages.folder_name AND i.button_id = 0)
       WHERE visible = 1 AND folder_name IN (SELECT slug FROM count_inbox WHERE button_id = 0)`,
    ),
    db.prepare(
      `UPDATE buttons
       SET click_count = click_count + COALESCE((
         SELECT SUM(i.clicks) FROM count_inbox i
         JOIN landing_pages p ON p.folder_name = i.slug AND p.visible = 1
         WHERE i.button_id = buttons.id AND p.id = buttons.page_id), 0)
       WHERE id IN (SELECT button_id FROM count_inbox WHERE button_id <> 0)`,
    ),
    db.prepare('DELETE FROM count_inbox'),
  );
  await db.batch(statements);
}

/** Forgets counted message ids older than their retention (the hourly maintenance). */
export async function pruneCountedIds(db: D1Database, now: number): Promise<number> {
  const before = now - COUNTED_IDS_RETENTION_DAYS * 24 * 60 * 60 * 1000;
  const res = await db.prepare('DELETE FROM counted_messages WHERE counted_at < ?').bind(before).run();
  return res.meta.changes ?? 0;
}

/** The day of the archive rows: before any period, so no period reaches them (migration 0005). */
export const ARCHIVE_DAY = '0000-00-00';

/**
 * Retention of the buckets (the hourly maintenance), in one transaction: hours older than
 * HOURLY_RETENTION_DAYS are folded into one daily row per day (hour -1); days older than
 * DAILY_RETENTION_MONTHS are deleted, their counts kept only in the page's archive row (per
 * button and CTA, no day, source, device or country), so the lifetime totals still equal the
 * sum of the buckets. Returns the rows folded plus the rows deleted.
 */
export async function expireStats(db: D1Database, today: string): Promise<number> {
  const foldBefore = addDays(today, -HOURLY_RETENTION_DAYS);
  const deleteBefore = monthsBefore(today, DAILY_RETENTION_MONTHS);
  const [, folded, , deleted] = await db.batch([
    db
      .prepare(
        `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks)
         SELECT page_id, day, -1, button_id, cta, source, device, country, SUM(views), SUM(clicks)
         FROM page_stats WHERE day < ? AND hour >= 0
         GROUP BY page_id, day, button_id, cta, source, device, country
         ON CONFLICT (page_id, day, hour, button_id, cta, source, device, country)
         DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks`,
      )
      .bind(foldBefore),
    db.prepare('DELETE FROM page_stats WHERE day < ? AND hour >= 0').bind(foldBefore),
    db
      .prepare(
        `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks)
         SELECT page_id, ?1, -1, button_id, cta, '', '', '', SUM(views), SUM(clicks)
         FROM page_stats WHERE day < ?2 AND day > ?1
         GROUP BY page_id, button_id, cta
         ON CONFLICT (page_id, day, hour, button_id, cta, source, device, country)
         DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks`,
      )
      .bind(ARCHIVE_DAY, deleteBefore),
    db.prepare('DELETE FROM page_stats WHERE day < ? AND day > ?').bind(deleteBefore, ARCHIVE_DAY),
  ]);
  return (folded?.meta.changes ?? 0) + (deleted?.meta.changes ?? 0);
}
