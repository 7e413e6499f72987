/** `POST /api/admin/media-sizes` (docs/api.md#media-sizes): the one-off making of older pages' photo sizes. */
import { z } from '../zod';

export const mediaSizesQuerySchema = z.object({
  after: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .meta({ description: 'Only pages with a higher id: the `next` of the answer before', example: 0 }),
});

export const mediaSizesAnswerSchema = z
  .object({
    /** pages looked at by this call */
    looked: z.number().int(),
    /** of them, pages that got new sizes (and were republished) */
    sized: z.number().int(),
    /** the `after` of the next call; null when every page has been looked at */
    next: z.number().int().nullable(),
  })
  .meta({ id: 'MediaSizesRun' });
