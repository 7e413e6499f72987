/**
 * Public tracking: a click on an event's CTA, and the ticket-link tracking helper.
 * No auth: visitors are anonymous. The body of a click is never read (sendBeacon may send
 * text/plain or nothing), so no body can make it fail; only one over the 16 KB request limit
 * is refused (413). A click is queued like a view (services/counting.ts) and answered 202 at
 * once, without touching D1; when the queue is written, a click on anything but a CTA of a
 * button of a visible page inside its publishing window is dropped
 * (docs/behaviour.md#counting-views-and-clicks).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { validate } from '../validate';
import { t } from '../../src/core/messages';
import { trackUrl } from '../../src/core/urls';
import { countClick, isCountable } from '../services/counting';
import { executionCtxOf } from '../services/background';
import { isValidSlugFormat, sanitiseSlug, SLUG_MAX } from '../../src/core/slug';

const trackUrlSchema = z.object({
  url: z.string().max(4096),
  slug: z.string().max(200).nullish(),
  campaign: z.string().max(200).nullish(),
});

export const tracking = new Hono<AppEnv>()
  .post('/api/db/landing-pages/:slug/buttons/:buttonId/click', async (c) => {
    const id = c.req.param('buttonId');
    const slug = c.req.param('slug');
    const cta = c.req.query('k') ?? '0';
    if (!/^[1-9]\d{0,14}$/.test(id) || slug.length > SLUG_MAX || !isValidSlugFormat(slug) || !/^\d{1,2}$/.test(cta)) {
      fail(404, t('tracking.buttonNotFound'));
    }
    const queued = isCountable(c.req.raw);
    if (queued) countClick(c.env, executionCtxOf(c), c.req.raw, slug, Number(id), Number(cta));
    c.header('cache-control', 'no-store');
    return c.json({ queued }, 202);
  })

  .post('/api/track-url', validate('json', trackUrlSchema), (c) => {
    const { url, slug, campaign } = c.req.valid('json');
    const name = sanitiseSlug(slug ?? campaign ?? '') || 'palco';
    return c.json(trackUrl(url, name));
  });
