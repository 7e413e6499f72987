import { z } from '../zod';

/**
 * The path parameters of the API, checked at the edge like bodies and queries
 * (docs/api.md#conventions): a parameter that fails its schema answers 422 `{detail}`.
 */

/** A page's address as it is in its URL (a saved page's slug is at most 64 characters). */
const slug = z.string().min(1).max(200).meta({ description: "The page's address (`/{slug}`)", example: 'estate-live' });

/** A row id: decimal digits only, a positive safe integer. */
const id = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/)
  .transform(Number)
  .meta({ description: 'A numeric id', example: '42' });

export const slugParamSchema = z.object({ slug });
export const idParamSchema = z.object({ id });
export const slugIdParamSchema = z.object({ slug, id });
