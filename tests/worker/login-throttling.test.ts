// Throttling: attempts are counted before passwords are evaluated, at any concurrency; a
// stranger slows themselves, never locks the owner out; networks are limited across accounts.
// The clock stands still in every test and moves only when a test moves it, so a slow password
// hash never lets a wait run out (docs/operations.md#tests).
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '../../src/core/constants';
import { t } from '../../src/core/messages';
import {
  ACCOUNT_FREE_FAILURES,
  NETWORK_LIMITS,
  NET_LOGIN_MAX_FAILURES,
  networkOf,
} from '../../worker/services/throttle';
import { clockAt, clockForward, realClock } from './clock';
import { PASSWORD, callJson, createUser, uniqueEmail } from './helpers';
import { seedLoginFailures, seedNetworkActions } from './throttle-helpers';

beforeEach(() => {
  clockAt();
});
afterEach(realClock);

let ipSeq = 0;
/** A public address no other test of the file uses. */
function freshIp(): string {
  ipSeq += 1;
  return `203.0.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

function login(username: string, password: string, ip: string) {
  return callJson('/auth/jwt/login', { form: { username, password }, headers: { 'cf-connecting-ip': ip } });
}

async function attemptsOf(account: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM login_attempts WHERE account = ?')
    .bind(account.toLowerCase())
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe('wrong passwords sent at once', () => {
  it(`30 in parallel for one account: only ${LOGIN_MAX_FAILURES} are evaluated, the rest 429 with Retry-After`, async () => {
    const user = await createUser({ status: 'active' });
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(user.email, `Sbagliata${i}A`, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LOGIN_MAX_FAILURES);
    for (const a of answers.filter((x) => x.status === 429)) {
      expect(Number(a.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(typeof a.body.detail).toBe('string');
    }
    expect(await attemptsOf(user.email)).toBe(LOGIN_MAX_FAILURES);
    // from that network even the right password waits: the window has not passed
    expect((await login(user.email, PASSWORD, ip)).status).toBe(429);
  });

  it('the same for an unknown address (the 429 tells nothing about existence)', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => login(ghost, PASSWORD, ip)));
    expect(answers.filter((a) => a.status === 400)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(20 - LOGIN_MAX_FAILURES);
  });
});

describe('a stranger cannot lock the owner out', () => {
  it('right after wrong passwords from a stranger, the owner logs in from their own network', async () => {
    const owner = await createUser({ status: 'active' });
    const stranger = freshIp();
    // as many failures as the stranger's network may have (the parallel test above sends them)
    await seedLoginFailures(Array<string>(LOGIN_MAX_FAILURES).fill(owner.email), stranger);
    const mine = await login(owner.email, PASSWORD, freshIp());
    expect(mine.status).toBe(200);
    expect(typeof mine.body.access_token).toBe('string');
    // the stranger stays blocked
    expect((await login(owner.email, PASSWORD, stranger)).status).toBe(429);
  });

  it('many networks together: after the free failures each attempt waits 1 s, 2 s, 4 s… (at most a minute)', async () => {
    const owner = await createUser({ status: 'active' });
    // the free failures, each from a network of its own: the last one through the API
    for (let i = 0; i < ACCOUNT_FREE_FAILURES - 1; i++) await seedLoginFailures([owner.email], freshIp());
    expect((await login(owner.email, 'Sbagliata1A', freshIp())).status).toBe(400);
    const slowed = await login(owner.email, 'Sbagliata1A', freshIp());
    expect(slowed.status).toBe(429);
    expect(slowed.res.headers.get('retry-after')).toBe('1');
    expect(slowed.body.detail).toBe(t('auth.tooManyAttemptsSoon', { seconds: 1 }));
    // a moment before the second has passed: still waiting
    clockForward(999);
    expect((await login(owner.email, 'Sbagliata1A', freshIp())).status).toBe(429);
    // a second later the next attempt is evaluated, then the gap doubles
    clockForward(1);
    expect((await login(owner.email, 'Sbagliata1A', freshIp())).status).toBe(400);
    const again = await login(owner.email, PASSWORD, freshIp());
    expect(again.status).toBe(429);
    expect(again.res.headers.get('retry-after')).toBe('2');
    // the owner, after the short wait, gets in
    clockForward(2000);
    expect((await login(owner.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it('the delay never grows past a minute', async () => {
    const owner = await createUser({ status: 'active' });
    // 200 failures from another network, just now
    await seedLoginFailures(Array<string>(200).fill(owner.email), '198.51.100.1');
    const slowed = await login(owner.email, PASSWORD, freshIp());
    expect(slowed.status).toBe(429);
    expect(slowed.res.headers.get('retry-after')).toBe('60');
    clockForward(59_000);
    expect((await login(owner.email, PASSWORD, freshIp())).res.headers.get('retry-after')).toBe('1');
    clockForward(1000);
    expect((await login(owner.email, PASSWORD, freshIp())).status).toBe(200);
  });
});

describe('per network, across accounts', () => {
  it(`password spraying: ${NET_LOGIN_MAX_FAILURES} failures from one network, then 429 for any account there`, async () => {
    const ip = freshIp();
    // all but the last failure straight in D1, each on an account of its own
    const victims = Array.from({ length: NET_LOGIN_MAX_FAILURES - 1 }, () => uniqueEmail('spray'));
    await seedLoginFailures(victims, ip);
    expect((await login(uniqueEmail('spray'), 'Estate2026!', ip)).status).toBe(400);
    const user = await createUser({ status: 'active' });
    const blocked = await login(user.email, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(0);
    // another network is not affected
    expect((await login(user.email, PASSWORD, freshIp())).status).toBe(200);
  });

  it(`registrations: ${NETWORK_LIMITS.register.max} per hour per network, then 429 in Italian`, async () => {
    const ip = freshIp();
    const register = (from: string) =>
      callJson('/auth/register', {
        json: { email: uniqueEmail('spam'), password: PASSWORD, company: `Spam ${ipSeq} Srl` },
        headers: { 'cf-connecting-ip': from },
      });
    // all but the last registration straight in D1 (each would hash a password)
    await seedNetworkActions('register', networkOf(ip), NETWORK_LIMITS.register.max - 1);
    expect((await register(ip)).status).toBe(201);
    const blocked = await register(ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toBe(t('auth.tooManyRequests', { minutes: 60 }));
    expect(Number(blocked.res.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await register(freshIp())).status).toBe(201);
  });

  it(`forgot-password: ${NETWORK_LIMITS['forgot-password'].max} per hour per network, known or unknown address alike`, async () => {
    const ip = freshIp();
    const user = await createUser({ status: 'active' });
    const ask = (email: string, from: string) =>
      callJson('/auth/forgot-password', { json: { email }, headers: { 'cf-connecting-ip': from } });
    for (let i = 0; i < NETWORK_LIMITS['forgot-password'].max; i++) {
      expect((await ask(i % 2 ? user.email : uniqueEmail('nobody'), ip)).status).toBe(202);
    }
    expect((await ask(user.email, ip)).status).toBe(429);
    expect((await ask(uniqueEmail('nobody'), ip)).status).toBe(429);
    expect((await ask(user.email, freshIp())).status).toBe(202);
  });
});

describe('networks', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:DB8:ABCD:0012::1', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['', 'unknown'],
    ['not an address', 'unknown'],
  ])('%j → %j', (ip, net) => {
    expect(networkOf(ip)).toBe(net);
  });
});
