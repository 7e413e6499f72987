import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, fanPaths } from '../../src/core/api-paths';
import { ALL_CITIES, cityKey, FAN_CONSENT_VERSION } from '../../src/core/fans';
import { fansCsvFilename } from '../../src/core/fans-export';
import { t } from '../../src/core/messages';
import { adminFanTotalsSchema, type FanSummary, fanListSchema, fanSummarySchema } from '../../src/core/schemas/fans';
import { romeLocalToUtc } from '../../src/core/schedule';
import { addDays, romeBucket } from '../../src/core/traffic';
import {
  call,
  createPage,
  eventButton,
  type TestUser,
  textPage,
  uniqueSlug,
  organiserWithToken,
  userWithToken,
  adminWithToken,
} from './helpers';

/**
 * The organiser's fan routes (docs/api.md#fans): the summary of the 'Fan' view, the list and its
 * search, the CSV export, the removal of one fan, and the administrators' totals. Fans, cities,
 * suppressions, alerts and deliveries are seeded straight into D1 for pages made through the API.
 */

const BASE = API_PREFIX.pages;

/** Milano and Roma on the tour (2099), Napoli only in the past, Firenze on the tour with no fan. */
const TOUR = [
  eventButton('12/05/2099 - Milano - Alcatraz|biglietti'),
  eventButton('13/05/2099 - Roma - Atlantico|biglietti'),
  eventButton('14/05/2020 - Napoli - Casa della Musica|biglietti'),
  eventButton('15/05/2099 - Firenze - Tuscany Hall|biglietti'),
  eventButton('20/05/2099 - Milano - Fabrique|biglietti'),
];

let companySeq = 0;
function uniqueCompany(): string {
  companySeq += 1;
  return `Fan Live ${Date.now().toString(36)} ${companySeq}`;
}

async function tourPage(user: TestUser, buttons = TOUR) {
  const slug = uniqueSlug('fan');
  const page = await createPage(
    user.token,
    textPage(slug, { title: `Tour ${slug}`, display_title: 'Il Tour', buttons }),
  );
  return {
    slug,
    id: page.id as number,
    buttons: (page.buttons as Array<{ id: number; position: number }>)
      .sort((a, b) => a.position - b.position)
      .map((b) => b.id),
  };
}

interface SeedFan {
  /** city names as typed, or ALL_CITIES */
  cities?: string[];
  /** null: still waiting for the confirmation; by default the sign-up's time */
  confirmed_at?: string | null;
  created_at?: string;
  consent_version?: string;
}

let emailSeq = 0;
function fanEmail(prefix = 'fan'): string {
  emailSeq += 1;
  return `${prefix}.${Date.now().toString(36)}.${emailSeq}@example.it`;
}

