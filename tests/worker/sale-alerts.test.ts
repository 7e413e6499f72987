// On-sale e-mails (docs/behaviour.md#on-sale-e-mails): the page's writes keep one alert per event
// and kind in step with its CTAs' on-sale instants; the per-minute cron (run here at chosen
// instants) queues 'Biglietti in vendita ora' with a delay that ends on the instant, and the FANS
// consumer (run here on batches built by the test, on a controlled clock) sends it once, never
// early. The console mailer puts every e-mail in the outbox (the dev mailbox).
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAN_CONSENT_VERSION_NEW_DATES } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { utcToRomeLocal } from '../../src/core/schedule';
import worker from '../../worker/index';
import { reminderHeadline } from '../../worker/services/fans/sale-alert-mail';
import { syncSaleAlerts } from '../../worker/services/fans/sale-alerts';
import { eventually } from './counting-helpers';
import * as alerts from './fan-alerts-helpers';
import { call } from './helpers';

const HOUR = 60 * alerts.MINUTE;
const DAY = 24 * HOUR;
const TICKETS = 'https://www.ticketone.it/milano?lang=it';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A whole-minute instant `days` (and `minutes`) from the real clock: always ahead of every D1 stamp. */
function ahead(days: number, minutes = 0): number {
  return Math.ceil(Date.now() / alerts.MINUTE) * alerts.MINUTE + days * DAY + minutes * alerts.MINUTE;
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The Milano date with its CTA going on sale at `onSaleAt` (or on sale now), as the editor sends it. */
function milano(onSaleAt: number | null, over: Record<string, unknown> = {}, id?: number): Record<string, unknown> {
  return {
    ...(id ? { id } : {}),
    type: 'text',
    text: alerts.MILANO,
    cta_buttons: [
      { url: TICKETS, buttonText: 'biglietti', on_sale_at: onSaleAt === null ? null : iso(onSaleAt), ...over },
    ],
  };
}

/** PUT the page with its Roma date and the Milano date (alerts.kept by id once saved). */
async function saveDrop(p: alerts.AlertPage, onSaleAt: number | null, over: Record<string, unknown> = {}, extra = {}) {
  const isMilano = (text: unknown) => String(text).startsWith(alerts.MILANO.split('|')[0]!);
  const milanoId = p.buttons.find((b) => isMilano(b.text))?.id;
  const roma = alerts.kept(p).filter((b) => !isMilano(b.text));
  return alerts.savePage(p, [...roma, milano(onSaleAt, over, milanoId)], extra);
}

interface SaleRow {
  id: number;
  kind: string;
  status: string;
  due_at: string;
  button_id: number;
  recipients: number;
}

async function saleRows(pageId: number): Promise<Record<string, SaleRow>> {
  const { results } = await env.DB.prepare(
    `SELECT id, kind, status, due_at, button_id, recipients FROM fan_alerts
     WHERE page_id = ? AND kind IN ('on_sale', 'sale_reminder') ORDER BY id`,
  )
    .bind(pageId)
    .all<SaleRow>();
  return Object.fromEntries(results.map((r) => [r.kind, r]));
}

interface Queued {
  body: { alert_id: number; fan_ids: number[]; not_before?: string };
  delaySeconds: number | undefined;
}

/** A FANS binding that records what is put on it (the delay with it) instead of queueing. */
function recordingQueue() {
  const sent: Queued[] = [];
  const queue = {
    async send(body: Queued['body'], opts?: QueueSendOptions) {
      sent.push({ body, delaySeconds: opts?.delaySeconds });
    },
    async sendBatch(messages: Iterable<MessageSendRequest<Queued['body']>>) {
      for (const m of messages) sent.push({ body: m.body, delaySeconds: m.delaySeconds });
    },
  };
  return { sent, queue: queue as unknown as Queue };
}

/**
 * The per-minute Cron Trigger at `at`, its FANS messages recorded; answers those of the page's
 * on-sale alerts (the file's tests share one database, and a cron takes every page's due alerts).
 */
async function runCron(at: number, pageId: number): Promise<Queued[]> {
  const { sent, queue } = recordingQueue();
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: '* * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, { ...env, FANS: queue } as Cloudflare.Env, ctx);
  await waitOnExecutionContext(ctx);
  const ids = new Set(Object.values(await saleRows(pageId)).map((r) => r.id));
  return sent.filter((m) => ids.has(m.body.alert_id));
}

let msgSeq = 0;
/** Delivers messages as one FANS batch to the consumer with the clock at `at`; answers acks and re-queues. */
async function deliver(bodies: Array<Queued['body']>, at: number, runEnv: Cloudflare.Env = env) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  try {
    const { sent, queue } = recordingQueue();
    const batch = createMessageBatch(
      'palco-fans',
      bodies.map((body) => ({ id: `sale-msg-${++msgSeq}`, body, timestamp: new Date(), attempts: 1 })),
    );
    const ctx = createExecutionContext();
    await worker.queue(batch, { ...runEnv, FANS: queue } as Cloudflare.Env, ctx);
    const result = await getQueueResult(batch, ctx);
    return { acked: result.explicitAcks.length, retried: result.retryMessages.length, requeued: sent };
  } finally {
    vi.useRealTimers();
  }
}

