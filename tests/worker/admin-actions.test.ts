import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths, pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import {
  companiesAnswerSchema,
  historyAnswerSchema,
  statsAnswerSchema,
  userActionAnswerSchema,
} from '../../src/core/schemas/admin';
import { successAnswerSchema } from '../../src/core/schemas/success';
import {
  adminWithToken,
  answer,
  call,
  callJson,
  createUser,
  historyOf,
  login,
  mailbox,
  rowOf,
  statusAtLogin,
  TWO_MB,
  userWithToken,
} from './helpers';

/** An action on one account: a success answers the changed account, as its schema says. */
async function checked<T>(answer: Promise<{ status: number; body: T; res: Response }>) {
  const res = await answer;
  if (res.status === 200) userActionAnswerSchema.parse(res.body);
  return res;
}
const approve = (id: number, token: string, json: unknown = { action: 'approve' }) =>
  checked(callJson(adminPaths.approve(id), { token, json }));
const post = (path: string, token: string, json?: unknown) =>
  checked(callJson(path, json === undefined ? { method: 'POST', token } : { token, json }));

describe('POST /api/admin/users/{id}/approve — approve', () => {
  it('pending → approved, answers {success, user}, mails the verification link, writes history', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'pending' });
    const { status, body } = await approve(user.id, admin.token);
    expect(status).toBe(200);
    expect(userActionAnswerSchema.strict().parse(body)).toEqual(body);
    expect(body.user).toMatchObject({ id: user.id, status: 'approved', is_active: true, is_verified: false });
    const mails = await mailbox(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links[0]).toMatch(/^http:\/\/localhost:8787\/verify-email\?token=/);
    const [entry] = (await historyOf(user.id)).filter((h) => h.action === 'approved');
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      from_status: 'pending',
      to_status: 'approved',
      reason: null,
    });
  });

  it('a rejected user can be approved after all; an approved one gets a fresh link', async () => {
    const admin = await adminWithToken();
    const rejected = await createUser({ status: 'rejected' });
    expect((await approve(rejected.id, admin.token)).body.user.status).toBe('approved');
    expect((await approve(rejected.id, admin.token)).status).toBe(200);
    expect(await mailbox(rejected.email)).toHaveLength(2);
  });

  it.each(['active', 'banned'] as const)('a %s user cannot be approved → 400 Italian', async (status) => {
    const admin = await adminWithToken();
    const user = await createUser({ status });
    const { status: code, body } = await approve(user.id, admin.token);
    expect(code).toBe(400);
    expect(body).toEqual({ detail: t('admin.cannotApprove') });
    expect((await rowOf(user.id))?.status).toBe(status);
    expect(await mailbox(user.email)).toHaveLength(0);
  });
});

