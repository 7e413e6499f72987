/**
 * The organiser's reads of a page's fans (docs/api.md#fans): the summary of the 'Fan' view, the
 * list with its search, the CSV's rows, the removal of one fan, and the administrators' totals.
 * Plain functions with ? binds over the tables of migrations/0009_fans.sql.
 *
 * A confirmed fan (docs/behaviour.md#for-the-organiser) is a row of `fans` with `confirmed_at`
 * set whose address is not in `fan_suppressions`; every count of fans here uses CONFIRMED.
 */
import { ALL_CITIES, OTHER_CITY, upcomingCities } from '../../../src/core/fans';
import type { FanExportRow } from '../../../src/core/fans-export';
import { t } from '../../../src/core/messages';
import type { AdminFanTotals, FanRow, FanSummary } from '../../../src/core/schemas/fans';
import { romeMidnightAfter } from '../../../src/core/schedule';
import { addDays, daysBetween, romeBucket } from '../../../src/core/traffic';
import type { StatsRange } from '../stats-read';

/** `f` is a row of fans: its address is not suppressed. */
const NOT_SUPPRESSED = 'NOT EXISTS (SELECT 1 FROM fan_suppressions s WHERE s.email = f.email)';
/** `f` is a confirmed fan. */
const CONFIRMED = `f.confirmed_at IS NOT NULL AND ${NOT_SUPPRESSED}`;

/** The fans the list shows at most, newest first (the search narrows it). */
export const FAN_LIST_MAX = 200;

// ---------------------------------------------------------------------------------------------
// The summary

const COUNTS_SQL = `SELECT
    COALESCE(SUM(CASE WHEN f.confirmed_at IS NOT NULL THEN 1 END), 0) AS total,
    COALESCE(SUM(CASE WHEN f.confirmed_at IS NULL THEN 1 END), 0) AS pending
  FROM fans f WHERE f.page_id = ? AND ${NOT_SUPPRESSED}`;

/** Confirmed fans per city key and spelling (a key's fans may have typed it several ways). */
const CITY_SQL = `SELECT c.city_key AS key, c.city AS city, COUNT(*) AS fans, MIN(c.created_at) AS first
  FROM fan_cities c JOIN fans f ON f.id = c.fan_id
  WHERE f.page_id = ? AND ${CONFIRMED}
  GROUP BY c.city_key, c.city`;

/**
 * Confirmed fans per UTC hour ('YYYY-MM-DDTHH') within [?2, ?3). Europe/Rome is a whole number of
 * hours from UTC, so each UTC hour lies in exactly one Rome day, and the bounds (the Rome
 * midnights that start and end the range) are whole UTC hours too. Compared as hour prefixes,
 * instants written with or without milliseconds sort alike.
 */
const DAILY_SQL = `SELECT substr(f.confirmed_at, 1, 13) AS hour, COUNT(*) AS fans FROM fans f
  WHERE f.page_id = ?1 AND ${CONFIRMED}
    AND substr(f.confirmed_at, 1, 13) >= ?2 AND substr(f.confirmed_at, 1, 13) < ?3
  GROUP BY hour`;

const BUTTONS_SQL = 'SELECT id, type, text FROM buttons WHERE page_id = ? ORDER BY position, id';

interface CityRow {
  key: string;
  city: string;
  fans: number;
  first: string;
}
interface ButtonRow {
  id: number;
  type: string;
  text: string;
}

/** Each key's fans and the spelling most of them typed (the first typed on a tie). */
function citiesByKey(rows: readonly CityRow[]): Map<string, { city: string; fans: number }> {
  const byKey = new Map<string, { city: string; fans: number; best: CityRow }>();
  for (const row of rows) {
    const entry = byKey.get(row.key);
    if (!entry) {
      byKey.set(row.key, { city: row.city, fans: row.fans, best: row });
      continue;
    }
    entry.fans += row.fans;
    if (row.fans > entry.best.fans || (row.fans === entry.best.fans && row.first < entry.best.first)) {
      entry.best = row;
      entry.city = row.city;
    }
  }
  return new Map([...byKey].map(([key, { city, fans }]) => [key, { city, fans }]));
}

/** The UTC hour ('YYYY-MM-DDTHH') in which a Europe/Rome day begins. */
function romeDayStartHour(day: string): string {
  return romeMidnightAfter(addDays(day, -1)).slice(0, 13);
}

/**
 * A page's fans and alerts: confirmed and pending counts, 'Tutte le date', each upcoming tour city
 * (with none too) and the 'Città richieste', the confirmed sign-ups per Europe/Rome day of the
 * range (zero-filled), and the latest alerts with their events, reach and deliveries.
 */
