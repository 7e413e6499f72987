// New-date alerts end to end, as fan-alerts.test.ts runs them: 'Invia ora' and 'Annulla', a
// hidden or not-yet-open page, and who receives an alert.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FAN_GRACE_MINUTES } from '../../src/core/fans';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { fanAlertAnswerSchema, fanAlertSchema } from '../../src/core/schemas/fans';
import * as fa from './fan-alerts-helpers';
import { call, eventButton, organiserWithToken } from './helpers';

describe("'Invia ora' and 'Annulla'", () => {
  async function post(p: { slug: string; user: { token: string } }, id: number | string, action: 'send' | 'cancel') {
    const res = await call(`${fa.BASE}/${p.slug}/fans/alerts/${id}/${action}`, { method: 'POST', token: p.user.token });
    const json: unknown = await res.json();
    // a success is the alert as the route's schema says, anything else an error
    return {
      status: res.status,
      body: res.status === 200 ? fanAlertAnswerSchema.parse(json) : errorAnswerSchema.parse(json),
    };
  }

  /** The alert of a successful answer (fails the test on an error). */
  function alertOf(answer: { body: unknown }) {
    return fanAlertAnswerSchema.parse(answer.body).alert;
  }

  it("'Annulla' stops a scheduled alert: nothing is sent, and it cannot be sent or cancelled again", async () => {
    const p = await fa.alertPage();
    const fan = fa.fanEmail('cancel');
    await fa.seedFan(p.id, fan, ['Milano']);
    const page = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    const id = page.fan_alerts[0].id;
    const cancelled = await post(p, id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(alertOf(cancelled)).toMatchObject({ id, status: 'cancelled' });
    expect(alertOf(cancelled).finished_at).not.toBeNull();
    await fa.runCron(fa.later(FAN_GRACE_MINUTES + 1));
    await fa.fanMessagesHandled();
    expect(await fa.alertMails([fan])).toEqual([]);
    expect(await post(p, id, 'cancel')).toEqual({ status: 409, body: { detail: 'Questo avviso è stato annullato.' } });
    expect(await post(p, id, 'send')).toEqual({ status: 409, body: { detail: 'Questo avviso è stato annullato.' } });
    // the page answer lists only scheduled alerts
    expect((await fa.savePage(p, fa.kept(p))).fan_alerts).toEqual([]);
  });

  it("'Invia ora' sends at once, without waiting for the grace delay; then it is 409", async () => {
    const p = await fa.alertPage();
    const fan = fa.fanEmail('now');
    await fa.seedFan(p.id, fan, ['Milano']);
    const page = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    const id = page.fan_alerts[0].id;
    const sent = await post(p, id, 'send');
    expect(sent.status).toBe(200);
    expect(alertOf(sent).id).toBe(id);
    expect(Date.parse(alertOf(sent).due_at)).toBeLessThanOrEqual(Date.now());
    const rows = await fa.mailsFor([fan]);
    expect(rows).toHaveLength(1);
    await fa.settled(id);
    expect(await post(p, id, 'send')).toEqual({ status: 409, body: { detail: 'Questo avviso è già stato inviato.' } });
    expect(await post(p, id, 'cancel')).toEqual({
      status: 409,
      body: { detail: 'Questo avviso è già stato inviato.' },
    });
  });

  it('unknown alerts and another page’s alert are 404, malformed ids 422; another company’s page is 404', async () => {
    const p = await fa.alertPage();
    const page = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    const id = page.fan_alerts[0].id;
    const q = await fa.alertPage();
    expect(await post(p, '999999999', 'send')).toEqual({ status: 404, body: { detail: 'Avviso non trovato.' } });
    expect((await post(p, '999999999', 'cancel')).status).toBe(404);
    for (const bad of ['abc', '0', '1e3', '-1', '1.5']) {
      for (const action of ['send', 'cancel'] as const) {
        const res = await post(p, bad, action);
        expect(res.status, `${bad} ${action}`).toBe(422);
        expect(res.body).toMatchObject({ detail: expect.stringMatching(/^id: /) });
      }
    }
    // q's owner is of the same company: q's slug with p's alert is still 404
    expect(await post(q, id, 'cancel')).toEqual({ status: 404, body: { detail: 'Avviso non trovato.' } });
    const stranger = await organiserWithToken({ company: 'Beta Concerti' });
    const theirs = { slug: p.slug, user: stranger };
    expect((await post(theirs, id, 'send')).status).toBe(404);
    expect((await post(theirs, id, 'cancel')).status).toBe(404);
    expect((await call(`${fa.BASE}/${p.slug}/fans/alerts`, { token: stranger.token })).status).toBe(404);
    expect((await call(`${fa.BASE}/${p.slug}/fans/alerts`)).status).toBe(401);
    expect((await fa.alertRow(id))!.status).toBe('scheduled');
  });

  it('GET …/fans/alerts lists scheduled and past alerts, newest first', async () => {
    const p = await fa.alertPage();
    const first = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    await post(p, first.fan_alerts[0].id, 'cancel');
    const second = await fa.savePage(p, [...fa.kept(p), eventButton(fa.TORINO)]);
    const alerts = await fa.listAlerts(p);
    for (const a of alerts) fanAlertSchema.parse(a);
    const ids = alerts.map((a) => a.id);
    expect(ids.slice(0, 2)).toEqual([second.fan_alerts[0].id, first.fan_alerts[0].id]);
    expect(alerts[0]).toMatchObject({ status: 'scheduled', cities: ['Torino'] });
    expect(alerts[1]).toMatchObject({ status: 'cancelled', cities: ['Milano'] });
  });
});

describe('a hidden or not-yet-open page', () => {
  it('schedules its alert, waits while hidden (even past its due time), and sends once visible', async () => {
    const p = await fa.alertPage();
    const fan = fa.fanEmail('hidden');
    await fa.seedFan(p.id, fan, ['Milano']);
    const page = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)], { visible: false });
    const id = page.fan_alerts[0].id;
    await fa.runCron(fa.later(FAN_GRACE_MINUTES + 1));
    await fa.runCron(fa.later(FAN_GRACE_MINUTES + 30));
    expect((await fa.alertRow(id))!.status).toBe('scheduled');
    // 'Invia ora' on a hidden page: due now, still waiting
    const res = await call(`${fa.BASE}/${p.slug}/fans/alerts/${id}/send`, { method: 'POST', token: p.user.token });
    expect(res.status).toBe(200);
    await fa.fanMessagesHandled();
    expect(await fa.alertMails([fan])).toEqual([]);
    // a date added while it waits joins the same alert, with a fresh grace delay
    const more = await fa.savePage(p, [...fa.kept(p), eventButton(fa.TORINO)], { visible: false });
    expect(more.fan_alerts.map((a: { id: number }) => a.id)).toEqual([id]);
    expect(Date.parse(more.fan_alerts[0].due_at)).toBeGreaterThan(Date.now() + (FAN_GRACE_MINUTES - 1) * fa.MINUTE);
    await fa.runCron(fa.later(FAN_GRACE_MINUTES + 1));
    expect((await fa.alertRow(id))!.status).toBe('scheduled');

    const shown = await call(`${fa.BASE}/${p.slug}/visibility?visible=true`, { method: 'PATCH', token: p.user.token });
    expect(shown.status).toBe(200);
    await fa.runCron(fa.later(FAN_GRACE_MINUTES + 1));
    const rows = await fa.mailsFor([fan]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Nuova data a Milano: Tour');
  });

  it('a page whose publishing window opens later sends only once it is open', async () => {
    const opens = new Date(fa.later(2 * 60)).toISOString();
    const p = await fa.alertPage();
    const fan = fa.fanEmail('window');
    await fa.seedFan(p.id, fan, ['Milano']);
    const page = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)], { visible_from: opens });
    const id = page.fan_alerts[0].id;
    await fa.runCron(fa.later(FAN_GRACE_MINUTES + 1));
    expect((await fa.alertRow(id))!.status).toBe('scheduled');
    await fa.runCron(fa.later(2 * 60 + 1));
    await fa.mailsFor([fan]);
    expect((await fa.settled(id))!.status).toBe('sent');
  });
});

