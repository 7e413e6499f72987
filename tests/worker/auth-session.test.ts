import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { userSchema } from '../../src/core/schemas/user';
import type { AppEnv } from '../../worker/env';
import { requireActive, requireAdmin, requireUser } from '../../worker/middleware/auth';
import { createResetToken, createVerifyToken } from '../../worker/services/tokens';
import { adminWithToken, call, callJson, createUser, login, rowOf, tokenFor, userWithToken } from './helpers';

const secret = () => new TextEncoder().encode(env.JWT_SECRET);

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function signed(
  claims: Record<string, unknown>,
  opts: { alg?: string; key?: Uint8Array; exp?: number | null } = {},
): Promise<string> {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: opts.alg ?? 'HS256' }).setIssuedAt();
  if (opts.exp !== null) jwt = jwt.setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 3600);
  return jwt.sign(opts.key ?? secret());
}

async function me(token: string | null) {
  return callJson('/users/me', { token });
}

describe('GET /users/me', () => {
  it('answers the current user with exactly the public fields', async () => {
    const { user, token } = await userWithToken({ status: 'active', company: 'Palco' });
    const { status, body } = await me(token);
    expect(status).toBe(200);
    expect(userSchema.strict().parse(body)).toEqual(body);
    expect(body).toMatchObject({ id: user.id, email: user.email, company: 'Palco', status: 'active' });
  });

  it('without a token, or with a non-Bearer header → 401 {"detail":"Unauthorized"}', async () => {
    expect(await me(null)).toMatchObject({ status: 401, body: { detail: 'Unauthorized' } });
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', 'bearer a.b.c', 'Token abc', 'x'.repeat(10_000)]) {
      const res = await call('/users/me', { headers: { authorization: header } });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: 'Unauthorized' });
    }
  });

  it('reads role and status from D1 on every request, never from the token', async () => {
    const { user, token } = await userWithToken({ status: 'active' });
    await env.DB.prepare("UPDATE users SET status = 'rejected', is_superuser = 1 WHERE id = ?").bind(user.id).run();
    const { body } = await me(token);
    expect(body).toMatchObject({ status: 'rejected', is_superuser: true });
  });
});

describe('forged and foreign tokens → 401', () => {
  it.each<[string, (user: { id: number }) => Promise<string>]>([
    [
      'alg none',
      async (u) =>
        `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: String(u.id), aud: 'fastapi-users:auth', ver: 0, exp: Math.floor(Date.now() / 1000) + 3600 })}.`,
    ],
    [
      'another key',
      (u) =>
        signed(
          { sub: String(u.id), aud: 'fastapi-users:auth', ver: 0 },
          { key: new TextEncoder().encode('another-secret-another-secret-another-secret') },
        ),
    ],
    [
      'HS512 with the right key (alg pinned)',
      (u) => signed({ sub: String(u.id), aud: 'fastapi-users:auth', ver: 0 }, { alg: 'HS512' }),
    ],
    [
      'expired',
      (u) =>
        signed({ sub: String(u.id), aud: 'fastapi-users:auth', ver: 0 }, { exp: Math.floor(Date.now() / 1000) - 60 }),
    ],
    ['no exp', (u) => signed({ sub: String(u.id), aud: 'fastapi-users:auth', ver: 0 }, { exp: null })],
    ['wrong audience', (u) => signed({ sub: String(u.id), aud: 'fastapi-users:other', ver: 0 })],
    ['no audience', (u) => signed({ sub: String(u.id), ver: 0 })],
    ['no token version', (u) => signed({ sub: String(u.id), aud: 'fastapi-users:auth' })],
    ['a stale token version', (u) => signed({ sub: String(u.id), aud: 'fastapi-users:auth', ver: 1 })],
    ['a non-numeric subject', () => signed({ sub: 'admin', aud: 'fastapi-users:auth', ver: 0 })],
    ['an unknown subject', () => signed({ sub: '999999999', aud: 'fastapi-users:auth', ver: 0 })],
    ['a verification token', (u) => createVerifyToken(env, { id: u.id, email: 'x@example.it' })],
    ['a reset token', (u) => createResetToken(env, { id: u.id, hashed_password: 'scrypt$x' })],
    ['garbage', () => Promise.resolve('not.a.jwt')],
  ])('%s', async (_name, make) => {
    const user = await createUser({ status: 'active' });
    const token = await make(user);
    const res = await me(token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: 'Unauthorized' });
  });

  it('a token whose subject was altered (signature kept) is refused', async () => {
    const victim = await createUser({ status: 'active', is_superuser: true });
    const attacker = await createUser({ status: 'active' });
    const token = await tokenFor(attacker);
    const [h, p, s] = token.split('.') as [string, string, string];
    const payload = JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/')));
    const forged = `${h}.${b64url({ ...payload, sub: String(victim.id) })}.${s}`;
    expect((await me(forged)).status).toBe(401);
    expect((await me(token)).status).toBe(200); // the original still works
  });
});

