// New-date alerts end to end: a save schedules the alert, the per-minute cron (run here with a
// clock moved forward) starts it when due and the page is visible, the real FANS queue carries it
// to the consumer, and the console mailer puts each e-mail in the outbox (the dev mailbox).
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FAN_GRACE_MINUTES } from '../../src/core/fans';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { fanAlertAnswerSchema, fanAlertSchema } from '../../src/core/schemas/fans';
import worker from '../../worker/index';
import { eventually } from './counting-helpers';
import {
  alertMails,
  alertPage,
  alertRow,
  BASE,
  deliveries,
  fanEmail,
  fanMessagesHandled,
  kept,
  listAlerts,
  MILANO,
  MINUTE,
  ROMA,
  savePage,
  seedFan,
  suppress,
  TORINO,
} from './fan-alerts-helpers';
import { call, eventButton, organiserWithToken } from './helpers';

/** The per-minute Cron Trigger at `at` (ms), as Cloudflare runs it. */
async function runCron(at: number): Promise<void> {
  const controller = createScheduledController({ scheduledTime: new Date(at), cron: '* * * * *' });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

const later = (minutes: number) => Date.now() + minutes * MINUTE;

/** Waits for the queue and the consumer: every address has its e-mails (or the time is up). */
async function mailsFor(emails: string[], each = 1) {
  return eventually(
    () => alertMails(emails),
    (rows) => rows.filter((r) => r.status === 'sent').length >= emails.length * each,
  );
}

/** Waits until the alert is no longer sending. */
function settled(id: number) {
  return eventually(
    () => alertRow(id),
    (row) => row?.status === 'sent' || row?.status === 'cancelled',
  );
}

describe('a new date reaches the fans of its city', () => {
  it("Milano's fans, 'Tutte le date' and the fan who asked for 'Milan' get it; Roma's fans and the others do not", async () => {
    const p = await alertPage();
    const milano = fanEmail('milano');
    const all = fanEmail('tutte');
    const roma = fanEmail('roma');
    const asked = fanEmail('milan');
    const pending = fanEmail('pending');
    const bounced = fanEmail('bounced');
    await seedFan(p.id, milano, ['Milano']);
    await seedFan(p.id, all, ['*']);
    await seedFan(p.id, roma, ['Roma']);
    await seedFan(p.id, asked, [{ city: 'Milan', requested: true }]);
    await seedFan(p.id, pending, ['Milano'], { confirmed: false });
    await seedFan(p.id, bounced, ['Milano']);
    await suppress(bounced);
    // a fan of Milano on another page hears nothing of this one
    const other = await alertPage();
    const elsewhere = fanEmail('elsewhere');
    await seedFan(other.id, elsewhere, ['Milano']);

    const saved = Date.now();
    const page = await savePage(p, [...kept(p), eventButton(MILANO, 'https://www.ticketone.it/milano?x=1')]);
    expect(page.fan_alerts).toHaveLength(1);
    const alert = fanAlertSchema.parse(page.fan_alerts[0]);
    expect(alert).toMatchObject({
      status: 'scheduled',
      cities: ['Milano'],
      recipients: 3,
      sent: 0,
      failed: 0,
      events: [{ date: '12/05/2099', city: 'Milano', venue: 'Alcatraz' }],
    });
    const due = Date.parse(alert.due_at);
    expect(due).toBeGreaterThanOrEqual(Math.floor(saved / 1000) * 1000 + FAN_GRACE_MINUTES * MINUTE);
    expect(due).toBeLessThan(Date.now() + FAN_GRACE_MINUTES * MINUTE + 2000);

    // within the grace delay nothing leaves
    await runCron(later(FAN_GRACE_MINUTES - 1));
    expect((await alertRow(alert.id))!.status).toBe('scheduled');
    await runCron(later(FAN_GRACE_MINUTES + 1));
    await settled(alert.id);
    const everyone = [milano, all, roma, asked, pending, bounced, elsewhere];
    const rows = await mailsFor([milano, all, asked]);
    expect(rows.map((r) => r.to_addr).sort()).toEqual([milano, all, asked].sort());
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    expect(rows[0]!.subject).toBe('Nuova data a Milano: Tour');
    expect(await alertMails(everyone)).toHaveLength(3);

    const row = await alertRow(alert.id);
    expect(row).toMatchObject({ status: 'sent', recipients: 3 });
    expect(row!.finished_at).not.toBeNull();
    const [listed] = await listAlerts(p);
    expect(listed).toMatchObject({ id: alert.id, status: 'sent', recipients: 3, sent: 3, failed: 0 });
    // the next run sends nothing again
    await runCron(later(FAN_GRACE_MINUTES + 2));
    await fanMessagesHandled();
    expect(await alertMails(everyone)).toHaveLength(3);
  });

  it('the e-mail: the ticket link tagged utm_source=email, the page link, a visible unsubscribe link', async () => {
    const p = await alertPage();
    const fan = fanEmail('links');
    await seedFan(p.id, fan, ['Milano']);
    const page = await savePage(p, [
      ...kept(p),
      eventButton(MILANO, null, {
        cta_buttons: [{ url: 'https://www.ticketone.it/milano?lang=it#top', buttonText: 'biglietti' }],
      }),
    ]);
    await runCron(later(FAN_GRACE_MINUTES + 1));
    const [mail] = await mailsFor([fan]);
    expect(mail!.body_text).toContain('12/05/2099');
    expect(mail!.body_text).toContain('Alcatraz, Milano');
    expect(mail!.body_text).toContain('Biglietti: https://www.ticketone.it/milano?lang=it&utm_source=email#top');
    expect(mail!.body_text).toContain(`Tutte le date: http://localhost:8787/${p.slug}?utm_source=email`);
    expect(mail!.body_text).toMatch(
      new RegExp(`Annulla qui: http://localhost:8787/${p.slug}/fans/unsubscribe\\?token=\\d+\\.[\\w-]{43}`),
    );
    expect(mail!.body_html).toContain('href="https://www.ticketone.it/milano?lang=it&amp;utm_source=email#top"');
    expect(mail!.body_html).toContain(`/${p.slug}/fans/unsubscribe?token=`);
    await settled(page.fan_alerts[0].id);
  });

  it('an event without a ticket link sends the page link instead', async () => {
    const p = await alertPage();
    const fan = fanEmail('nolink');
    await seedFan(p.id, fan, ['*']);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    // the API always keeps a ticket link; a row without one (written before that rule) still mails
    await env.DB.prepare("UPDATE buttons SET url = NULL, cta_buttons = '[]' WHERE id = ?").bind(p.buttons[1]!.id).run();
    await runCron(later(FAN_GRACE_MINUTES + 1));
    const [mail] = await mailsFor([fan]);
    expect(mail!.body_text).toContain(`Biglietti: http://localhost:8787/${p.slug}?utm_source=email`);
    await settled(page.fan_alerts[0].id);
  });
});

describe('what counts as a new date', () => {
  it("a 'data da annunciare' that gets its date schedules an alert; a venue or label edit does not", async () => {
    const p = await alertPage();
    const first = await savePage(p, [...kept(p), eventButton('Data da annunciare - Milano - Alcatraz|biglietti')]);
    expect(first.fan_alerts).toEqual([]);
    const tba = p.buttons.find((b) => b.text.startsWith('Data da annunciare'))!;
    const dated = await savePage(
      p,
      kept(p).map((b) => (b.id === tba.id ? { ...b, text: MILANO } : b)),
    );
    expect(dated.fan_alerts).toHaveLength(1);
    expect(dated.fan_alerts[0].events.map((e: { button_id: number }) => e.button_id)).toEqual([tba.id]);
    // inside the window: a venue fixed, the Roma date untouched: still one alert with the one event
    const fixed = await savePage(
      p,
      kept(p).map((b) => (b.id === tba.id ? { ...b, text: '12/05/2099 - Milano - Alcatraz Club|biglietti' } : b)),
    );
    expect(fixed.fan_alerts).toHaveLength(1);
    expect(fixed.fan_alerts[0].events).toEqual([
      { button_id: tba.id, date: '12/05/2099', city: 'Milano', venue: 'Alcatraz Club' },
    ]);
  });

  it('past dates, undated events and an unchanged page schedule nothing', async () => {
    const p = await alertPage();
    const page = await savePage(p, [
      ...kept(p),
      eventButton('12/05/2001 - Milano - Alcatraz|biglietti'),
      eventButton('Data da annunciare - Torino - Hiroshima|biglietti'),
    ]);
    expect(page.fan_alerts).toEqual([]);
    expect((await savePage(p, kept(p))).fan_alerts).toEqual([]);
    expect(await listAlerts(p)).toEqual([]);
  });

  it('a date moved to another day is news to the fans of its city', async () => {
    const p = await alertPage();
    const fan = fanEmail('moved');
    await seedFan(p.id, fan, ['Roma']);
    const roma = p.buttons[0]!;
    const moved = await savePage(p, [{ ...kept(p)[0], text: '20/06/2099 - Roma - Atlantico|biglietti' }]);
    expect(moved.fan_alerts).toHaveLength(1);
    expect(moved.fan_alerts[0]).toMatchObject({ cities: ['Roma'], recipients: 1 });
    expect(moved.fan_alerts[0].events[0]).toMatchObject({ button_id: roma.id, date: '20/06/2099' });
  });
});

describe('the grace delay', () => {
  it('dates saved within the window go in one e-mail; each fan reads the events of their own cities', async () => {
    const p = await alertPage();
    const all = fanEmail('all');
    const milano = fanEmail('milano');
    const torino = fanEmail('torino');
    await seedFan(p.id, all, ['*']);
    await seedFan(p.id, milano, ['Milano']);
    await seedFan(p.id, torino, ['Torino']);
    const first = await savePage(p, [...kept(p), eventButton(MILANO)]);
    const second = await savePage(p, [...kept(p), eventButton(TORINO)]);
    expect(second.fan_alerts).toHaveLength(1);
    expect(second.fan_alerts[0].id).toBe(first.fan_alerts[0].id);
    // joining does not move the time the organiser was shown
    expect(second.fan_alerts[0].due_at).toBe(first.fan_alerts[0].due_at);
    expect(second.fan_alerts[0].cities).toEqual(['Milano', 'Torino']);
    expect(second.fan_alerts[0].recipients).toBe(3);

    await runCron(later(FAN_GRACE_MINUTES + 1));
    const rows = await mailsFor([all, milano, torino]);
    expect(rows).toHaveLength(3);
    const byFan = Object.fromEntries(rows.map((r) => [r.to_addr, r]));
    expect(byFan[all]!.subject).toBe('Nuove date: Tour');
    expect(byFan[all]!.body_text).toContain('Alcatraz, Milano');
    expect(byFan[all]!.body_text).toContain('Hiroshima, Torino');
    expect(byFan[milano]!.subject).toBe('Nuova data a Milano: Tour');
    expect(byFan[milano]!.body_text).not.toContain('Torino');
    expect(byFan[torino]!.subject).toBe('Nuova data a Torino: Tour');
  });

  it('a typo fixed within the window goes out fixed; an event removed within it goes out without it', async () => {
    const p = await alertPage();
    const fan = fanEmail('typo');
    await seedFan(p.id, fan, ['*']);
    await savePage(p, [...kept(p), eventButton('12/05/2099 - Milano - Alcatrz|biglietti'), eventButton(TORINO)]);
    const [, typo, torino] = p.buttons;
    const page = await savePage(
      p,
      kept(p)
        .filter((b) => b.id !== torino!.id)
        .map((b) => (b.id === typo!.id ? { ...b, text: MILANO } : b)),
    );
    expect(page.fan_alerts[0].cities).toEqual(['Milano']);
    await runCron(later(FAN_GRACE_MINUTES + 1));
    const [mail] = await mailsFor([fan]);
    expect(mail!.subject).toBe('Nuova data a Milano: Tour');
    expect(mail!.body_text).toContain('Alcatraz, Milano');
    expect(mail!.body_text).not.toContain('Alcatrz');
    expect(mail!.body_text).not.toContain('Torino');
  });

  it('an alert whose events were all removed ends cancelled and sends nothing', async () => {
    const p = await alertPage();
    const fan = fanEmail('gone');
    await seedFan(p.id, fan, ['*']);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    const id = page.fan_alerts[0].id;
    await savePage(
      p,
      kept(p).filter((b) => String(b.text).startsWith('13/05')),
    );
    await runCron(later(FAN_GRACE_MINUTES + 1));
    expect(await alertRow(id)).toMatchObject({ status: 'cancelled', recipients: 0 });
    expect(await alertMails([fan])).toEqual([]);
  });
});

describe("'Invia ora' and 'Annulla'", () => {
  async function post(p: { slug: string; user: { token: string } }, id: number | string, action: 'send' | 'cancel') {
    const res = await call(`${BASE}/${p.slug}/fans/alerts/${id}/${action}`, { method: 'POST', token: p.user.token });
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
    const p = await alertPage();
    const fan = fanEmail('cancel');
    await seedFan(p.id, fan, ['Milano']);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    const id = page.fan_alerts[0].id;
    const cancelled = await post(p, id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(alertOf(cancelled)).toMatchObject({ id, status: 'cancelled' });
    expect(alertOf(cancelled).finished_at).not.toBeNull();
    await runCron(later(FAN_GRACE_MINUTES + 1));
    await fanMessagesHandled();
    expect(await alertMails([fan])).toEqual([]);
    expect(await post(p, id, 'cancel')).toEqual({ status: 409, body: { detail: 'Questo avviso è stato annullato.' } });
    expect(await post(p, id, 'send')).toEqual({ status: 409, body: { detail: 'Questo avviso è stato annullato.' } });
    // the page answer lists only scheduled alerts
    expect((await savePage(p, kept(p))).fan_alerts).toEqual([]);
  });

  it("'Invia ora' sends at once, without waiting for the grace delay; then it is 409", async () => {
    const p = await alertPage();
    const fan = fanEmail('now');
    await seedFan(p.id, fan, ['Milano']);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    const id = page.fan_alerts[0].id;
    const sent = await post(p, id, 'send');
    expect(sent.status).toBe(200);
    expect(alertOf(sent).id).toBe(id);
    expect(Date.parse(alertOf(sent).due_at)).toBeLessThanOrEqual(Date.now());
    const rows = await mailsFor([fan]);
    expect(rows).toHaveLength(1);
    await settled(id);
    expect(await post(p, id, 'send')).toEqual({ status: 409, body: { detail: 'Questo avviso è già stato inviato.' } });
    expect(await post(p, id, 'cancel')).toEqual({
      status: 409,
      body: { detail: 'Questo avviso è già stato inviato.' },
    });
  });

  it('unknown alerts and another page’s alert are 404, malformed ids 422; another company’s page is 404', async () => {
    const p = await alertPage();
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    const id = page.fan_alerts[0].id;
    const q = await alertPage();
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
    expect((await call(`${BASE}/${p.slug}/fans/alerts`, { token: stranger.token })).status).toBe(404);
    expect((await call(`${BASE}/${p.slug}/fans/alerts`)).status).toBe(401);
    expect((await alertRow(id))!.status).toBe('scheduled');
  });

  it('GET …/fans/alerts lists scheduled and past alerts, newest first', async () => {
    const p = await alertPage();
    const first = await savePage(p, [...kept(p), eventButton(MILANO)]);
    await post(p, first.fan_alerts[0].id, 'cancel');
    const second = await savePage(p, [...kept(p), eventButton(TORINO)]);
    const alerts = await listAlerts(p);
    for (const a of alerts) fanAlertSchema.parse(a);
    const ids = alerts.map((a) => a.id);
    expect(ids.slice(0, 2)).toEqual([second.fan_alerts[0].id, first.fan_alerts[0].id]);
    expect(alerts[0]).toMatchObject({ status: 'scheduled', cities: ['Torino'] });
    expect(alerts[1]).toMatchObject({ status: 'cancelled', cities: ['Milano'] });
  });
});

describe('a hidden or not-yet-open page', () => {
  it('schedules its alert, waits while hidden (even past its due time), and sends once visible', async () => {
    const p = await alertPage();
    const fan = fanEmail('hidden');
    await seedFan(p.id, fan, ['Milano']);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)], { visible: false });
    const id = page.fan_alerts[0].id;
    await runCron(later(FAN_GRACE_MINUTES + 1));
    await runCron(later(FAN_GRACE_MINUTES + 30));
    expect((await alertRow(id))!.status).toBe('scheduled');
    // 'Invia ora' on a hidden page: due now, still waiting
    const res = await call(`${BASE}/${p.slug}/fans/alerts/${id}/send`, { method: 'POST', token: p.user.token });
    expect(res.status).toBe(200);
    await fanMessagesHandled();
    expect(await alertMails([fan])).toEqual([]);
    // a date added while it waits joins the same alert, with a fresh grace delay
    const more = await savePage(p, [...kept(p), eventButton(TORINO)], { visible: false });
    expect(more.fan_alerts.map((a: { id: number }) => a.id)).toEqual([id]);
    expect(Date.parse(more.fan_alerts[0].due_at)).toBeGreaterThan(Date.now() + (FAN_GRACE_MINUTES - 1) * MINUTE);
    await runCron(later(FAN_GRACE_MINUTES + 1));
    expect((await alertRow(id))!.status).toBe('scheduled');

    const shown = await call(`${BASE}/${p.slug}/visibility?visible=true`, { method: 'PATCH', token: p.user.token });
    expect(shown.status).toBe(200);
    await runCron(later(FAN_GRACE_MINUTES + 1));
    const rows = await mailsFor([fan]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.subject).toBe('Nuova data a Milano: Tour');
  });

  it('a page whose publishing window opens later sends only once it is open', async () => {
    const opens = new Date(later(2 * 60)).toISOString();
    const p = await alertPage();
    const fan = fanEmail('window');
    await seedFan(p.id, fan, ['Milano']);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)], { visible_from: opens });
    const id = page.fan_alerts[0].id;
    await runCron(later(FAN_GRACE_MINUTES + 1));
    expect((await alertRow(id))!.status).toBe('scheduled');
    await runCron(later(2 * 60 + 1));
    await mailsFor([fan]);
    expect((await settled(id))!.status).toBe('sent');
  });
});

