import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { fanPaths } from '../../src/core/api-paths';
import { ALL_CITIES, FAN_CONSENT_VERSION } from '../../src/core/fans';
import { fansCsvFilename } from '../../src/core/fans-export';
import { t } from '../../src/core/messages';
import { adminFanTotalsSchema, fanListSchema } from '../../src/core/schemas/fans';
import { romeLocalToUtc } from '../../src/core/schedule';
import { call, organiserWithToken, adminWithToken } from './helpers';
import { BASE, fanEmail, seedFan, summary, suppress, today, tourPage, uniqueCompany } from './fans-owner-helpers';

/**
 * The organiser's fan routes (docs/api.md#fans): the list and its search, the CSV export, the
 * removal of one fan, and the administrators' totals. Who may read them and the summary:
 * fans-owner.test.ts. Fans, cities and suppressions are seeded straight into D1 for pages made
 * through the API.
 */

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