describe('POST /api/admin/users/{id}/approve — reject', () => {
  it('pending → rejected with the reason in the history and the mail', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'pending' });
    const { status, body } = await approve(user.id, admin.token, { action: 'reject', reason: '  Dati incompleti ' });
    expect(status).toBe(200);
    expect(body.user.status).toBe('rejected');
    const [entry] = (await historyOf(user.id)).filter((h) => h.action === 'rejected');
    expect(entry).toMatchObject({
      actor_id: admin.user.id,
      from_status: 'pending',
      to_status: 'rejected',
      reason: 'Dati incompleti',
    });
    const [mail] = await mailbox(user.email);
    expect(mail?.subject).toBe(t('mail.rejected.subject'));
    expect(mail?.text).toContain('Dati incompleti');
    // the rejected user keeps a session for /users/me (the guard screen)
    expect(await statusAtLogin(user.email)).toBe('rejected');
  });

  it('the reason is optional (absent, null or empty → null)', async () => {
    const admin = await adminWithToken();
    for (const json of [{ action: 'reject' }, { action: 'reject', reason: null }, { action: 'reject', reason: '' }]) {
      const user = await createUser({ status: 'approved' });
      const { status } = await approve(user.id, admin.token, json);
      expect(status).toBe(200);
      const [entry] = (await historyOf(user.id)).filter((h) => h.action === 'rejected');
      expect(entry?.reason).toBeNull();
      expect(entry?.from_status).toBe('approved');
    }
  });

  it.each(['active', 'banned', 'rejected'] as const)('a %s user cannot be rejected → 400', async (status) => {
    const admin = await adminWithToken();
    const user = await createUser({ status });
    const res = await approve(user.id, admin.token, { action: 'reject' });
    expect(res).toMatchObject({ status: 400, body: { detail: t('admin.cannotReject') } });
  });

  it('an admin cannot reject themselves → 403', async () => {
    const admin = await adminWithToken();
    const res = await approve(admin.user.id, admin.token, { action: 'reject' });
    expect(res).toMatchObject({ status: 403, body: { detail: t('admin.selfReject') } });
  });

  it.each<[string, unknown]>([
    ['an empty object', {}],
    ['an unknown action', { action: 'maybe' }],
    ['a numeric action', { action: 1 }],
    ['a numeric reason', { action: 'reject', reason: 5 }],
    ['an array', [{ action: 'approve' }]],
    ['null', null],
  ])('%s → 422', async (_name, json) => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'pending' });
    const res = await approve(user.id, admin.token, json);
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
    expect((await rowOf(user.id))?.status).toBe('pending');
  });

  it('a 2 MB reason → 413, over the body limit', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'pending' });
    const res = await approve(user.id, admin.token, { action: 'reject', reason: TWO_MB });
    expect(res).toMatchObject({ status: 413, body: { detail: t('request.bodyTooLarge') } });
    expect((await rowOf(user.id))?.status).toBe('pending');
  });

  it('no body, bad JSON → 422', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'pending' });
    expect((await call(adminPaths.approve(user.id), { method: 'POST', token: admin.token })).status).toBe(422);
    const bad = await call(adminPaths.approve(user.id), {
      method: 'POST',
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      body: '{"action":',
    });
    expect(bad.status).toBe(422);
  });
});

