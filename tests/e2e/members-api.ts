// Members of one company for the editor's browser tests (docs/behaviour.md#teams): a Titolare,
// and accounts of the same company with a role, set through the members API as a Titolare would.
import { expect } from 'vitest';
import type { CompanyRole, User } from '../../src/core/schemas/user';
import { authPaths, companyPaths } from '../../src/core/api-paths';
import { api, organiser } from './api';
import { uniqueCompany } from './team-api';

export interface Member {
  user: User;
  token: string;
}

/**
 * The role of a member of the company, as its Titolare sets it (organiser() has already let the
 * account in: its request accepted by the administrator, tests/e2e/api.ts).
 */
async function setRole(owner: Member, member: Member, role: CompanyRole, fansAccess: boolean): Promise<void> {
  const res = await api(companyPaths.member(member.user.id), {
    method: 'PATCH',
    token: owner.token,
    json: { role, fans_access: fansAccess },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const me = (await (await api(authPaths.me, { token: member.token })).json()) as User;
  expect([me.company_role, me.fans_access]).toEqual([role, role === 'owner' || (role === 'editor' && fansAccess)]);
}

/** The first account of a new company: its Titolare once approved. */
export async function companyOwner(company = uniqueCompany(), fullName = 'Titolare Test'): Promise<Member> {
  const owner = await organiser({ company, fullName });
  const me = (await (await api(authPaths.me, { token: owner.token })).json()) as User;
  expect(me.company_role).toBe('owner');
  return owner;
}

/** Another account of the owner's company, with this role (and the fans' right). */
export async function memberOf(
  owner: Member,
  role: CompanyRole,
  options: { fansAccess?: boolean; fullName?: string } = {},
): Promise<Member> {
  const member = await organiser({ company: owner.user.company ?? '', fullName: options.fullName ?? `Membro ${role}` });
  await setRole(owner, member, role, options.fansAccess ?? false);
  return member;
}