describe('recipients', () => {
  it('each fan once even when following several of its cities; suppressed addresses get nothing from any page', async () => {
    const p = await alertPage();
    const twice = fanEmail('twice');
    const suppressed = fanEmail('suppressed');
    const fanId = await seedFan(p.id, twice, ['Milano', 'Torino', '*']);
    await seedFan(p.id, suppressed, ['*']);
    await suppress(suppressed, 'complained');
    const page = await savePage(p, [...kept(p), eventButton(MILANO), eventButton(TORINO)]);
    expect(page.fan_alerts[0].recipients).toBe(1);
    await runCron(later(FAN_GRACE_MINUTES + 1));
    const rows = await mailsFor([twice]);
    await settled(page.fan_alerts[0].id);
    expect(rows).toHaveLength(1);
    expect(await alertMails([suppressed])).toEqual([]);
    expect(await deliveries(page.fan_alerts[0].id)).toEqual({ [fanId]: { status: 'sent', attempts: 1 } });
  });

  it('an alert with no fan to tell ends sent to nobody', async () => {
    const p = await alertPage();
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    expect(page.fan_alerts[0].recipients).toBe(0);
    await runCron(later(FAN_GRACE_MINUTES + 1));
    expect(await alertRow(page.fan_alerts[0].id)).toMatchObject({ status: 'sent', recipients: 0 });
  });

  it('a new page schedules no alert: its dates are news to nobody yet', async () => {
    const p = await alertPage({ buttons: [eventButton(ROMA), eventButton(MILANO)] }, { keepCreateAlert: true });
    expect(await listAlerts(p)).toEqual([]);
  });

  it('a fan who signs up while the alert waits is not told of a date already on the page', async () => {
    const p = await alertPage();
    await seedFan(p.id, fanEmail('early'), ['Milano']);
    const roman = await seedFan(p.id, fanEmail('roman'), ['Roma']);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    expect(page.fan_alerts[0]).toMatchObject({ cities: ['Milano'], recipients: 1 });
    await new Promise((r) => setTimeout(r, 5));
    // after the save, the Milano date in sight: a new fan of Milano, and Milano added by a Roma fan
    await seedFan(p.id, fanEmail('late'), ['Milano']);
    await env.DB.prepare("INSERT INTO fan_cities (fan_id, city_key, city) VALUES (?, 'milano', 'Milano')")
      .bind(roman)
      .run();
    const [alert] = await listAlerts(p);
    expect(alert).toMatchObject({ status: 'scheduled', recipients: 1 });
  });
});