/** A page with a Milano fan, a 'Tutte le date' fan and fans who must get nothing. */
async function dropPage() {
  const p = await alerts.alertPage();
  const fans = {
    milano: alerts.fanEmail('milano'),
    all: alerts.fanEmail('tutte'),
    roma: alerts.fanEmail('roma'),
    pending: alerts.fanEmail('pending'),
    oldConsent: alerts.fanEmail('oldconsent'),
  };
  await alerts.seedFan(p.id, fans.milano, ['Milano']);
  await alerts.seedFan(p.id, fans.all, ['*']);
  await alerts.seedFan(p.id, fans.roma, ['Roma']);
  await alerts.seedFan(p.id, fans.pending, ['Milano'], { confirmed: false });
  const old = await alerts.seedFan(p.id, fans.oldConsent, ['Milano']);
  // agreed to the line that named new dates only
  await env.DB.prepare('UPDATE fans SET consent_version = ? WHERE id = ?')
    .bind(FAN_CONSENT_VERSION_NEW_DATES, old)
    .run();
  return { p, fans, everyone: Object.values(fans) };
}

describe("'Biglietti in vendita ora'", () => {
  it('through the real queue: queued with its delay, it reaches the fans just after the instant', async () => {
    const { p, fans, everyone } = await dropPage();
    const instant = Math.ceil(Date.now() / 1000) * 1000 + 4000;
    await saveDrop(p, instant);
    const row = (await saleRows(p.id)).on_sale!;
    expect(row).toMatchObject({ status: 'scheduled', due_at: iso(instant) });
    // a cron a few seconds before the instant queues it on the real FANS queue with a delay
    const controller = createScheduledController({ scheduledTime: new Date(), cron: '* * * * *' });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await alerts.alertMails(everyone)).toEqual([]);
    const rows = await eventually(
      () => alerts.alertMails(everyone),
      (r) => r.length >= 2,
    );
    const sentAt = Date.now();
    expect(sentAt).toBeGreaterThanOrEqual(instant);
    expect(rows.map((r) => r.to_addr).sort()).toEqual([fans.milano, fans.all].sort());
    expect(rows[0]!.subject).toBe('Biglietti in vendita ora: Tour a Milano');
  });

  it('nothing at −3 min; queued at −2 min with 120 s; 1 s early it is queued again; then sent once', async () => {
    const { p, fans, everyone } = await dropPage();
    const instant = ahead(3);
    await saveDrop(p, instant, {}, { sale_reminder: false });
    const { on_sale: row } = await saleRows(p.id);
    expect(row).toMatchObject({ status: 'scheduled', due_at: iso(instant) });

    expect(await runCron(instant - 3 * alerts.MINUTE, p.id)).toEqual([]);
    expect((await saleRows(p.id)).on_sale!.status).toBe('scheduled');

    const queued = await runCron(instant - 2 * alerts.MINUTE, p.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.delaySeconds).toBe(120);
    expect(queued[0]!.body).toMatchObject({ alert_id: row!.id, not_before: iso(instant) });
    // the Milano fan and 'Tutte le date'; not Roma, not pending, not the older consent
    expect(queued[0]!.body.fan_ids).toHaveLength(2);
    expect(await saleRows(p.id)).toMatchObject({ on_sale: { status: 'sending', recipients: 2 } });
    expect(await alerts.alertMails(everyone)).toEqual([]);

    // delivered a second early: queued again for that second, nothing sent
    const early = await deliver([queued[0]!.body], instant - 1000);
    expect(early).toMatchObject({ acked: 1, retried: 0 });
    expect(early.requeued).toEqual([{ body: queued[0]!.body, delaySeconds: 1 }]);
    expect(await alerts.alertMails(everyone)).toEqual([]);

    const onTime = await deliver([queued[0]!.body], instant + 2000);
    expect(onTime).toMatchObject({ acked: 1, retried: 0, requeued: [] });
    const mails = await alerts.alertMails(everyone);
    expect(mails.map((m) => m.to_addr).sort()).toEqual([fans.milano, fans.all].sort());
    for (const mail of mails) {
      expect(mail.status).toBe('sent');
      expect(mail.subject).toBe('Biglietti in vendita ora: Tour a Milano');
      expect(mail.body_text.startsWith('Biglietti in vendita ora.')).toBe(true);
      expect(mail.body_text).toContain(`Biglietti: ${TICKETS}&utm_source=email`);
      expect(mail.body_text).toContain(`/${p.slug}/fans/unsubscribe?token=`);
      expect(mail.body_html).toContain('href="https://www.ticketone.it/milano?lang=it&amp;utm_source=email"');
    }
    expect(Object.values(await alerts.deliveries(row!.id)).map((d) => d.status)).toEqual(['sent', 'sent']);
    expect((await saleRows(p.id)).on_sale!.status).toBe('sent');

    // the same message again, a later cron, another save: nothing more
    await deliver([queued[0]!.body], instant + 3000);
    expect(await runCron(instant + alerts.MINUTE, p.id)).toEqual([]);
    await saveDrop(p, instant + DAY);
    expect(await runCron(instant + DAY + alerts.MINUTE, p.id)).toEqual([]);
    expect(await alerts.alertMails(everyone)).toHaveLength(2);
  });

  it('an instant moved while its message waits: the old message is dropped, the new time queues again', async () => {
    const { p, fans, everyone } = await dropPage();
    const first = ahead(3);
    await saveDrop(p, first, {}, { sale_reminder: false });
    const [old] = await runCron(first - alerts.MINUTE, p.id);
    expect(old!.delaySeconds).toBe(60);
    const moved = first + 2 * HOUR;
    await saveDrop(p, moved);
    expect((await saleRows(p.id)).on_sale).toMatchObject({ status: 'scheduled', due_at: iso(moved), recipients: 0 });
    // the old message arrives at the old instant: nothing goes out
    expect(await deliver([old!.body], first + 1000)).toMatchObject({ acked: 1, requeued: [] });
    expect(await alerts.alertMails(everyone)).toEqual([]);
    expect(await runCron(first + alerts.MINUTE, p.id)).toEqual([]);
    const [again] = await runCron(moved - 30_000, p.id);
    expect(again).toMatchObject({ delaySeconds: 30, body: { not_before: iso(moved) } });
    await deliver([again!.body], moved + 1000);
    expect((await alerts.alertMails(everyone)).map((m) => m.to_addr).sort()).toEqual([fans.milano, fans.all].sort());
  });

  it("the organiser's list shows them read-only; 'Invia ora' and 'Annulla' are refused; no editor notice", async () => {
    const { p } = await dropPage();
    const instant = ahead(3);
    const page = await saveDrop(p, instant);
    // the notice names only the new-date alert the save scheduled
    expect(page.fan_alerts.map((a: { kind: string }) => a.kind)).toEqual(['new_date']);
    expect(page.sale_reminder).toBe(true);
    const listed = await alerts.listAlerts(p);
    const rows = await saleRows(p.id);
    const onSale = listed.find((a) => a.kind === 'on_sale')!;
    expect(onSale).toMatchObject({
      id: rows.on_sale!.id,
      status: 'scheduled',
      due_at: iso(instant),
      cities: ['Milano'],
      recipients: 2,
    });
    expect(listed.find((a) => a.kind === 'sale_reminder')).toMatchObject({ due_at: iso(instant - DAY) });
    for (const action of ['send', 'cancel']) {
      const res = await call(`${alerts.BASE}/${p.slug}/fans/alerts/${onSale.id}/${action}`, {
        method: 'POST',
        token: p.user.token,
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ detail: t('drops.alert.automatic') });
    }
    expect((await saleRows(p.id)).on_sale).toMatchObject({ status: 'scheduled', due_at: iso(instant) });
  });
});

