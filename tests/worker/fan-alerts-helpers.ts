// Helpers for the fan alert tests: a page through the pages API, fans straight in D1 (the sign-up
// routes are tested on their own), the alert's rows and the outbox as the pipeline left them.
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { API_PREFIX } from '../../src/core/api-paths';
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/index';
import { eventually } from './counting-helpers';
import { ALL_CITIES, cityKey, FAN_CONSENT_VERSION } from '../../src/core/fans';
import { type FanAlert, fanAlertSchema } from '../../src/core/schemas/fans';
import { z } from '../../src/core/zod';
import {
  answer,
  call,
  createPage,
  eventButton,
  textPage,
  uniqueSlug,
  type TestUser,
  organiserWithToken,
} from './helpers';

export const BASE = API_PREFIX.pages;
export const MINUTE = 60_000;

export const ROMA = '13/05/2099 - Roma - Atlantico|biglietti';
export const MILANO = '12/05/2099 - Milano - Alcatraz|biglietti';
export const TORINO = '14/05/2099 - Torino - Hiroshima|biglietti';

export interface AlertPage {
  user: TestUser;
  slug: string;
  id: number;
  /** the page's buttons as the API answered them */
  buttons: Array<{ id: number; text: string; url: string | null }>;
}

/**
 * A visible text page of company 'Alfa Live' with one Roma date. Its create schedules an alert
 * for that date (to nobody: the page has no fan yet); unless `keepCreateAlert` it is cancelled
 * here, so a test starts with no open alert.
 */
export async function alertPage(
  extra: Record<string, unknown> = {},
  opts: { keepCreateAlert?: boolean } = {},
): Promise<AlertPage> {
  const user = await organiserWithToken({ company: 'Alfa Live' });
  const slug = uniqueSlug('fa');
  const page = await createPage(
    user.token,
    textPage(slug, { buttons: [eventButton(ROMA, 'https://www.vivaticket.com/it/ticket/roma')], ...extra }),
  );
  if (!opts.keepCreateAlert) {
    for (const alert of page.fan_alerts as FanAlert[]) {
      const res = await call(`${BASE}/${slug}/fans/alerts/${alert.id}/cancel`, { method: 'POST', token: user.token });
      if (res.status !== 200) throw new Error(`cancel ${res.status}`);
    }
  }
  return { user, slug, id: page.id, buttons: page.buttons };
}

/** PUT the page with these buttons (kept ones by id); answers the page as the API does. */
export async function savePage(
  p: AlertPage,
  buttons: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
): Promise<any> {
  const res = await call(`${BASE}/${p.slug}`, {
    method: 'PUT',
    token: p.user.token,
    json: {
      folder_name: p.slug,
      title: `Tour ${p.slug}`,
      display_title: 'Tour',
      mode: 'text',
      style: 'light',
      buttons,
      ...extra,
    },
  });
  const body = await answer(res, 200, pageAsReceivedSchema);
  p.buttons = body.buttons;
  return body;
}

/** The page's buttons as they are now, ready to be sent back (ids kept). */
export function kept(p: AlertPage): Array<Record<string, unknown>> {
  return p.buttons.map((b) => ({ id: b.id, type: 'text', text: b.text, url: b.url }));
}

let fanSeq = 0;
export function fanEmail(name: string): string {
  fanSeq += 1;
  return `${name}.${Date.now().toString(36)}.${fanSeq}@fan.example`;
}

/**
 * A fan of the page in D1: confirmed unless told, following these cities ('*' = Tutte le date);
 * a city given as `{ city, requested: true }` was typed as 'Un'altra città'.
 */
export async function seedFan(
  pageId: number,
  email: string,
  cities: Array<string | { city: string; requested: boolean }>,
  opts: { confirmed?: boolean } = {},
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at)
     VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
       CASE WHEN ? THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END) RETURNING id`,
  )
    .bind(pageId, email, FAN_CONSENT_VERSION, opts.confirmed === false ? 0 : 1)
    .first<{ id: number }>();
  for (const entry of cities) {
    const { city, requested } = typeof entry === 'string' ? { city: entry, requested: false } : entry;
    const key = city === ALL_CITIES ? ALL_CITIES : cityKey(city);
    await env.DB.prepare('INSERT INTO fan_cities (fan_id, city_key, city, requested) VALUES (?, ?, ?, ?)')
      .bind(row!.id, key, city === ALL_CITIES ? 'Tutte le date' : city, requested ? 1 : 0)
      .run();
  }
  return row!.id;
}

/** `count` confirmed fans of one city, in one statement. */
export async function seedManyFans(pageId: number, count: number, city: string, prefix: string): Promise<void> {
  await env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at)
     SELECT ?, ? || i || '@fan.example', ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM n`,
  )
    .bind(count, pageId, prefix, FAN_CONSENT_VERSION)
    .run();
  await env.DB.prepare(
    `INSERT INTO fan_cities (fan_id, city_key, city) SELECT id, ?, ? FROM fans WHERE page_id = ? AND email LIKE ?`,
  )
    .bind(cityKey(city), city, pageId, `${prefix}%`)
    .run();
}

