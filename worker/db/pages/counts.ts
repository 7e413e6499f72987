/**
 * Aggregates over landing pages: the sitemap's slugs and the admin's totals. Plain functions
 * with ? binds. Views and clicks are written by the queue consumer (db/stats-write.ts).
 */
import type { DailyRow } from '../../../src/core/schemas/stats';
import { CLICKS, type DayRow, SIGNUPS, VIEWS, zeroFilled } from '../stats-read';
import { instantText } from '../../../src/core/schedule';

/** Slugs of the pages the public sees at `now` (visible, inside their window), for the sitemap. */
export async function visibleSlugs(
  db: D1Database,
  now: Date = new Date(),
): Promise<Array<{ folder_name: string; updated_at: string }>> {
  const at = instantText(now);
  const { results } = await db
    .prepare(
      `SELECT folder_name, updated_at FROM landing_pages WHERE visible = 1 AND deleted_at IS NULL
         AND (visible_from IS NULL OR visible_from <= ?) AND (visible_until IS NULL OR visible_until > ?)
       ORDER BY folder_name`,
    )
    .bind(at, at)
    .all<{ folder_name: string; updated_at: string }>();
  return results;
}

export interface PageStats {
  pages: { total: number; visible: number };
  views: number;
  clicks: number;
  /** views, clicks and fan sign-ups of every page over the range, in all and per day (page_stats) */
  period: { views: number; clicks: number; signups: number; daily: DailyRow[] };
}

/**
 * The page figures of the admin's stats: pages (all and visible), views and clicks ever, and
 * the views (view rows), clicks (click rows) and fan sign-ups (view rows) of every page over a
 * range of Europe/Rome days, per day as a page's stats and CSV count them.
 */
export async function pageStats(db: D1Database, range: { from: string; to: string }): Promise<PageStats> {
  const [pages, clicks, period] = await db.batch([
    db.prepare(
      // pages in the trash are not counted (docs/behaviour.md#trash)
      'SELECT COUNT(*) AS total, COALESCE(SUM(visible), 0) AS visible, COALESCE(SUM(view_page), 0) AS views FROM landing_pages WHERE deleted_at IS NULL',
    ),
    db.prepare(
      'SELECT COALESCE(SUM(click_count), 0) AS clicks FROM buttons WHERE page_id NOT IN (SELECT id FROM landing_pages WHERE deleted_at IS NOT NULL)',
    ),
    // walks the (day, hour) index of page_stats
    db
      .prepare(
        `SELECT day, ${VIEWS} AS views, ${CLICKS} AS clicks, ${SIGNUPS} AS signups FROM page_stats
         WHERE day BETWEEN ? AND ? GROUP BY day`,
      )
      .bind(range.from, range.to),
  ]);
  const p = pages!.results[0] as { total: number; visible: number; views: number };
  const { daily, totals } = zeroFilled(range, period!.results as DayRow[]);
  return {
    pages: { total: p.total, visible: p.visible },
    views: p.views,
    clicks: (clicks!.results[0] as { clicks: number }).clicks,
    period: { ...totals, daily },
  };
}
