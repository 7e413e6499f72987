import { env } from 'cloudflare:test';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { adminPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { userActionAnswerSchema } from '../../src/core/schemas/admin';
import { userSchema } from '../../src/core/schemas/user';
import { MAIL_MAX_PER_WINDOW } from '../../worker/services/mail';
import { createAccessToken, createResetToken, createVerifyToken } from '../../worker/services/tokens';
import * as w from './helpers';

const APP_URL = 'http://localhost:8787';

describe('registration → approval → verification, end to end through the dev mailbox', () => {
  it('walks the whole path and lands active and verified', async () => {
    const email = w.uniqueEmail('Flusso');
    const reg = await w.callJson('/auth/register', {
      json: { email, password: w.PASSWORD, full_name: 'Anna Verdi', company: 'Teatro Blu' },
    });
    expect(reg.status).toBe(201);
    const { id } = userSchema.parse(reg.body);

    expect(await w.statusAtLogin(email)).toBe('pending');

    const admin = await w.adminWithToken();
    const approve = await w.callJson(adminPaths.approve(id), {
      token: admin.token,
      json: { action: 'approve' },
    });
    expect(approve.status).toBe(200);
    expect(userActionAnswerSchema.parse(approve.body).user).toMatchObject({ status: 'approved', is_verified: false });

    const [mail] = await w.mailbox(email);
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(email.toLowerCase());
    expect(mail!.subject).toBe(t('mail.verify.subject'));
    expect(mail!.text).toContain('Anna Verdi');
    expect(mail!.links).toHaveLength(1);
    expect(mail!.links[0]).toMatch(new RegExp(`^${APP_URL}/verify-email\\?token=`));
    expect(mail!.status).toBe('sent');

    // the approved, unverified user logs in (the client shows the 'non verificato' error)
    expect(await w.statusAtLogin(email)).toBe('approved');

    // the link itself redirects to /w.login keeping the token
    const link = new URL(mail!.links[0]!);
    const redirect = await w.call(`${link.pathname}${link.search}`);
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`/login${link.search}`);

    const token = link.searchParams.get('token')!;
    const verify = await w.callJson('/auth/verify', { json: { token } });
    expect(verify.status).toBe(200);
    expect(userSchema.parse(verify.body)).toMatchObject({ id, status: 'active', is_verified: true, is_active: true });

    const again = await w.callJson('/auth/verify', { json: { token } });
    expect(again).toMatchObject({ status: 400, body: { detail: 'VERIFY_USER_ALREADY_VERIFIED' } });

    expect(await w.statusAtLogin(email)).toBe('active');
    // a verification token never opens a session
    expect((await w.callJson('/users/me', { token })).status).toBe(401);

    const history = await w.historyOf(id);
    expect(history.map((h) => h.action)).toEqual(['registered', 'approved', 'verified']);
    expect(history[1]).toMatchObject({ actor_id: admin.user.id, from_status: 'pending', to_status: 'approved' });
    expect(history[2]).toMatchObject({ actor_id: id, from_status: 'approved', to_status: 'active' });
  });
});

describe('POST /auth/verify', () => {
  it.each<[string, (u: { id: number; email: string }) => Promise<string>]>([
    ['garbage', async () => 'abc'],
    ['a session token', (u) => createAccessToken(env, { id: u.id, token_version: 0 })],
    ['a reset token', (u) => createResetToken(env, { id: u.id, hashed_password: 'x' })],
    [
      'another key',
      (u) =>
        new SignJWT({ email: u.email })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(u.id))
          .setAudience('fastapi-users:verify')
          .setExpirationTime('1h')
          .sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
    ],
    [
      'an expired token',
      (u) =>
        new SignJWT({ email: u.email })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(u.id))
          .setAudience('fastapi-users:verify')
          .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
          .sign(new TextEncoder().encode(env.JWT_SECRET)),
    ],
    ['a token for another e-mail', (u) => createVerifyToken(env, { id: u.id, email: 'altro@example.it' })],
    ['a token for a deleted user', () => createVerifyToken(env, { id: 987654, email: 'x@example.it' })],
  ])('%s → 400 VERIFY_USER_BAD_TOKEN', async (_name, make) => {
    const user = await w.createUser({ status: 'approved' });
    const { status, body } = await w.callJson('/auth/verify', { json: { token: await make(user) } });
    expect(status).toBe(400);
    expect(body).toEqual({ detail: 'VERIFY_USER_BAD_TOKEN' });
    expect((await w.rowOf(user.id))?.status).toBe('approved');
  });

  it.each(['pending', 'rejected', 'banned'] as const)(
    'a %s user cannot verify (only approved can) → VERIFY_USER_BAD_TOKEN',
    async (status) => {
      const user = await w.createUser({ status });
      const token = await createVerifyToken(env, user);
      const { status: code, body } = await w.callJson('/auth/verify', { json: { token } });
      expect(code).toBe(400);
      expect(body.detail).toBe('VERIFY_USER_BAD_TOKEN');
      expect((await w.rowOf(user.id))?.status).toBe(status);
    },
  );

  it('an active user → VERIFY_USER_ALREADY_VERIFIED', async () => {
    const user = await w.createUser({ status: 'active' });
    const { status, body } = await w.callJson('/auth/verify', { json: { token: await createVerifyToken(env, user) } });
    expect(status).toBe(400);
    expect(body.detail).toBe('VERIFY_USER_ALREADY_VERIFIED');
  });

  it('the e-mail in the token matches ignoring case', async () => {
    const user = await w.createUser({ status: 'approved' });
    const token = await createVerifyToken(env, { id: user.id, email: user.email.toUpperCase() });
    expect((await w.callJson('/auth/verify', { json: { token } })).status).toBe(200);
  });

  it.each<[string, () => Promise<Response>]>([
    ['no body', () => w.call('/auth/verify', { method: 'POST' })],
    [
      'bad JSON',
      () => w.call('/auth/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ],
    ['a numeric token', () => w.call('/auth/verify', { json: { token: 5 } })],
  ])('%s → 422', async (_name, send) => {
    expect((await send()).status).toBe(422);
  });

  it('a 2 MB token → 413, over the body limit', async () => {
    const res = await w.call('/auth/verify', { json: { token: w.TWO_MB } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'La richiesta è troppo grande' });
  });
});