describe('ban and unban', () => {
  it('ban: any state → banned with is_active false; a new session keeps only /users/me; unban restores the previous state', async () => {
    const admin = await adminWithToken();
    const { user } = await userWithToken({ status: 'active', company: 'Acme Eventi' });
    const ban = await post(adminPaths.ban(user.id), admin.token, { reason: 'Spam' });
    expect(ban.status).toBe(200);
    expect(ban.body.user).toMatchObject({ status: 'banned', is_active: false });
    expect(await rowOf(user.id)).toMatchObject({ previous_status: 'active', is_active: 0 });
    const token = await login(user.email);
    expect((await callJson('/users/me', { token })).body.status).toBe('banned');
    expect((await callJson(pagePaths.list, { token })).status).toBe(403);

    const unban = await post(adminPaths.unban(user.id), admin.token);
    expect(unban.status).toBe(200);
    expect(unban.body.user).toMatchObject({ status: 'active', is_active: true, is_verified: true });
    expect((await rowOf(user.id))?.previous_status).toBeNull();

    const actions = (await historyOf(user.id)).map((h) => [h.action, h.from_status, h.to_status, h.reason]);
    expect(actions).toEqual([
      ['banned', 'active', 'banned', 'Spam'],
      ['unbanned', 'banned', 'active', null],
    ]);
  });

  it('a ban ends every session issued before it for good; a login while banned sees the suspension', async () => {
    const admin = await adminWithToken();
    const { user, token: before } = await userWithToken({ status: 'active' });
    expect((await callJson('/users/me', { token: before })).status).toBe(200);
    await post(adminPaths.ban(user.id), admin.token);
    // the old session is gone, not merely refused: /users/me too answers 401 (the client goes to /login)
    expect(await callJson('/users/me', { token: before })).toMatchObject({
      status: 401,
      body: { detail: 'Unauthorized' },
    });
    expect((await callJson(pagePaths.list, { token: before })).status).toBe(401);
    // logging in again works and shows the status the guard turns into 'Account Sospeso'
    const during = await login(user.email);
    expect((await callJson('/users/me', { token: during })).body).toMatchObject({ status: 'banned', is_active: false });
    expect(await callJson(pagePaths.list, { token: during })).toMatchObject({
      status: 403,
      body: { detail: t('auth.forbidden.banned') },
    });

    await post(adminPaths.unban(user.id), admin.token);
    // neither the session of before the ban nor the one opened during it comes back: a fresh login
    for (const token of [before, during]) {
      expect((await callJson('/users/me', { token })).status).toBe(401);
      expect((await callJson(pagePaths.list, { token })).status).toBe(401);
    }
    const after = await login(user.email);
    expect((await callJson(pagePaths.list, { token: after })).status).toBe(200);
  });

  it.each(['pending', 'approved', 'rejected'] as const)('unban brings a %s user back to %s', async (status) => {
    const admin = await adminWithToken();
    const user = await createUser({ status });
    await post(adminPaths.ban(user.id), admin.token);
    const { body } = await post(adminPaths.unban(user.id), admin.token);
    expect(body.user.status).toBe(status);
    expect(body.user.is_active).toBe(true);
  });

  it('a banned user without a remembered state is unbanned to pending', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'banned', previous_status: null });
    expect((await post(adminPaths.unban(user.id), admin.token)).body.user.status).toBe('pending');
  });

  it('ban twice → 400; unban a user who is not banned → 400; ban yourself → 403', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'active' });
    expect((await post(adminPaths.unban(user.id), admin.token)).body).toEqual({
      detail: t('admin.notBanned'),
    });
    await post(adminPaths.ban(user.id), admin.token);
    const twice = await post(adminPaths.ban(user.id), admin.token);
    expect(twice).toMatchObject({ status: 400, body: { detail: t('admin.alreadyBanned') } });
    const self = await post(adminPaths.ban(admin.user.id), admin.token);
    expect(self).toMatchObject({ status: 403, body: { detail: t('admin.selfBan') } });
  });

  it('bad ban bodies → 422, a 2 MB one → 413 (the body itself is optional)', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'active' });
    const path = adminPaths.ban(user.id);
    for (const body of ['{', '[1]', '"x"', JSON.stringify({ reason: 5 })]) {
      const res = await call(path, {
        method: 'POST',
        token: admin.token,
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(res.status, body.slice(0, 20)).toBe(422);
    }
    const huge = JSON.stringify({ reason: TWO_MB });
    const over = await call(path, {
      method: 'POST',
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      body: huge,
    });
    expect(over.status).toBe(413);
    expect((await rowOf(user.id))?.status).toBe('active');
    expect((await post(path, admin.token, {})).status).toBe(200);
  });
});

