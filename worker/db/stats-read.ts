/**
 * The read side of the stats buckets (table page_stats): one page's views, clicks and fan
 * sign-ups over a period of Europe/Rome days, as GET …/{slug}/stats answers them
 * (docs/api.md#page-statistics). Hourly rows (hour 0–23) and folded daily rows (hour -1) never
 * cover the same day, so a day is simply the sum of all its rows. Views and sign-ups are counted
 * on the view rows (button_id 0), clicks on the click rows (button_id ≠ 0), including the clicks
 * of buttons deleted since. Each breakdown lists at most BREAKDOWN_TOP names and FOLDED.
 */
import type { DailyRow, PageStats } from '../../src/core/schemas/stats';
import { addDays, BREAKDOWN_TOP, daysBetween, FOLDED, romeBucket } from '../../src/core/traffic';

export interface StatsRange {
  from: string;
  to: string;
}

/** The last `days` Europe/Rome days, today included. */
export function statsRange(days: number, at: number = Date.now()): StatsRange {
  const to = romeBucket(at).day;
  return { from: addDays(to, -(days - 1)), to };
}

// ?1 page id, ?2 first day, ?3 last day: every query walks the primary key (page_id, day, …)
const IN_RANGE = 'page_id = ?1 AND day BETWEEN ?2 AND ?3';
/** Views and sign-ups counted on the view rows, clicks on the click rows: every stats sum uses these. */
export const VIEWS = 'COALESCE(SUM(CASE WHEN button_id = 0 THEN views END), 0)';
export const CLICKS = 'COALESCE(SUM(CASE WHEN button_id <> 0 THEN clicks END), 0)';
export const SIGNUPS = 'COALESCE(SUM(CASE WHEN button_id = 0 THEN signups END), 0)';

const DAILY_SQL = `SELECT day, ${VIEWS} AS views, ${CLICKS} AS clicks, ${SIGNUPS} AS signups
  FROM page_stats WHERE ${IN_RANGE} GROUP BY day`;

const BUTTON_DAILY_SQL = `SELECT button_id, day, SUM(clicks) AS clicks FROM page_stats
  WHERE ${IN_RANGE} AND button_id <> 0 GROUP BY button_id, day HAVING SUM(clicks) > 0`;

const BUTTON_CTAS_SQL = `SELECT button_id, cta, SUM(clicks) AS clicks FROM page_stats
  WHERE ${IN_RANGE} AND button_id <> 0 GROUP BY button_id, cta HAVING SUM(clicks) > 0 ORDER BY button_id, cta`;

/**
 * The three breakdowns in one statement, each sorted by views, then clicks, then name, and cut to
 * its first BREAKDOWN_TOP names: the rest, and the counts folded when written, add up under
 * FOLDED, which comes last. So an answer stays small whatever the buckets hold, and every
 * breakdown still sums to the totals. A name with sign-ups only (its views fell in another
 * period) is listed too.
 */
const BREAKDOWN_SQL = `WITH named AS (${(['source', 'device', 'country'] as const)
  .map(
    (column) => `SELECT '${column}' AS kind, ${column} AS name, ${VIEWS} AS views, ${CLICKS} AS clicks,
      ${SIGNUPS} AS signups
      FROM page_stats WHERE ${IN_RANGE} GROUP BY ${column}
      HAVING ${VIEWS} > 0 OR ${CLICKS} > 0 OR ${SIGNUPS} > 0`,
  )
  .join(' UNION ALL ')}),
  placed AS (
    SELECT kind, name, views, clicks, signups,
      ROW_NUMBER() OVER (PARTITION BY kind ORDER BY name = '${FOLDED}', views DESC, clicks DESC, name) AS place
    FROM named)
  SELECT kind, CASE WHEN place <= ${BREAKDOWN_TOP} AND name <> '${FOLDED}' THEN name ELSE '${FOLDED}' END AS shown,
    SUM(views) AS views, SUM(clicks) AS clicks, SUM(signups) AS signups
  FROM placed GROUP BY kind, shown
  ORDER BY kind, shown = '${FOLDED}', views DESC, clicks DESC, shown`;

