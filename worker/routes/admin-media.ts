/**
 * The sizes of older pages' photos, made now rather than at their next save
 * (docs/behaviour.md#image-sizes): `npm run media:resize` calls this until every page has been
 * looked at, a few pages a call, so no call runs long. Administrators only.
 */
import { createRoute } from '@hono/zod-openapi';
import { mediaSizesAnswerSchema, mediaSizesQuerySchema } from '../../src/core/schemas/media-sizes';
import { requireAdmin } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, SESSION } from '../openapi';
import { sizeAndPublish } from '../services/media/image-sizes';
import { publishPage } from '../services/pages/publish';

/** Pages a call looks at: each may have a header and twenty button images to size. */
const PAGES_A_CALL = 5;

const mediaSizesRoute = createRoute({
  method: 'post',
  path: '/media-sizes',
  tags: ['Administration'],
  summary: 'Makes the photo sizes of the next few pages that lack them, and republishes those',
  description:
    'Pages in id order after `after`; call again with the answer’s `next` until it is null. ' +
    'A page whose photos all have their sizes is only looked at.',
  security: SESSION,
  middleware: [requireAdmin],
  request: { query: mediaSizesQuerySchema },
  responses: { 200: jsonAnswer(mediaSizesAnswerSchema, 'What this call did'), ...errorAnswers(401, 403, 422) },
});

export const adminMedia = describedRoutes().openapi(mediaSizesRoute, async (c) => {
  const { after } = c.req.valid('query');
  const { results } = await c.env.DB.prepare(
    'SELECT id, folder_name FROM landing_pages WHERE id > ? AND deleted_at IS NULL ORDER BY id LIMIT ?',
  )
    .bind(after, PAGES_A_CALL + 1)
    .all<{ id: number; folder_name: string }>();
  const pages = results.slice(0, PAGES_A_CALL);
  const origin = new URL(c.req.url).origin;
  // the sizes are made here, so the page is published as it is now (not through republish(),
  // which would schedule a second look at sizes just made)
  const sized = await sizeAndPublish(c.env, pages, new Date(), (slug) =>
    publishPage(c.env, slug, undefined, { origin }),
  );
  const next = results.length > PAGES_A_CALL ? (pages[pages.length - 1]?.id ?? null) : null;
  return c.json({ looked: pages.length, sized, next }, 200);
});
