import { describe, expect, it } from 'vitest';
import { API_PREFIX, adminPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { companiesAnswerSchema } from '../../src/core/schemas/admin';
import { adminWithToken, callJson, createUser, userWithToken, type CallOptions, type NewUser } from './helpers';

/** Every admin route, with a fresh target user each time (some actions are one-shot). */
const ROUTES: { name: string; make: (targetId: number) => [string, CallOptions] }[] = [
  { name: 'GET users/pending', make: () => [adminPaths.pendingUsers, {}] },
  { name: 'GET users/all', make: () => [adminPaths.allUsers, {}] },
  { name: 'POST approve', make: (id) => [adminPaths.approve(id), { json: { action: 'approve' } }] },
  {
    name: 'POST approve (reject)',
    make: (id) => [adminPaths.approve(id), { json: { action: 'reject', reason: 'No' } }],
  },
  { name: 'POST ban', make: (id) => [adminPaths.ban(id), { method: 'POST' }] },
  { name: 'POST unban', make: (id) => [adminPaths.unban(id), { method: 'POST' }] },
  { name: 'GET history', make: (id) => [adminPaths.history(id), {}] },
  { name: 'POST make-admin', make: (id) => [adminPaths.makeAdmin(id), { method: 'POST' }] },
  { name: 'POST remove-admin', make: (id) => [adminPaths.removeAdmin(id), { method: 'POST' }] },
  { name: 'DELETE user', make: (id) => [adminPaths.user(id), { method: 'DELETE' }] },
  {
    name: 'PATCH company',
    make: (id) => [adminPaths.company(id), { method: 'PATCH', json: { company: 'Altra Srl' } }],
  },
  { name: 'GET stats', make: () => [adminPaths.stats, {}] },
];

const NON_ADMINS: [string, NewUser, string][] = [
  ['pending', { status: 'pending' }, t('status.pending')],
  ['approved (unverified)', { status: 'approved' }, t('error.unverified')],
  ['rejected', { status: 'rejected' }, t('status.rejected')],
  ['banned', { status: 'banned' }, t('auth.forbidden.banned')],
  ['active user', { status: 'active' }, t('admin.forbidden')],
  ['pending superuser', { status: 'pending', is_superuser: true }, t('status.pending')],
  ['banned superuser', { status: 'banned', is_superuser: true }, t('auth.forbidden.banned')],
];

async function target(route: string): Promise<number> {
  // unban needs a banned user, remove-admin an admin: give each route a target it accepts
  if (route.includes('unban')) return (await createUser({ status: 'banned', previous_status: 'active' })).id;
  if (route.includes('remove-admin')) return (await createUser({ status: 'active', is_superuser: true })).id;
  if (route.includes('make-admin')) return (await createUser({ status: 'active' })).id;
  return (await createUser({ status: 'pending' })).id;
}

describe('admin matrix: every admin route as anonymous, each non-admin state, and admin', () => {
  describe.each(ROUTES)('$name', ({ name, make }) => {
    it('anonymous → 401 Unauthorized', async () => {
      const [path, opts] = make(await target(name));
      const { status, body } = await callJson(path, opts);
      expect(status).toBe(401);
      expect(body).toEqual({ detail: 'Unauthorized' });
    });

    it('a forged token → 401', async () => {
      const [path, opts] = make(await target(name));
      const { status } = await callJson(path, { ...opts, token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' });
      expect(status).toBe(401);
    });

    it.each(NON_ADMINS)('%s → 403 with an Italian detail', async (_label, state, detail) => {
      const { token } = await userWithToken(state);
      const id = await target(name);
      const [path, opts] = make(id);
      const { status, body } = await callJson(path, { ...opts, token });
      expect(status).toBe(403);
      expect(body).toEqual({ detail });
    });

    it('admin → 2xx', async () => {
      const { token } = await adminWithToken();
      const [path, opts] = make(await target(name));
      const { status, body } = await callJson(path, { ...opts, token });
      expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(300);
    });
  });

  it('GET companies is public: anonymous, any state and admin all read {success, companies}', async () => {
    const tokens: (string | null)[] = [
      null,
      'garbage',
      (await userWithToken({ status: 'pending' })).token,
      (await adminWithToken()).token,
    ];
    for (const token of tokens) {
      const { status, body } = await callJson(adminPaths.companies, { token });
      expect(status).toBe(200);
      companiesAnswerSchema.parse(body);
    }
  });

  it('malformed ids answer 422 {detail} to admins, unknown ones 404 (never 500); 401 to anonymous', async () => {
    const { token } = await adminWithToken();
    const malformed = ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', '%20', 'null'];
    for (const id of [...malformed, '999999']) {
      const user = `${API_PREFIX.admin}/users/${id}`;
      for (const [path, opts] of [
        [`${user}/approve`, { json: { action: 'approve' } }],
        [`${user}/history`, {}],
        [`${user}/ban`, { method: 'POST' }],
        [`${user}/unban`, { method: 'POST' }],
        [`${user}/make-admin`, { method: 'POST' }],
        [`${user}/remove-admin`, { method: 'POST' }],
        [user, { method: 'DELETE' }],
        [`${user}/company`, { method: 'PATCH', json: { company: 'Acme' } }],
      ] as [string, CallOptions][]) {
        const res = await callJson(path, { ...opts, token });
        if (malformed.includes(id)) {
          expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(422);
          expect(res.body.detail).toMatch(/^id: /);
        } else {
          expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(404);
          expect(res.body).toEqual({ detail: t('admin.userNotFound') });
        }
        expect((await callJson(path, opts)).status).toBe(401);
      }
    }
  });
});