describe('make-admin and remove-admin', () => {
  it('promotes an active or approved user and demotes them again, with history', async () => {
    const admin = await adminWithToken();
    for (const status of ['active', 'approved'] as const) {
      const { user, token } = await userWithToken({ status });
      const made = await post(adminPaths.makeAdmin(user.id), admin.token);
      expect(made.status).toBe(200);
      expect(made.body.user.is_superuser).toBe(true);
      if (status === 'active') expect((await callJson(adminPaths.stats, { token })).status).toBe(200);
      const removed = await post(adminPaths.removeAdmin(user.id), admin.token);
      expect(removed.body.user.is_superuser).toBe(false);
      expect((await callJson(adminPaths.stats, { token })).status).toBe(403);
      const actions = (await historyOf(user.id)).map((h) => [h.action, h.actor_id]);
      expect(actions).toEqual([
        ['made_admin', admin.user.id],
        ['removed_admin', admin.user.id],
      ]);
    }
  });

  it.each(['pending', 'rejected', 'banned'] as const)('a %s user cannot be promoted → 400', async (status) => {
    const admin = await adminWithToken();
    const user = await createUser({ status });
    const res = await post(adminPaths.makeAdmin(user.id), admin.token);
    expect(res).toMatchObject({ status: 400, body: { detail: t('admin.makeAdminNotApproved') } });
    expect((await rowOf(user.id))?.is_superuser).toBe(0);
  });

  it('promoting an admin or demoting a non-admin changes nothing (200, no history)', async () => {
    const admin = await adminWithToken();
    const other = await createUser({ status: 'active', is_superuser: true });
    const plain = await createUser({ status: 'active' });
    expect((await post(adminPaths.makeAdmin(other.id), admin.token)).body.user.is_superuser).toBe(true);
    expect((await post(adminPaths.removeAdmin(plain.id), admin.token)).body.user.is_superuser).toBe(false);
    expect(await historyOf(other.id)).toEqual([]);
    expect(await historyOf(plain.id)).toEqual([]);
  });

  it('an admin cannot demote themselves → 403', async () => {
    const admin = await adminWithToken();
    await createUser({ status: 'active', is_superuser: true }); // not the last one: the self rule speaks
    const res = await post(adminPaths.removeAdmin(admin.user.id), admin.token);
    expect(res).toMatchObject({ status: 403, body: { detail: t('admin.selfDemote') } });
    expect((await rowOf(admin.user.id))?.is_superuser).toBe(1);
  });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes the user (answer {success: true}), keeps the history as the audit trail', async () => {
    const admin = await adminWithToken();
    const { user, token } = await userWithToken({ status: 'active' });
    const res = await callJson(adminPaths.user(user.id), { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect(successAnswerSchema.strict().parse(res.body)).toEqual({ success: true });
    expect(await rowOf(user.id)).toBeNull();
    expect((await callJson('/users/me', { token })).status).toBe(401);
    const [entry] = await historyOf(user.id);
    expect(entry).toMatchObject({ action: 'deleted', actor_id: admin.user.id, from_status: 'active' });
    expect(JSON.parse(entry!.details!)).toEqual({ email: user.email });
    // the address is free again
    const again = await callJson('/auth/register', {
      json: { email: user.email, password: 'Segreta123', company: 'Ritorno Srl' },
    });
    expect(again.status).toBe(201);
    // a second delete is a 404
    expect((await callJson(adminPaths.user(user.id), { method: 'DELETE', token: admin.token })).status).toBe(404);
  });

  it('an admin cannot delete themselves → 403; another admin can be deleted', async () => {
    const admin = await adminWithToken();
    const other = await adminWithToken();
    const self = await callJson(adminPaths.user(admin.user.id), { method: 'DELETE', token: admin.token });
    expect(self).toMatchObject({ status: 403, body: { detail: t('admin.selfDelete') } });
    const res = await callJson(adminPaths.user(other.user.id), { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect((await callJson(adminPaths.stats, { token: other.token })).status).toBe(401);
  });
});

describe('PATCH /api/admin/users/{id}/company', () => {
  it('moves the user to a company, creating it when new and reusing the stored spelling', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'active', company: 'Vecchia Srl' });
    const name = `Nuova Company ${Date.now()}`;
    const res = await callJson(adminPaths.company(user.id), {
      method: 'PATCH',
      token: admin.token,
      json: { company: ` ${name} ` },
    });
    expect(res.status).toBe(200);
    expect(userActionAnswerSchema.parse(res.body).user.company).toBe(name);
    expect(companiesAnswerSchema.parse((await callJson(adminPaths.companies)).body).companies).toContain(name);
    const other = await createUser({ status: 'active' });
    const same = await callJson(adminPaths.company(other.id), {
      method: 'PATCH',
      token: admin.token,
      json: { company: name.toLowerCase() },
    });
    expect(same.body.user.company).toBe(name);
    const [entry] = await historyOf(user.id);
    expect(entry?.action).toBe('company_changed');
    expect(JSON.parse(entry!.details!)).toEqual({ from: 'Vecchia Srl', to: name });
    // the same company again changes nothing
    await callJson(adminPaths.company(user.id), {
      method: 'PATCH',
      token: admin.token,
      json: { company: name },
    });
    expect(await historyOf(user.id)).toHaveLength(1);
  });

  it.each<[string, unknown, string]>([
    ['no company', {}, t('validation.company.required')],
    ['an empty company', { company: '  ' }, t('validation.company.required')],
    ['a one-letter company', { company: 'A' }, t('validation.company.min')],
    ['a numeric company', { company: 12 }, t('validation.company.required')],
  ])('%s → 422 with the Italian message', async (_name, json, message) => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'active' });
    const res = await callJson(adminPaths.company(user.id), { method: 'PATCH', token: admin.token, json });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(`company: ${message}`);
  });

  it('a 2 MB company → 413 (over the body limit), bad JSON → 422', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'active' });
    const path = adminPaths.company(user.id);
    expect((await callJson(path, { method: 'PATCH', token: admin.token, json: { company: TWO_MB } })).status).toBe(413);
    const bad = await call(path, {
      method: 'PATCH',
      token: admin.token,
      headers: { 'content-type': 'application/json' },
      body: '{"company"',
    });
    expect(bad.status).toBe(422);
  });
});

