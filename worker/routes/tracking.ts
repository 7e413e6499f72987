/**
 * Public tracking: a click on an event's CTA, and the ticket-link tracking helper.
 * No auth: visitors are anonymous. The body of a click is never read (sendBeacon may send
 * text/plain or nothing), so no body can make it fail; only one over the 16 KB request limit
 * is refused (413). A click counts only on a button of a visible page.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { validate } from '../validate';
import { t } from '../../src/core/messages';
import { trackUrl } from '../../src/core/urls';
import { sanitiseSlug } from '../../src/core/slug';
import { incrementClick } from '../db/page-counts';

const trackUrlSchema = z.object({
  url: z.string().max(4096),
  slug: z.string().max(200).nullish(),
  campaign: z.string().max(200).nullish(),
});

export const tracking = new Hono<AppEnv>()
  .post('/api/db/landing-pages/:slug/buttons/:buttonId/click', async (c) => {
    const id = c.req.param('buttonId');
    if (!/^\d{1,15}$/.test(id)) fail(404, t('tracking.buttonNotFound'));
    const count = await incrementClick(c.env.DB, c.req.param('slug'), Number(id));
    if (count === null) fail(404, t('tracking.buttonNotFound'));
    c.header('cache-control', 'no-store');
    return c.json({ click_count: count });
  })

  .post('/api/track-url', validate('json', trackUrlSchema), (c) => {
    const { url, slug, campaign } = c.req.valid('json');
    const name = sanitiseSlug(slug ?? campaign ?? '') || 'palco';
    return c.json(trackUrl(url, name));
  });
