// The answers of the versions and trash routes as the agreed shapes describe them
// (docs/api.md#history, docs/api.md#trash). Placeholder until the Worker's own schemas
// (src/core/schemas/versions.ts and trash.ts) land: then the client parses with those.
import { pageAsReceivedSchema } from '../core/schemas/page';
import { z } from '../core/zod';

export const VERSION_KINDS = ['created', 'saved', 'restored', 'availability', 'visibility', 'schedule'] as const;

export const versionMetaSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  kind: z.enum(VERSION_KINDS),
  summary: z.string().nullable(),
  current: z.boolean(),
});
export type VersionMeta = z.infer<typeof versionMetaSchema>;

export const versionListSchema = z.object({ versions: z.array(versionMetaSchema) });
export const versionAnswerSchema = z.object({ version: versionMetaSchema, page: pageAsReceivedSchema });

export const trashItemSchema = z.object({
  folder_name: z.string(),
  title: z.string(),
  company: z.string().nullable(),
  deleted_at: z.string(),
  deleted_by_name: z.string().nullable(),
  purge_at: z.string(),
  days_left: z.number().int(),
  fans: z.number().int(),
  views: z.number().int(),
  visible: z.boolean(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;
export const trashListSchema = z.object({ pages: z.array(trashItemSchema) });