const BUTTONS_SQL = 'SELECT id FROM buttons WHERE page_id = ? ORDER BY position, id';

interface Counts {
  views: number;
  clicks: number;
  signups: number;
}
/** A day's sums as the daily queries answer them. */
export type DayRow = Counts & { day: string };
type ButtonDayRow = { button_id: number; day: string; clicks: number };
type ButtonCtaRow = { button_id: number; cta: number; clicks: number };
type BreakdownRow = Counts & { kind: 'source' | 'device' | 'country'; shown: string };

/** Every day of the range, oldest first, with its sums (0 for a day without rows), and their totals. */
export function zeroFilled(range: StatsRange, rows: readonly DayRow[]): { daily: DailyRow[]; totals: Counts } {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const daily = daysBetween(range.from, range.to).map((date) => ({
    date,
    views: byDay.get(date)?.views ?? 0,
    clicks: byDay.get(date)?.clicks ?? 0,
    signups: byDay.get(date)?.signups ?? 0,
  }));
  const totals = daily.reduce(
    (sum, r) => ({ views: sum.views + r.views, clicks: sum.clicks + r.clicks, signups: sum.signups + r.signups }),
    { views: 0, clicks: 0, signups: 0 },
  );
  return { daily, totals };
}

/** One page's stats over a range, zero-filled per day, in five SELECTs sent as one batch. */
export async function readPageStats(db: D1Database, pageId: number, range: StatsRange): Promise<PageStats> {
  const bind = [pageId, range.from, range.to];
  const [daily, buttonDaily, buttonCtas, breakdown, buttons] = await db.batch([
    db.prepare(DAILY_SQL).bind(...bind),
    db.prepare(BUTTON_DAILY_SQL).bind(...bind),
    db.prepare(BUTTON_CTAS_SQL).bind(...bind),
    db.prepare(BREAKDOWN_SQL).bind(...bind),
    db.prepare(BUTTONS_SQL).bind(pageId),
  ]);
  const days = daysBetween(range.from, range.to);
  const { daily: dailyRows, totals } = zeroFilled(range, daily!.results as DayRow[]);

  const clicksOn = new Map<number, Map<string, number>>();
  for (const r of buttonDaily!.results as ButtonDayRow[]) {
    const perDay = clicksOn.get(r.button_id) ?? new Map<string, number>();
    perDay.set(r.day, r.clicks);
    clicksOn.set(r.button_id, perDay);
  }
  const ctasOf = new Map<number, Array<{ index: number; clicks: number }>>();
  for (const r of buttonCtas!.results as ButtonCtaRow[]) {
    ctasOf.set(r.button_id, [...(ctasOf.get(r.button_id) ?? []), { index: r.cta, clicks: r.clicks }]);
  }

  const rows = breakdown!.results as BreakdownRow[];
  const of = (kind: BreakdownRow['kind']) => rows.filter((r) => r.kind === kind);
  return {
    range: { from: range.from, to: range.to },
    totals,
    daily: dailyRows,
    sources: of('source').map(({ shown, views, clicks, signups }) => ({ source: shown, views, clicks, signups })),
    devices: of('device').map(({ shown, views, clicks, signups }) => ({ device: shown, views, clicks, signups })),
    countries: of('country').map(({ shown, views, clicks, signups }) => ({ country: shown, views, clicks, signups })),
    buttons: (buttons!.results as Array<{ id: number }>).map(({ id }) => {
      const perDay = clicksOn.get(id);
      const buttonDays = days.map((date) => ({ date, clicks: perDay?.get(date) ?? 0 }));
      return {
        id,
        clicks: buttonDays.reduce((sum, d) => sum + d.clicks, 0),
        daily: buttonDays,
        ctas: ctasOf.get(id) ?? [],
      };
    }),
  };
}