describe('with the provider (stubbed at the transport)', () => {
  it('a failed call is retried with the same idempotency key; each fan gets one e-mail', async () => {
    const { p, fans } = await dropPage();
    const instant = ahead(3);
    await saveDrop(p, instant, {}, { sale_reminder: false });
    const [queued] = await runCron(instant - alerts.MINUTE, p.id);
    const calls: Array<{ key: string | null; to: string[] }> = [];
    const answers = [new Response('{"name":"internal_server_error"}', { status: 500 }), Response.json({ data: [] })];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as Array<{ to: string[]; headers: Record<string, string> }>;
      calls.push({ key: new Headers(init?.headers).get('idempotency-key'), to: body.map((m) => m.to[0]!) });
      expect(body.every((m) => m.headers['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click')).toBe(true);
      return answers.shift()!;
    });
    const resend = { ...env, MAILER: 'resend', RESEND_API_KEY: 're_test' } as Cloudflare.Env;
    const failed = await deliver([queued!.body], instant + 1000, resend);
    expect(failed).toMatchObject({ acked: 0, retried: 1 });
    const id = queued!.body.alert_id;
    expect(Object.values(await alerts.deliveries(id)).map((d) => d.status)).toEqual(['sending', 'sending']);
    expect(await deliver([queued!.body], instant + 40_000, resend)).toMatchObject({ acked: 1, retried: 0 });
    expect(await deliver([queued!.body], instant + 50_000, resend)).toMatchObject({ acked: 1, retried: 0 });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.key).toMatch(/^fan-alert-\d+-[0-9a-f]{64}$/);
    expect(calls[1]!.key).toBe(calls[0]!.key);
    expect(calls[1]!.to.sort()).toEqual([fans.milano, fans.all].sort());
    expect(Object.values(await alerts.deliveries(id))).toEqual([
      { status: 'sent', attempts: 2 },
      { status: 'sent', attempts: 2 },
    ]);
  });
});

