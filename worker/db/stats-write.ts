/**
 * The queue consumer's write (docs/architecture.md#counting-pipeline): a batch of count messages
 * becomes ONE D1 transaction (db.batch), so it lands whole or not at all.
 * 1. Each message's rows that count go into count_inbox, unless its id is in counted_messages
 *    already (a redelivery after a write that landed: counted once). A row (views, clicks, fan
 *    sign-ups) counts when its page is visible and its publishing window was open when the
 *    message was sent, and, for a click, when the button is on that page and has the CTA tapped
 *    (docs/behaviour.md#counting-views-and-clicks).
 * 2. The ids are remembered. A page's sources of its own past SOURCES_PER_DAY on one day are
 *    renamed FOLDED in the inbox: the cap holds across isolates and batches, because it is
 *    checked against page_stats inside the same transaction, and no count is lost.
 * 3. The rows are added to page_stats and to the lifetime totals (landing_pages.view_page,
 *    buttons.click_count), so the totals always equal the sum of the buckets. Sign-ups have no
 *    lifetime total: they live in page_stats alone.
 * 4. count_inbox is emptied again.
 */
import type { CountRow } from '../services/counting';
import { instantText } from '../../src/core/schedule';
import {
  addDays,
  DAILY_RETENTION_MONTHS,
  FIXED_SOURCES,
  FOLDED,
  HOURLY_RETENTION_DAYS,
  monthsBefore,
  SOURCES_PER_DAY,
} from '../../src/core/traffic';

export interface CountBatchMessage {
  id: string;
  /** when the isolate sent it (the queue message's timestamp), ms: its counts are at most 0.1 s older */
  at: number;
  rows: CountRow[];
}

/** Counted message ids are kept this long: far longer than any redelivery of the queue. */
export const COUNTED_IDS_RETENTION_DAYS = 14;

/**
 * One message's rows (?2, JSON) that count, into count_inbox. ?1 the message id, ?3 the instant it
 * was sent ('…Z', compared as text with the window's bounds, as src/core/schedule.ts stores them).
 * A button's CTAs: an image button has only its link (index 0); an event has its cta_buttons, or
 * its own link when it has none (src/core/public-view.ts). json_valid first: a malformed
 * cta_buttons must count as no list, not stop the transaction.
 */
const INBOX_SQL = `INSERT INTO count_inbox (message_id, slug, day, hour, button_id, cta, source, device, country, views, clicks, signups)
  SELECT ?1, r.s, r.d, r.h, r.b, r.k, r.src, r.dev, r.cc, r.v, r.c, r.f
  FROM (SELECT json_extract(value, '$.s') AS s, json_extract(value, '$.d') AS d, json_extract(value, '$.h') AS h,
               json_extract(value, '$.b') AS b, json_extract(value, '$.k') AS k, json_extract(value, '$.src') AS src,
               json_extract(value, '$.dev') AS dev, json_extract(value, '$.cc') AS cc, json_extract(value, '$.v') AS v,
               json_extract(value, '$.c') AS c, json_extract(value, '$.f') AS f
        FROM json_each(?2)) r
  JOIN landing_pages p ON p.folder_name = r.s AND p.visible = 1 AND p.deleted_at IS NULL
    AND (p.visible_from IS NULL OR p.visible_from <= ?3) AND (p.visible_until IS NULL OR p.visible_until > ?3)
  WHERE NOT EXISTS (SELECT 1 FROM counted_messages WHERE id = ?1)
    AND ((r.b = 0 AND r.k = 0) OR EXISTS (
      SELECT 1 FROM buttons b WHERE b.id = r.b AND b.page_id = p.id AND (r.k = 0 OR (b.type = 'text' AND r.k <
        CASE WHEN json_valid(b.cta_buttons) THEN json_array_length(b.cta_buttons) ELSE 0 END))))`;

const FIXED_LIST = FIXED_SOURCES.map((name) => `'${name}'`).join(', ');

/**
 * The cap on a page's sources per day (SOURCES_PER_DAY): among the inbox's sources that the page
 * does not have yet on that day (FIXED_SOURCES aside), the most counted ones (views, clicks and
 * sign-ups alike, then by name) take the places left; the others become FOLDED. Row values
 * compare (slug, day, source) at once.
 */
