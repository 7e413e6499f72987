// A waiting new-date alert that a later save joins (docs/behaviour.md#alerts): each date is news
// to the fans who followed its city before it was saved, so a fan confirmed between the two saves
// hears of the later date, and not of the earlier one they saw on the page.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FAN_GRACE_MINUTES } from '../../src/core/fans';
import { eventually } from './counting-helpers';
import * as fa from './fan-alerts-helpers';
import { eventButton } from './helpers';

/** The per-minute Cron Trigger at `at` (ms), as Cloudflare runs it. */

/** A moment, so that what follows is stamped after what came before. */
const tick = () => new Promise((r) => setTimeout(r, 5));

/** Sends the alert (past its grace delay) and answers its e-mails by address once it is done. */
async function sendAndRead(alertId: number, emails: string[]) {
  await fa.runCron(Date.now() + (FAN_GRACE_MINUTES + 1) * fa.MINUTE);
  const row = await eventually(
    async () => ({ alert: await fa.alertRow(alertId), mails: await fa.alertMails(emails) }),
    ({ alert, mails }) =>
      alert?.status === 'sent' && mails.filter((m) => m.status === 'sent').length >= alert.recipients,
  );
  return Object.fromEntries(row.mails.map((m) => [m.to_addr, m]));
}

describe('a save that joins a waiting alert', () => {
  it('a fan confirmed between the two saves gets the later date only, as their cities allow', async () => {
    const p = await fa.alertPage();
    const early = fa.fanEmail('early');
    await fa.seedFan(p.id, early, ['*']);
    const first = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    const alertId: number = first.fan_alerts[0].id;
    await tick();
    // confirmed after the Milano date was saved, before the Torino one
    const all = fa.fanEmail('between-all');
    const milano = fa.fanEmail('between-milano');
    const torino = fa.fanEmail('between-torino');
    await fa.seedFan(p.id, all, ['*']);
    await fa.seedFan(p.id, milano, ['Milano']);
    await fa.seedFan(p.id, torino, ['Torino']);
    await tick();
    const second = await fa.savePage(p, [...fa.kept(p), eventButton(fa.TORINO)]);
    expect(second.fan_alerts).toHaveLength(1);
    expect(second.fan_alerts[0].id).toBe(alertId);
    // early, and the two who follow Torino ('Tutte le date' and Torino)
    expect(second.fan_alerts[0].recipients).toBe(3);

    const byFan = await sendAndRead(alertId, [early, all, milano, torino]);
    expect(await fa.alertRow(alertId)).toMatchObject({ status: 'sent', recipients: 3 });
    expect(Object.keys(byFan).sort()).toEqual([all, early, torino].sort());
    expect(byFan[early]!.subject).toBe('Nuove date: Tour');
    expect(byFan[early]!.body_text).toContain('Alcatraz, Milano');
    expect(byFan[early]!.body_text).toContain('Hiroshima, Torino');
    for (const fan of [all, torino]) {
      expect(byFan[fan]!.subject).toBe('Nuova data a Torino: Tour');
      expect(byFan[fan]!.body_text).not.toContain('Milano');
    }
  });

  it('a city a fan adds between the saves brings its later date; one already on the page does not', async () => {
    const p = await fa.alertPage();
    const fan = fa.fanEmail('roman');
    const id = await fa.seedFan(p.id, fan, ['Roma']);
    const first = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    await tick();
    await env.DB.prepare(
      "INSERT INTO fan_cities (fan_id, city_key, city) VALUES (?1, 'milano', 'Milano'), (?1, 'torino', 'Torino')",
    )
      .bind(id)
      .run();
    await tick();
    await fa.savePage(p, [...fa.kept(p), eventButton(fa.TORINO)]);
    const [alert] = await fa.listAlerts(p);
    expect(alert).toMatchObject({ id: first.fan_alerts[0].id, status: 'scheduled', recipients: 1 });

    const byFan = await sendAndRead(alert!.id, [fan]);
    expect(byFan[fan]!.subject).toBe('Nuova data a Torino: Tour');
    expect(byFan[fan]!.body_text).not.toContain('Milano');
  });

  it('a date moved by the later save is news again to the fans confirmed in between', async () => {
    const p = await fa.alertPage();
    const first = await fa.savePage(p, [...fa.kept(p), eventButton(fa.MILANO)]);
    await tick();
    const fan = fa.fanEmail('between');
    await fa.seedFan(p.id, fan, ['Milano']);
    await tick();
    // the Milano show moves to another day
    const moved = p.buttons.map((b) => ({
      id: b.id,
      type: 'text',
      text: b.text.replace('12/05/2099', '20/05/2099'),
      url: b.url,
    }));
    const second = await fa.savePage(p, moved);
    expect(second.fan_alerts[0]).toMatchObject({ id: first.fan_alerts[0].id, recipients: 1 });

    const byFan = await sendAndRead(first.fan_alerts[0].id, [fan]);
    expect(byFan[fan]!.subject).toBe('Nuova data a Milano: Tour');
    expect(byFan[fan]!.body_text).toContain('20/05/2099');
  });
});
