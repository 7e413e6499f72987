import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import {
  countActiveAdmins,
  deleteUserStatement,
  setStatusStatement,
  setSuperuserStatement,
} from '../../worker/db/users';
import { adminWithToken, call, callJson, createUser } from './helpers';

/** This file's storage starts empty: the admins made here are all there are. */
describe('the last admin can never be removed', () => {
  it('the only admin cannot demote, ban, reject or delete themselves', async () => {
    const only = await adminWithToken();
    expect(await countActiveAdmins(env.DB)).toBe(1);
    const id = only.user.id;
    const demote = await callJson(adminPaths.removeAdmin(id), { method: 'POST', token: only.token });
    const ban = await callJson(adminPaths.ban(id), { method: 'POST', token: only.token });
    const reject = await callJson(adminPaths.approve(id), { token: only.token, json: { action: 'reject' } });
    const del = await callJson(adminPaths.user(id), { method: 'DELETE', token: only.token });
    for (const res of [demote, ban, reject, del]) expect(res.status).toBe(403);
    expect(await countActiveAdmins(env.DB)).toBe(1);
    // clean up for the next tests: this admin stays, as the seeded one would
  });

  it('the database refuses any statement that would leave no active admin', async () => {
    const { n } = (await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM users WHERE is_superuser = 1 AND is_active = 1 AND status = 'active'",
    ).first<{ n: number }>())!;
    expect(n).toBe(1);
    const only = (await env.DB.prepare("SELECT id FROM users WHERE is_superuser = 1 AND status = 'active'").first<{
      id: number;
    }>())!;
    const results = await env.DB.batch([
      setSuperuserStatement(env.DB, only.id, false),
      setStatusStatement(env.DB, only.id, 'active', 'banned', { is_active: false }),
      setStatusStatement(env.DB, only.id, 'active', 'rejected'),
      deleteUserStatement(env.DB, only.id),
    ]);
    expect(results.map((r) => r.meta.changes)).toEqual([0, 0, 0, 0]);
    expect(await countActiveAdmins(env.DB)).toBe(1);
    // a plain user is not protected by the guard
    const plain = await createUser({ status: 'active' });
    const [removed] = await env.DB.batch([deleteUserStatement(env.DB, plain.id)]);
    expect(removed?.meta.changes).toBe(1);
  });

  it('with two admins one may demote the other, then the survivor is protected', async () => {
    const a = await adminWithToken();
    const existing = await countActiveAdmins(env.DB);
    expect(existing).toBe(2);
    const b = (await env.DB.prepare('SELECT id FROM users WHERE is_superuser = 1 AND id != ?')
      .bind(a.user.id)
      .first<{ id: number }>())!;
    const res = await callJson(adminPaths.removeAdmin(b.id), { method: 'POST', token: a.token });
    expect(res.status).toBe(200);
    expect(await countActiveAdmins(env.DB)).toBe(1);
    // the demoted admin's old token is no admin any more
    const selfDemote = await callJson(adminPaths.removeAdmin(a.user.id), { method: 'POST', token: a.token });
    expect(selfDemote).toMatchObject({ status: 403, body: { detail: t('admin.selfDemote') } });
  });

  it('two admins demoting each other at the same time still leave one admin', async () => {
    const x = await adminWithToken();
    // the admin left from the previous test plus x: two active admins
    const y = (await env.DB.prepare("SELECT id FROM users WHERE is_superuser = 1 AND status = 'active' AND id != ?")
      .bind(x.user.id)
      .first<{ id: number }>())!;
    const { createAccessToken } = await import('../../worker/services/tokens');
    const yRow = (await env.DB.prepare('SELECT id, token_version FROM users WHERE id = ?')
      .bind(y.id)
      .first<{ id: number; token_version: number }>())!;
    const yToken = await createAccessToken(env, yRow);
    expect(await countActiveAdmins(env.DB)).toBe(2);
    const [r1, r2] = await Promise.all([
      call(adminPaths.removeAdmin(y.id), { method: 'POST', token: x.token }),
      call(adminPaths.removeAdmin(x.user.id), { method: 'POST', token: yToken }),
    ]);
    const statuses = [r1.status, r2.status].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
    expect(await countActiveAdmins(env.DB)).toBe(1);
  });

  it('two admins deleting each other at the same time still leave one admin', async () => {
    const p = await adminWithToken();
    const q = await adminWithToken();
    // demote every other admin so p and q are the only two
    await env.DB.prepare('UPDATE users SET is_superuser = 0 WHERE id NOT IN (?, ?)').bind(p.user.id, q.user.id).run();
    const [r1, r2] = await Promise.all([
      call(adminPaths.user(q.user.id), { method: 'DELETE', token: p.token }),
      call(adminPaths.user(p.user.id), { method: 'DELETE', token: q.token }),
    ]);
    expect([r1.status, r2.status]).toContain(200);
    expect(await countActiveAdmins(env.DB)).toBe(1);
  });
});
