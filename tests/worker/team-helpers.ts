// Fixtures of the team tests (docs/behaviour.md#teams): companies no other test names, accounts
// registered and approved through the real routes, members made straight in D1.
import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { adminPaths } from '../../src/core/api-paths';
import { companyKey } from '../../src/core/company';
import type { CompanyRole, Membership } from '../../src/core/schemas/user';
import { callJson, mailbox, organiserWithToken, PASSWORD, type TestUser, tokenFor, uniqueEmail } from './helpers';

let seq = 0;
/** A company name no other test uses. */
export function uniqueCompany(prefix = 'Squadra'): string {
  seq += 1;
  return `${prefix} ${Date.now().toString(36)} ${seq}`;
}

/** A member of `company` with a role (straight in D1), with a session token. */
export function member(
  company: string,
  role: CompanyRole | null,
  more: { membership?: Membership | null; fans_access?: boolean; full_name?: string; email?: string } = {},
): Promise<TestUser> {
  return organiserWithToken({ company, role, ...more });
}

/** Registers through POST /auth/register; answers the new account's id and e-mail. */
export async function registerAccount(
  company: string,
  more: { email?: string; full_name?: string; invitation?: string } = {},
): Promise<{ id: number; email: string }> {
  const email = more.email ?? uniqueEmail('team');
  const { status, body } = await callJson('/auth/register', {
    json: {
      email,
      password: PASSWORD,
      full_name: more.full_name ?? 'Luca Verdi',
      company,
      invitation: more.invitation,
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { id: body.id as number, email };
}

/** The administrator approves the account (the approval rule runs); answers the user JSON. */
export async function approve(admin: TestUser, id: number) {
  const { status, body } = await callJson(adminPaths.approve(id), {
    token: admin.token,
    json: { action: 'approve' },
    settle: true,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.user;
}

/** Makes an approved account active (as its verification link would) and answers a session token. */
export async function activate(id: number): Promise<string> {
  await env.DB.prepare(`UPDATE users SET status = 'active', is_verified = 1 WHERE id = ?`).bind(id).run();
  return tokenFor({ id });
}

/** The messages the dev mailbox holds for `to`, newest first. */
export function mailsTo(to: string) {
  return mailbox(to);
}

/** How many accounts of a company hold each membership. */
export async function membershipOf(id: number) {
  return env.DB.prepare('SELECT company_role, membership, fans_access, member_since FROM users WHERE id = ?')
    .bind(id)
    .first<{
      company_role: CompanyRole | null;
      membership: Membership | null;
      fans_access: number;
      member_since: string | null;
    }>();
}

/** The acts logged for a company, oldest first. */
export async function actsOf(company: string) {
  const { results } = await env.DB.prepare('SELECT * FROM activity_log WHERE company_key = ? ORDER BY id')
    .bind(companyKey(company))
    .all<{
      action: string;
      actor_id: number | null;
      target_user_id: number | null;
      target_name: string | null;
      summary: string;
    }>();
  return results;
}
