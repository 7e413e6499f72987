// Set-up of teams through the real HTTP API for the Team browser tests (docs/api.md#teams):
// a Titolare of a fresh company, members who joined through an invitation, accounts whose
// request to join waits, and the invitation link of the dev mailbox.
import { expect } from 'vitest';
import type { CompanyRole, User } from '../../src/core/schemas/user';
import { companyPaths } from '../../src/core/api-paths';
import { PASSWORD, activeUser, api, decide, login, mailLink, register, uniqueEmail } from './api';

let companies = 0;
/** A company name nobody else uses in this run. */
export function uniqueCompany(prefix = 'Squadra'): string {
  companies += 1;
  return `${prefix} ${Date.now().toString(36)}${companies}`;
}

export interface Account {
  user: User;
  token: string;
}

/** The first account of a new company: its Titolare once approved. */
export async function owner(
  fullName = 'Teresa Titolare',
  company = uniqueCompany(),
): Promise<Account & { company: string }> {
  const user = await activeUser({ fullName, company });
  return { user, token: await login(user.email), company };
}

/** An invitation by a Titolare; answers the invitation as the API does. */
export async function invite(ownerToken: string, email: string, role: CompanyRole, fans = false) {
  const res = await api(companyPaths.invitations, {
    method: 'POST',
    token: ownerToken,
    json: { email, role, fans_access: fans },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { invitation: { id: number; email: string } }).invitation;
}

/** The /signup?invito= link the dev mailbox holds for `email`. */
export function invitationLink(email: string): Promise<string> {
  return mailLink(email, '/signup?invito=');
}

/** The token of an invitation link. */
export function tokenOf(link: string): string {
  return new URL(link).searchParams.get('invito') ?? '';
}

async function verify(user: User): Promise<void> {
  const link = new URL(await mailLink(user.email, '/verify-email?token='));
  const res = await api('/auth/verify', { method: 'POST', json: { token: link.searchParams.get('token') } });
  expect(res.status, await res.clone().text()).toBe(200);
}

/**
 * A member who joined through an invitation: invited by the Titolare, registered with the link's
 * token, approved by the administrator and verified.
 */
export async function invitedMember(
  ownerAccount: { token: string; company: string },
  role: CompanyRole,
  fullName: string,
  fans = false,
): Promise<Account> {
  const email = uniqueEmail(fullName.toLowerCase().replace(/[^a-z]+/g, '.'));
  await invite(ownerAccount.token, email, role, fans);
  const token = tokenOf(await invitationLink(email));
  const res = await api('/auth/register', {
    method: 'POST',
    json: { email, password: PASSWORD, full_name: fullName, company: ownerAccount.company, invitation: token },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const user = (await res.json()) as User;
  await decide(user, 'approve');
  await verify(user);
  return { user, token: await login(email) };
}

/**
 * An account naming an existing company, approved and verified: its request waits for a
 * Titolare (not accepted for it, as activeUser does).
 */
export async function requester(company: string, fullName = 'Rita Richiedente'): Promise<Account> {
  const user = await register({ fullName, company });
  await decide(user, 'approve');
  await verify(user);
  return { user, token: await login(user.email) };
}

/** The account as it sees itself now. */
export async function me(token: string): Promise<User> {
  const res = await api('/users/me', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as User;
}

/** A Titolare removes a member through the API (to set a scene, not to test it). */
export async function removeMember(ownerToken: string, id: number): Promise<void> {
  const res = await api(companyPaths.member(id), { method: 'DELETE', token: ownerToken });
  expect(res.status, await res.clone().text()).toBe(200);
}
