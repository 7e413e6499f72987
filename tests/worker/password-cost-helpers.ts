import { env } from 'cloudflare:test';
import { scryptSync } from 'node:crypto';
import { callJson, PASSWORD, uniqueEmail } from './helpers';

/**
 * The password cost in the Worker tests: vitest.config.ts sets PASSWORD_COST='test', so on
 * loopback every hash is cheap (docs/operations.md#tests). A test of the production cost's own
 * properties runs the Worker with `normalCost`, or on a host where the switch is refused.
 */
export type Env = Cloudflare.Env;

/** The tests' Worker env with the switch off: hashes at the production cost. */
export const normalCost: Env = { ...env, PASSWORD_COST: undefined };

/** A stored hash of `password` at N=2^10, r=8, p=1, made here (not by the code under test). */
export function cheapHash(password = PASSWORD): string {
  const salt = Buffer.from('0123456789abcdef');
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  return `scrypt$1024$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * POSTs to the Worker with `runEnv` at `url` (a loopback client, as `wrangler dev` gives a local
 * browser) and waits for the work it leaves behind.
 */
export async function postTo(
  runEnv: Env,
  url: string,
  body: { json: unknown } | { form: Record<string, string> },
): Promise<{ status: number; body: any }> {
  const { origin, pathname, search } = new URL(url);
  const { status, body: answer } = await callJson(`${pathname}${search}`, {
    ...body,
    env: runEnv,
    origin,
    settle: true,
  });
  return { status, body: answer };
}

/**
 * How long a failed login of an unknown e-mail takes against one of `email` (median of three
 * each, after one to make the dummy hash): about 1 when both run one scrypt of the same cost.
 */
export async function unknownToKnownLoginRatio(runEnv: Env, loginUrl: string, email: string): Promise<number> {
  const time = async (who: string) => {
    const t0 = performance.now();
    await postTo(runEnv, loginUrl, { form: { username: who, password: 'Sbagliata123' } });
    return performance.now() - t0;
  };
  await time(uniqueEmail('warm')); // the dummy hash is made once, on first use
  const known: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 3; i++) {
    known.push(await time(email));
    unknown.push(await time(uniqueEmail('ghost')));
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
  return median(unknown) / median(known);
}
