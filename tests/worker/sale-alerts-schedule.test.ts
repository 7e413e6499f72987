// On-sale e-mails (docs/behaviour.md#on-sale-e-mails), as sale-alerts.test.ts drives them: the
// reminder the day before, and the page's writes keeping the alerts in step with its CTAs.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { utcToRomeLocal } from '../../src/core/schedule';
import { reminderHeadline } from '../../worker/services/fans/sale-alert-mail';
import { syncSaleAlerts } from '../../worker/services/fans/sale-alerts';
import * as alerts from './fan-alerts-helpers';
import { call } from './helpers';
import { ahead, DAY, deliver, dropPage, iso, runCron, saleRows, saveDrop, TICKETS } from './sale-alerts-helpers';

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
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
