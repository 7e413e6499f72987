/**
 * Fan alerts over HTTP (docs/api.md#fans):
 * - the organiser's routes under /api/db/landing-pages/{slug}/fans/alerts: the list, 'Invia ora'
 *   and 'Annulla'. Who may use them is who may open the page (worker/services/pages/access.ts):
 *   another company's page is 404 like an unknown one.
 * - the provider's signed webhook (/api/fans/webhook): bounces and complaints suppress the address.
 */
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { FAN_ALERTS_PER_DAY } from '../../../src/core/fans';
import { romeDateTime } from '../../../src/core/fans-export';
import { t } from '../../../src/core/messages';
import { instantText } from '../../../src/core/schedule';
import { fanAlertAnswerSchema, fanAlertListSchema, webhookAnswerSchema } from '../../../src/core/schemas/fans';
import { slugIdParamSchema, slugParamSchema } from '../../../src/core/schemas/params';
import { z } from '../../../src/core/zod';
import { alertOfPage, cancelAlert, makeDueNow } from '../../db/fans/alerts';
import { suppressAddresses } from '../../db/fans/deliveries';
import { claimDelivery, releaseDelivery } from '../../db/fans/webhook-deliveries';
import { isPubliclyVisible, type PageRow } from '../../db/pages/pages';
import type { AppEnv } from '../../env';
import { fail } from '../../errors';
import { requireActive } from '../../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, type PlainRoute, SESSION } from '../../openapi';
import { afterResponse } from '../../services/background';
import { alertAnswer, recentAlerts } from '../../services/fans/alerts';
import { dispatchAlert, holdIfCapped } from '../../services/fans/delivery';
import { suppressionOf, verifyWebhook, webhookEventSchema, webhookKey } from '../../services/fans/webhook';
import { ownedPage } from '../../services/pages/access';
import { recordAct } from '../../services/pages/history';

/** Why an alert could not be sent now or cancelled: unknown (404) or past that point (409). */
async function refuse(c: Context<AppEnv>, page: PageRow, id: number): Promise<never> {
  const alert = await alertOfPage(c.env.DB, page.id, id);
  if (!alert) fail(404, t('fans.alert.notFound'));
  // on-sale e-mails follow the page's instants: never sent early, never cancelled by hand
  if (alert.kind !== 'new_date') fail(409, t('drops.alert.automatic'));
  if (alert.status === 'sent') fail(409, t('fans.alert.alreadySent'));
  if (alert.status === 'cancelled') fail(409, t('fans.alert.alreadyCancelled'));
  fail(409, t('fans.alert.alreadySending'));
}

async function answerAlert(c: Context<AppEnv>, page: PageRow, id: number, now: Date) {
  const alert = await alertOfPage(c.env.DB, page.id, id);
  if (!alert) fail(404, t('fans.alert.notFound'));
  return alertAnswer(c.env.DB, page.id, alert, now);
}

const TAGS = ['Fans'];
const OWNER = { tags: TAGS, security: SESSION, middleware: [requireActive] };
const changeAnswers = {
  200: jsonAnswer(fanAlertAnswerSchema, 'The alert as it is now'),
  ...errorAnswers(401, 403, 404, 409, 422),
};

const listRoute = createRoute({
  ...OWNER,
  method: 'get',
  path: '/{slug}/fans/alerts',
  summary: "The page's alerts (new dates, on-sale e-mails and their reminders), newest first",
  request: { params: slugParamSchema },
  responses: { 200: jsonAnswer(fanAlertListSchema, 'The alerts'), ...errorAnswers(401, 403, 404, 422) },
});

const sendRoute = createRoute({
  ...OWNER,
  method: 'post',
  path: '/{slug}/fans/alerts/{id}/send',
  summary: "'Invia ora': a scheduled new-date alert leaves without waiting for its grace delay",
  description:
    'It leaves right after the answer when the public sees the page, else as soon as it does. 409 for an ' +
    "alert already sending, sent or cancelled, and for on-sale e-mails (they follow the page's instants). " +
    `409 too when the page's new-date alerts already reached fans ${FAN_ALERTS_PER_DAY} times in 24 hours: ` +
    'the alert stays scheduled, due (and `held_until`) when the cap allows it, and the detail says when.',
  request: { params: slugIdParamSchema },
  responses: changeAnswers,
});

const cancelRoute = createRoute({
  ...OWNER,
  method: 'post',
  path: '/{slug}/fans/alerts/{id}/cancel',
  summary: "'Annulla': a scheduled new-date alert never leaves",
  description: '409 for an alert already sending, sent or cancelled, and for on-sale e-mails.',
  request: { params: slugIdParamSchema },
  responses: changeAnswers,
});

