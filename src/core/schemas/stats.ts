import { z } from '../zod';
import { t } from '../messages';
import { STATS_DAYS_DEFAULT, STATS_DAYS_MAX } from '../traffic';

/** Query and answer of GET /api/db/landing-pages/{slug}/stats (and stats.csv): docs/api.md#page-statistics. */

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

const daysInvalid = { error: () => t('pages.stats.daysInvalid', { max: STATS_DAYS_MAX }) };

/**
 * ?days=N: a whole number 1–400 in decimal digits only (no sign, space, point, exponent or hex),
 * 30 when absent or empty; anything else has one catalogue message.
 */
export const statsQuerySchema = z.object({
  days: z.preprocess(
    emptyToUndefined,
    z
      .string(daysInvalid)
      .regex(/^[0-9]+$/, daysInvalid)
      .transform(Number)
      .pipe(z.number().int().min(1, daysInvalid).max(STATS_DAYS_MAX, daysInvalid))
      .default(STATS_DAYS_DEFAULT),
  ),
});

const count = z.number().int().nonnegative();
const dayField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const dailyRowSchema = z.object({ date: dayField, views: count, clicks: count, signups: count });
export type DailyRow = z.infer<typeof dailyRowSchema>;

/**
 * One row of a breakdown (sources, devices, countries), most views first. `signups`: the fan
 * sign-ups counted under it (for a source, its conversions).
 */
export const breakdownRowSchema = z.object({ views: count, clicks: count, signups: count });

export const pageStatsSchema = z.object({
  range: z.object({ from: dayField, to: dayField }),
  /** signups: the fan sign-ups of the page's 'Avvisami' form, never a view or a click */
  totals: z.object({ views: count, clicks: count, signups: count }),
  /** one row per day of the range, zero-filled, oldest first */
  daily: z.array(dailyRowSchema),
  sources: z.array(breakdownRowSchema.extend({ source: z.string() })),
  devices: z.array(breakdownRowSchema.extend({ device: z.string() })),
  countries: z.array(breakdownRowSchema.extend({ country: z.string() })),
  /** every button of the page (position order), with its clicks in the range, per day and per CTA */
  buttons: z.array(
    z.object({
      id: z.number().int(),
      clicks: count,
      daily: z.array(z.object({ date: dayField, clicks: count })),
      /** clicks by call-to-action index (0-based, the order of the event's CTAs), only those with clicks */
      ctas: z.array(z.object({ index: z.number().int().nonnegative(), clicks: count })),
    }),
  ),
});
export type PageStats = z.infer<typeof pageStatsSchema>;

/** The file name of GET …/{slug}/stats.csv: the Worker sends it, the site saves the download under it. */
export function statsCsvFilename(slug: string, range: { from: string; to: string }): string {
  return `${slug}-stats-${range.from}-${range.to}.csv`;
}

/**
 * The admin's totals over every page for the same period (GET /api/admin/stats?days=N), and the
 * same per day, as a page's `daily` and its CSV count them.
 */
export const periodTotalsSchema = z.object({
  days: z.number().int(),
  range: z.object({ from: dayField, to: dayField }),
  views: count,
  clicks: count,
  /** the fan sign-ups of every page's 'Avvisami' form */
  signups: count,
  /** one row per day of the range, zero-filled, oldest first */
  daily: z.array(dailyRowSchema),
});
