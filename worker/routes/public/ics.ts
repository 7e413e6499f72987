/**
 * GET /{slug}/events/{buttonId}.ics: one event of a public page as a calendar file
 * (docs/behaviour.md#dates-and-publishing-windows). Answers only for a dated, not yet past event
 * of a page visible now (inside its publishing window); anything else gets the page's own 404
 * error state. Cached like the page (services/pages/public-files.ts): the Cache API copy lives
 * s-maxage (60 s) and a publish of the page purges it (services/pages/publish.ts); a miss reads D1.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { describedRoutes, type PlainRoute } from '../../openapi';
import { slugParamSchema } from '../../../src/core/schemas/params';
import { z } from '../../../src/core/zod';
import { foldAccents } from '../../../src/core/slug';
import { buildCalendar, calendarPath } from '../../../src/core/ics';
import { toPublicView, type PublicEvent } from '../../../src/core/public-view';
import { getPublishedPage } from '../../db/pages/pages';
import { eventHistory } from '../../db/pages/buttons';
import { renderable } from '../../services/pages/publish';
import { isPageSlug, pageNotFound, serveCached } from '../../services/pages/public-files';

function fileName(slug: string, event: PublicEvent, id: number): string {
  const city = foldAccents(event.city.normalize('NFKC'))
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `${[slug, city || String(id)].join('-')}.ics`;
}

async function serveEventFile(c: Context<AppEnv>, slug: string, idText: string): Promise<Response> {
  const id = /^[1-9]\d{0,15}$/.test(idText) ? Number(idText) : null;
  if (!isPageSlug(slug) || id === null || !Number.isSafeInteger(id)) return pageNotFound(c.req.method === 'HEAD');
  return serveCached(c, calendarPath(slug, id), async ({ origin, now }) => {
    // only a page the public sees now: visible and inside its publishing window
    const page = await getPublishedPage(c.env.DB, slug, now);
    if (!page) return null;
    const view = toPublicView(renderable(page), slug, { now });
    const event = view.buttons.find((b): b is PublicEvent => b.type === 'text' && b.id === id);
    // past events are not among the page's buttons (toPublicView moves them out with `now`)
    if (!event) return null;
    const history = (await eventHistory(c.env.DB, page.id)).get(id);
    const body = buildCalendar({
      event,
      title: view.displayTitle,
      buttonId: id,
      host: new URL(origin).hostname,
      pageUrl: `${origin}/${slug}`,
      now,
      sequence: history?.revision ?? 0,
      lastModified: history?.modifiedAt,
    });
    if (body === null) return null;
    return {
      body,
      headers: {
        'content-type': 'text/calendar; charset=utf-8',
        'content-disposition': `attachment; filename="${fileName(slug, event, id)}"`,
        'x-content-type-options': 'nosniff',
      },
    };
  });
}

const html404 = {
  description: "The page's error state",
  content: { 'text/html': { schema: { type: 'string' as const } } },
};

/** A plain route (a cached file): described by hand. */
const EVENT_FILE: PlainRoute = {
  method: 'get',
  path: '/{slug}/events/{buttonId}.ics',
  tags: ['Tour feeds'],
  summary: 'One event as a calendar file (also HEAD)',
  description:
    "Only a dated, not yet past event of a page the public sees now; anything else is the page's " +
    '404 error state. Cached like the page; a publish purges it.',
  request: {
    params: slugParamSchema.extend({
      buttonId: z.string().meta({ description: "The event's button id", example: '42' }),
    }),
  },
  responses: {
    200: {
      description: 'The event (an attachment named after the page and the city)',
      content: { 'text/calendar': { schema: { type: 'string' } } },
    },
    404: html404,
  },
};

const described = describedRoutes();
described.openAPIRegistry.registerPath(EVENT_FILE);

export const icsRoutes = described.get('/:slug/events/:file{[^/]+\\.ics}', (c) => {
  const file = c.req.param('file');
  return serveEventFile(c, c.req.param('slug'), file.slice(0, -'.ics'.length));
});
