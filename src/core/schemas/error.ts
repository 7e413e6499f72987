import { z } from '../zod';

/**
 * Every error the API answers: `{"detail": ...}`, a sentence for people (the spec's Italian
 * message) or, where a screen must tell cases apart, a `{code, reason}` object
 * (docs/api.md#errors).
 */
export const errorAnswerSchema = z
  .object({
    detail: z.union([z.string(), z.object({ code: z.string(), reason: z.string() })]),
  })
  .meta({ id: 'Error' });