describe("the reminder ('Domani alle 10:00 aprono le vendite')", () => {
  it('goes once, 24 hours before, worded from the Rome day', async () => {
    const { p, fans, everyone } = await dropPage();
    const instant = ahead(3);
    await saveDrop(p, instant);
    const { sale_reminder: row } = await saleRows(p.id);
    expect(row).toMatchObject({ status: 'scheduled', due_at: iso(instant - DAY) });

    expect(await runCron(instant - DAY - alerts.MINUTE, p.id)).toEqual([]);
    // a publish just after its time, before the dispatch took it, leaves it on its way
    await syncSaleAlerts(env, p.slug, new Date(instant - DAY + 30_000));
    expect((await saleRows(p.id)).sale_reminder).toMatchObject({ status: 'scheduled', due_at: iso(instant - DAY) });
    const queued = (await runCron(instant - DAY, p.id)).filter((m) => m.body.alert_id === row!.id);
    expect(queued).toHaveLength(1);
    expect(queued[0]!.delaySeconds).toBeUndefined();
    await deliver([queued[0]!.body], instant - DAY + 5000);
    await deliver([queued[0]!.body], instant - DAY + 9000);
    expect(await runCron(instant - DAY + alerts.MINUTE, p.id)).toEqual([]);
    const mails = await alerts.alertMails(everyone);
    expect(mails.map((m) => m.to_addr).sort()).toEqual([fans.milano, fans.all].sort());
    const time = utcToRomeLocal(iso(instant)).slice(11, 16);
    expect(mails[0]!.subject).toBe(`Domani alle ${time} aprono le vendite: Tour a Milano`);
    // the day before, the page rather than a ticket link that is not open yet
    expect(mails[0]!.body_text).toContain(`Vai alla pagina: http://localhost:8787/${p.slug}?utm_source=email`);
    expect((await saleRows(p.id)).sale_reminder!.status).toBe('sent');
  });

  it('is worded from the day it is read: late on the day itself it says today; DST days count in Rome', () => {
    const at = '2027-05-12T08:00:00Z'; // 10:00 in Rome
    expect(reminderHeadline(at, new Date('2027-05-11T08:00:00Z'))).toBe('Domani alle 10:00 aprono le vendite');
    expect(reminderHeadline(at, new Date('2027-05-11T22:30:00Z'))).toBe('Oggi alle 10:00 aprono le vendite');
    expect(reminderHeadline(at, new Date('2027-05-10T08:00:00Z'))).toBe('Il 12/05 alle 10:00 aprono le vendite');
    // the clocks go forward on 28 March 2027: 24 hours before 10:00 is 09:00 of the day before
    expect(reminderHeadline('2027-03-28T08:00:00Z', new Date('2027-03-27T08:00:00Z'))).toBe(
      'Domani alle 10:00 aprono le vendite',
    );
  });

  it('none for an instant set less than 24 hours ahead, none with sale_reminder off; the option brings it back', async () => {
    const { p } = await dropPage();
    await saveDrop(p, ahead(0, 23 * 60));
    expect(Object.keys(await saleRows(p.id))).toEqual(['on_sale']);

    const later = ahead(3);
    await saveDrop(p, later, {}, { sale_reminder: false });
    expect(Object.keys(await saleRows(p.id))).toEqual(['on_sale']);
    await saveDrop(p, later, {}, { sale_reminder: true });
    const reminder = (await saleRows(p.id)).sale_reminder!;
    expect(reminder).toMatchObject({ status: 'scheduled', due_at: iso(later - DAY) });

    // PATCH of the page options turns it off and on again: the same row, cancelled then scheduled
    const patch = (value: boolean) =>
      call(`${alerts.BASE}/${p.slug}`, { method: 'PATCH', token: p.user.token, json: { sale_reminder: value } });
    const off = await patch(false);
    expect(off.status).toBe(200);
    expect(((await off.json()) as { sale_reminder: boolean }).sale_reminder).toBe(false);
    expect((await saleRows(p.id)).sale_reminder).toMatchObject({ id: reminder.id, status: 'cancelled' });
    // a reminder switched off after it was due is not sent
    expect((await runCron(later - DAY + alerts.MINUTE, p.id)).filter((m) => m.body.alert_id === reminder.id)).toEqual(
      [],
    );
    await patch(true);
    expect((await saleRows(p.id)).sale_reminder).toMatchObject({ id: reminder.id, status: 'scheduled' });
    const bad = await call(`${alerts.BASE}/${p.slug}`, {
      method: 'PATCH',
      token: p.user.token,
      json: { sale_reminder: 'sì' },
    });
    expect(bad.status).toBe(422);
  });
});

