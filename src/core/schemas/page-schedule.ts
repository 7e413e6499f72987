/**
 * The scheduling part of a page payload: the publishing window's instants (ISO 8601 with a zone,
 * stored as UTC to the second), the fields POST, PUT and PATCH share, PATCH's schema, and the
 * window's rule (docs/behaviour.md#dates-and-publishing-windows). page.ts builds on them.
 */
import { z } from '../zod';
import { t } from '../messages';
import { instantText, isWindowInstant, matchedWallClock, windowIsValid } from '../schedule';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i;

/**
 * An ISO 8601 instant with its zone ('2026-05-12T20:00:00+02:00', '…Z') as UTC to the second
 * ('2026-05-12T18:00:00Z', the form stored and compared as text), or null when it is not one
 * (no zone, an impossible day or hour, a year before 1000 as written or once the zone is applied,
 * a year after 9999 once it is: '1000-01-01T00:00:00+23:59' would be the year 999).
 */
export function normaliseInstant(text: string): string | null {
  const m = INSTANT.exec(text.trim());
  if (!m) return null;
  const offH = Number(m[9] ?? 0);
  const offM = Number(m[10] ?? 0);
  if (Number(m[1]) < 1000 || offH > 23 || offM > 59) return null;
  const wall = matchedWallClock(m);
  if (wall === null) return null;
  const offset = m[7] ? 0 : (m[8] === '-' ? -1 : 1) * (offH * 60 + offM);
  const at = wall - offset * 60_000;
  return isWindowInstant(at) ? instantText(at) : null;
}

/**
 * An instant of the API (a bound of the publishing window, a CTA's on-sale instant): ISO 8601
 * with its zone, or null / '' for none.
 */
export const instantSchema = z
  .string()
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const instant = normaliseInstant(value);
    if (instant === null) {
      ctx.addIssue({ code: 'custom', message: t('page.instantInvalid') });
      return z.NEVER;
    }
    return instant;
  });

/** The scheduling fields of a page: accepted by POST, PUT and PATCH; omitted = unchanged. */
export const scheduleFields = {
  show_past: z.boolean().optional(),
  fan_signup: z.boolean().optional(),
  visible_from: instantSchema.optional(),
  visible_until: instantSchema.optional(),
  // the fans' reminder a day before an on-sale instant (docs/behaviour.md#on-sale-e-mails)
  sale_reminder: z.boolean().optional(),
};

/** `PATCH /api/db/landing-pages/{slug}`: only the scheduling fields (an unknown field is a 422). */
export const schedulePatchSchema = z.strictObject(scheduleFields);
export type SchedulePatch = z.infer<typeof schedulePatchSchema>;

/** The window's problem, or null: the end must come after the start (null bounds are open). */
export function windowProblem(from: string | null, until: string | null): string | null {
  return windowIsValid(from, until) ? null : t('page.windowInvalid');
}
