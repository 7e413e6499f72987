/**
 * Throttling of logins, registrations and password-reset requests, kept in D1 so it works the
 * same under `npm start`, in the Worker tests and on Cloudflare (rows in login_attempts and
 * rate_events, pruned by the scheduled maintenance).
 *
 * Logins, three rules checked in ONE insert that records the attempt before the password is
 * evaluated (D1 runs a statement alone, so parallel requests cannot all read "0 so far"):
 * - per account and network: at most LOGIN_MAX_FAILURES failures in LOGIN_FAILURE_WINDOW_S.
 *   A stranger who exhausts it locks out only their own network, never the owner's;
 * - per account across networks: after ACCOUNT_FREE_FAILURES failures in the window, each
 *   further attempt must wait 1 s, 2 s, 4 s … up to ACCOUNT_MAX_DELAY_MS after the last one,
 *   so many networks together stay slow while the owner waits a minute at worst;
 * - per network across accounts: at most NET_LOGIN_MAX_FAILURES failures in the window
 *   (password spraying).
 * The network limits apply to every network but loopback (the local stack: `wrangler dev` sets
 * CF-Connecting-IP to the browser's loopback address). A missing or malformed address is one
 * shared network, limited like any other (docs/operations.md#throttling).
 */
import { TICKET_READ } from '../../src/core/ticket-import';
import type { Context } from 'hono';
import { LOGIN_FAILURE_WINDOW_S, LOGIN_MAX_FAILURES } from '../../src/core/constants';
import type { AppEnv } from '../env';

export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_MS = 60_000;
export const NET_LOGIN_MAX_FAILURES = 50;
const WINDOW_MS = LOGIN_FAILURE_WINDOW_S * 1000;

/** Per-network limits of other actions: at most `max` in `windowMs`. */
export const NETWORK_LIMITS = {
  register: { max: 10, windowMs: 60 * 60 * 1000 },
  'forgot-password': { max: 10, windowMs: 60 * 60 * 1000 },
  'request-verify-token': { max: 10, windowMs: 60 * 60 * 1000 },
  // 'Avvisami' sign-ups (POST /{slug}/fans): a venue's or a household's shared network signs up
  // a few fans, a script signing up strangers is stopped (docs/operations.md#throttling)
  'fan-signup': { max: 20, windowMs: 60 * 60 * 1000 },
  // 'Importa da link' reads someone else's page: counted per account, not per network
  // (docs/behaviour.md#reading-a-ticket-page-safely)
  'ticket-import': { max: TICKET_READ.perAccount, windowMs: TICKET_READ.windowMs },
} as const;
export type NetworkScope = keyof typeof NETWORK_LIMITS;

/**
 * The one network of every request whose address is missing or cannot be read: limited like
 * any other network, so leaving out or spoiling the header buys nothing.
 */
const UNKNOWN_NET = 'unknown';
/** IPv6 loopback, the only IPv6 address that skips the network limits. */
const LOOPBACK_V6 = '::1';

/**
 * The client's network: the IPv4 address (also for an IPv4-mapped IPv6 address, which is the
 * same host), or the /64 of an IPv6 address (one host usually holds a whole /64), or
 * UNKNOWN_NET. Read from CF-Connecting-IP, which Cloudflare sets on every request.
 */
export function clientNetwork(c: Context<AppEnv>): string {
  return networkOf(c.req.header('cf-connecting-ip'));
}

/** The four parts of a dotted IPv4 address (each 0–255), or null. */
function ipv4Parts(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : null;
}

/** One side of an IPv6 '::': its 16-bit groups (a trailing dotted IPv4 part is two), or null. */
function ipv6Side(text: string, mayEndInIpv4: boolean): number[] | null {
  if (text === '') return [];
  const pieces = text.split(':');
  const groups: number[] = [];
  for (const [i, piece] of pieces.entries()) {
    const v4 = mayEndInIpv4 && i === pieces.length - 1 ? ipv4Parts(piece) : null;
    if (v4) groups.push(v4[0]! * 256 + v4[1]!, v4[2]! * 256 + v4[3]!);
    else if (/^[0-9a-f]{1,4}$/.test(piece)) groups.push(Number.parseInt(piece, 16));
    else return null;
  }
  return groups;
}

/** The eight 16-bit groups of an IPv6 address in any of its spellings, or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split('::');
  if (!text.includes(':') || halves.length > 2) return null;
  const compressed = halves.length === 2;
  const left = ipv6Side(halves[0]!, !compressed);
  const right = compressed ? ipv6Side(halves[1]!, true) : [];
  if (!left || !right) return null;
  const missing = 8 - left.length - right.length;
  if (compressed ? missing < 1 : missing !== 0) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}

export function networkOf(address: string | undefined | null): string {
  const ip = (address ?? '').trim().toLowerCase();
  if (ip.length > 64) return UNKNOWN_NET;
  const v4 = ipv4Parts(ip);
  if (v4) return v4.join('.');
  const g = ipv6Groups(ip);
  if (!g) return UNKNOWN_NET;
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d, however spelt, is the IPv4 host a.b.c.d
  if (zeros(5) && g[5] === 0xffff) return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  if (zeros(7) && g[7] === 1) return LOOPBACK_V6;
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** Loopback (the local stack, `wrangler dev`) skips the network limits; nothing else does. */
function isExempt(net: string): boolean {
  return net === LOOPBACK_V6 || net.startsWith('127.');
}

export type Verdict = { ok: true; attemptId: number } | { ok: false; retryAfterS: number };

/**
 * Records a login attempt for `account` from `net` when every rule allows it, in one
 * statement; otherwise records nothing and says how long to wait.
 */