export async function readFanSummary(
  db: D1Database,
  pageId: number,
  range: StatsRange,
  now: Date = new Date(),
): Promise<Omit<FanSummary, 'alerts'>> {
  const [counts, cityRows, dailyRows, buttonRows] = await db.batch([
    db.prepare(COUNTS_SQL).bind(pageId),
    db.prepare(CITY_SQL).bind(pageId),
    db.prepare(DAILY_SQL).bind(pageId, romeDayStartHour(range.from), romeDayStartHour(addDays(range.to, 1))),
    db.prepare(BUTTONS_SQL).bind(pageId),
  ]);
  const { total, pending } = counts!.results[0] as { total: number; pending: number };
  const buttons = buttonRows!.results as ButtonRow[];

  // cities: the tour's (upcoming dates) in date order, then most fans first; the rest asked for
  const byKey = citiesByKey(cityRows!.results as CityRow[]);
  const tour = upcomingCities(buttons, now);
  const tourKeys = new Set(tour.map((c) => c.key));
  const cities = tour
    .map(({ key, name }) => ({ key, city: name, fans: byKey.get(key)?.fans ?? 0 }))
    .sort((a, b) => b.fans - a.fans);
  const requested = [...byKey]
    .filter(([key]) => key !== ALL_CITIES && key !== OTHER_CITY && key !== '' && !tourKeys.has(key))
    .map(([key, { city, fans }]) => ({ key, city, fans }))
    .sort((a, b) => b.fans - a.fans || a.city.localeCompare(b.city, 'it'));

  const perDay = new Map<string, number>();
  for (const { hour, fans } of dailyRows!.results as Array<{ hour: string; fans: number }>) {
    const at = Date.parse(`${hour}:00:00Z`);
    if (Number.isNaN(at)) continue;
    const day = romeBucket(at).day;
    perDay.set(day, (perDay.get(day) ?? 0) + fans);
  }
  const daily = daysBetween(range.from, range.to).map((date) => ({ date, signups: perDay.get(date) ?? 0 }));

  return {
    total,
    pending,
    all_dates: byKey.get(ALL_CITIES)?.fans ?? 0,
    cities,
    requested,
    daily,
  };
}

// ---------------------------------------------------------------------------------------------
// The list, the export, one removal

/**
 * ?1 page id, ?2 the search ('' for every fan): an e-mail substring, case-insensitive. instr, not
 * LIKE: D1 refuses a LIKE pattern longer than 50 bytes, and '%' or '_' in a search are plain text.
 */
const LIST_FILTER = "f.page_id = ?1 AND (?2 = '' OR instr(lower(f.email), lower(?2)) > 0)";
const LISTED = `SELECT f.id FROM fans f WHERE ${LIST_FILTER} ORDER BY f.created_at DESC, f.id DESC LIMIT ${FAN_LIST_MAX}`;

/** Every fan of the page (pending ones too) whose address holds `query`, newest first, at most FAN_LIST_MAX; and how many match. */
export async function listFans(
  db: D1Database,
  pageId: number,
  query: string,
): Promise<{ fans: FanRow[]; total: number }> {
  const [rows, cityRows, count] = await db.batch([
    db
      .prepare(
        `SELECT f.id, f.email, f.confirmed_at, f.created_at FROM fans f WHERE ${LIST_FILTER}
         ORDER BY f.created_at DESC, f.id DESC LIMIT ${FAN_LIST_MAX}`,
      )
      .bind(pageId, query),
    db
      .prepare(
        `SELECT fan_id, city_key, city FROM fan_cities WHERE fan_id IN (${LISTED})
         ORDER BY fan_id, city_key <> '${ALL_CITIES}', created_at, city`,
      )
      .bind(pageId, query),
    db.prepare(`SELECT COUNT(*) AS total FROM fans f WHERE ${LIST_FILTER}`).bind(pageId, query),
  ]);
  const citiesOf = new Map<number, string[]>();
  for (const r of cityRows!.results as Array<{ fan_id: number; city_key: string; city: string }>) {
    const list = citiesOf.get(r.fan_id) ?? [];
    list.push(r.city_key === ALL_CITIES ? t('fans.public.allDates') : r.city);
    citiesOf.set(r.fan_id, list);
  }
  const fans = (rows!.results as Array<Omit<FanRow, 'cities'>>).map((r) => ({
    id: r.id,
    email: r.email,
    cities: citiesOf.get(r.id) ?? [],
    confirmed_at: r.confirmed_at,
    created_at: r.created_at,
  }));
  return { fans, total: (count!.results[0] as { total: number }).total };
}

/** The confirmed fans of the page, one row per fan and city, in the order they confirmed. */
export async function exportFans(db: D1Database, pageId: number): Promise<FanExportRow[]> {
  const { results } = await db
    .prepare(
      `SELECT f.email, COALESCE(c.city_key, '') AS city_key, COALESCE(c.city, '') AS city, f.confirmed_at, f.consent_version
       FROM fans f LEFT JOIN fan_cities c ON c.fan_id = f.id
       WHERE f.page_id = ? AND ${CONFIRMED}
       ORDER BY f.confirmed_at, f.id, c.city_key <> '${ALL_CITIES}', c.created_at, c.city`,
    )
    .bind(pageId)
    .all<{ email: string; city_key: string; city: string; confirmed_at: string; consent_version: string }>();
  return results.map((r) => ({
    email: r.email,
    city: r.city_key === ALL_CITIES ? ALL_CITIES : r.city,
    confirmed_at: r.confirmed_at,
    consent_version: r.consent_version,
  }));
}

/** Removes one fan of the page with the cities they follow; false when the page has no such fan. */
export async function deleteFan(db: D1Database, pageId: number, fanId: number): Promise<boolean> {
  const [, fans] = await db.batch([
    db
      .prepare('DELETE FROM fan_cities WHERE fan_id IN (SELECT id FROM fans WHERE id = ?1 AND page_id = ?2)')
      .bind(fanId, pageId),
    db.prepare('DELETE FROM fans WHERE id = ?1 AND page_id = ?2').bind(fanId, pageId),
  ]);
  return (fans?.meta.changes ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Administration

/** Confirmed fans per company (the company of their pages), most first, and in all. */
export async function adminFanTotals(db: D1Database): Promise<AdminFanTotals> {
  const { results } = await db
    .prepare(
      `SELECT p.company AS company, COUNT(DISTINCT p.id) AS pages, COUNT(*) AS fans
       FROM fans f JOIN landing_pages p ON p.id = f.page_id
       WHERE ${CONFIRMED}
       GROUP BY p.company ORDER BY fans DESC, p.company`,
    )
    .all<{ company: string; pages: number; fans: number }>();
  return { total: results.reduce((sum, r) => sum + r.fans, 0), companies: results };
}
