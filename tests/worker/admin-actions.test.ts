// The admin's account actions: approve, reject, ban and unban (docs/behaviour.md#administration).
// Roles, deletion, company, history and stats: admin-actions-accounts.test.ts.
import { describe, expect, it } from 'vitest';
import { adminPaths, pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { userActionAnswerSchema } from '../../src/core/schemas/admin';
import {
  adminWithToken,
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
import { approve, post } from './admin-helpers';

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
