/**
 * Presales (docs/behaviour.md#presales): the `presale` of a text button as a save sends it and as
 * its organiser reads it, and the answers of the codes routes. One-time codes are never answered,
 * only counted.
 */
import { z } from '../zod';
import { t } from '../messages';
import { PRESALE_CODE_MAX } from '../presale';
import { instantSchema } from './page-schedule';

/** A presale as a save sends it; null removes it. Instants are ISO 8601 with their zone. */
export const presaleInputSchema = z.object({
  starts_at: instantSchema.pipe(z.string({ error: () => t('page.instantInvalid') })),
  // absent, null or '' = at the row's general on-sale instant
  ends_at: instantSchema.optional(),
  url: z.string(),
  // absent, null or '' = one-time codes
  shared_code: z
    .string()
    .nullish()
    .transform((code) => code?.trim() || null)
    .pipe(
      z
        .string()
        .max(PRESALE_CODE_MAX, { error: () => t('presale.codeTooLong', { max: PRESALE_CODE_MAX }) })
        .nullable(),
    ),
});

/** A date row's presale as its organiser reads it (never in a public answer). */
export const presaleSchema = z
  .object({
    /** when the presale opens, UTC ISO 8601 ('…Z') */
    starts_at: z.string(),
    /** when it closes, UTC ISO; null = at the row's general on-sale instant */
    ends_at: z.string().nullable(),
    /** the presale's ticket link */
    url: z.string(),
    /** one code for every fan; null = one-time codes */
    shared_code: z.string().nullable(),
    /** how many one-time codes are loaded (the codes themselves are never answered) */
    codes: z.number().int().nonnegative(),
  })
  .meta({ id: 'Presale' });
export type PresaleAsReceived = z.infer<typeof presaleSchema>;

/** `POST …/buttons/{id}/presale-codes` (and PUT, which replaces): what the upload did. */
export const presaleCodesResultSchema = z
  .object({
    /** new codes stored by this upload */
    loaded: z.number().int().nonnegative(),
    /** codes of the upload dropped as repeats (within it, or already loaded) */
    duplicates: z.number().int().nonnegative(),
    /** the date's one-time codes in all */
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'PresaleCodesResult' });

/** `GET …/buttons/{id}/presale`: the presale's figures (never the codes). */
export const presaleCountsSchema = z
  .object({
    starts_at: z.string(),
    ends_at: z.string().nullable(),
    /** 'before', 'open' or 'over' now */
    state: z.enum(['before', 'open', 'over']),
    shared: z.boolean(),
    loaded: z.number().int().nonnegative(),
    sent: z.number().int().nonnegative(),
    left: z.number().int().nonnegative(),
    fans_waiting: z.number().int().nonnegative(),
    emails_sent: z.number().int().nonnegative(),
  })
  .meta({ id: 'PresaleCounts' });
export type PresaleCountsAsReceived = z.infer<typeof presaleCountsSchema>;
