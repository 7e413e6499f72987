// At most FAN_ALERTS_PER_DAY new-date alerts of a page reach its fans in 24 hours
// (docs/behaviour.md#alerts): a further one waits, scheduled, takes the dates saved meanwhile,
// and leaves once, merged, when the oldest of those alerts leaves the 24 hours. The per-minute
// cron runs here with its time moved forward; the real FANS queue and the console mailer put each
// e-mail in the outbox.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FAN_ALERTS_PER_DAY, FAN_GRACE_MINUTES } from '../../src/core/fans';
import { romeDateTime } from '../../src/core/fans-export';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { fanAlertAnswerSchema } from '../../src/core/schemas/fans';
import { startAlert } from '../../worker/services/fans/delivery';
import { eventually } from './counting-helpers';
import {
  type AlertPage,
  alertMails,
  alertPage,
  alertRow,
  BASE,
  fanEmail,
  fanMessagesHandled,
  kept,
  listAlerts,
  MILANO,
  MINUTE,
  savePage,
  seedFan,
  TORINO,
  runCron,
  settled,
} from './fan-alerts-helpers';
import { call, eventButton } from './helpers';

const DAY = 24 * 60 * MINUTE;
const NAPOLI = '15/05/2099 - Napoli - Palapartenope|biglietti';
const BARI = '16/05/2099 - Bari - Palaflorio|biglietti';
const FIRENZE = '17/05/2099 - Firenze - Tuscany Hall|biglietti';

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The per-minute Cron Trigger at `at` (ms), as Cloudflare runs it. */

/** Waits until the fan has `count` alert e-mails sent; answers them, oldest first. */
async function sentTo(email: string, count: number) {
  const rows = await eventually(
    () => alertMails([email]),
    (r) => r.filter((m) => m.status === 'sent').length >= count,
  );
  return rows.filter((m) => m.status === 'sent');
}

/** Waits until the alert is no longer scheduled or sending. */

async function startedAt(id: number): Promise<number> {
  const row = await env.DB.prepare('SELECT started_at FROM fan_alerts WHERE id = ?')
    .bind(id)
    .first<{ started_at: string }>();
  return Date.parse(row!.started_at);
}

async function post(p: AlertPage, id: number, action: 'send' | 'cancel') {
  const res = await call(`${BASE}/${p.slug}/fans/alerts/${id}/${action}`, { method: 'POST', token: p.user.token });
  const json: unknown = await res.json();
  return {
    status: res.status,
    body: res.status === 200 ? fanAlertAnswerSchema.parse(json) : errorAnswerSchema.parse(json),
  };
}

/** The 409 of 'Invia ora' on an alert the cap holds until `freeAt`. */
function heldDetail(freeAt: number): string {
  const [date, time] = romeDateTime(iso(freeAt)).split(' ');
  return `Questo avviso è in attesa: al massimo 3 email in 24 ore per fan. Partirà il ${date} alle ${time}.`;
}

/** Three new dates, each alert started by the cron a minute after the other: their ids. */
async function threeSent(p: AlertPage, t0: number, fan: string | null): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, text] of [TORINO, NAPOLI, BARI].entries()) {
    const page = await savePage(p, [...kept(p), eventButton(text)]);
    ids.push(page.fan_alerts[0].id);
    await runCron(t0 + (FAN_GRACE_MINUTES + 1 + i) * MINUTE);
    await settled(ids[i]!);
    if (fan) await sentTo(fan, i + 1);
  }
  return ids;
}