/** A fan of the page with the cities they follow, as the sign-up and the confirmation leave them. */
async function seedFan(pageId: number, email: string, fan: SeedFan = {}): Promise<number> {
  const now = new Date().toISOString();
  const row = await env.DB.prepare(
    `INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      pageId,
      email,
      fan.consent_version ?? FAN_CONSENT_VERSION,
      fan.created_at ?? now,
      fan.confirmed_at === undefined ? (fan.created_at ?? now) : fan.confirmed_at,
      fan.created_at ?? now,
    )
    .first<{ id: number }>();
  const id = row!.id;
  const cities = fan.cities ?? [ALL_CITIES];
  if (cities.length > 0) {
    await env.DB.batch(
      cities.map((city, i) =>
        env.DB.prepare(
          'INSERT INTO fan_cities (fan_id, city_key, city, requested, created_at) VALUES (?, ?, ?, ?, ?)',
        ).bind(id, city === ALL_CITIES ? ALL_CITIES : cityKey(city), city, 0, new Date(Date.now() + i).toISOString()),
      ),
    );
  }
  return id;
}

async function suppress(email: string, reason: 'bounced' | 'complained' = 'bounced'): Promise<void> {
  await env.DB.prepare('INSERT OR IGNORE INTO fan_suppressions (email, reason) VALUES (?, ?)')
    .bind(email, reason)
    .run();
}

async function seedAlert(
  pageId: number,
  alert: { status?: string; button_ids?: unknown; due_at?: string; recipients?: number; finished_at?: string | null },
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO fan_alerts (page_id, status, button_ids, due_at, recipients, finished_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      pageId,
      alert.status ?? 'scheduled',
      JSON.stringify(alert.button_ids ?? []),
      alert.due_at ?? new Date(Date.now() + 10 * 60_000).toISOString(),
      alert.recipients ?? 0,
      alert.finished_at ?? null,
    )
    .first<{ id: number }>();
  return row!.id;
}

async function deliver(alertId: number, fanIds: number[], status: 'sending' | 'sent' | 'failed'): Promise<void> {
  await env.DB.batch(
    fanIds.map((fanId) =>
      env.DB.prepare('INSERT INTO fan_deliveries (alert_id, fan_id, status, attempts) VALUES (?, ?, ?, 1)').bind(
        alertId,
        fanId,
        status,
      ),
    ),
  );
}

async function summary(slug: string, token: string, query = ''): Promise<FanSummary> {
  const res = await call(`${BASE}/${slug}/fans${query}`, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return fanSummarySchema.parse(await res.json());
}

const today = () => romeBucket(Date.now()).day;

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

describe('GET …/{slug}/fans/list', () => {
  it('every fan of the page, newest first, searched by a piece of the address, with its cities', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    const other = await tourPage(owner);
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes)).toISOString();
    const anna = await seedFan(page.id, 'anna.rossi@example.it', { cities: ['Milano', ALL_CITIES], created_at: at(1) });
    const bruno = await seedFan(page.id, 'bruno@rossi.example.it', {
      cities: ['Bari'],
      confirmed_at: null,
      created_at: at(2),
    });
    const carla = await seedFan(page.id, 'carla@example.com', { cities: ['Roma'], created_at: at(3) });
    await seedFan(other.id, 'anna.rossi.altra@example.it', { cities: ['Milano'] });

    const list = async (q?: string) => {
      const path =
        q === undefined
          ? `${BASE}/${page.slug}/fans/list`
          : `${BASE}/${page.slug}/fans/list?q=${encodeURIComponent(q)}`;
      const res = await call(path, { token: owner.token });
      expect(res.status).toBe(200);
      return fanListSchema.parse(await res.json());
    };
    const everyone = await list();
    expect(everyone.total).toBe(3);
    expect(everyone.fans.map((f) => f.id)).toEqual([carla, bruno, anna]);
    expect(everyone.fans[2]).toEqual({
      id: anna,
      email: 'anna.rossi@example.it',
      cities: [t('fans.public.allDates'), 'Milano'],
      confirmed_at: at(1),
      created_at: at(1),
    });
    expect(everyone.fans[1]).toMatchObject({ cities: ['Bari'], confirmed_at: null });

    expect((await list('ROSSI')).fans.map((f) => f.id)).toEqual([bruno, anna]);
    expect((await list('  rossi  ')).total).toBe(2);
    expect((await list('')).total).toBe(3);
    expect((await list('nessuno')).fans).toEqual([]);
    // '%' and '_' are plain characters, not patterns
    expect((await list('%')).total).toBe(0);
    expect((await list('_')).total).toBe(0);
    // longer than the 50 bytes D1 allows a LIKE pattern
    expect((await list('anna.rossi@example.it'.padStart(60, 'x'))).total).toBe(0);
    expect((await list('a'.repeat(254))).total).toBe(0);
    const tooLong = await call(`${BASE}/${page.slug}/fans/list?q=${'a'.repeat(255)}`, { token: owner.token });
    expect(tooLong.status).toBe(422);
    expect(await tooLong.json()).toEqual({ detail: `q: ${t('fans.editor.searchTooLong', { max: 254 })}` });
    const repeated = await call(`${BASE}/${page.slug}/fans/list?q=a&q=b`, { token: owner.token });
    expect(repeated.status).toBe(422);
  });

  it('shows at most 200, and says how many match', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    const base = Date.UTC(2026, 0, 1);
    await env.DB.batch(
      Array.from({ length: 205 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at, created_at)
           VALUES (?, ?, ?, ?, ?, ?)`,
        ).bind(
          page.id,
          `molti${String(i).padStart(3, '0')}@example.it`,
          FAN_CONSENT_VERSION,
          new Date(base + i * 60_000).toISOString(),
          new Date(base + i * 60_000).toISOString(),
          new Date(base + i * 60_000).toISOString(),
        ),
      ),
    );
    const res = await call(`${BASE}/${page.slug}/fans/list`, { token: owner.token });
    const body = fanListSchema.parse(await res.json());
    expect(body.total).toBe(205);
    expect(body.fans).toHaveLength(200);
    expect(body.fans[0]!.email).toBe('molti204@example.it');
    expect(body.fans[199]!.email).toBe('molti005@example.it');
  });
});

