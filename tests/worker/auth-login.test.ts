import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { LOGIN_FAILURE_WINDOW_S, LOGIN_MAX_FAILURES } from '../../src/core/constants';
import { authPaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { loginAnswerSchema, userSchema } from '../../src/core/schemas/user';
import { hashPassword } from '../../worker/services/passwords';
import { verifyAccessToken } from '../../worker/services/tokens';
import { networkOf } from '../../worker/services/throttle';
import { call, callJson, createUser, LOCAL_CLIENT, login, PASSWORD, rowOf, TWO_MB, uniqueEmail } from './helpers';
import { cheapHash, normalCost, postTo, unknownToKnownLoginRatio } from './password-cost-helpers';
import { seedLoginFailures } from './throttle-helpers';

function loginForm(username: string, password: string) {
  return callJson(authPaths.login, { form: { username, password } });
}

describe('POST /auth/jwt/login', () => {
  it('answers {access_token, token_type: "bearer"} for good credentials; the token opens /users/me', async () => {
    const user = await createUser({ status: 'active' });
    const { status, body } = await loginForm(user.email, PASSWORD);
    expect(status).toBe(200);
    const answer = loginAnswerSchema.strict().parse(body);
    expect(answer.token_type).toBe('bearer');
    const claims = await verifyAccessToken(env, answer.access_token);
    expect(claims).toEqual({ userId: user.id, version: 0 });
    const me = await callJson(authPaths.me, { token: answer.access_token });
    expect(me.status).toBe(200);
    expect(userSchema.parse(me.body).id).toBe(user.id);
  });

  it('the token is HS256 with aud fastapi-users:auth, sub, ver and exp', async () => {
    const user = await createUser({ status: 'active' });
    const token = await login(user.email);
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/'))));
    expect(header.alg).toBe('HS256');
    expect(payload).toMatchObject({ sub: String(user.id), aud: 'fastapi-users:auth', ver: 0 });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const email = uniqueEmail('Login');
    await createUser({ email: email.toLowerCase(), status: 'active' });
    for (const variant of [email.toUpperCase(), ` ${email} `, email.toLowerCase()]) {
      expect((await loginForm(variant, PASSWORD)).status).toBe(200);
    }
  });

  it('accepts a JSON body too, and multipart form data', async () => {
    const user = await createUser({ status: 'active' });
    const json = await callJson('/auth/jwt/login', { json: { username: user.email, password: PASSWORD } });
    expect(json.status).toBe(200);
    loginAnswerSchema.parse(json.body);
    const fd = new FormData();
    fd.set('username', user.email);
    fd.set('password', PASSWORD);
    const multipart = await call('/auth/jwt/login', { body: fd });
    expect(multipart.status).toBe(200);
    loginAnswerSchema.parse(await multipart.json());
  });

  it.each(['pending', 'approved', 'rejected', 'banned'] as const)(
    'a %s user may log in and read /users/me (the guard screens need it)',
    async (status) => {
      const user = await createUser({ status });
      const token = await login(user.email);
      const me = await callJson('/users/me', { token });
      expect(me.status).toBe(200);
      expect(userSchema.parse(me.body).status).toBe(status);
    },
  );

  it('wrong password and unknown e-mail give the same 400 LOGIN_BAD_CREDENTIALS', async () => {
    const user = await createUser({ status: 'active' });
    const wrong = await loginForm(user.email, 'Sbagliata123');
    const unknown = await loginForm(uniqueEmail('nessuno'), PASSWORD);
    const notAnEmail = await loginForm('non-una-email', PASSWORD);
    for (const answer of [wrong, unknown, notAnEmail]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ detail: 'LOGIN_BAD_CREDENTIALS' });
    }
  });

  it('wrong password and unknown e-mail take similar time (both run one scrypt)', async () => {
    // at the production cost (the tests' cheap one would hide a missing dummy hash)
    const user = await createUser({ status: 'active', hashed_password: await hashPassword(PASSWORD) });
    const ratio = await unknownToKnownLoginRatio(normalCost, `http://localhost${authPaths.login}`, user.email);
    expect(ratio).toBeGreaterThan(0.2); // without the dummy hash it falls below 0.1
    expect(ratio).toBeLessThan(5);
  });

  it.each<[string, () => Promise<Response>]>([
    ['an empty body', () => call('/auth/jwt/login', { method: 'POST' })],
    ['an empty form', () => call('/auth/jwt/login', { form: {} })],
    ['a missing password', () => call('/auth/jwt/login', { form: { username: 'a@b.it' } })],
    ['a missing username', () => call('/auth/jwt/login', { form: { password: PASSWORD } })],
    ['an empty password', () => call('/auth/jwt/login', { form: { username: 'a@b.it', password: '' } })],
    [
      'malformed JSON',
      () =>
        call('/auth/jwt/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"username":',
        }),
    ],
    ['JSON with wrong types', () => call('/auth/jwt/login', { json: { username: 1, password: ['x'] } })],
    ['a JSON null', () => call('/auth/jwt/login', { json: null })],
    [
      'plain text',
      () =>
        call('/auth/jwt/login', {
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'username=a&password=b',
        }),
    ],
  ])('%s → 422', async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(422);
    expect(typeof ((await res.json()) as { detail: unknown }).detail).toBe('string');
  });

  it.each<[string, () => Promise<Response>]>([
    ['a 2 MB username', () => call('/auth/jwt/login', { form: { username: TWO_MB, password: PASSWORD } })],
    ['a 2 MB password', () => call('/auth/jwt/login', { form: { username: 'a@b.it', password: TWO_MB } })],
  ])('%s → 413, over the body limit', async (_name, send) => {
    const res = await send();
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'La richiesta è troppo grande' });
  });

  it('rehashes a weaker stored hash on a successful login', async () => {
    const user = await createUser({ status: 'active', hashed_password: cheapHash() });
    const form = { form: { username: user.email, password: PASSWORD } };
    expect((await postTo(normalCost, `http://localhost${authPaths.login}`, form)).status).toBe(200);
    const row = await rowOf(user.id);
    expect(row?.hashed_password).toMatch(/^scrypt\$16384\$8\$5\$/);
    await login(user.email); // the new hash still verifies
  });
});

