/**
 * A page's history (docs/behaviour.md#history): every save keeps a version, the page as saved
 * without its volatile figures (views, clicks, the last change's instant), who saved it, when,
 * how and a one-line Italian summary of what changed.
 */
import { z } from '../zod';
import { buttonAsReceivedSchema, pageAsReceivedSchema } from './page';

/** How a version came to be: the save that made it. */
export const VERSION_KINDS = ['created', 'saved', 'restored', 'availability', 'visibility', 'schedule'] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

/** A button as a version keeps it: no click count (it moves with every visit). */
export const versionButtonSchema = buttonAsReceivedSchema.omit({ click_count: true });
export type VersionButton = z.infer<typeof versionButtonSchema>;

/** The page as a version keeps it (stored as JSON in page_versions.snapshot). */
export const versionSnapshotSchema = pageAsReceivedSchema
  .omit({ view_page: true, updated_at: true, fan_alerts: true, buttons: true })
  .extend({ buttons: z.array(versionButtonSchema) });
export type VersionSnapshot = z.infer<typeof versionSnapshotSchema>;

/** One version as the list shows it. */
export const versionMetaSchema = z
  .object({
    id: z.number().int(),
    /** when it was saved, ISO 8601 UTC */
    created_at: z.string(),
    /** who saved it ('' for the page as it was before the history began) */
    actor_name: z.string(),
    actor_email: z.string(),
    kind: z.enum(VERSION_KINDS),
    /** what changed from the version before, in Italian ('Aggiunte 2 date: …') */
    summary: z.string(),
    /** the newest version: what the page shows now */
    current: z.boolean(),
  })
  .meta({ id: 'VersionMeta' });
export type VersionMeta = z.infer<typeof versionMetaSchema>;

/** `GET …/{slug}/versions`: newest first. */
export const versionListSchema = z.object({ versions: z.array(versionMetaSchema) }).meta({ id: 'VersionList' });

/**
 * `GET …/{slug}/versions/{id}`: the version and the page as it saved it, in the shape of
 * `GET …/{slug}` (views and clicks are today's: a version does not keep them).
 */
export const versionAnswerSchema = z
  .object({ version: versionMetaSchema, page: pageAsReceivedSchema })
  .meta({ id: 'Version' });
export type VersionAnswer = z.infer<typeof versionAnswerSchema>;