describe('POST /auth/request-verify-token', () => {
  it('always 202; only an approved, unverified user gets a new link', async () => {
    const approved = await w.createUser({ status: 'approved' });
    const others = await Promise.all(
      (['pending', 'active', 'rejected', 'banned'] as const).map((status) => w.createUser({ status })),
    );
    for (const user of [approved, ...others]) {
      const res = await w.call('/auth/request-verify-token', {
        json: { email: user.email.toUpperCase() },
        settle: true,
      });
      expect(res.status).toBe(202);
    }
    expect((await w.call('/auth/request-verify-token', { json: { email: w.uniqueEmail('nessuno') } })).status).toBe(
      202,
    );
    expect((await w.call('/auth/request-verify-token', { json: { email: 'non-una-email' } })).status).toBe(202);
    expect(await w.mailbox(approved.email)).toHaveLength(1);
    for (const user of others) expect(await w.mailbox(user.email)).toHaveLength(0);
    const token = await w.tokenFromMail(approved.email, '/verify-email');
    expect((await w.callJson('/auth/verify', { json: { token } })).body.status).toBe('active');
  });

  it(`sends at most ${MAIL_MAX_PER_WINDOW} links per address per window (still 202)`, async () => {
    const user = await w.createUser({ status: 'approved' });
    for (let i = 0; i < MAIL_MAX_PER_WINDOW + 2; i++) {
      expect((await w.call('/auth/request-verify-token', { json: { email: user.email }, settle: true })).status).toBe(
        202,
      );
    }
    expect(await w.mailbox(user.email)).toHaveLength(MAIL_MAX_PER_WINDOW);
  });

  it('bad bodies → 422, a 2 MB one → 413', async () => {
    expect((await w.call('/auth/request-verify-token', { method: 'POST' })).status).toBe(422);
    expect((await w.call('/auth/request-verify-token', { json: { email: 1 } })).status).toBe(422);
    expect((await w.call('/auth/request-verify-token', { json: { email: w.TWO_MB } })).status).toBe(413);
  });
});

