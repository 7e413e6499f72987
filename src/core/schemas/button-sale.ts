/**
 * `PATCH /api/db/landing-pages/{slug}/buttons/{id}`: one event's sale changed alone, from the
 * list's badge at the venue (docs/behaviour.md#ticket-drops-in-the-editor). Any other field is
 * a 422; so is a body that changes nothing.
 */
import { z } from '../zod';
import { t } from '../messages';
import { AVAILABILITIES } from '../on-sale';
import { CTAS_MAX } from './page';
import { instantSchema } from './page-schedule';

export const buttonSalePatchSchema = z
  .strictObject({
    availability: z.enum(AVAILABILITIES).optional(),
    // ISO 8601 with its zone, stored as UTC; null or '' = on sale now
    on_sale_at: instantSchema.optional(),
    // the CTA's index in the event (0 = the first); absent = every CTA of the event
    cta: z
      .number()
      .int()
      .min(0)
      .max(CTAS_MAX - 1)
      .optional(),
  })
  .refine((body) => body.availability !== undefined || body.on_sale_at !== undefined, {
    message: t('drops.patch.empty'),
  });

/** The body as the editor sends it (an instant as ISO 8601 with its zone, or null). */
export type ButtonSaleBody = z.input<typeof buttonSalePatchSchema>;
