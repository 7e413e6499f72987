import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import { pagePaths } from '../../src/core/api-paths';
import { companyKey } from '../../src/core/company';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import type { CompanyRole, Membership, UserStatus } from '../../src/core/schemas/user';
import type { z } from '../../src/core/zod';
import { getUserById, type UserRow } from '../../worker/db/users';
import { hashPassword, TEST_SCRYPT_PARAMS } from '../../worker/services/passwords';
import { createAccessToken } from '../../worker/services/tokens';
import worker from '../../worker/index';
import type { MailboxMessage } from '../../worker/routes/dev';
import { mailedLink } from '../mail-links';

/**
 * Test helpers for the Worker tests: users in any state, tokens, calls, answers checked against
 * the shared schemas, the dev mailbox, pages made through the pages API. The domain fixtures
 * (`*-helpers.ts`) build on these.
 */

export const PASSWORD = 'Segreta123';

let counter = 0;
/** An address no other test of the file uses. */
export function uniqueEmail(prefix = 'utente'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.it`;
}

// at the tests' cost, as the Worker hashes with PASSWORD_COST='test' (docs/operations.md#tests),
// so logging in never rehashes; one hash per distinct password per file is plenty
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password, TEST_SCRYPT_PARAMS);
    hashes.set(password, hash);
  }
  return hash;
}

export interface NewUser {
  email?: string;
  password?: string;
  full_name?: string | null;
  company?: string | null;
  status?: UserStatus;
  is_active?: boolean;
  is_verified?: boolean;
  is_superuser?: boolean;
  previous_status?: UserStatus | null;
  hashed_password?: string;
  /**
   * The role inside the company (docs/behaviour.md#teams). Default: an approved, active or
   * banned account of a company is its Titolare (as the teams migration left every member),
   * any other none. null: not a member.
   */
  role?: CompanyRole | null;
  /** default 'member' with a role, else none */
  membership?: Membership | null;
  /** the 'Dati dei fan' right; default: with the role 'owner' */
  fans_access?: boolean;
}

/** Sensible flags per status, as the API itself would leave them. */
function defaultsFor(status: UserStatus): { is_active: boolean; is_verified: boolean } {
  switch (status) {
    case 'active':
      return { is_active: true, is_verified: true };
    case 'banned':
      return { is_active: false, is_verified: false };
    default:
      return { is_active: true, is_verified: false };
  }
}

/** Inserts a user straight into D1 in the given state. */
export async function createUser(opts: NewUser = {}): Promise<UserRow & { password: string }> {
  const status = opts.status ?? 'pending';
  const flags = defaultsFor(status);
  const password = opts.password ?? PASSWORD;
  const company = opts.company === undefined ? 'Acme Eventi' : opts.company;
  const joined = company !== null && ['approved', 'active', 'banned'].includes(status);
  const role = opts.role === undefined ? (joined ? 'owner' : null) : opts.role;
  const membership = opts.membership === undefined ? (role ? 'member' : null) : opts.membership;
  const row = await env.DB.prepare(
    `INSERT INTO users (email, hashed_password, full_name, company, company_key, status, previous_status,
       is_active, is_verified, is_superuser, company_role, membership, fans_access, member_since)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, CASE WHEN ? = 'member' THEN strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END)
     RETURNING *`,
  )
    .bind(
      opts.email ?? uniqueEmail(),
      opts.hashed_password ?? (await hashOf(password)),
      opts.full_name === undefined ? 'Mario Rossi' : opts.full_name,
      company,
      company === null ? null : companyKey(company),
      status,
      opts.previous_status ?? null,
      (opts.is_active ?? flags.is_active) ? 1 : 0,
      (opts.is_verified ?? flags.is_verified) ? 1 : 0,
      opts.is_superuser ? 1 : 0,
      role,
      membership,
      (opts.fans_access ?? role === 'owner') ? 1 : 0,
      membership,
    )
    .first<UserRow>();
  return { ...row!, password };
}

/** A session token minted as login would (fast: no scrypt). */
export async function tokenFor(user: { id: number }): Promise<string> {
  const row = await getUserById(env.DB, user.id);
  if (!row) throw new Error(`no user ${user.id}`);
  return createAccessToken(env, row);
}

/** A user in the given state plus a valid session token. */
export async function userWithToken(opts: NewUser = {}) {
  const user = await createUser(opts);
  return { user, token: await tokenFor(user) };
}

/** A user with a session token, as `userWithToken` answers it. */
export type TestUser = Awaited<ReturnType<typeof userWithToken>>;

/** An active organiser (verified, of a company) with a session token: who makes pages. */
export function organiserWithToken(opts: NewUser = {}): Promise<TestUser> {
  return userWithToken({ status: 'active', ...opts });
}

export function adminWithToken(opts: NewUser = {}): Promise<TestUser> {
  return userWithToken({ status: 'active', is_superuser: true, ...opts });
}

export interface CallOptions {
  method?: string;
  token?: string | null;
  json?: unknown;
  form?: Record<string, string>;
  body?: BodyInit;
  headers?: Record<string, string>;
  /**
   * The client's address, as `CF-Connecting-IP` carries it: by default loopback, as `wrangler dev`
   * sets it for a local browser (loopback skips the per-network limits,
   * docs/operations.md#throttling); null sends no such header, as no request through Cloudflare
   * would. A `cf-connecting-ip` in `headers` wins.
   */
  ip?: string | null;
  /**
   * Also wait for the work the Worker left to run after its answer (waitUntil), e.g. the mail
   * of forgot-password: the call resolves once that work is done.
   */
  settle?: boolean;
  /** The Worker's env for this call instead of the tests' (e.g. a switch turned off); waits as `settle` does. */
  env?: Cloudflare.Env;
  /** Where the request is addressed: http://localhost by default. */
  origin?: string;
}

/** The address `wrangler dev` gives a browser on the same machine. */
export const LOCAL_CLIENT = '127.0.0.1';

/** Calls the Worker as a browser would. */
export async function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const headers = new Headers(opts.headers);
  const ip = opts.ip === undefined ? LOCAL_CLIENT : opts.ip;
  if (ip !== null && !headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', ip);
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  let body = opts.body;
  if (opts.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(opts.form).toString();
  }
  const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
  const init: RequestInit = { method, headers, body, redirect: 'manual' };
  const url = `${opts.origin ?? 'http://localhost'}${path}`;
  if (!opts.settle && !opts.env) return exports.default.fetch(url, init);
  const ctx = createExecutionContext();
  const res = await worker.fetch(new Request(url, init), opts.env ?? env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Calls and reads the JSON answer (null for an empty body). */
export async function callJson<T = any>(
  path: string,
  opts: CallOptions = {},
): Promise<{ status: number; body: T; res: Response }> {
  const res = await call(path, opts);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
}

/** The JSON answer of `res`, after checking its status, parsed by `schema` (a drift fails the test). */
export async function answer<S extends z.ZodType>(res: Response, status: number, schema: S): Promise<z.output<S>> {
  const text = await res.text();
  if (res.status !== status) {
    throw new Error(`${res.url || 'answer'} → ${res.status}, expected ${status}: ${text.slice(0, 500)}`);
  }
  const parsed = schema.safeParse(text ? JSON.parse(text) : null);
  if (!parsed.success) {
    throw new Error(`the answer does not match its schema: ${parsed.error.message}\n${text.slice(0, 500)}`);
  }
  return parsed.data;
}

/** Logs in through the real endpoint (form-encoded, as the client does). */
export async function login(email: string, password = PASSWORD): Promise<string> {
  const { status, body } = await callJson('/auth/jwt/login', { form: { username: email, password } });
  if (status !== 200) throw new Error(`login ${email} → ${status} ${JSON.stringify(body)}`);
  return body.access_token as string;
}

/** Logs in, and answers the status /users/me gives that session (what the guard screens show). */
export async function statusAtLogin(email: string, password = PASSWORD): Promise<string> {
  const token = await login(email, password);
  return (await callJson('/users/me', { token })).body.status as string;
}

/** The dev mailbox, read through its route (GET /api/dev/mailbox), newest first. */
export async function mailbox(to?: string): Promise<MailboxMessage[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  const { status, body } = await callJson<{ messages: MailboxMessage[] }>(`/api/dev/mailbox${query}`);
  if (status !== 200) throw new Error(`mailbox → ${status}`);
  return body.messages;
}

/**
 * The token carried by the newest mail to `to` whose link path is `path`; the call that sent it
 * was made with `settle`, so the mail is already written.
 */
export async function tokenFromMail(to: string, path: '/verify-email' | '/reset-password'): Promise<string> {
  const link = await mailedLink(mailbox, to, `${path}?token=`, 1);
  return new URL(link).searchParams.get('token')!;
}

export async function rowOf(id: number): Promise<UserRow | null> {
  return getUserById(env.DB, id);
}

export async function historyOf(userId: number) {
  const { results } = await env.DB.prepare('SELECT * FROM user_history WHERE user_id = ? ORDER BY id')
    .bind(userId)
    .all<{
      action: string;
      actor_id: number | null;
      from_status: string | null;
      to_status: string | null;
      reason: string | null;
      details: string | null;
    }>();
  return results;
}

export const TWO_MB = 'x'.repeat(2 * 1024 * 1024);

// Pages made through the pages API, as an organiser's editor makes them.

let slugSeq = 0;
export function uniqueSlug(prefix = 'p'): string {
  slugSeq += 1;
  return `${prefix}${Date.now().toString(36)}${slugSeq}${Math.random().toString(36).slice(2, 6)}`;
}

export function eventButton(
  text = '12/05/2099 - Milano - Alcatraz|biglietti',
  url: string | null = 'https://www.ticketone.it/x',
  extra: Record<string, unknown> = {},
) {
  return { type: 'text', text, url, ...extra };
}

export function textPage(slug: string, extra: Record<string, unknown> = {}) {
  return {
    folder_name: slug,
    title: `Tour ${slug}`,
    display_title: 'Tour',
    mode: 'text',
    style: 'light',
    header: `/dati/${slug}/${slug}.jpg`,
    buttons: [eventButton(), eventButton('13/05/2099 - Roma - Atlantico|tickets', 'vivaticket.com/y')],
    ...extra,
  };
}

/** Creates a page through the API: its answer (201), checked against the page schema. */
export async function createPage(token: string, body: Record<string, unknown>) {
  return answer(await call(pagePaths.list, { token, json: body }), 201, pageAsReceivedSchema);
}