describe('in step with the page', () => {
  it('a moved instant moves both; a cleared, sold-out, removed, past or hidden one cancels; set again, revived', async () => {
    const { p } = await dropPage();
    const a = ahead(3);
    await saveDrop(p, a);
    const first = await saleRows(p.id);
    const b = ahead(5);
    await saveDrop(p, b);
    expect(await saleRows(p.id)).toMatchObject({
      on_sale: { id: first.on_sale!.id, status: 'scheduled', due_at: iso(b) },
      sale_reminder: { id: first.sale_reminder!.id, status: 'scheduled', due_at: iso(b - DAY) },
    });
    // moved to a few hours ahead: too late for the reminder
    const soon = ahead(0, 5 * 60);
    await saveDrop(p, soon);
    expect(await saleRows(p.id)).toMatchObject({
      on_sale: { status: 'scheduled', due_at: iso(soon) },
      sale_reminder: { status: 'cancelled' },
    });

    const cancelled = async () =>
      expect(Object.values(await saleRows(p.id)).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    await saveDrop(p, b);
    await saveDrop(p, null);
    await cancelled();
    await saveDrop(p, b);
    expect(Object.values(await saleRows(p.id)).map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    await saveDrop(p, b, { availability: 'sold_out' });
    await cancelled();
    await saveDrop(p, b, { buttonText: 'soldout' });
    await cancelled();
    await saveDrop(p, b);
    // hidden, shown again
    const hide = await call(`${alerts.BASE}/${p.slug}/visibility?visible=false`, {
      method: 'PATCH',
      token: p.user.token,
    });
    expect(hide.status).toBe(200);
    await cancelled();
    await call(`${alerts.BASE}/${p.slug}/visibility?visible=true`, { method: 'PATCH', token: p.user.token });
    expect(Object.values(await saleRows(p.id)).map((r) => r.status)).toEqual(['scheduled', 'scheduled']);
    // past (the sync at a day after the event, as the scheduled republish runs it)
    await syncSaleAlerts(env, p.slug, new Date('2099-05-13T12:00:00Z'));
    await cancelled();
    await syncSaleAlerts(env, p.slug, new Date());
    // removed
    await alerts.savePage(
      p,
      alerts.kept(p).filter((x) => x.text !== alerts.MILANO),
    );
    await cancelled();
    // nothing of it goes out
    expect(await runCron(b + alerts.MINUTE, p.id)).toEqual([]);
  });

  it('a CTA on sale now or in the past schedules nothing; of several CTAs the earliest not sold out counts', async () => {
    const { p } = await dropPage();
    await saveDrop(p, null);
    await saveDrop(p, ahead(-1));
    expect(await saleRows(p.id)).toEqual({});
    const early = ahead(3);
    const late = ahead(4);
    const milanoId = p.buttons.find((b) => b.text === alerts.MILANO)!.id;
    await alerts.savePage(p, [
      ...alerts.kept(p).filter((x) => x.text !== alerts.MILANO),
      {
        id: milanoId,
        type: 'text',
        text: alerts.MILANO,
        cta_buttons: [
          { url: 'https://vip.example/x', buttonText: 'VIP', on_sale_at: iso(early), availability: 'sold_out' },
          { url: TICKETS, buttonText: 'biglietti', on_sale_at: iso(late) },
        ],
      },
    ]);
    expect((await saleRows(p.id)).on_sale).toMatchObject({ due_at: iso(late), button_id: milanoId });
  });
});
