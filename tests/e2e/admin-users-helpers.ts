// Set-up helpers for the 'Gestione Utenti' browser tests: accounts in a given state through the
// real API (register, approve, verify by the dev mailbox link), and an admin page.
import { expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { User } from '../../src/core/schemas/user';
import { adminToken, api, login, uniqueEmail } from './api';

export const PASSWORD = 'Password123';

export async function register(fullName: string, company = 'Etichetta Test'): Promise<User> {
  const email = uniqueEmail(fullName.toLowerCase().replace(/[^a-z]+/g, '.'));
  const res = await api('/auth/register', {
    method: 'POST',
    json: { email, password: PASSWORD, full_name: fullName, company },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as User;
}

let cachedAdminToken: string | null = null;
export async function admin(): Promise<string> {
  cachedAdminToken ??= await adminToken();
  return cachedAdminToken;
}

export async function adminCall(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  return api(path, { ...init, token: await admin() });
}

/** The verification link the dev mailbox holds for this address (newest first). */
export async function verifyLink(email: string): Promise<string> {
  const res = await api(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  const { messages } = (await res.json()) as { messages: { links: string[]; created_at: string; id: number }[] };
  const link = messages
    .toSorted((a, b) => b.id - a.id)
    .flatMap((m) => m.links)
    .find((l) => l.includes('verify-email?token='));
  if (!link) throw new Error(`no verification link for ${email}`);
  return link;
}

/** A registered, approved and verified (active) user. */
export async function activeUser(fullName: string, company?: string): Promise<User> {
  const user = await register(fullName, company);
  const res = await adminCall(`/api/admin/users/${user.id}/approve`, { method: 'POST', json: { action: 'approve' } });
  expect(res.status).toBe(200);
  const token = new URL(await verifyLink(user.email)).searchParams.get('token');
  const verified = await api('/auth/verify', { method: 'POST', json: { token } });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return { ...user, status: 'active', is_verified: true };
}

/** The user as the admin API sees it now (searched by e-mail), or null when gone. */
export async function fetchUser(email: string): Promise<User | null> {
  const res = await adminCall(`/api/admin/users/all?q=${encodeURIComponent(email)}`);
  expect(res.status).toBe(200);
  const { users } = (await res.json()) as { users: User[] };
  return users.find((u) => u.email === email) ?? null;
}

/** A page of this context with a session token stored, as the login screen would leave it. */
export async function pageWithToken(ctx: BrowserContext, token: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/home');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), token);
  return page;
}

export async function adminPage(ctx: BrowserContext): Promise<Page> {
  const page = await pageWithToken(ctx, await admin());
  await page.goto('/admin/users');
  try {
    await page.getByRole('heading', { level: 1, name: 'Gestione Utenti' }).waitFor();
  } catch (err) {
    const text = await page
      .locator('body')
      .innerText()
      .catch(() => '');
    throw new Error(`no 'Gestione Utenti' at ${page.url()}:\n${text.slice(0, 800)}`, { cause: err });
  }
  return page;
}

export async function userToken(email: string): Promise<string> {
  return login(email, PASSWORD);
}

export function pendingRow(page: Page, email: string): Locator {
  return page.getByTestId('pending-section').locator(`tr[data-email="${email}"]`);
}

export function allRow(page: Page, email: string): Locator {
  return page.getByTestId('all-section').locator(`tr[data-email="${email}"]`);
}

/** Narrows the all-users list to one address through the search box. */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Cerca per nome o email').fill(text);
}

/** Opens a user's panel from the all-users list (searched by e-mail). */
export async function openPanel(page: Page, user: Pick<User, 'email'>): Promise<Locator> {
  await search(page, user.email);
  const row = allRow(page, user.email);
  await row.getByRole('button', { name: /^Gestisci / }).click();
  const panel = page.locator('dialog.us-panel');
  await panel.waitFor();
  return panel;
}

/** The confirmation dialog on top (the shell's ConfirmDialog or the company dialog). */
export function confirmBox(page: Page): Locator {
  return page.locator('dialog[open].confirm-dialog');
}
