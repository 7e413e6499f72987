import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { adminWithToken, callJson, createUser, userWithToken, type CallOptions, type NewUser } from './helpers';

/** Every admin route, with a fresh target user each time (some actions are one-shot). */
const ROUTES: { name: string; make: (targetId: number) => [string, CallOptions] }[] = [
  { name: 'GET users/pending', make: () => ['/api/admin/users/pending', {}] },
  { name: 'GET users/all', make: () => ['/api/admin/users/all', {}] },
  { name: 'POST approve', make: (id) => [`/api/admin/users/${id}/approve`, { json: { action: 'approve' } }] },
  {
    name: 'POST approve (reject)',
    make: (id) => [`/api/admin/users/${id}/approve`, { json: { action: 'reject', reason: 'No' } }],
  },
  { name: 'POST ban', make: (id) => [`/api/admin/users/${id}/ban`, { method: 'POST' }] },
  { name: 'POST unban', make: (id) => [`/api/admin/users/${id}/unban`, { method: 'POST' }] },
  { name: 'GET history', make: (id) => [`/api/admin/users/${id}/history`, {}] },
  { name: 'POST make-admin', make: (id) => [`/api/admin/users/${id}/make-admin`, { method: 'POST' }] },
  { name: 'POST remove-admin', make: (id) => [`/api/admin/users/${id}/remove-admin`, { method: 'POST' }] },
  { name: 'DELETE user', make: (id) => [`/api/admin/users/${id}`, { method: 'DELETE' }] },
  {
    name: 'PATCH company',
    make: (id) => [`/api/admin/users/${id}/company`, { method: 'PATCH', json: { company: 'Altra Srl' } }],
  },
  { name: 'GET stats', make: () => ['/api/admin/stats', {}] },
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
      const { status, body } = await callJson('/api/admin/companies', { token });
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(Array.isArray(body.companies)).toBe(true);
    }
  });

  it('bad ids answer 404 to admins (never 500), 401 to anonymous', async () => {
    const { token } = await adminWithToken();
    for (const id of ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', '999999', '%20', 'null']) {
      for (const [path, opts] of [
        [`/api/admin/users/${id}/approve`, { json: { action: 'approve' } }],
        [`/api/admin/users/${id}/history`, {}],
        [`/api/admin/users/${id}/ban`, { method: 'POST' }],
        [`/api/admin/users/${id}/make-admin`, { method: 'POST' }],
        [`/api/admin/users/${id}`, { method: 'DELETE' }],
        [`/api/admin/users/${id}/company`, { method: 'PATCH', json: { company: 'Acme' } }],
      ] as [string, CallOptions][]) {
        const res = await callJson(path, { ...opts, token });
        expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(404);
        expect(res.body).toEqual({ detail: t('admin.userNotFound') });
        expect((await callJson(path, opts)).status).toBe(401);
      }
    }
  });
});