describe('recipients', () => {
  it('each fan once even when following several of its cities; suppressed addresses get nothing from any page', async () => {
    const p = await fa.alertPage();
    const twice = fa.fanEmail('twice');
    const suppressed = fa.fanEmail('suppressed');
    const fanId = await fa.seedFan(p.id, twice, ['Milano', 'Torino', '*']);
    await fa.seedFan(p.id, suppressed, ['*']);
    await fa.suppress(suppressed, 'complained');
    const page = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO), eventButton(fa.TORINO)]);
    expect(page.fan_alerts[0].recipients).toBe(1);
    await fa.runCron(fa.later(FAN_GRACE_MINUTES + 1));
    const rows = await fa.mailsFor([twice]);
    await fa.settled(page.fan_alerts[0].id);
    expect(rows).toHaveLength(1);
    expect(await fa.alertMails([suppressed])).toEqual([]);
    expect(await fa.deliveries(page.fan_alerts[0].id)).toEqual({ [fanId]: { status: 'sent', attempts: 1 } });
  });

  it('an alert with no fan to tell ends sent to nobody', async () => {
    const p = await fa.alertPage();
    const page = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    expect(page.fan_alerts[0].recipients).toBe(0);
    await fa.runCron(fa.later(FAN_GRACE_MINUTES + 1));
    expect(await fa.alertRow(page.fan_alerts[0].id)).toMatchObject({ status: 'sent', recipients: 0 });
  });

  it('a new page schedules no alert: its dates are news to nobody yet', async () => {
    const p = await fa.alertPage(
      { buttons: [eventButton(fa.ROMA), eventButton(fa.MILANO)] },
      { keepCreateAlert: true },
    );
    expect(await fa.listAlerts(p)).toEqual([]);
  });

  it('a fan who signs up while the alert waits is not told of a date already on the page', async () => {
    const p = await fa.alertPage();
    await fa.seedFan(p.id, fa.fanEmail('early'), ['Milano']);
    const roman = await fa.seedFan(p.id, fa.fanEmail('roman'), ['Roma']);
    const page = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    expect(page.fan_alerts[0]).toMatchObject({ cities: ['Milano'], recipients: 1 });
    await new Promise((r) => setTimeout(r, 5));
    // after the save, the Milano date in sight: a new fan of Milano, and Milano added by a Roma fan
    await fa.seedFan(p.id, fa.fanEmail('late'), ['Milano']);
    await env.DB.prepare("INSERT INTO fan_cities (fan_id, city_key, city) VALUES (?, 'milano', 'Milano')")
      .bind(roman)
      .run();
    const [alert] = await fa.listAlerts(p);
    expect(alert).toMatchObject({ status: 'scheduled', recipients: 1 });
  });
});
