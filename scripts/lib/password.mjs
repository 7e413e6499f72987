// The Worker's password format (worker/services/passwords.ts), for seeding the local admin.
import { randomBytes, scryptSync } from 'node:crypto';

/**
 * `cost` is [N, r, p]: the Worker's normal cost unless a test server runs with PASSWORD_COST
 * 'test' (TEST_SCRYPT_PARAMS there), whose admin it would otherwise log in at the full cost.
 * @param {string} password @param {[number, number, number]} [cost]
 */
export function hashPassword(password, cost = [16384, 8, 5]) {
  const [N, r, p] = cost;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r, p, maxmem: 256 * N * r * 2 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A random password that meets the registration policy: a lower-case letter, an upper-case letter, a digit, ≥ 8 characters. */
export function randomPassword() {
  return `Palco-${randomBytes(6).toString('base64url')}-a1B`;
}