describe('at most three new-date alerts of a page in 24 hours', () => {
  it('the fourth waits, scheduled; dates saved meanwhile join it; it leaves once, merged, when the window allows', async () => {
    expect(FAN_ALERTS_PER_DAY).toBe(3);
    const p = await alertPage();
    const fan = fanEmail('cap');
    await seedFan(p.id, fan, ['*']);
    const t0 = Date.now();
    const sent = await threeSent(p, t0, fan);
    const freeAt = (await startedAt(sent[0]!)) + DAY;

    const fourth = await savePage(p, [...kept(p), eventButton(MILANO)]);
    const id = fourth.fan_alerts[0].id as number;
    // due, the page visible: not started, held until the first of the three leaves the 24 hours
    await runCron(t0 + (FAN_GRACE_MINUTES + 5) * MINUTE);
    expect(await alertRow(id)).toMatchObject({ status: 'scheduled', due_at: iso(freeAt), recipients: 0 });
    const listed = await listAlerts(p);
    expect(listed[0]).toMatchObject({ id, status: 'scheduled', due_at: iso(freeAt), held_until: iso(freeAt) });
    for (const past of listed.slice(1)) expect(past.held_until).toBeNull();

    // a date saved while it waits joins it, and its time does not move
    const more = await savePage(p, [...kept(p), eventButton(FIRENZE)]);
    expect(more.fan_alerts.map((a: { id: number }) => a.id)).toEqual([id]);
    expect(more.fan_alerts[0]).toMatchObject({
      cities: ['Milano', 'Firenze'],
      due_at: iso(freeAt),
      held_until: iso(freeAt),
      recipients: 1,
    });

    await runCron(freeAt - MINUTE);
    expect((await alertRow(id))!.status).toBe('scheduled');
    await fanMessagesHandled();
    expect(await sentTo(fan, 3)).toHaveLength(3);

    await runCron(freeAt + MINUTE);
    const rows = await sentTo(fan, 4);
    expect((await settled(id))!.status).toBe('sent');
    expect(rows).toHaveLength(4);
    expect(rows[3]!.subject).toBe('Nuove date: Tour');
    expect(rows[3]!.body_text).toContain('Alcatraz, Milano');
    expect(rows[3]!.body_text).toContain('Tuscany Hall, Firenze');
    const [after] = await listAlerts(p);
    expect(after).toMatchObject({ id, status: 'sent', held_until: null });
  });

  it("'Invia ora' after six moves of a date: three e-mails in 24 hours, then one with the latest date", async () => {
    const p = await alertPage();
    const fan = fanEmail('six');
    await seedFan(p.id, fan, ['Roma']);
    const ids: number[] = [];
    let freeAt = 0;
    for (let i = 0; i < 6; i++) {
      const text = `${14 + i}/06/2099 - Roma - Atlantico|biglietti`;
      const page = await savePage(p, [{ ...kept(p)[0], text }]);
      expect(page.fan_alerts).toHaveLength(1);
      const id = page.fan_alerts[0].id as number;
      ids.push(id);
      const res = await post(p, id, 'send');
      if (i < 3) {
        expect(res.status, `move ${i + 1}`).toBe(200);
        await settled(id);
        await sentTo(fan, i + 1);
        if (i === 0) freeAt = (await startedAt(id)) + DAY;
      } else {
        // held: refused with when it leaves, and the moves that follow join it
        expect(res, `move ${i + 1}`).toEqual({ status: 409, body: { detail: heldDetail(freeAt) } });
        expect(page.fan_alerts[0]).toMatchObject({ held_until: iso(freeAt), due_at: iso(freeAt) });
      }
    }
    expect(new Set(ids.slice(3)).size).toBe(1);
    expect(await alertRow(ids[3]!)).toMatchObject({ status: 'scheduled', due_at: iso(freeAt) });
    await fanMessagesHandled();
    expect(await sentTo(fan, 3)).toHaveLength(3);

    // the window opens: the held alert leaves with the date as it is now
    await runCron(freeAt + MINUTE);
    const rows = await sentTo(fan, 4);
    await settled(ids[3]!);
    expect(rows).toHaveLength(4);
    expect(rows[3]!.body_text).toContain('19/06/2099');
    expect(rows[3]!.body_text).not.toContain('17/06/2099');
    expect(rows[3]!.body_text).not.toContain('18/06/2099');
  });

  it("'Annulla' stops a held alert", async () => {
    const p = await alertPage();
    const fan = fanEmail('stop');
    await seedFan(p.id, fan, ['*']);
    const t0 = Date.now();
    await threeSent(p, t0, fan);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    const id = page.fan_alerts[0].id as number;
    expect((await post(p, id, 'send')).status).toBe(409);
    const cancelled = await post(p, id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(fanAlertAnswerSchema.parse(cancelled.body).alert).toMatchObject({ status: 'cancelled', held_until: null });
  });

  it('alerts that reached nobody do not count', async () => {
    const p = await alertPage();
    const t0 = Date.now();
    await threeSent(p, t0, null);
    const fan = fanEmail('late');
    await seedFan(p.id, fan, ['Milano']);
    const page = await savePage(p, [...kept(p), eventButton(MILANO)]);
    expect(page.fan_alerts[0].held_until).toBeNull();
    await runCron(t0 + (FAN_GRACE_MINUTES + 5) * MINUTE);
    expect(await sentTo(fan, 1)).toHaveLength(1);
  });

  it('two alerts due at once with two already sent: only one starts', async () => {
    const p = await alertPage();
    const fan = fanEmail('race');
    await seedFan(p.id, fan, ['*']);
    const t0 = Date.now();
    for (const [i, text] of [TORINO, NAPOLI].entries()) {
      const page = await savePage(p, [...kept(p), eventButton(text)]);
      await runCron(t0 + (FAN_GRACE_MINUTES + 1 + i) * MINUTE);
      await settled(page.fan_alerts[0].id);
    }
    const roma = p.buttons[0]!.id;
    const due = iso(t0 + 5 * MINUTE);
    const inserted: number[] = [];
    for (let i = 0; i < 2; i++) {
      const row = await env.DB.prepare(
        `INSERT INTO fan_alerts (page_id, kind, status, button_ids, due_at) VALUES (?, 'new_date', 'scheduled', ?, ?)
         RETURNING id`,
      )
        .bind(p.id, JSON.stringify([roma]), due)
        .first<{ id: number }>();
      inserted.push(row!.id);
    }
    const now = new Date(t0 + (FAN_GRACE_MINUTES + 4) * MINUTE);
    const results = await Promise.all(inserted.map((id) => startAlert(env, id, now)));
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const statuses = await Promise.all(inserted.map(async (id) => (await alertRow(id))!.status));
    expect(statuses.sort()).toEqual(['scheduled', 'sending']);
  });

  it('on-sale e-mails are never held, and do not count', async () => {
    const p = await alertPage();
    const fan = fanEmail('sale');
    await seedFan(p.id, fan, ['*']);
    const t0 = Date.now();
    await threeSent(p, t0, fan);
    const onSale = Math.ceil((t0 + 30 * MINUTE) / MINUTE) * MINUTE;
    const page = await savePage(p, [
      ...kept(p),
      {
        type: 'text',
        text: MILANO,
        cta_buttons: [{ url: 'https://www.ticketone.it/milano', buttonText: 'biglietti', on_sale_at: iso(onSale) }],
      },
    ]);
    const newDate = page.fan_alerts[0].id as number;
    const sale = await env.DB.prepare(`SELECT id FROM fan_alerts WHERE page_id = ? AND kind = 'on_sale'`)
      .bind(p.id)
      .first<{ id: number }>();
    const at = new Date(onSale);
    expect(await startAlert(env, newDate, at)).toBeNull();
    expect(await startAlert(env, sale!.id, at)).toHaveLength(1);
    expect((await alertRow(sale!.id))!.status).toBe('sending');
    expect((await alertRow(newDate))!.status).toBe('scheduled');
  });
});
