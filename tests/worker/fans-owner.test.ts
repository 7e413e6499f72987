import { describe, expect, it } from 'vitest';
import { ALL_CITIES } from '../../src/core/fans';
import { t } from '../../src/core/messages';
import { romeLocalToUtc } from '../../src/core/schedule';
import { addDays } from '../../src/core/traffic';
import { call, eventButton, textPage, organiserWithToken, userWithToken, adminWithToken } from './helpers';
import {
  BASE,
  TOUR,
  deliver,
  fanEmail,
  seedAlert,
  seedFan,
  summary,
  suppress,
  today,
  tourPage,
  uniqueCompany,
} from './fans-owner-helpers';

/**
 * The organiser's fan routes (docs/api.md#fans): who may read them and the summary of the 'Fan'
 * view. The list and its search, the CSV export, the removal of one fan and the administrators'
 * totals: fans-owner-list.test.ts. Fans, cities, suppressions, alerts and deliveries are seeded
 * straight into D1 for pages made through the API.
 */

describe('who may read and remove fans', () => {
  it('the company only, like the page; administrators any page; anonymous 401, inactive 403', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const colleague = await organiserWithToken({ company: owner.user.company });
    const other = await organiserWithToken({ company: uniqueCompany() });
    const admin = await adminWithToken({ company: uniqueCompany() });
    const pending = await userWithToken({ company: owner.user.company, status: 'pending' });
    const page = await tourPage(owner);
    const fan = await seedFan(page.id, fanEmail(), { cities: ['Milano'] });

    const paths = [`/fans`, '/fans?days=7', '/fans/list', '/fans/list?q=fan', '/fans.csv'];
    for (const path of paths) {
      expect((await call(`${BASE}/${page.slug}${path}`, { token: other.token })).status, path).toBe(404);
      expect((await call(`${BASE}/${page.slug}${path}`, { token: owner.token })).status, path).toBe(200);
      expect((await call(`${BASE}/${page.slug}${path}`, { token: colleague.token })).status, path).toBe(200);
      expect((await call(`${BASE}/${page.slug}${path}`, { token: admin.token })).status, path).toBe(200);
      expect((await call(`${BASE}/${page.slug}${path}`)).status, path).toBe(401);
      expect((await call(`${BASE}/${page.slug}${path}`, { token: pending.token })).status, path).toBe(403);
      expect((await call(`${BASE}/nopage${Date.now()}${path}`, { token: owner.token })).status, path).toBe(404);
    }
    // another company's organiser can neither remove the fan nor learn that it exists
    const denied = await call(`${BASE}/${page.slug}/fans/${fan}`, { method: 'DELETE', token: other.token });
    expect(denied.status).toBe(404);
    expect(await denied.json()).toEqual({ detail: t('public.notFound') });
    expect((await summary(page.slug, owner.token)).total).toBe(1);
    // an administrator may remove it
    const removed = await call(`${BASE}/${page.slug}/fans/${fan}`, { method: 'DELETE', token: admin.token });
    expect(removed.status).toBe(200);
    expect((await summary(page.slug, owner.token)).total).toBe(0);
  });
});

