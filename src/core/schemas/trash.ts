import { z } from '../zod';

/**
 * The trash (docs/behaviour.md#trash, docs/api.md#trash): the pages moved there, each with what
 * it still holds. Instants are ISO 8601 UTC.
 */
export const trashItemSchema = z
  .object({
    folder_name: z.string(),
    title: z.string(),
    company: z.string(),
    deleted_at: z.string(),
    /** the name (else the e-mail) of who moved it, as it was then */
    deleted_by_name: z.string(),
    /** when the hourly job deletes it for ever */
    purge_at: z.string(),
    /** whole days left before then, counted up */
    days_left: z.number().int().min(0),
    /** confirmed fans it keeps */
    fans: z.number().int().min(0),
    /** views ever */
    views: z.number().int().min(0),
    /** whether it was visible when it went (and is again once restored) */
    visible: z.boolean(),
  })
  .meta({ id: 'TrashItem' });
export type TrashItem = z.infer<typeof trashItemSchema>;

/** `GET /api/db/trash`: the newest first. */
export const trashListSchema = z.object({ pages: z.array(trashItemSchema) });
export type TrashList = z.infer<typeof trashListSchema>;

/** `DELETE /api/db/trash/{slug}`: deleted for ever. */
export const trashPurgedSchema = z.object({ success: z.literal(true), message: z.string() });
