// Set-up through the real HTTP API for the browser tests (the browser drives the UI only for what
// a test checks): calls, logins, and accounts in any state by register → approve → verify.
import { expect, inject } from 'vitest';
import type { User } from '../../src/core/schemas/user';
import { type MailedLinks, mailedLink } from '../mail-links';
import { API_PREFIX, companyPaths } from '../../src/core/api-paths';

/** The password of every account these tests register. */
export const PASSWORD = 'Palco2099ok';

export async function api(
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(inject('baseURL') + path, { ...init, headers, body });
}

/** A session token from the login endpoint (form-encoded, as the login screen sends it). */
export async function login(email: string, password = PASSWORD): Promise<string> {
  const res = await api('/auth/jwt/login', {
    method: 'POST',
    body: new URLSearchParams({ username: email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

let adminSession: Promise<string> | null = null;
/** The seeded admin's session token (one login per test file). */
export function adminToken(): Promise<string> {
  const admin = inject('admin');
  adminSession ??= login(admin.email, admin.password);
  return adminSession;
}

/** A call with the admin's session. */
export async function adminCall(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  return api(path, { ...init, token: await adminToken() });
}

let counter = 0;
/** A unique e-mail for this run. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

interface NewAccount {
  /** default: a unique address made from the full name */
  email?: string;
  /** null registers without a name */
  fullName?: string | null;
  company?: string;
}

/** A pending account, registered as the signup form would. */
export async function register({
  fullName = 'Giulia Bianchi',
  company = 'Band Test',
  email = uniqueEmail((fullName ?? 'user').toLowerCase().replace(/[^a-z]+/g, '.')),
}: NewAccount = {}): Promise<User> {
  const res = await api('/auth/register', {
    method: 'POST',
    json: { email, password: PASSWORD, full_name: fullName, company },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as User;
}

/** The admin approves or rejects a pending account. */
export async function decide(user: Pick<User, 'id'>, action: 'approve' | 'reject', reason?: string): Promise<void> {
  const res = await adminCall(`${API_PREFIX.admin}/users/${user.id}/approve`, {
    method: 'POST',
    json: { action, reason },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function mailbox(to: string): Promise<MailedLinks[]> {
  const res = await api(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: MailedLinks[] }).messages;
}

/**
 * The newest link in the dev mailbox for `email` that contains `part`. The server may write the
 * mail after its answer, so the mailbox is asked again for up to 10 s.
 */
export function mailLink(email: string, part: string): Promise<string> {
  return mailedLink(mailbox, email, part, 50);
}

/**
 * A fully active account: registered, approved, verified through the mailed link. The approval
 * makes the first account of a company its Titolare and any later one a request to join
 * (docs/behaviour.md#teams); the admin accepts such a request as Titolare here, so every journey
 * that registers several organisers of one company ('Band Test') finds them all members.
 */
export async function activeUser(account: NewAccount = {}): Promise<User> {
  const user = await register(account);
  await decide(user, 'approve');
  const link = new URL(await mailLink(user.email, '/verify-email?token='));
  const res = await api('/auth/verify', { method: 'POST', json: { token: link.searchParams.get('token') } });
  expect(res.status, await res.clone().text()).toBe(200);
  const verified = (await res.json()) as User;
  if (verified.membership !== 'requested') return verified;
  const accepted = await adminCall(companyPaths.accept(user.id), {
    method: 'POST',
    json: { role: 'owner', fans_access: true },
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  return { ...verified, membership: 'member', company_role: 'owner', fans_access: true };
}

/** An active organiser and a session token of theirs. */
export async function organiser(account: NewAccount = {}): Promise<{ user: User; token: string }> {
  const user = await activeUser(account);
  return { user, token: await login(user.email) };
}

/** The user as the admin API sees it now (searched by e-mail), or null when gone. */
export async function fetchUser(email: string): Promise<User | null> {
  const res = await adminCall(`${API_PREFIX.admin}/users/all?q=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  const { users } = (await res.json()) as { users: User[] };
  return users.find((u) => u.email === email) ?? null;
}