export async function reserveLoginAttempt(
  db: D1Database,
  account: string,
  net: string,
  now: number = Date.now(),
): Promise<Verdict> {
  const since = now - WINDOW_MS;
  const netLimit = isExempt(net) ? -1 : NET_LOGIN_MAX_FAILURES;
  const row = await db
    .prepare(
      `INSERT INTO login_attempts (account, net, at)
       SELECT ?1, ?2, ?3
       WHERE (SELECT COUNT(*) FROM login_attempts WHERE account = ?1 AND net = ?2 AND at > ?4) < ?5
         AND (SELECT CASE WHEN COUNT(*) < ?6 THEN 1
                     ELSE ?3 - MAX(at) >= MIN(?7, 1000 << MIN(COUNT(*) - ?6, 16)) END
              FROM login_attempts WHERE account = ?1 AND at > ?4)
         AND (?8 < 0 OR (SELECT COUNT(*) FROM login_attempts WHERE net = ?2 AND at > ?4) < ?8)
       RETURNING id`,
    )
    .bind(account, net, now, since, LOGIN_MAX_FAILURES, ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_MS, netLimit)
    .first<{ id: number }>();
  if (row) return { ok: true, attemptId: row.id };
  return { ok: false, retryAfterS: await loginRetryAfter(db, account, net, now, netLimit) };
}

/** Seconds until the first rule that refused would let an attempt through (at least 1). */
async function loginRetryAfter(
  db: D1Database,
  account: string,
  net: string,
  now: number,
  netLimit: number,
): Promise<number> {
  const since = now - WINDOW_MS;
  const [pair, all, network] = await db.batch<{ n: number; oldest: number | null; newest: number | null }>([
    db
      .prepare(
        'SELECT COUNT(*) AS n, MIN(at) AS oldest, MAX(at) AS newest FROM login_attempts WHERE account = ? AND net = ? AND at > ?',
      )
      .bind(account, net, since),
    db
      .prepare(
        'SELECT COUNT(*) AS n, MIN(at) AS oldest, MAX(at) AS newest FROM login_attempts WHERE account = ? AND at > ?',
      )
      .bind(account, since),
    db
      .prepare(
        'SELECT COUNT(*) AS n, MIN(at) AS oldest, MAX(at) AS newest FROM login_attempts WHERE net = ? AND at > ?',
      )
      .bind(net, since),
  ]);
  const waits: number[] = [];
  const p = pair?.results[0];
  if (p && p.n >= LOGIN_MAX_FAILURES && p.oldest !== null) waits.push(p.oldest + WINDOW_MS - now);
  const a = all?.results[0];
  if (a && a.n >= ACCOUNT_FREE_FAILURES && a.newest !== null) {
    const gap = Math.min(ACCOUNT_MAX_DELAY_MS, 1000 * 2 ** Math.min(a.n - ACCOUNT_FREE_FAILURES, 16));
    waits.push(a.newest + gap - now);
  }
  const n = network?.results[0];
  if (netLimit >= 0 && n && n.n >= netLimit && n.oldest !== null) waits.push(n.oldest + WINDOW_MS - now);
  return Math.max(1, Math.ceil(Math.max(0, ...waits) / 1000));
}

/**
 * After a successful login: its own attempt and the earlier failures of the same account
 * from the same network are forgotten. Failures from other networks stay, so a stranger's
 * failures keep slowing the stranger.
 */
export async function forgetLoginFailures(db: D1Database, account: string, net: string): Promise<void> {
  await db.prepare('DELETE FROM login_attempts WHERE account = ? AND net = ?').bind(account, net).run();
}

/** A new password proves the owner: every failure recorded for the account is forgotten. */
export async function forgetAccountFailures(db: D1Database, account: string): Promise<void> {
  await db.prepare('DELETE FROM login_attempts WHERE account = ?').bind(account).run();
}

/**
 * Counts one action of `scope` for the client's network, when under its limit; loopback is not
 * limited.
 */
export async function takeNetworkToken(
  db: D1Database,
  scope: NetworkScope,
  net: string,
  now: number = Date.now(),
): Promise<Verdict> {
  if (isExempt(net)) return { ok: true, attemptId: 0 };
  const { max, windowMs } = NETWORK_LIMITS[scope];
  const since = now - windowMs;
  const row = await db
    .prepare(
      `INSERT INTO rate_events (scope, net, at)
       SELECT ?1, ?2, ?3
       WHERE (SELECT COUNT(*) FROM rate_events WHERE scope = ?1 AND net = ?2 AND at > ?4) < ?5
       RETURNING id`,
    )
    .bind(scope, net, now, since, max)
    .first<{ id: number }>();
  if (row) return { ok: true, attemptId: row.id };
  const oldest = await db
    .prepare('SELECT MIN(at) AS oldest FROM rate_events WHERE scope = ? AND net = ? AND at > ?')
    .bind(scope, net, since)
    .first<{ oldest: number | null }>();
  const waitMs = (oldest?.oldest ?? now) + windowMs - now;
  return { ok: false, retryAfterS: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Maintenance: rows older than every window are deleted; answers how many. */
export async function pruneThrottleRows(db: D1Database, now: number = Date.now()): Promise<number> {
  const longest = Math.max(WINDOW_MS, ...Object.values(NETWORK_LIMITS).map((l) => l.windowMs));
  const [a, b] = await db.batch([
    db.prepare('DELETE FROM login_attempts WHERE at <= ?').bind(now - WINDOW_MS),
    db.prepare('DELETE FROM rate_events WHERE at <= ?').bind(now - longest),
  ]);
  return (a?.meta.changes ?? 0) + (b?.meta.changes ?? 0);
}