describe('GET …/{slug}/fans.csv', () => {
  it('one row per confirmed fan and city, Rome time, the consent text, formulas kept as text', async () => {
    const company = uniqueCompany();
    const owner = await organiserWithToken({ company });
    const page = await tourPage(owner);
    const confirmed = romeLocalToUtc('2026-07-14T09:05')!; // summer: 07:05Z
    const winter = '2026-01-05T23:30:00.000Z'; // 00:30 on 6 January in Rome
    await seedFan(page.id, 'anna@example.it', { cities: ['Milano', ALL_CITIES], confirmed_at: confirmed });
    await seedFan(page.id, '=1+1@example.it', { cities: ['=HYPERLINK("http://x.test","clic")'], confirmed_at: winter });
    await seedFan(page.id, 'b@example.it', {
      cities: ['+39 Città', '-2+3', '@SUM(A1)', '\tTab', "L'Aquila; Abruzzo"],
      confirmed_at: winter,
    });
    await seedFan(page.id, 'old@example.it', { cities: ['Roma'], confirmed_at: winter, consent_version: '2020-01-01' });
    await seedFan(page.id, 'pending@example.it', { cities: ['Milano'], confirmed_at: null });
    await seedFan(page.id, 'bounced@example.it', { cities: ['Milano'], confirmed_at: winter });
    await suppress('bounced@example.it');

    const res = await call(`${BASE}/${page.slug}/fans.csv`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${fansCsvFilename(page.slug, today())}"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 BOM
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const consent = `${t('fans.public.consent', { company, title: 'Il Tour' })} (versione ${FAN_CONSENT_VERSION})`;
    expect(consent).toContain(company);
    expect(text.split('\r\n')).toEqual([
      'Email;Città;Confermato il;Consenso',
      // oldest confirmation first; the winter ones: 00:30 in Rome on 6 January
      `'=1+1@example.it;"'=HYPERLINK(""http://x.test"",""clic"")";06/01/2026 00:30;${consent}`,
      `b@example.it;'+39 Città;06/01/2026 00:30;${consent}`,
      `b@example.it;'-2+3;06/01/2026 00:30;${consent}`,
      `b@example.it;'@SUM(A1);06/01/2026 00:30;${consent}`,
      `b@example.it;'\tTab;06/01/2026 00:30;${consent}`,
      `b@example.it;"L'Aquila; Abruzzo";06/01/2026 00:30;${consent}`,
      'old@example.it;Roma;06/01/2026 00:30;Consenso versione 2020-01-01',
      `anna@example.it;Tutte le date;14/07/2026 09:05;${consent}`,
      `anna@example.it;Milano;14/07/2026 09:05;${consent}`,
      '',
    ]);
  });

  it('a page without fans gets the header alone', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    const res = await call(`${BASE}/${page.slug}/fans.csv`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Email;Città;Confermato il;Consenso\r\n'); // text() drops the BOM
  });
});

describe('DELETE …/{slug}/fans/{id}', () => {
  it('removes one fan of the page with its cities; another page’s fan or an unknown one is 404', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    const sister = await tourPage(owner);
    const keep = await seedFan(page.id, fanEmail(), { cities: ['Milano'] });
    const drop = await seedFan(page.id, fanEmail(), { cities: ['Milano', 'Bari', ALL_CITIES] });
    const elsewhere = await seedFan(sister.id, fanEmail(), { cities: ['Milano'] });

    const res = await call(`${BASE}/${page.slug}/fans/${drop}`, { method: 'DELETE', token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ success: true });
    const cities = await env.DB.prepare('SELECT COUNT(*) AS n FROM fan_cities WHERE fan_id = ?')
      .bind(drop)
      .first<{ n: number }>();
    expect(cities!.n).toBe(0);
    const s = await summary(page.slug, owner.token);
    expect(s.total).toBe(1);
    expect(s.requested).toEqual([]);
    expect(s.all_dates).toBe(0);

    // again, through another page of the same company, or a number nobody has: 404
    for (const [slug, id] of [
      [page.slug, drop],
      [page.slug, elsewhere],
      [page.slug, 999_999_999],
    ] as const) {
      const again = await call(`${BASE}/${slug}/fans/${id}`, { method: 'DELETE', token: owner.token });
      expect(again.status, `${slug} ${id}`).toBe(404);
      expect(await again.json()).toEqual({ detail: t('fans.editor.fanNotFound') });
    }
    const stillThere = await env.DB.prepare('SELECT id FROM fans WHERE id IN (?, ?) ORDER BY id')
      .bind(keep, elsewhere)
      .all();
    expect(stillThere.results).toHaveLength(2);
  });

  it('an id that is no positive whole number is 422', async () => {
    const owner = await organiserWithToken({ company: uniqueCompany() });
    const page = await tourPage(owner);
    for (const id of ['0', '-1', 'abc', '1.5', '1e3', '%201', '0x10', '9'.repeat(16)]) {
      const res = await call(`${BASE}/${page.slug}/fans/${id}`, { method: 'DELETE', token: owner.token });
      expect(res.status, id).toBe(422);
      expect(await res.json()).toEqual({ detail: `id: ${t('fans.editor.badFanId')}` });
    }
  });
});

