/**
 * Public tracking: a click on an event's CTA, and the ticket-link tracking helper.
 * No auth: visitors are anonymous. The body of a click is never read (sendBeacon may send
 * text/plain or nothing), so no body can make it fail; only one over the 16 KB request limit
 * is refused (413). A click is queued like a view (services/counting.ts) and answered 202 at
 * once, without touching D1; when the queue is written, a click on anything but a CTA of a
 * button of a visible page inside its publishing window is dropped
 * (docs/behaviour.md#counting-views-and-clicks).
 */
import { createRoute } from '@hono/zod-openapi';
import { API_PREFIX } from '../../../src/core/api-paths';
import { t } from '../../../src/core/messages';
import { isValidSlugFormat, sanitiseSlug, SLUG_MAX } from '../../../src/core/slug';
import {
  clickAnswerSchema,
  clickParamSchema,
  clickQuerySchema,
  trackedUrlSchema,
  trackUrlBodySchema,
} from '../../../src/core/schemas/tracking';
import { trackUrl } from '../../../src/core/urls';
import { fail } from '../../errors';
import { describedRoutes, errorAnswers, jsonAnswer, jsonBody } from '../../openapi';
import { executionCtxOf } from '../../services/background';
import { countClick, isCountable } from '../../services/counting';

const TAGS = ['Tracking'];

const clickRoute = createRoute({
  method: 'post',
  path: `${API_PREFIX.pages}/{slug}/buttons/{buttonId}/click`,
  tags: TAGS,
  summary: "The published page's click beacon on an event's CTA (anonymous)",
  description:
    'Any body is ignored. `u` and `r` (the source, as the page passes them) are read by the counter. ' +
    "The click is queued and answered at once; a bot's or a prefetch's is answered but not queued, " +
    'and one on anything but a CTA of a page the public sees is dropped when the queue is written.',
  request: {
    params: clickParamSchema,
    query: clickQuerySchema,
  },
  responses: {
    202: jsonAnswer(clickAnswerSchema, 'Answered at once; `queued` says whether it counts'),
    ...errorAnswers(404, 413, 422),
  },
});

const trackUrlRoute = createRoute({
  method: 'post',
  path: '/api/track-url',
  tags: TAGS,
  summary: "A ticket host's link with the tracking parameters (utm_*) added; any other link as it is",
  request: { body: jsonBody(trackUrlBodySchema) },
  responses: {
    200: jsonAnswer(trackedUrlSchema, '`success` is false when the value is not a web link'),
    ...errorAnswers(413, 422),
  },
});

export const tracking = describedRoutes()
  .openapi(clickRoute, (c) => {
    const { slug, buttonId } = c.req.valid('param');
    // a slug no page can have is an unknown page: 404, as before any schema
    if (slug.length > SLUG_MAX || !isValidSlugFormat(slug)) fail(404, t('tracking.buttonNotFound'));
    const queued = isCountable(c.req.raw);
    if (queued) countClick(c.env, executionCtxOf(c), c.req.raw, slug, buttonId, c.req.valid('query').k);
    c.header('cache-control', 'no-store');
    return c.json({ queued }, 202);
  })

  .openapi(trackUrlRoute, (c) => {
    const { url, slug, campaign } = c.req.valid('json');
    const name = sanitiseSlug(slug ?? campaign ?? '') || 'palco';
    return c.json(trackUrl(url, name), 200);
  });
