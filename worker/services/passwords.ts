import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Bindings } from '../env';
import { consoleMailerAllowed } from './mail';

export interface ScryptParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/**
 * Passwords are hashed with scrypt N=2^14, r=8, p=5 (16 MiB), 16-byte salt, stored
 * self-describing as `scrypt$N$r$p$salt$hash` (salt and hash in base64url) so the parameters
 * can grow: `needsRehash` tells when a stored hash is weaker than the cost in force.
 * scripts/lib/password.mjs writes the same format for the seeded local admin.
 */
export const SCRYPT_PARAMS: ScryptParams = Object.freeze({ N: 16384, r: 8, p: 5 });
/**
 * The tests' cost (1 MiB, about 80 times cheaper), chosen by PASSWORD_COST='test' and honoured
 * only where the console mailer works (`passwordCost`, docs/behaviour.md#passwords-and-sessions).
 */
export const TEST_SCRYPT_PARAMS: ScryptParams = Object.freeze({ N: 1024, r: 8, p: 1 });
const KEY_LEN = 32;
const SALT_LEN = 16;

function derive(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { N, r, p, maxmem: 256 * N * r * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * The cost in force for a request: TEST_SCRYPT_PARAMS when PASSWORD_COST is 'test' and the
 * console mailer is allowed (MAILER 'console', the request and APP_URL on loopback), so no
 * deployment on a real host ever makes a cheap hash; SCRYPT_PARAMS everywhere else.
 */
export function passwordCost(
  env: Pick<Bindings, 'PASSWORD_COST' | 'MAILER' | 'APP_URL'>,
  requestUrl: string,
): ScryptParams {
  return env.PASSWORD_COST === 'test' && consoleMailerAllowed(env, requestUrl) ? TEST_SCRYPT_PARAMS : SCRYPT_PARAMS;
}

export async function hashPassword(password: string, cost: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const { N, r, p } = cost;
  const salt = randomBytes(SALT_LEN);
  const key = await derive(password, salt, N, r, p);
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await derive(password, salt, N, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True when the stored hash is weaker than `cost`, the cost in force (a cheap one then gets the normal). */
export function needsRehash(stored: string, cost: ScryptParams = SCRYPT_PARAMS): boolean {
  const [scheme, N, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(N) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}

/**
 * A hash of a random password at `cost`, verified against when the e-mail is unknown: as long to
 * check as a real hash made at the cost in force (equal timing).
 */
const dummies = new Map<string, Promise<string>>();
export function dummyHash(cost: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummies.set(key, dummy);
  }
  return dummy;
}