describe('GET /api/admin/fans', () => {
  it('administrators only: confirmed fans per company and in all', async () => {
    const alfa = uniqueCompany();
    const beta = uniqueCompany();
    const admin = await adminWithToken({ company: uniqueCompany() });
    const before = adminFanTotalsSchema.parse(await (await call(fanPaths.adminTotals, { token: admin.token })).json());

    const a = await organiserWithToken({ company: alfa });
    const b = await organiserWithToken({ company: beta });
    const a1 = await tourPage(a);
    const a2 = await tourPage(a);
    const b1 = await tourPage(b);
    await tourPage(b); // no fans
    await seedFan(a1.id, fanEmail(), { cities: ['Milano'] });
    await seedFan(a1.id, fanEmail(), { cities: [ALL_CITIES] });
    await seedFan(a2.id, fanEmail(), { cities: ['Roma'] });
    await seedFan(a2.id, fanEmail(), { cities: ['Roma'], confirmed_at: null }); // pending: not counted
    const bounced = fanEmail();
    await seedFan(b1.id, bounced, { cities: ['Roma'] });
    await suppress(bounced); // suppressed: not counted
    await seedFan(b1.id, fanEmail(), { cities: ['Roma'] });

    const res = await call(fanPaths.adminTotals, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const after = adminFanTotalsSchema.parse(await res.json());
    expect(after.total - before.total).toBe(4);
    expect(after.companies.find((c) => c.company === alfa)).toEqual({ company: alfa, pages: 2, fans: 3 });
    expect(after.companies.find((c) => c.company === beta)).toEqual({ company: beta, pages: 1, fans: 1 });
    expect(after.total).toBe(after.companies.reduce((sum, c) => sum + c.fans, 0));
    const order = after.companies.map((c) => c.fans);
    expect(order).toEqual([...order].sort((x, y) => y - x));

    expect((await call(fanPaths.adminTotals, { token: a.token })).status).toBe(403);
    expect((await call(fanPaths.adminTotals)).status).toBe(401);
  });
});
