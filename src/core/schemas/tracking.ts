/**
 * The anonymous tracking routes: the published page's click beacon and the ticket-link helper
 * (docs/behaviour.md#counting-views-and-clicks).
 */
import { z } from '../zod';

/** `POST …/{slug}/buttons/{buttonId}/click`: the button's id in the path. */
export const clickParamSchema = z.object({
  slug: z.string().min(1).max(200),
  buttonId: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/)
    .transform(Number)
    .meta({ description: "The button's id", example: '42' }),
});

/**
 * `?k=`: the CTA's index in the event (0 = the first, and when absent); `u` and `r`: the view's
 * source as the page passes them on (read by the counter, never refused).
 */
export const clickQuerySchema = z.object({
  k: z
    .string()
    .regex(/^\d{1,2}$/)
    .transform(Number)
    .default(0)
    .meta({ description: "The CTA's index in its event", example: '0' }),
  u: z.string().optional().meta({ description: "The page's own source parameter (?u=)" }),
  r: z.string().optional().meta({ description: "The page's referrer" }),
});

/** The beacon's answer (202): whether the click was queued (a bot's or a prefetch's is not). */
export const clickAnswerSchema = z.object({ queued: z.boolean() });

/** `POST /api/track-url`: a ticket link and the campaign it is tracked under. */
export const trackUrlBodySchema = z.object({
  url: z.string().max(4096),
  slug: z.string().max(200).nullish(),
  campaign: z.string().max(200).nullish(),
});

/** The link with the tracking parameters added (a ticket host's), or as it was; success false when it is no web link. */
export const trackedUrlSchema = z.object({ success: z.boolean(), tracked_url: z.string() });
export type TrackedUrl = z.infer<typeof trackedUrlSchema>;