describe('login rate limit (per account)', () => {
  /** The failures before the last one straight in D1, from the network these calls come from. */
  const seedFailures = (account: string, count: number) =>
    seedLoginFailures(Array<string>(count).fill(account), networkOf(LOCAL_CLIENT));

  it(`${LOGIN_MAX_FAILURES} failures in the window → 429 with an Italian detail, even with the right password`, async () => {
    const user = await createUser({ status: 'active' });
    await seedFailures(user.email, LOGIN_MAX_FAILURES - 1);
    expect((await loginForm(user.email, 'Sbagliata1A')).status).toBe(400);
    const blocked = await loginForm(user.email.toUpperCase(), PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe(t('auth.tooManyAttempts', { minutes: LOGIN_FAILURE_WINDOW_S / 60 }));
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // another account is not affected
    const other = await createUser({ status: 'active' });
    expect((await loginForm(other.email, PASSWORD)).status).toBe(200);
  });

  it('unknown e-mails are limited the same way (the 429 tells nothing about existence)', async () => {
    const ghost = uniqueEmail('ghost');
    await seedFailures(ghost, LOGIN_MAX_FAILURES - 1);
    expect((await loginForm(ghost, PASSWORD)).status).toBe(400);
    expect((await loginForm(ghost, PASSWORD)).status).toBe(429);
  });

  it('failures older than the window no longer count', async () => {
    const user = await createUser({ status: 'active' });
    await seedFailures(user.email, LOGIN_MAX_FAILURES);
    expect((await loginForm(user.email, PASSWORD)).status).toBe(429);
    await env.DB.prepare('UPDATE login_attempts SET at = at - ? WHERE account = ?')
      .bind(LOGIN_FAILURE_WINDOW_S * 1000 + 1000, user.email)
      .run();
    expect((await loginForm(user.email, PASSWORD)).status).toBe(200);
  });

  it('a successful login clears the failures', async () => {
    const user = await createUser({ status: 'active' });
    await seedFailures(user.email, LOGIN_MAX_FAILURES - 1);
    expect((await loginForm(user.email, PASSWORD)).status).toBe(200);
    await seedFailures(user.email, LOGIN_MAX_FAILURES - 1);
    expect((await loginForm(user.email, PASSWORD)).status).toBe(200);
  });
});
