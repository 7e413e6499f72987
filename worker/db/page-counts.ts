/**
 * Aggregates over landing pages: the sitemap's slugs and the admin's totals. Plain functions
 * with ? binds. Views and clicks are written by the queue consumer (db/stats-write.ts).
 */

/** Slugs of the visible pages, for the sitemap. */
export async function visibleSlugs(db: D1Database): Promise<Array<{ folder_name: string; updated_at: string }>> {
  const { results } = await db
    .prepare('SELECT folder_name, updated_at FROM landing_pages WHERE visible = 1 ORDER BY folder_name')
    .all<{ folder_name: string; updated_at: string }>();
  return results;
}

export interface PageStats {
  pages: { total: number; visible: number };
  views: number;
  clicks: number;
}

/** The page figures of the admin's stats: pages (all and visible), views and clicks. */
export async function pageStats(db: D1Database): Promise<PageStats> {
  const [pages, clicks] = await db.batch<{ total: number; visible: number; views: number; clicks: number }>([
    db.prepare(
      'SELECT COUNT(*) AS total, COALESCE(SUM(visible), 0) AS visible, COALESCE(SUM(view_page), 0) AS views FROM landing_pages',
    ),
    db.prepare('SELECT COALESCE(SUM(click_count), 0) AS clicks FROM buttons'),
  ]);
  const p = pages!.results[0]!;
  return {
    pages: { total: p.total, visible: p.visible },
    views: p.views,
    clicks: clicks!.results[0]!.clicks,
  };
}