export const fanAlerts = describedRoutes()
  .openapi(listRoute, async (c) => {
    const page = await ownedPage(c, c.req.valid('param').slug);
    c.header('cache-control', 'no-store');
    return c.json({ alerts: await recentAlerts(c.env.DB, page.id) }, 200);
  })

  // 'Invia ora': due now; it leaves right after the answer if the public sees the page, else
  // as soon as it does (the per-minute run)
  .openapi(sendRoute, async (c) => {
    const { slug, id } = c.req.valid('param');
    const page = await ownedPage(c, slug, 'write');
    const now = new Date();
    // the daily cap holds for 'Invia ora' too: held, the alert leaves as soon as the cap allows
    const row = await alertOfPage(c.env.DB, page.id, id);
    if (row?.status === 'scheduled' && row.kind === 'new_date') {
      const opensAt = await holdIfCapped(c.env.DB, row, now);
      if (opensAt) {
        const at = romeDateTime(opensAt); // '26/11/2026 14:05'
        fail(409, t('fans.alert.held', { max: FAN_ALERTS_PER_DAY, date: at.slice(0, 10), time: at.slice(11) }));
      }
    }
    if (!(await makeDueNow(c.env.DB, page.id, id, instantText(now)))) await refuse(c, page, id);
    const alert = await answerAlert(c, page, id, now);
    await recordAct(c, page, 'alert.sent');
    if (isPubliclyVisible(page, now)) await afterResponse(c, 'fan-alert', () => dispatchAlert(c.env, id, now));
    return c.json({ alert }, 200);
  })

  .openapi(cancelRoute, async (c) => {
    const { slug, id } = c.req.valid('param');
    const page = await ownedPage(c, slug, 'write');
    const now = new Date();
    if (!(await cancelAlert(c.env.DB, page.id, id, instantText(now)))) await refuse(c, page, id);
    await recordAct(c, page, 'alert.cancelled');
    return c.json({ alert: await answerAlert(c, page, id, now) }, 200);
  });

/**
 * POST /api/fans/webhook: the provider's events, signed (worker/services/fans/webhook.ts).
 * No secret configured: 401 for everything (no request can be authenticated; the house rule of
 * no 5xx for client input holds), logged. A bad or old signature: 401. A signed body that is
 * not an event: 422. email.bounced and email.complained suppress their recipients; every other
 * event is acknowledged and ignored. A signed event whose delivery id (svix-id) was taken in the
 * last 24 hours is a replay: 200, nothing done (worker/db/fans/webhook-deliveries.ts).
 */
export const fanWebhook = describedRoutes();

fanWebhook.post('/', async (c) => {
  const key = await webhookKey(c.env.RESEND_WEBHOOK_SECRET);
  if (!key) {
    console.error('fan webhook refused: RESEND_WEBHOOK_SECRET is not set or not a whsec_ secret');
    fail(401, t('fans.webhook.notConfigured'));
  }
  const body = await c.req.text();
  const id = c.req.header('svix-id') ?? null;
  const signed = await verifyWebhook(
    key,
    { id, timestamp: c.req.header('svix-timestamp') ?? null, signature: c.req.header('svix-signature') ?? null },
    body,
  );
  if (!signed || !id) fail(401, t('fans.webhook.badSignature'));
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    fail(422, t('fans.webhook.badBody'));
  }
  const event = suppressionOf(json);
  if (!event) fail(422, t('fans.webhook.badBody'));
  const taken = { received: true as const } satisfies z.infer<typeof webhookAnswerSchema>;
  // a delivery id seen in the last 24 hours is a replay: answered, not processed again
  const now = Date.now();
  if (!(await claimDelivery(c.env.DB, id, now))) return c.json(taken);
  try {
    if (event.reason) await suppressAddresses(c.env.DB, event.emails, event.reason);
  } catch (err) {
    // not processed: the id is given back so the provider's retry is taken
    await releaseDelivery(c.env.DB, id, now);
    throw err;
  }
  return c.json(taken);
});

// a plain route: the signature is checked over the raw body before anything reads it as JSON
const webhookRoute: PlainRoute = {
  method: 'post',
  path: '/',
  tags: TAGS,
  summary: "The e-mail provider's signed events: bounces and complaints suppress the address",
  description:
    'A Svix-signed JSON event (`svix-id`, `svix-timestamp`, `svix-signature`, signed with ' +
    '`RESEND_WEBHOOK_SECRET`). `email.bounced` and `email.complained` suppress their recipients; any ' +
    'other event is acknowledged and ignored. A delivery whose `svix-id` was taken in the last 24 hours is ' +
    'answered 200 and ignored. 401 for a bad or old signature, and for everything when no ' +
    'secret is configured; 422 for a signed body that is not an event.',
  request: {
    headers: z.object({ 'svix-id': z.string(), 'svix-timestamp': z.string(), 'svix-signature': z.string() }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: webhookEventSchema,
        },
      },
    },
  },
  responses: { 200: jsonAnswer(webhookAnswerSchema, 'Taken'), ...errorAnswers(401, 413, 422) },
};
fanWebhook.openAPIRegistry.registerPath(webhookRoute);
