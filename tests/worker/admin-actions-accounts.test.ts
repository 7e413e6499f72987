// The admin's account actions: make-admin and remove-admin, deletion, the company, the history
// and the stats (docs/behaviour.md#administration). Approve, reject, ban: admin-actions.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths, API_PREFIX } from '../../src/core/api-paths';
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
  createPage,
  createUser,
  historyOf,
  rowOf,
  textPage,
  TWO_MB,
  uniqueSlug,
  userWithToken,
} from './helpers';
import { eventually } from './counting-helpers';
import { approve, post } from './admin-helpers';

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
    // a member there, Editor unless said otherwise (docs/behaviour.md#teams)
    expect(JSON.parse(entry!.details!)).toEqual({ from: 'Vecchia Srl', to: name, role: 'editor' });
    expect(res.body.user).toMatchObject({ membership: 'member', company_role: 'editor' });
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

  it('counts pages (total, visible), views and clicks, as the pages API and the counting change them', async () => {
    const admin = await adminWithToken();
    const before = await answer(await call(adminPaths.stats, { token: admin.token }), 200, statsAnswerSchema);
    expect(before).toMatchObject({
      users: expect.any(Object),
      pages: { total: expect.any(Number), visible: expect.any(Number) },
      views: expect.any(Number),
      clicks: expect.any(Number),
    });
    const slug = uniqueSlug();
    const page = await createPage(admin.token, textPage(slug));
    await createPage(admin.token, { ...textPage(uniqueSlug()), visible: false });
    await call(`${API_PREFIX.pages}/${slug}/buttons/${page.buttons[0]!.id}/click`, { method: 'POST' });
    await call(`${API_PREFIX.pages}/${slug}/buttons/${page.buttons[1]!.id}/click`, { method: 'POST' });
    await env.DB.prepare('UPDATE landing_pages SET view_page = view_page + 5 WHERE id = ?').bind(page.id).run();
    const stats = async () => answer(await call(adminPaths.stats, { token: admin.token }), 200, statsAnswerSchema);
    // the clicks reach D1 through the queue within the flush delay
    const after = await eventually(stats, (s) => s.clicks - before.clicks >= 2);
    expect(after.pages.total - before.pages.total).toBe(2);
    expect(after.pages.visible - before.pages.visible).toBe(1);
    expect(after.clicks - before.clicks).toBe(2);
    expect(after.views - before.views).toBe(5);
  });
});
