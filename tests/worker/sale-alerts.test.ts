// On-sale e-mails (docs/behaviour.md#on-sale-e-mails): the page's writes keep one alert per event
// and kind in step with its CTAs' on-sale instants; the per-minute cron (run here at chosen
// instants) queues 'Biglietti in vendita ora' with a delay that ends on the instant, and the FANS
// consumer (run here on batches built by the test, on a controlled clock) sends it once, never
// early. The console mailer puts every e-mail in the outbox (the dev mailbox).
// The reminder and the alerts kept in step with the page: sale-alerts-schedule.test.ts.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/core/messages';
import worker from '../../worker/index';
import { eventually } from './counting-helpers';
import * as alerts from './fan-alerts-helpers';
import { call } from './helpers';
import { ahead, DAY, deliver, dropPage, HOUR, iso, runCron, saleRows, saveDrop, TICKETS } from './sale-alerts-helpers';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

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
