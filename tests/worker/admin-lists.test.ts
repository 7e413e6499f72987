import { adminPaths } from '../../src/core/api-paths';
import { companyKey } from '../../src/core/company';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { usersPageSchema } from '../../src/core/schemas/admin';
import { adminWithToken, callJson, createUser } from './helpers';

/**
 * The admin's lists over a known population: this file's storage is its own, so the users
 * made in beforeAll are all there is (plus the admin).
 */
let token = '';
let adminId = 0;

beforeAll(async () => {
  const admin = await adminWithToken({ email: 'capo@palco.test', full_name: 'Capo Admin', company: 'Palco' });
  token = admin.token;
  adminId = admin.user.id;
  const people: [string, string, string, 'pending' | 'approved' | 'active' | 'rejected' | 'banned'][] = [
    ['alba@example.it', 'Alba Neri', 'Teatro Blu', 'pending'],
    ['bruno@example.it', 'Bruno 100% Rossi', 'Teatro Blu', 'pending'],
    ['carla@example.it', 'Carla Verdi', 'Live Club', 'approved'],
    ['dario@example.it', 'Dario_Gialli', 'Live Club', 'active'],
    ['elena@example.it', 'Elena Bianchi', 'Arena Sud', 'rejected'],
    ['fabio@EXAMPLE.it', 'Fabio Rosa', 'arena sud', 'banned'],
  ];
  for (const [email, full_name, company, status] of people) {
    await createUser({ email, full_name, company, status });
    await new Promise((r) => setTimeout(r, 3)); // distinct created_at
  }
});

