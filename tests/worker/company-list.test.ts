// The companies list (docs/behaviour.md#companies): the public answer offers only companies
// with an approved member; a company row lives while an account that is not rejected, or a
// page, names it, so the names of rejected and deleted accounts go.
import { adminPaths, API_PREFIX, pagePaths, trashPaths } from '../../src/core/api-paths';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { companyKey } from '../../src/core/company';
import { companiesAnswerSchema } from '../../src/core/schemas/admin';
import { runMaintenance } from '../../worker/services/maintenance';
import {
  adminWithToken,
  answer,
  call,
  callJson,
  createUser,
  uniqueEmail,
  PASSWORD,
  createPage,
  textPage,
  uniqueSlug,
} from './helpers';

let network = 0;
/** Registers through the API (which adds the company), each from its own network. */
async function register(company: string): Promise<number> {
  network += 1;
  const { status, body } = await callJson('/auth/register', {
    json: { email: uniqueEmail('lista'), password: PASSWORD, company },
    headers: { 'cf-connecting-ip': `198.51.100.${network}` },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

function stamped(name: string): string {
  return `${name} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function publicList(): Promise<string[]> {
  return (await answer(await call(adminPaths.companies), 200, companiesAnswerSchema)).companies;
}

async function adminList(token: string): Promise<string[]> {
  return (await answer(await call(adminPaths.allCompanies, { token }), 200, companiesAnswerSchema)).companies;
}

async function hasRow(name: string): Promise<boolean> {
  return (await env.DB.prepare('SELECT 1 FROM companies WHERE key = ?').bind(companyKey(name)).first()) !== null;
}

async function act(token: string, id: number, path: string, json?: unknown) {
  const method = path === '' ? 'DELETE' : path === 'company' ? 'PATCH' : 'POST';
  const { status, body } = await callJson(`${API_PREFIX.admin}/users/${id}${path ? `/${path}` : ''}`, {
    token,
    method,
    json,
  });
  expect(status, JSON.stringify(body)).toBe(200);
}

describe('the public list holds only companies with an approved member', () => {
  it('a registration is offered to no one until an administrator approves it', async () => {
    const { token } = await adminWithToken();
    const name = stamped('Attesa Live');
    const id = await register(name);
    expect(await publicList()).not.toContain(name);
    expect(await adminList(token)).toContain(name);
    await act(token, id, 'approve', { action: 'approve' });
    expect(await publicList()).toContain(name);
  });

  it('a banned member does not list a company; unbanned, it does again', async () => {
    const { token } = await adminWithToken();
    const name = stamped('Sospesa Live');
    const id = await register(name);
    await act(token, id, 'approve', { action: 'approve' });
    await act(token, id, 'ban');
    expect(await publicList()).not.toContain(name);
    await act(token, id, 'unban');
    expect(await publicList()).toContain(name);
  });

  it('a stored name with hidden characters or that looks like the operator is never offered', async () => {
    // as an older version stored them: rows with an active member each
    const names = [stamped('Pal\u200Bco'), stamped('\u202EPalco'), 'P\u0430lco', 'PaIco'];
    for (const name of names) {
      await env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, ?) ON CONFLICT DO NOTHING')
        .bind(name, companyKey(name))
        .run();
      await createUser({ status: 'active', company: name });
    }
    const listed = await publicList();
    for (const name of names) expect(listed).not.toContain(name);
    const { token } = await adminWithToken();
    expect(await adminList(token)).toEqual(expect.arrayContaining(names));
  });
});

describe('a company goes with its last account that is not rejected, unless a page names it', () => {
  it('a rejected account takes its company away', async () => {
    const { token } = await adminWithToken();
    const name = stamped('Rifiutata Srl');
    const id = await register(name);
    await act(token, id, 'approve', { action: 'reject', reason: 'Spam' });
    expect(await hasRow(name)).toBe(false);
    expect(await adminList(token)).not.toContain(name);
  });

  it('a deleted account takes its company away', async () => {
    const { token } = await adminWithToken();
    const name = stamped('Cancellata Srl');
    const id = await register(name);
    await act(token, id, '');
    expect(await hasRow(name)).toBe(false);
    expect(await adminList(token)).not.toContain(name);
  });

  it('an account moved to another company takes the old one away', async () => {
    const { token } = await adminWithToken();
    const before = stamped('Vecchia Sede');
    const after = stamped('Nuova Sede');
    const id = await register(before);
    await act(token, id, 'company', { company: after });
    expect(await hasRow(before)).toBe(false);
    expect(await hasRow(after)).toBe(true);
  });

  it('a company another account names stays when one is rejected or deleted', async () => {
    const { token } = await adminWithToken();
    const name = stamped('Condivisa Srl');
    const first = await register(name);
    const second = await register(name.toUpperCase());
    await act(token, first, 'approve', { action: 'reject' });
    expect(await hasRow(name)).toBe(true);
    await act(token, first, '');
    expect(await hasRow(name)).toBe(true);
    // the last one that is not rejected: rejected, the company goes
    await act(token, second, 'approve', { action: 'reject' });
    expect(await hasRow(name)).toBe(false);
  });

  it('a company a page names stays when its accounts go, and goes with its last page deleted for ever', async () => {
    const { token } = await adminWithToken();
    const name = stamped('Con Pagina');
    const id = await register(name);
    const slug = uniqueSlug('cp');
    await createPage(token, textPage(slug, { company: name }));
    await act(token, id, '');
    expect(await hasRow(name)).toBe(true);
    const del = await callJson(pagePaths.page(slug), { token, method: 'DELETE' });
    expect(del.status).toBe(200);
    // a page in the trash still names its company
    expect(await hasRow(name)).toBe(true);
    expect((await callJson(trashPaths.purge(slug), { token, method: 'DELETE' })).status).toBe(200);
    expect(await hasRow(name)).toBe(false);
  });

  it('a page moved to another company takes the old one away when nothing else names it', async () => {
    const { token } = await adminWithToken();
    const before = stamped('Pagina Prima');
    const slug = uniqueSlug('pm');
    await createPage(token, textPage(slug, { company: before }));
    const moved = await callJson(pagePaths.company(slug), {
      token,
      method: 'PATCH',
      json: { company: stamped('Pagina Dopo') },
    });
    expect(moved.status).toBe(200);
    expect(await hasRow(before)).toBe(false);
  });

  it('an approval after a rejection brings the company back, offered publicly', async () => {
    const { token } = await adminWithToken();
    const name = stamped('Ripresa Live');
    const id = await register(name);
    await act(token, id, 'approve', { action: 'reject' });
    expect(await hasRow(name)).toBe(false);
    await act(token, id, 'approve', { action: 'approve' });
    expect(await hasRow(name)).toBe(true);
    expect(await publicList()).toContain(name);
  });

  it('the hourly maintenance sweeps rows nothing keeps, once an hour old', async () => {
    const old = stamped('Orfana Vecchia');
    const fresh = stamped('Orfana Nuova');
    const now = new Date();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO companies (name, key, created_at) VALUES (?, ?, ?)').bind(
        old,
        companyKey(old),
        new Date(now.getTime() - 2 * 60 * 60 * 1000).toISOString(),
      ),
      env.DB.prepare('INSERT INTO companies (name, key, created_at) VALUES (?, ?, ?)').bind(
        fresh,
        companyKey(fresh),
        new Date(now.getTime() - 10 * 60 * 1000).toISOString(),
      ),
    ]);
    const [result] = (await runMaintenance(env, now)).filter((r) => r.name === 'prune-companies');
    expect(result).toMatchObject({ ok: true });
    expect(await hasRow(old)).toBe(false);
    expect(await hasRow(fresh)).toBe(true);
  });
});

describe('migration 0008 removes the rows nothing keeps, and only those', () => {
  async function runMigration(): Promise<void> {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0008_'));
    expect(migration, 'migrations/0008_*.sql').toBeDefined();
    for (const query of migration!.queries) await env.DB.prepare(query).run();
  }

  it('keeps companies of accounts that are not rejected and of pages; drops the others', async () => {
    const { token } = await adminWithToken();
    const kept = { pending: stamped('M Attesa'), banned: stamped('M Sospesa'), page: stamped('M Pagina') };
    const gone = { orphan: stamped('M Orfana'), rejected: stamped('M Rifiutata') };
    for (const name of [...Object.values(kept), ...Object.values(gone)]) {
      await env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, ?)').bind(name, companyKey(name)).run();
    }
    await createUser({ status: 'pending', company: kept.pending });
    await createUser({ status: 'banned', company: kept.banned });
    await createUser({ status: 'rejected', company: gone.rejected });
    const slug = uniqueSlug('mg');
    await createPage(token, textPage(slug, { company: kept.page }));

    await runMigration();

    for (const name of Object.values(kept)) expect(await hasRow(name), name).toBe(true);
    for (const name of Object.values(gone)) expect(await hasRow(name), name).toBe(false);
    const page = await env.DB.prepare('SELECT company FROM landing_pages WHERE folder_name = ?').bind(slug).first();
    expect(page).toEqual({ company: kept.page });
  });

  it('deletes nothing while a company key is still to be filled', async () => {
    const orphan = stamped('M Attende');
    await env.DB.prepare('INSERT INTO companies (name, key) VALUES (?, ?)').bind(orphan, companyKey(orphan)).run();
    const user = await createUser({ status: 'active', company: 'x' });
    await env.DB.prepare('UPDATE users SET company = ?, company_key = NULL WHERE id = ?')
      .bind(orphan.toUpperCase(), user.id)
      .run();
    await runMigration();
    expect(await hasRow(orphan)).toBe(true);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(user.id).run();
  });
});
