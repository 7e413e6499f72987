// New-date alerts end to end: a save schedules the alert, the per-minute cron (run here with a
// clock moved forward) starts it when due and the page is visible, the real FANS queue carries it
// to the consumer, and the console mailer puts each e-mail in the outbox (the dev mailbox).
// 'Invia ora' and 'Annulla', hidden pages and recipients: fan-alerts-actions.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { FAN_GRACE_MINUTES } from '../../src/core/fans';
import { fanAlertSchema } from '../../src/core/schemas/fans';
import {
  fanMessagesHandled,
  alertMails,
  alertPage,
  alertRow,
  fanEmail,
  kept,
  later,
  listAlerts,
  mailsFor,
  MILANO,
  MINUTE,
  runCron,
  savePage,
  seedFan,
  settled,
  suppress,
  TORINO,
} from './fan-alerts-helpers';
import { eventButton } from './helpers';

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