describe('GET …/{slug}/fans', () => {
  it('counts confirmed fans only (not pending, not suppressed), per tour city and asked-for city', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    const other = await tourPage(owner);

    await seedFan(page.id, fanEmail(), { cities: [ALL_CITIES] });
    await seedFan(page.id, fanEmail(), { cities: [ALL_CITIES, 'Milano'] });
    await seedFan(page.id, fanEmail(), { cities: ['Milan'] }); // an exonym: the same key
    await seedFan(page.id, fanEmail(), { cities: ['MILANO '.trim(), 'Roma'] });
    await seedFan(page.id, fanEmail(), { cities: ['Napoli'] }); // only a past date there: asked for
    await seedFan(page.id, fanEmail(), { cities: ['Bari'] });
    await seedFan(page.id, fanEmail(), { cities: ['bari'] });
    await seedFan(page.id, fanEmail(), { cities: ['Bari'] });
    await seedFan(page.id, fanEmail(), { cities: ['Forlì'] });
    // not counted: waiting for the confirmation, a suppressed address, another page's fan
    await seedFan(page.id, fanEmail('pending'), { cities: ['Milano'], confirmed_at: null });
    await seedFan(page.id, fanEmail('pending'), { cities: ['Bari'], confirmed_at: null });
    const bounced = fanEmail('bounced');
    await seedFan(page.id, bounced, { cities: ['Milano', ALL_CITIES] });
    await suppress(bounced);
    const pendingBounced = fanEmail('bounced');
    await seedFan(page.id, pendingBounced, { cities: ['Milano'], confirmed_at: null });
    await suppress(pendingBounced, 'complained');
    await seedFan(other.id, fanEmail(), { cities: ['Milano', 'Bari', ALL_CITIES] });

    const s = await summary(page.slug, owner.token);
    expect(s.total).toBe(9);
    expect(s.pending).toBe(2);
    expect(s.all_dates).toBe(2);
    // every tour city of an upcoming date, one per key, in the page's spelling, most fans first
    expect(s.cities).toEqual([
      { key: 'milano', city: 'Milano', fans: 3 },
      { key: 'roma', city: 'Roma', fans: 1 },
      { key: 'firenze', city: 'Firenze', fans: 0 },
    ]);
    // the rest, in the spelling most of its fans typed, most fans first
    expect(s.requested).toEqual([
      { key: 'bari', city: 'Bari', fans: 3 },
      { key: 'forli', city: 'Forlì', fans: 1 },
      { key: 'napoli', city: 'Napoli', fans: 1 },
    ]);

    // a new date in Bari takes it off the requested list and onto the tour, with its fans
    const put = await call(`${BASE}/${page.slug}`, {
      method: 'PUT',
      token: owner.token,
      json: textPage(page.slug, {
        title: `Tour ${page.slug}`,
        buttons: [...TOUR, eventButton('01/06/2099 - BARI - Demodè|biglietti')],
      }),
    });
    expect(put.status).toBe(200);
    const after = await summary(page.slug, owner.token);
    expect(after.cities.map((c) => [c.city, c.fans])).toEqual([
      ['Milano', 3],
      ['BARI', 3],
      ['Roma', 1],
      ['Firenze', 0],
    ]);
    expect(after.requested.map((c) => c.key)).toEqual(['forli', 'napoli']);
  });

  it('a page without fans answers zeros, its tour cities and no alerts', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    const s = await summary(page.slug, owner.token, '?days=7');
    expect(s).toEqual({
      total: 0,
      pending: 0,
      all_dates: 0,
      cities: [
        { key: 'milano', city: 'Milano', fans: 0 },
        { key: 'roma', city: 'Roma', fans: 0 },
        { key: 'firenze', city: 'Firenze', fans: 0 },
      ],
      requested: [],
      daily: Array.from({ length: 7 }, (_, i) => ({ date: addDays(today(), i - 6), signups: 0 })),
      alerts: [],
    });
  });

  it('counts sign-ups per Europe/Rome day of their confirmation, zero-filled, the range and no more', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    const to = today();
    const from = addDays(to, -6);
    const rome = (day: string, time: string) => romeLocalToUtc(`${day}T${time}`)!;
    const withMillis = (iso: string) => iso.replace('Z', '.250Z');
    // just before the range: out
    await seedFan(page.id, fanEmail(), { confirmed_at: rome(addDays(from, -1), '23:59:59') });
    await seedFan(page.id, fanEmail(), { confirmed_at: withMillis(rome(addDays(from, -1), '23:59:59')) });
    // the range's first Rome minute, written with and without milliseconds
    await seedFan(page.id, fanEmail(), { confirmed_at: rome(from, '00:00') });
    await seedFan(page.id, fanEmail(), { confirmed_at: withMillis(rome(from, '00:00')) });
    // 00:30 in Rome is still the day before in UTC: the Rome day counts
    await seedFan(page.id, fanEmail(), { confirmed_at: rome(addDays(from, 3), '00:30') });
    await seedFan(page.id, fanEmail(), { confirmed_at: rome(addDays(from, 3), '23:30') });
    await seedFan(page.id, fanEmail(), { confirmed_at: rome(to, '00:05') });
    // not confirmed (a sign-up is counted when confirmed), suppressed: out
    await seedFan(page.id, fanEmail(), { confirmed_at: null, created_at: rome(to, '00:05') });
    const gone = fanEmail();
    await seedFan(page.id, gone, { confirmed_at: rome(to, '00:05') });
    await suppress(gone);

    const s = await summary(page.slug, owner.token, '?days=7');
    expect(s.daily).toEqual([
      { date: from, signups: 2 },
      { date: addDays(from, 1), signups: 0 },
      { date: addDays(from, 2), signups: 0 },
      { date: addDays(from, 3), signups: 2 },
      { date: addDays(from, 4), signups: 0 },
      { date: addDays(from, 5), signups: 0 },
      { date: to, signups: 1 },
    ]);
    expect(s.total).toBe(7);

    const one = await summary(page.slug, owner.token, '?days=1');
    expect(one.daily).toEqual([{ date: to, signups: 1 }]);
    const long = await summary(page.slug, owner.token, '?days=400');
    expect(long.daily).toHaveLength(400);
    expect(long.daily.reduce((sum, d) => sum + d.signups, 0)).toBe(7);
    expect((await summary(page.slug, owner.token)).daily).toHaveLength(30);
  });

  it('lists the newest 20 alerts with their events as the page has them, reach and deliveries', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    const [milano, roma, napoli, , fabrique] = page.buttons as [number, number, number, number, number];

    const all = await seedFan(page.id, fanEmail(), { cities: [ALL_CITIES] });
    const both = await seedFan(page.id, fanEmail(), { cities: [ALL_CITIES, 'Milano'] }); // reached once
    const mi = await seedFan(page.id, fanEmail(), { cities: ['Milan'] });
    await seedFan(page.id, fanEmail(), { cities: ['Roma'] });
    await seedFan(page.id, fanEmail(), { cities: ['Bari'] }); // not reached
    await seedFan(page.id, fanEmail(), { cities: ['Milano'], confirmed_at: null }); // not reached
    const bounced = fanEmail();
    await seedFan(page.id, bounced, { cities: ['Milano'] });
    await suppress(bounced); // not reached

    const sent = await seedAlert(page.id, {
      status: 'sent',
      button_ids: [napoli],
      due_at: '2026-01-10T09:00:00Z',
      recipients: 3,
      finished_at: '2026-01-10T09:01:00Z',
    });
    await deliver(sent, [all, both], 'sent');
    await deliver(sent, [mi], 'failed');
    const cancelled = await seedAlert(page.id, { status: 'cancelled', button_ids: [roma] });
    // a removed button (999999999) and a repeated id are left out; two Milano dates, one city
    const scheduled = await seedAlert(page.id, { button_ids: [fabrique, 999_999_999, roma, milano, fabrique] });
    const removed = await seedAlert(page.id, { button_ids: [999_999_999] });

    const s = await summary(page.slug, owner.token);
    expect(s.alerts.map((a) => a.id)).toEqual([removed, scheduled, cancelled, sent]);
    const [a0, a1, a2, a3] = s.alerts;
    expect(a1).toMatchObject({
      status: 'scheduled',
      kind: 'new_date',
      cities: ['Milano', 'Roma'],
      // in date order, whatever the order of the ids
      events: [
        { button_id: milano, date: '12/05/2099', city: 'Milano', venue: 'Alcatraz' },
        { button_id: roma, date: '13/05/2099', city: 'Roma', venue: 'Atlantico' },
        { button_id: fabrique, date: '20/05/2099', city: 'Milano', venue: 'Fabrique' },
      ],
      recipients: 4, // 'Tutte le date' ×2 (one also Milano), Milan, Roma
      sent: 0,
      failed: 0,
      finished_at: null,
    });
    expect(a0).toMatchObject({ status: 'scheduled', events: [], cities: [], recipients: 0 });
    expect(a2).toMatchObject({ status: 'cancelled', cities: ['Roma'], recipients: 0, sent: 0, failed: 0 });
    expect(a3).toMatchObject({
      status: 'sent',
      cities: ['Napoli'],
      due_at: '2026-01-10T09:00:00Z',
      finished_at: '2026-01-10T09:01:00Z',
      recipients: 3,
      sent: 2,
      failed: 1,
    });

    // at most 20, newest first; deliveries of an older alert never leak into a newer one
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push(await seedAlert(page.id, { status: 'sent', button_ids: [roma] }));
    const many = await summary(page.slug, owner.token);
    expect(many.alerts).toHaveLength(20);
    expect(many.alerts.map((a) => a.id)).toEqual(ids.reverse());
    expect(many.alerts.every((a) => a.sent === 0)).toBe(true);
  });

  it('answers 422 for a bad period, like the stats', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    for (const days of ['0', '401', 'abc', '1.5', '-3', '7&days=8']) {
      const res = await call(`${BASE}/${page.slug}/fans?days=${days}`, { token: owner.token });
      expect(res.status, days).toBe(422);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/^days: /);
    }
  });
});