export async function suppress(email: string, reason: 'bounced' | 'complained' = 'bounced'): Promise<void> {
  await env.DB.prepare('INSERT INTO fan_suppressions (email, reason) VALUES (?, ?)').bind(email, reason).run();
}

export interface OutboxMail {
  to_addr: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  status: string;
}

/** The alert e-mails the outbox holds for these addresses (any status), oldest first. */
export async function alertMails(emails: readonly string[]): Promise<OutboxMail[]> {
  const { results } = await env.DB.prepare(
    `SELECT to_addr, subject, body_text, body_html, status FROM mail_outbox
     WHERE kind = 'fan_alert' AND to_addr IN (SELECT value FROM json_each(?)) ORDER BY id`,
  )
    .bind(JSON.stringify(emails))
    .all<OutboxMail>();
  return results;
}

export async function alertRow(id: number) {
  return env.DB.prepare('SELECT * FROM fan_alerts WHERE id = ?').bind(id).first<{
    id: number;
    status: string;
    due_at: string;
    recipients: number;
    button_ids: string;
    finished_at: string | null;
  }>();
}

export async function deliveries(alertId: number): Promise<Record<number, { status: string; attempts: number }>> {
  const { results } = await env.DB.prepare('SELECT fan_id, status, attempts FROM fan_deliveries WHERE alert_id = ?')
    .bind(alertId)
    .all<{ fan_id: number; status: string; attempts: number }>();
  return Object.fromEntries(results.map((r) => [r.fan_id, { status: r.status, attempts: r.attempts }]));
}

/** GET …/fans/alerts of the page. */
export async function listAlerts(p: AlertPage): Promise<FanAlert[]> {
  const res = await call(`${BASE}/${p.slug}/fans/alerts`, { token: p.user.token });
  return (await answer(res, 200, z.object({ alerts: z.array(fanAlertSchema) }))).alerts;
}

/** The per-minute Cron Trigger at `at` (ms), as Cloudflare runs it. */
export async function runCron(at: number): Promise<void> {
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: '* * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

export const later = (minutes: number) => Date.now() + minutes * MINUTE;

/** Waits for the queue and the consumer: every address has its e-mails (or the time is up). */
export async function mailsFor(emails: string[], each = 1) {
  return eventually(
    () => alertMails(emails),
    (rows) => rows.filter((r) => r.status === 'sent').length >= emails.length * each,
  );
}

/** Waits until the alert is no longer sending. */
export function settled(id: number) {
  return eventually(
    () => alertRow(id),
    (row) => row?.status === 'sent' || row?.status === 'cancelled',
  );
}

/** The page of the markers fanMessagesHandled queues: made once per file. */
let markerPage: Promise<AlertPage> | null = null;

/**
 * Waits until the FANS queue has handed its consumer every message queued before the call: a
 * marker message (an alert of a page of its own that reaches no fan, already sending) is queued
 * behind them, and the consumer, which takes the messages one at a time, oldest first, ends that
 * alert 'sent'. A test that checks no e-mail went checks after this, not after a pause.
 */
export async function fanMessagesHandled(): Promise<void> {
  markerPage ??= alertPage();
  const page = await markerPage;
  const now = new Date().toISOString();
  const marker = await env.DB.prepare(
    `INSERT INTO fan_alerts (page_id, kind, status, due_at, started_at) VALUES (?, 'new_date', 'sending', ?, ?)
     RETURNING id`,
  )
    .bind(page.id, now, now)
    .first<{ id: number }>();
  await env.FANS.send({ alert_id: marker!.id, fan_ids: [1] }, { contentType: 'json' });
  const row = await eventually(
    () => alertRow(marker!.id),
    (r) => r?.status === 'sent',
  );
  if (row?.status !== 'sent') throw new Error('the FANS queue did not reach its marker');
}