async function list(path: string) {
  const res = await callJson(path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return usersPageSchema.strict().parse(res.body);
}

const emails = (page: { users: { email: string }[] }) => page.users.map((u) => u.email);

describe('GET /api/admin/users/all', () => {
  it('without parameters: page 1 of 50, newest first, {users, total, page, page_size}', async () => {
    const page = await list(adminPaths.allUsers);
    expect(page.total).toBe(7);
    expect(page.page).toBe(1);
    expect(page.page_size).toBe(50);
    expect(emails(page)).toEqual([
      'fabio@EXAMPLE.it',
      'elena@example.it',
      'dario@example.it',
      'carla@example.it',
      'bruno@example.it',
      'alba@example.it',
      'capo@palco.test',
    ]);
    expect(JSON.stringify(page)).not.toMatch(/hashed_password|scrypt|token_version|previous_status/);
  });

  it('q searches name and e-mail ignoring case; LIKE wildcards are literal', async () => {
    expect(emails(await list(`${adminPaths.allUsers}?q=VERDI`))).toEqual(['carla@example.it']);
    expect(emails(await list(`${adminPaths.allUsers}?q=example.IT&sort=email&order=asc`))).toEqual([
      'alba@example.it',
      'bruno@example.it',
      'carla@example.it',
      'dario@example.it',
      'elena@example.it',
      'fabio@EXAMPLE.it',
    ]);
    expect(emails(await list(`${adminPaths.allUsers}?q=100%25`))).toEqual(['bruno@example.it']);
    expect(emails(await list(`${adminPaths.allUsers}?q=o_G`))).toEqual(['dario@example.it']);
    expect((await list(`${adminPaths.allUsers}?q=%25`)).total).toBe(1);
    expect((await list(`${adminPaths.allUsers}?q=nessuno`)).users).toEqual([]);
  });

  it('a search as long as the field allows is an answer, not a 500 (D1 caps LIKE patterns at 50 bytes)', async () => {
    const long = `${'x'.repeat(190)}%25_é`;
    expect(await list(`${adminPaths.allUsers}?q=${long}`)).toMatchObject({ users: [], total: 0 });
    const url = 'http://localhost/dati/una-pagina-qualsiasi/con-un-nome-lungo.png';
    expect((await list(`${adminPaths.allUsers}?q=${encodeURIComponent(url)}`)).total).toBe(0);
    expect(emails(await list(`${adminPaths.allUsers}?q=${encodeURIComponent('bruno@example.it')}`))).toEqual([
      'bruno@example.it',
    ]);
  });

  it('filters by status and by company (ignoring case)', async () => {
    expect(emails(await list(`${adminPaths.allUsers}?status=pending&sort=email&order=asc`))).toEqual([
      'alba@example.it',
      'bruno@example.it',
    ]);
    const arena = await list(`${adminPaths.allUsers}?company=ARENA%20SUD&sort=email&order=asc`);
    expect(emails(arena)).toEqual(['elena@example.it', 'fabio@EXAMPLE.it']);
    expect((await list(`${adminPaths.allUsers}?company=Teatro%20Blu&status=pending`)).total).toBe(2);
    expect((await list(`${adminPaths.allUsers}?status=`)).total).toBe(7);
  });

  it('sorts by each whitelisted column both ways', async () => {
    const byName = await list(`${adminPaths.allUsers}?sort=full_name&order=asc`);
    expect(byName.users.map((u) => u.full_name)).toEqual([
      'Alba Neri',
      'Bruno 100% Rossi',
      'Capo Admin',
      'Carla Verdi',
      'Dario_Gialli',
      'Elena Bianchi',
      'Fabio Rosa',
    ]);
    const byStatus = await list(`${adminPaths.allUsers}?sort=status&order=desc`);
    expect(byStatus.users.map((u) => u.status)).toEqual([
      'rejected',
      'pending',
      'pending',
      'banned',
      'approved',
      'active',
      'active',
    ]);
    const byCompany = await list(`${adminPaths.allUsers}?sort=company&order=asc`);
    expect(byCompany.users.map((u) => u.company?.toLowerCase())).toEqual([
      'arena sud',
      'arena sud',
      'live club',
      'live club',
      'palco',
      'teatro blu',
      'teatro blu',
    ]);
    const oldest = await list(`${adminPaths.allUsers}?sort=created_at&order=asc`);
    expect(oldest.users[0]!.id).toBe(adminId);
  });

  it('pages through the list', async () => {
    const first = await list(`${adminPaths.allUsers}?page_size=3&sort=email&order=asc`);
    const second = await list(`${adminPaths.allUsers}?page_size=3&page=2&sort=email&order=asc`);
    const third = await list(`${adminPaths.allUsers}?page_size=3&page=3&sort=email&order=asc`);
    const beyond = await list(`${adminPaths.allUsers}?page_size=3&page=9`);
    expect(first.total).toBe(7);
    expect([...emails(first), ...emails(second), ...emails(third)]).toHaveLength(7);
    expect(new Set([...emails(first), ...emails(second), ...emails(third)]).size).toBe(7);
    expect(third.users).toHaveLength(1);
    expect(beyond).toMatchObject({ users: [], total: 7, page: 9, page_size: 3 });
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page=1.5',
    'page_size=0',
    'page_size=201',
    'page_size=x',
    'status=deleted',
    'sort=hashed_password',
    'sort=id;DROP TABLE users',
    'order=sideways',
    `q=${'x'.repeat(300)}`,
  ])('?%s → 422', async (query) => {
    const res = await callJson(`${adminPaths.allUsers}?${query}`, { token });
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
  });
});

describe('GET /api/admin/users/pending', () => {
  it('lists only pending users, oldest first, with the total for the badge', async () => {
    const page = await list(adminPaths.pendingUsers);
    expect(emails(page)).toEqual(['alba@example.it', 'bruno@example.it']);
    expect(page.total).toBe(2);
    expect(page.users.every((u) => u.status === 'pending')).toBe(true);
    // a status filter cannot widen it
    expect((await list(`${adminPaths.pendingUsers}?status=active`)).total).toBe(2);
  });
});

describe('GET /api/admin/companies and /companies/all', () => {
  const ALL = ['alfa eventi', 'Arena Sud', 'Beta Teatro', 'Live Club', 'Teatro Blu', 'Zeta Live'];
  beforeAll(async () => {
    // the population's companies, and three no account names
    await env.DB.batch(
      ALL.map((n) =>
        env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, ?) ON CONFLICT DO NOTHING').bind(n, companyKey(n)),
      ),
    );
  });

  it('without login, only companies with an approved or active member (not pending, rejected, banned, none)', async () => {
    const { status, body } = await callJson(adminPaths.companies);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, companies: ['Live Club'] });
  });

  it('administrators read every company from /all, sorted ignoring case', async () => {
    const { status, body } = await callJson(adminPaths.allCompanies, { token });
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, companies: ALL });
    expect((await callJson(adminPaths.allCompanies)).status).toBe(401);
  });
});

describe('10,000 users', () => {
  it('users/all stays a page and answers quickly', async () => {
    await env.DB.prepare(
      `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 10000)
       INSERT INTO users (email, hashed_password, full_name, company, status, created_at)
       SELECT 'massa' || n || '@example.it', 'x', 'Utente ' || n, 'Massa Srl',
              CASE n % 5 WHEN 0 THEN 'pending' WHEN 1 THEN 'approved' WHEN 2 THEN 'active' WHEN 3 THEN 'rejected' ELSE 'banned' END,
              strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' seconds')
       FROM seq`,
    ).run();
    const t0 = performance.now();
    const page = await list(adminPaths.allUsers);
    const ms = performance.now() - t0;
    expect(page.total).toBe(10_007);
    expect(page.users).toHaveLength(50);
    expect(ms).toBeLessThan(2000);
    const search = await list(`${adminPaths.allUsers}?q=massa999&sort=email`);
    expect(search.total).toBe(11); // massa999 and massa9990..massa9999
    const pending = await list(`${adminPaths.pendingUsers}?page_size=200`);
    expect(pending.total).toBe(2002);
    expect(pending.users).toHaveLength(200);
    const stats = await callJson(adminPaths.stats, { token });
    expect(stats.body.users.total).toBe(10_007);
  });
});