describe('forgot and reset password', () => {
  it('forgot-password always answers 202 and mails a /reset-password link to a known account', async () => {
    const user = await w.createUser({ status: 'active' });
    const known = await w.call('/auth/forgot-password', {
      json: { email: ` ${user.email.toUpperCase()} ` },
      settle: true,
    });
    const unknown = await w.call('/auth/forgot-password', { json: { email: w.uniqueEmail('nessuno') } });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const [mail] = await w.mailbox(user.email);
    expect(mail?.subject).toBe(t('mail.reset.subject'));
    expect(mail?.links[0]).toMatch(new RegExp(`^${APP_URL}/reset-password\\?token=`));
  });

  it('a banned account gets no reset mail (still 202)', async () => {
    const user = await w.createUser({ status: 'banned' });
    expect((await w.call('/auth/forgot-password', { json: { email: user.email }, settle: true })).status).toBe(202);
    expect(await w.mailbox(user.email)).toHaveLength(0);
  });

  it('resets the password end to end: new password works, old fails, old sessions die, the token dies', async () => {
    const user = await w.createUser({ status: 'active' });
    const oldSession = await w.login(user.email);
    await w.call('/auth/forgot-password', { json: { email: user.email }, settle: true });
    const token = await w.tokenFromMail(user.email, '/reset-password');

    // a reset token never opens a session
    expect((await w.callJson('/users/me', { token })).status).toBe(401);

    const weak = await w.callJson('/auth/reset-password', { json: { token, password: 'debole' } });
    expect(weak).toMatchObject({
      status: 400,
      body: { detail: { code: 'RESET_PASSWORD_INVALID_PASSWORD', reason: t('validation.password.min') } },
    });
    const noUpper = await w.callJson('/auth/reset-password', { json: { token, password: 'nuovapassword1' } });
    expect(noUpper.body.detail).toEqual({
      code: 'RESET_PASSWORD_INVALID_PASSWORD',
      reason: t('validation.password.pattern'),
    });

    const ok = await w.callJson('/auth/reset-password', { json: { token, password: 'NuovaPass456' } });
    expect(ok.status).toBe(200);

    expect((await w.callJson('/users/me', { token: oldSession })).status).toBe(401);
    const bad = await w.callJson('/auth/jwt/login', { form: { username: user.email, password: w.PASSWORD } });
    expect(bad.body.detail).toBe('LOGIN_BAD_CREDENTIALS');
    await w.login(user.email, 'NuovaPass456');

    const reuse = await w.callJson('/auth/reset-password', { json: { token, password: 'AltraPass789' } });
    expect(reuse).toMatchObject({ status: 400, body: { detail: 'RESET_PASSWORD_BAD_TOKEN' } });
    expect((await w.historyOf(user.id)).map((h) => h.action)).toContain('password_reset');
  });

  it('an older reset link dies once the password changed through a newer one', async () => {
    const user = await w.createUser({ status: 'active' });
    const first = await createResetToken(env, user);
    const second = await createResetToken(env, user);
    expect(
      (await w.callJson('/auth/reset-password', { json: { token: second, password: 'NuovaPass456' } })).status,
    ).toBe(200);
    const old = await w.callJson('/auth/reset-password', { json: { token: first, password: 'AltraPass789' } });
    expect(old.body.detail).toBe('RESET_PASSWORD_BAD_TOKEN');
  });

  it.each<[string, (u: { id: number; email: string; hashed_password: string }) => Promise<string>]>([
    ['garbage', async () => 'x.y.z'],
    ['a session token', (u) => createAccessToken(env, { id: u.id, token_version: 0 })],
    ['a verification token', (u) => createVerifyToken(env, u)],
    ['a token with a wrong fingerprint', (u) => createResetToken(env, { id: u.id, hashed_password: 'another-hash' })],
    ['a token for an unknown user', (u) => createResetToken(env, { id: 99999999, hashed_password: u.hashed_password })],
    [
      'an expired token',
      (u) =>
        new SignJWT({ password_fgpt: 'x' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(u.id))
          .setAudience('fastapi-users:reset')
          .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
          .sign(new TextEncoder().encode(env.JWT_SECRET)),
    ],
  ])('%s → 400 RESET_PASSWORD_BAD_TOKEN', async (_name, make) => {
    const user = await w.createUser({ status: 'active' });
    const { status, body } = await w.callJson('/auth/reset-password', {
      json: { token: await make(user), password: 'NuovaPass456' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ detail: 'RESET_PASSWORD_BAD_TOKEN' });
  });

  it('a banned user cannot reset with a token issued before the ban', async () => {
    const user = await w.createUser({ status: 'active' });
    const token = await createResetToken(env, user);
    const admin = await w.adminWithToken();
    await w.call(adminPaths.ban(user.id), { method: 'POST', token: admin.token });
    const res = await w.callJson('/auth/reset-password', { json: { token, password: 'NuovaPass456' } });
    expect(res.body.detail).toBe('RESET_PASSWORD_BAD_TOKEN');
  });

  it.each<[string, () => Promise<Response>]>([
    ['no body', () => w.call('/auth/reset-password', { method: 'POST' })],
    ['no password', () => w.call('/auth/reset-password', { json: { token: 'a' } })],
    ['no token', () => w.call('/auth/reset-password', { json: { password: 'NuovaPass456' } })],
    [
      'bad JSON',
      () =>
        w.call('/auth/reset-password', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[' }),
    ],
    ['forgot-password without e-mail', () => w.call('/auth/forgot-password', { json: {} })],
  ])('%s → 422', async (_name, send) => {
    expect((await send()).status).toBe(422);
  });

  it.each<[string, () => Promise<Response>]>([
    ['a 2 MB password', () => w.call('/auth/reset-password', { json: { token: 'a', password: w.TWO_MB } })],
    ['forgot-password with a 2 MB e-mail', () => w.call('/auth/forgot-password', { json: { email: w.TWO_MB } })],
  ])('%s → 413, over the body limit', async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'La richiesta è troppo grande' });
  });

  it(`forgot-password sends at most ${MAIL_MAX_PER_WINDOW} mails per address per window`, async () => {
    const user = await w.createUser({ status: 'active' });
    for (let i = 0; i < MAIL_MAX_PER_WINDOW + 1; i++) {
      expect((await w.call('/auth/forgot-password', { json: { email: user.email }, settle: true })).status).toBe(202);
    }
    expect(await w.mailbox(user.email)).toHaveLength(MAIL_MAX_PER_WINDOW);
  });
});
