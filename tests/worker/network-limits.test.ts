// Network limits (docs/operations.md#throttling): an IPv4-mapped IPv6 address is its IPv4
// address; a missing or malformed CF-Connecting-IP is one shared network, limited like any
// other; only loopback (the local stack) skips the limits.
import { describe, expect, it } from 'vitest';
import { authPaths } from '../../src/core/api-paths';
import { NETWORK_LIMITS, NET_LOGIN_MAX_FAILURES, networkOf } from '../../worker/services/throttle';
import { fanPage } from './fans-helpers';
import { PASSWORD, callJson, createUser, uniqueEmail } from './helpers';
import { seedLoginFailures, seedNetworkActions } from './throttle-helpers';

/** How a request names its client: an address, or null for no CF-Connecting-IP at all. */
type Client = string | null;

/** No header, and headers no address can be read from: all one network. */
const NAMELESS: Client[] = [null, '', 'garbage', 'a'.repeat(100)];

let seq = 0;
/** A public IPv4 address no other test of the file uses. */
function freshIp(): string {
  seq += 1;
  return `198.51.${100 + Math.floor(seq / 250)}.${(seq % 250) + 1}`;
}

/** The call options that send `client`, beside `headers`. */
function from(client: Client, headers: Record<string, string> = {}) {
  return client === null ? { ip: null, headers } : { headers: { ...headers, 'cf-connecting-ip': client } };
}

const actions = {
  register: (client: Client) =>
    callJson(authPaths.register, {
      json: { email: uniqueEmail('rete'), password: PASSWORD, company: `Rete ${seq} Srl` },
      ...from(client),
    }),
  'forgot-password': (client: Client) =>
    callJson(authPaths.forgotPassword, { json: { email: uniqueEmail('nessuno') }, ...from(client) }),
  'request-verify-token': (client: Client) =>
    callJson(authPaths.requestVerifyToken, { json: { email: uniqueEmail('nessuno') }, ...from(client) }),
} as const;
const OK = { register: 201, 'forgot-password': 202, 'request-verify-token': 202 } as const;

describe('networks', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['::ffff:cb00:7107', '203.0.113.7'],
    ['::ffff:102:304', '1.2.3.4'],
    ['0:0:0:0:0:ffff:1.2.3.4', '1.2.3.4'],
    ['0000:0000:0000:0000:0000:FFFF:0102:0304', '1.2.3.4'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::2', '0:0:0:0::/64'],
    ['', 'unknown'],
    ['garbage', 'unknown'],
    ['a'.repeat(100), 'unknown'],
    ['999.1.1.1', 'unknown'],
    ['1.2.3', 'unknown'],
    ['1.2.3.4.5', 'unknown'],
    ['1::2::3', 'unknown'],
    ['1:2:3:4:5:6:7', 'unknown'],
    ['1:2:3:4:5:6:7:8:9', 'unknown'],
    ['12345::1', 'unknown'],
    ['fe80::1%eth0', 'unknown'],
    ['::ffff:1.2.3.400', 'unknown'],
    ['1.2.3.4::', 'unknown'],
  ])('%j → %j', (ip, net) => {
    expect(networkOf(ip)).toBe(net);
  });
});

describe('an IPv4-mapped IPv6 address counts as its IPv4 address', () => {
  it.each(['::ffff:', '0:0:0:0:0:ffff:'])(
    'registrations from 1.2.3.4 and %s1.2.3.4 share one limit',
    async (prefix) => {
      const ip = freshIp();
      // all but two registrations straight in D1 (each would hash a password), then one of each spelling
      await seedNetworkActions('register', ip, NETWORK_LIMITS.register.max - 2);
      expect((await actions.register(ip)).status).toBe(201);
      expect((await actions.register(`${prefix}${ip}`)).status).toBe(201);
      expect((await actions.register(`${prefix}${ip}`)).status).toBe(429);
      expect((await actions.register(ip)).status).toBe(429);
    },
  );

  it('the hex spelling too (::ffff:102:304 is 1.2.3.4)', async () => {
    const { max } = NETWORK_LIMITS['forgot-password'];
    for (let i = 0; i < max; i++) expect((await actions['forgot-password']('1.2.3.4')).status).toBe(202);
    expect((await actions['forgot-password']('::ffff:102:304')).status).toBe(429);
    expect((await actions['forgot-password']('::FFFF:0102:0304')).status).toBe(429);
  });

  it('::ffff:127.0.0.1 is loopback, as 127.0.0.1 and ::1 are: no network limit', async () => {
    // each loopback network with a whole limit used up already, as any other network would be refused
    const { max } = NETWORK_LIMITS.register;
    for (const net of ['127.0.0.1', '::1']) await seedNetworkActions('register', net, max);
    for (const local of ['::ffff:127.0.0.1', '127.0.0.1', '::1']) {
      expect((await actions.register(local)).status, local).toBe(201);
    }
    const other = freshIp();
    await seedNetworkActions('register', other, max);
    expect((await actions.register(other)).status).toBe(429);
  });
});

describe('a missing or malformed CF-Connecting-IP is one shared network, limited', () => {
  it.each(Object.keys(actions) as (keyof typeof actions)[])('%s', async (scope) => {
    // all but the last few actions straight in D1, then one from each nameless client
    await seedNetworkActions(scope, networkOf(null), NETWORK_LIMITS[scope].max - NAMELESS.length);
    for (const client of NAMELESS)
      expect((await actions[scope](client)).status, JSON.stringify(client)).toBe(OK[scope]);
    for (const client of NAMELESS) {
      const { status, res } = await actions[scope](client);
      expect(status, JSON.stringify(client)).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // a real network is not affected
    expect((await actions[scope](freshIp())).status).toBe(OK[scope]);
  });

  it("'Avvisami' sign-ups", async () => {
    const { slug } = await fanPage();
    const signUp = (client: Client) =>
      callJson(`/${slug}/fans`, {
        form: { email: uniqueEmail('fan'), city: '*' },
        ...from(client, { accept: 'application/json' }),
      });
    await seedNetworkActions('fan-signup', networkOf(null), NETWORK_LIMITS['fan-signup'].max - NAMELESS.length);
    for (const client of NAMELESS) expect((await signUp(client)).status, JSON.stringify(client)).toBe(202);
    for (const client of NAMELESS) expect((await signUp(client)).status, JSON.stringify(client)).toBe(429);
    expect((await signUp(freshIp())).status).toBe(202);
  });

  it(`logins: ${NET_LOGIN_MAX_FAILURES} failures across accounts, then 429 for any account`, async () => {
    const login = (username: string, password: string, client: Client) =>
      callJson(authPaths.login, { form: { username, password }, ...from(client) });
    // all but the last few failures straight in D1 (each would hash a password), then one from each
    // nameless client: all of them count on the one network
    const spray = () => uniqueEmail('spray');
    await seedLoginFailures(Array.from({ length: NET_LOGIN_MAX_FAILURES - NAMELESS.length }, spray), networkOf(null));
    const answers = await Promise.all(NAMELESS.map((client) => login(spray(), 'Estate2026!', client)));
    expect(answers.map((a) => a.status).filter((s) => s !== 400)).toEqual([]);
    const user = await createUser({ status: 'active' });
    for (const client of NAMELESS) expect((await login(user.email, PASSWORD, client)).status).toBe(429);
    expect((await login(user.email, PASSWORD, freshIp())).status).toBe(200);
  });
});
