import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { authPaths } from '../../src/core/api-paths';
import { createResetToken } from '../../worker/services/tokens';
import { callJson, createUser, PASSWORD, rowOf, uniqueEmail } from './helpers';
import { cheapHash, type Env, postTo, unknownToKnownLoginRatio } from './password-cost-helpers';

// PASSWORD_COST='test' makes password hashes cheap only where the console mailer works: MAILER
// 'console' with the request and APP_URL on loopback (docs/operations.md#tests). Anywhere else a
// hash is made, and a cheap one upgraded, at the production cost.
const CHEAP = /^scrypt\$1024\$8\$1\$/;
const NORMAL = /^scrypt\$16384\$8\$5\$/;
const LOCAL = 'http://localhost';
const PUBLIC = 'https://palco.example';

const switchOn: Env = { ...env, MAILER: 'console', APP_URL: 'http://localhost:8787', PASSWORD_COST: 'test' };

/** Where the switch is set but must not be honoured: [case, env, origin of the request]. */
const REFUSED: [string, Env, string][] = [
  ['a public request host', switchOn, PUBLIC],
  ['a public APP_URL', { ...switchOn, APP_URL: PUBLIC }, LOCAL],
  ['MAILER unset', { ...switchOn, MAILER: undefined }, LOCAL],
  ["MAILER 'resend'", { ...switchOn, MAILER: 'resend' }, LOCAL],
  ['PASSWORD_COST unset', { ...switchOn, PASSWORD_COST: undefined }, LOCAL],
  ["PASSWORD_COST 'fast'", { ...switchOn, PASSWORD_COST: 'fast' }, LOCAL],
];

function registration() {
  return { email: uniqueEmail('costo'), password: PASSWORD, full_name: 'Giulia Bianchi', company: 'Nuova Agenzia' };
}

async function storedHash(id: number): Promise<string> {
  return (await rowOf(id))!.hashed_password;
}

describe('PASSWORD_COST=test', () => {
  it('vitest.config.ts sets it: a registration through the routes stores a cheap hash', async () => {
    const { status, body } = await callJson(authPaths.register, { json: registration() });
    expect(status).toBe(201);
    expect(await storedHash(body.id)).toMatch(CHEAP);
  });

  it('with the console mailer on loopback a registration stores a cheap hash', async () => {
    const { status, body } = await postTo(switchOn, `${LOCAL}${authPaths.register}`, { json: registration() });
    expect(status).toBe(201);
    expect(await storedHash(body.id)).toMatch(CHEAP);
  });

  it.each(REFUSED)('refused with %s: a registration stores the normal cost', async (_case, runEnv, origin) => {
    const { status, body } = await postTo(runEnv, `${origin}${authPaths.register}`, { json: registration() });
    expect(status).toBe(201);
    expect(await storedHash(body.id)).toMatch(NORMAL);
  });

  it.each(REFUSED)(
    'refused with %s: a cheap hash logs in and is upgraded to the normal cost',
    async (_case, runEnv, origin) => {
      const user = await createUser({ status: 'active', hashed_password: cheapHash() });
      const login = { form: { username: user.email, password: PASSWORD } };
      expect((await postTo(runEnv, `${origin}${authPaths.login}`, login)).status).toBe(200);
      expect(await storedHash(user.id)).toMatch(NORMAL);
    },
  );

  it('honoured: a cheap hash logs in and is kept (no rehash on every login)', async () => {
    const hash = cheapHash();
    const user = await createUser({ status: 'active', hashed_password: hash });
    const login = { form: { username: user.email, password: PASSWORD } };
    expect((await postTo(switchOn, `${LOCAL}${authPaths.login}`, login)).status).toBe(200);
    expect(await storedHash(user.id)).toBe(hash);
  });

  it('honoured: a hash at the normal cost logs in and is never lowered', async () => {
    const first = await postTo({ ...switchOn, PASSWORD_COST: undefined }, `${LOCAL}${authPaths.register}`, {
      json: registration(),
    });
    const hash = await storedHash(first.body.id);
    expect(hash).toMatch(NORMAL);
    const login = { form: { username: first.body.email, password: PASSWORD } };
    expect((await postTo(switchOn, `${LOCAL}${authPaths.login}`, login)).status).toBe(200);
    expect(await storedHash(first.body.id)).toBe(hash);
  });

  it.each<[string, Env, RegExp]>([
    ['honoured', switchOn, CHEAP],
    ['refused (a public APP_URL)', { ...switchOn, APP_URL: PUBLIC }, NORMAL],
  ])('%s: a password reset stores its cost', async (_case, runEnv, cost) => {
    const user = await createUser({ status: 'active', hashed_password: cheapHash() });
    const token = await createResetToken(env, user);
    const reset = await postTo(runEnv, `${LOCAL}${authPaths.resetPassword}`, {
      json: { token, password: 'Nuova12345' },
    });
    expect(reset.status).toBe(200);
    expect(await storedHash(user.id)).toMatch(cost);
  });

  it('honoured: an unknown e-mail costs about what a known one does (its dummy hash is cheap too)', async () => {
    const user = await createUser({ status: 'active', hashed_password: cheapHash() });
    const ratio = await unknownToKnownLoginRatio(switchOn, `${LOCAL}${authPaths.login}`, user.email);
    // a dummy hash at the production cost makes an unknown e-mail 20 to 80 times slower
    expect(ratio).toBeGreaterThan(0.2);
    expect(ratio).toBeLessThan(5);
  });
});
