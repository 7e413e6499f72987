/**
 * Fan alerts over HTTP (docs/api.md#fans):
 * - the organiser's routes under /api/db/landing-pages/{slug}/fans/alerts: the list, 'Invia ora'
 *   and 'Annulla'. Who may use them is who may open the page (worker/services/page-access.ts):
 *   another company's page is 404 like an unknown one.
 * - the provider's signed webhook (/api/fans/webhook): bounces and complaints suppress the address.
 */
import { Hono, type Context } from 'hono';
import { t } from '../../src/core/messages';
import { instantText } from '../../src/core/schedule';
import { alertOfPage, cancelAlert, makeDueNow, suppressAddresses } from '../db/fan-alerts';
import { isPubliclyVisible, type PageRow } from '../db/pages';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { afterResponse } from '../services/background';
import { alertAnswer, recentAlerts } from '../services/fan-alerts';
import { dispatchAlert } from '../services/fan-delivery';
import { suppressionOf, verifyWebhook, webhookKey } from '../services/fan-webhook';
import { ownedPage } from '../services/page-access';

/** The alert id of the path; 404 for anything but a plain positive number. */
function alertIdOf(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  if (!/^[1-9]\d{0,14}$/.test(raw)) fail(404, t('fans.alert.notFound'));
  return Number(raw);
}

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

export const fanAlerts = new Hono<AppEnv>()
  .get('/:slug/fans/alerts', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    c.header('cache-control', 'no-store');
    return c.json({ alerts: await recentAlerts(c.env.DB, page.id) });
  })

  // 'Invia ora': due now; it leaves right after the answer if the public sees the page, else
  // as soon as it does (the per-minute run)
  .post('/:slug/fans/alerts/:id/send', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const id = alertIdOf(c);
    const now = new Date();
    if (!(await makeDueNow(c.env.DB, page.id, id, instantText(now)))) await refuse(c, page, id);
    const alert = await answerAlert(c, page, id, now);
    if (isPubliclyVisible(page, now)) await afterResponse(c, 'fan-alert', () => dispatchAlert(c.env, id, now));
    return c.json({ alert });
  })

  .post('/:slug/fans/alerts/:id/cancel', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const id = alertIdOf(c);
    const now = new Date();
    if (!(await cancelAlert(c.env.DB, page.id, id, instantText(now)))) await refuse(c, page, id);
    return c.json({ alert: await answerAlert(c, page, id, now) });
  });

/**
 * POST /api/fans/webhook: the provider's events, signed (worker/services/fan-webhook.ts).
 * No secret configured: 401 for everything (no request can be authenticated; the house rule of
 * no 5xx for client input holds), logged. A bad or old signature: 401. A signed body that is
 * not an event: 422. email.bounced and email.complained suppress their recipients; every other
 * event is acknowledged and ignored.
 */
export const fanWebhook = new Hono<AppEnv>().post('/', async (c) => {
  const key = await webhookKey(c.env.RESEND_WEBHOOK_SECRET);
  if (!key) {
    console.error('fan webhook refused: RESEND_WEBHOOK_SECRET is not set or not a whsec_ secret');
    fail(401, t('fans.webhook.notConfigured'));
  }
  const body = await c.req.text();
  const signed = await verifyWebhook(
    key,
    {
      id: c.req.header('svix-id') ?? null,
      timestamp: c.req.header('svix-timestamp') ?? null,
      signature: c.req.header('svix-signature') ?? null,
    },
    body,
  );
  if (!signed) fail(401, t('fans.webhook.badSignature'));
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    fail(422, t('fans.webhook.badBody'));
  }
  const event = suppressionOf(json);
  if (!event) fail(422, t('fans.webhook.badBody'));
  if (event.reason) await suppressAddresses(c.env.DB, event.emails, event.reason);
  return c.json({ received: true });
});