describe('POST /auth/jwt/logout', () => {
  it('answers 204 and the token stops working; a new login works', async () => {
    const user = await createUser({ status: 'active' });
    const token = await login(user.email);
    const other = await login(user.email);
    const res = await call('/auth/jwt/logout', { method: 'POST', token });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await me(token)).status).toBe(401);
    // the version is per user: every session of the account ends (logout everywhere)
    expect((await me(other)).status).toBe(401);
    expect((await call('/auth/jwt/logout', { method: 'POST', token })).status).toBe(401);
    expect((await rowOf(user.id))?.token_version).toBe(1);
    const again = await login(user.email);
    expect((await me(again)).status).toBe(200);
  });

  it('works for every status (pending, rejected, banned) and 401 without a token', async () => {
    for (const status of ['pending', 'rejected', 'banned', 'approved'] as const) {
      const { token } = await userWithToken({ status });
      expect((await call('/auth/jwt/logout', { method: 'POST', token })).status).toBe(204);
      expect((await me(token)).status).toBe(401);
    }
    expect((await call('/auth/jwt/logout', { method: 'POST' })).status).toBe(401);
  });

  it('a deleted user’s token stops working', async () => {
    const { token: adminToken } = await adminWithToken();
    const { user, token } = await userWithToken({ status: 'active' });
    expect((await me(token)).status).toBe(200);
    expect((await call(adminPaths.user(user.id), { method: 'DELETE', token: adminToken })).status).toBe(200);
    expect(await me(token)).toMatchObject({ status: 401, body: { detail: 'Unauthorized' } });
  });
});

describe('requireUser / requireActive / requireAdmin', () => {
  const app = new Hono<AppEnv>()
    .get('/user', requireUser, (c) => c.json({ id: c.get('user').id }))
    .get('/active', requireActive, (c) => c.json({ id: c.get('user').id }))
    .get('/admin', requireAdmin, (c) => c.json({ id: c.get('user').id }));
  app.onError((err, c) => ('res' in err && err.res instanceof Response ? err.res : c.json({ detail: 'boom' }, 500)));

  async function get(path: string, token: string | null) {
    const res = await app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} }, env);
    return { status: res.status, body: (await res.json()) as { detail?: unknown; id?: number } };
  }

  it.each([
    ['pending', t('status.pending')],
    ['approved', t('error.unverified')],
    ['rejected', t('status.rejected')],
    ['banned', t('auth.forbidden.banned')],
  ] as const)(
    'a %s user: requireUser ok, requireActive and requireAdmin 403 with the Italian detail',
    async (status, detail) => {
      const { user, token } = await userWithToken({ status });
      expect(await get('/user', token)).toEqual({ status: 200, body: { id: user.id } });
      expect(await get('/active', token)).toEqual({ status: 403, body: { detail } });
      expect(await get('/admin', token)).toEqual({ status: 403, body: { detail } });
    },
  );

  it('an active user with is_active false is refused by requireActive', async () => {
    const { token } = await userWithToken({ status: 'active', is_active: false });
    expect(await get('/active', token)).toEqual({ status: 403, body: { detail: t('auth.forbidden.inactive') } });
  });

  it('an active non-admin passes requireActive, not requireAdmin; an active admin passes both', async () => {
    const { user, token } = await userWithToken({ status: 'active' });
    expect((await get('/active', token)).status).toBe(200);
    expect(await get('/admin', token)).toEqual({ status: 403, body: { detail: t('admin.forbidden') } });
    const admin = await adminWithToken();
    expect(await get('/admin', admin.token)).toEqual({ status: 200, body: { id: admin.user.id } });
    expect(user.id).not.toBe(admin.user.id);
  });

  it('anonymous → 401 everywhere', async () => {
    for (const path of ['/user', '/active', '/admin']) {
      expect(await get(path, null)).toEqual({ status: 401, body: { detail: 'Unauthorized' } });
    }
  });

  it('a demotion takes effect at once on a token issued before; a ban ends that token', async () => {
    const admin = await adminWithToken();
    const keeper = await adminWithToken();
    expect((await get('/admin', admin.token)).status).toBe(200);
    await call(adminPaths.removeAdmin(admin.user.id), { method: 'POST', token: keeper.token });
    expect((await get('/admin', admin.token)).status).toBe(403);
    expect((await get('/active', admin.token)).status).toBe(200);
    await call(adminPaths.ban(admin.user.id), { method: 'POST', token: keeper.token });
    expect((await get('/active', admin.token)).status).toBe(401);
    expect((await get('/user', admin.token)).status).toBe(401);
    // a session opened after the ban is the banned one: /users/me only
    const fresh = await tokenFor(admin.user);
    expect((await get('/user', fresh)).status).toBe(200);
    expect((await get('/active', fresh)).status).toBe(403);
  });
});
