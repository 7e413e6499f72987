// Set-up shared by the accounts and navbar e2e tests: users in a given state, mailbox links.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken, api, login } from './api';

export const PASSWORD = 'Palco2027ok';

export interface ApiUser {
  id: number;
  email: string;
  status: string;
}

export async function register(
  email: string,
  company = 'Band Test',
  fullName: string | null = 'Giulia Bianchi',
): Promise<ApiUser> {
  const res = await api('/auth/register', {
    method: 'POST',
    json: { email, password: PASSWORD, full_name: fullName, company },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as ApiUser;
}

async function userId(email: string, token: string): Promise<number> {
  const res = await api(`/api/admin/users/pending`, { token });
  const body = (await res.json()) as { users: ApiUser[] };
  const hit = body.users.find((u) => u.email === email);
  if (!hit) throw new Error(`${email} is not pending`);
  return hit.id;
}

export async function decide(email: string, action: 'approve' | 'reject', reason?: string): Promise<void> {
  const token = await adminToken();
  const id = await userId(email, token);
  const res = await api(`/api/admin/users/${id}/approve`, { method: 'POST', token, json: { action, reason } });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The newest link in the dev mailbox for `email` whose path contains `part`. */
export async function mailLink(email: string, part: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await api(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await res.json()) as { messages: { id: number; to: string; links: string[] }[] };
    const links = messages
      .filter((m) => m.to.toLowerCase() === email.toLowerCase())
      .sort((a, b) => b.id - a.id)
      .flatMap((m) => m.links.filter((l) => l.includes(part)));
    if (links[0]) return links[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${part} link for ${email}`);
}

/** A fully active user (registered, approved, verified through the mailed link). */
export async function activeUser(email: string, company = 'Band Test'): Promise<ApiUser> {
  const user = await register(email, company);
  await decide(email, 'approve');
  const link = new URL(await mailLink(email, 'verify-email'));
  const res = await api('/auth/verify', { method: 'POST', json: { token: link.searchParams.get('token') } });
  expect(res.status, await res.clone().text()).toBe(200);
  return user;
}

/** Puts a session in the browser as the login screen would (token + user from /users/me). */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  const token = await login(email, password);
  await page.goto('/home');
  await page.evaluate((tk) => localStorage.setItem('auth_token', tk), token);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until every island on the page has hydrated (Astro drops `ssr` from <astro-island>). */
export async function ready(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** page.goto, then wait for hydration: typing before React owns the inputs would be lost. */
export async function go(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await ready(page);
}