describe('GET /api/admin/users/{id}/history', () => {
  it('answers {history: [...]} newest first with the actor e-mail; null once the actor is gone', async () => {
    const admin = await adminWithToken();
    const second = await adminWithToken();
    const reg = await callJson('/auth/register', {
      json: { email: `storia.${Date.now()}@example.it`, password: 'Segreta123', company: 'Storia Srl' },
    });
    const id = reg.body.id as number;
    await approve(id, admin.token, { action: 'reject', reason: 'Incompleto' });
    await approve(id, second.token);
    const res = await call(adminPaths.history(id), { token: admin.token });
    const body = await answer(res, 200, historyAnswerSchema.strict());
    expect(body.history.map((h) => h.action)).toEqual(['approved', 'rejected', 'registered']);
    expect(body.history[0]).toEqual({
      id: expect.any(Number),
      action: 'approved',
      from_status: 'rejected',
      to_status: 'approved',
      reason: null,
      details: null,
      actor_id: second.user.id,
      actor_email: second.user.email,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(body.history[1]).toMatchObject({ reason: 'Incompleto', actor_email: admin.user.email });
    expect(body.history[2]).toMatchObject({ actor_id: null, actor_email: null, to_status: 'pending' });

    await callJson(adminPaths.user(second.user.id), { method: 'DELETE', token: admin.token });
    const after = historyAnswerSchema.parse((await callJson(adminPaths.history(id), { token: admin.token })).body);
    expect(after.history[0]).toMatchObject({ actor_id: second.user.id, actor_email: null });
  });
});

describe('GET /api/admin/stats', () => {
  it('counts users per status: {users: {pending, approved, active, rejected, banned, total}}', async () => {
    const admin = await adminWithToken();
    const before = await answer(await call(adminPaths.stats, { token: admin.token }), 200, statsAnswerSchema);
    expect(Object.keys(before.users).sort()).toEqual(['active', 'approved', 'banned', 'pending', 'rejected', 'total']);
    const add = { pending: 3, approved: 2, active: 1, rejected: 2, banned: 1 } as const;
    for (const [status, n] of Object.entries(add)) {
      for (let i = 0; i < n; i++) await createUser({ status: status as keyof typeof add });
    }
    const after = await answer(await call(adminPaths.stats, { token: admin.token }), 200, statsAnswerSchema);
    for (const [status, n] of Object.entries(add)) {
      const key = status as keyof typeof add;
      expect(after.users[key] - before.users[key]).toBe(n);
    }
    expect(after.users.total - before.users.total).toBe(9);
    const { n } = (await env.DB.prepare('SELECT COUNT(*) AS n FROM users').first<{ n: number }>())!;
    expect(after.users.total).toBe(n);
  });
});