const FOLD_SQL = `WITH fresh AS (
    SELECT p.id AS page_id, i.slug, i.day, i.source, SUM(i.views + i.clicks + i.signups) AS n
    FROM count_inbox i JOIN landing_pages p ON p.folder_name = i.slug
    WHERE i.source NOT IN (${FIXED_LIST})
      AND NOT EXISTS (SELECT 1 FROM page_stats s WHERE s.page_id = p.id AND s.day = i.day AND s.source = i.source)
    GROUP BY p.id, i.slug, i.day, i.source),
  kept AS (
    SELECT s.page_id, s.day, COUNT(DISTINCT s.source) AS n FROM page_stats s
    WHERE (s.page_id, s.day) IN (SELECT page_id, day FROM fresh) AND s.source NOT IN (${FIXED_LIST})
    GROUP BY s.page_id, s.day),
  placed AS (
    SELECT f.slug, f.day, f.source,
      COALESCE(k.n, 0) + ROW_NUMBER() OVER (PARTITION BY f.page_id, f.day ORDER BY f.n DESC, f.source) AS place
    FROM fresh f LEFT JOIN kept k ON k.page_id = f.page_id AND k.day = f.day)
  UPDATE count_inbox SET source = '${FOLDED}'
  WHERE (slug, day, source) IN (SELECT slug, day, source FROM placed WHERE place > ${SOURCES_PER_DAY})`;

export async function applyCountBatch(db: D1Database, messages: CountBatchMessage[], now: number): Promise<void> {
  const withRows = messages.filter((m) => m.rows.length > 0);
  if (withRows.length === 0) return;
  const statements = withRows.map((m) => db.prepare(INBOX_SQL).bind(m.id, JSON.stringify(m.rows), instantText(m.at)));
  statements.push(
    // every message is remembered, also one whose rows all failed to count
    db
      .prepare('INSERT OR IGNORE INTO counted_messages (id, counted_at) SELECT value, ?2 FROM json_each(?1)')
      .bind(JSON.stringify(withRows.map((m) => m.id)), now),
    db.prepare(FOLD_SQL),
    db.prepare(
      `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks, signups)
       SELECT p.id, i.day, i.hour, i.button_id, i.cta, i.source, i.device, i.country, SUM(i.views), SUM(i.clicks),
         SUM(i.signups)
       FROM count_inbox i JOIN landing_pages p ON p.folder_name = i.slug
       GROUP BY p.id, i.day, i.hour, i.button_id, i.cta, i.source, i.device, i.country
       ON CONFLICT (page_id, day, hour, button_id, cta, source, device, country)
       DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
         signups = signups + excluded.signups`,
    ),
    db.prepare(
      `UPDATE landing_pages
       SET view_page = view_page + (SELECT SUM(i.views) FROM count_inbox i WHERE i.slug = landing_pages.folder_name AND i.button_id = 0)
       WHERE folder_name IN (SELECT slug FROM count_inbox WHERE button_id = 0)`,
    ),
    db.prepare(
      `UPDATE buttons
       SET click_count = click_count + (SELECT SUM(i.clicks) FROM count_inbox i WHERE i.button_id = buttons.id)
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
 * DAILY_RETENTION_MONTHS are deleted, their counts (views, clicks and sign-ups) kept only in the
 * page's archive row (per button and CTA, no day, source, device or country), so the lifetime
 * totals still equal the sum of the buckets. Returns the rows folded plus the rows deleted.
 */
export async function expireStats(db: D1Database, today: string): Promise<number> {
  const foldBefore = addDays(today, -HOURLY_RETENTION_DAYS);
  const deleteBefore = monthsBefore(today, DAILY_RETENTION_MONTHS);
  const [, folded, , deleted] = await db.batch([
    db
      .prepare(
        `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks, signups)
         SELECT page_id, day, -1, button_id, cta, source, device, country, SUM(views), SUM(clicks), SUM(signups)
         FROM page_stats WHERE day < ? AND hour >= 0
         GROUP BY page_id, day, button_id, cta, source, device, country
         ON CONFLICT (page_id, day, hour, button_id, cta, source, device, country)
         DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
           signups = signups + excluded.signups`,
      )
      .bind(foldBefore),
    db.prepare('DELETE FROM page_stats WHERE day < ? AND hour >= 0').bind(foldBefore),
    db
      .prepare(
        `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks, signups)
         SELECT page_id, ?1, -1, button_id, cta, '', '', '', SUM(views), SUM(clicks), SUM(signups)
         FROM page_stats WHERE day < ?2 AND day > ?1
         GROUP BY page_id, button_id, cta
         ON CONFLICT (page_id, day, hour, button_id, cta, source, device, country)
         DO UPDATE SET views = views + excluded.views, clicks = clicks + excluded.clicks,
           signups = signups + excluded.signups`,
      )
      .bind(ARCHIVE_DAY, deleteBefore),
    db.prepare('DELETE FROM page_stats WHERE day < ? AND day > ?').bind(deleteBefore, ARCHIVE_DAY),
  ]);
  return (folded?.meta.changes ?? 0) + (deleted?.meta.changes ?? 0);
}
