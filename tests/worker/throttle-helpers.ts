// Earlier attempts and actions put straight into the throttling tables, as the routes record them
// (worker/services/throttle.ts): a test brings a limit to its edge without paying a password hash
// per step, then crosses it through the API.
import { env } from 'cloudflare:test';
import type { NetworkScope } from '../../worker/services/throttle';

/** `accounts` failed logins from `net` at `at` (ms), one row per account. */
export async function seedLoginFailures(accounts: readonly string[], net: string, at = Date.now()): Promise<void> {
  if (accounts.length === 0) return;
  await env.DB.batch(
    accounts.map((account) =>
      env.DB.prepare('INSERT INTO login_attempts (account, net, at) VALUES (?, ?, ?)').bind(
        account.toLowerCase(),
        net,
        at,
      ),
    ),
  );
}

/** `count` actions of `scope` from `net` at `at` (ms). */
export async function seedNetworkActions(scope: NetworkScope, net: string, count: number, at = Date.now()) {
  if (count === 0) return;
  await env.DB.batch(
    Array.from({ length: count }, () =>
      env.DB.prepare('INSERT INTO rate_events (scope, net, at) VALUES (?, ?, ?)').bind(scope, net, at),
    ),
  );
}
