// Members of one company for the editor's browser tests (docs/behaviour.md#teams): a Titolare,
// and accounts of the same company with a role, set through the members API as a Titolare would.
import { expect } from 'vitest';
import type { CompanyRole, User } from '../../src/core/schemas/user';
import { t } from '../../src/core/messages';
import { api, organiser } from './api';
import { sqlExec } from './d1';

export interface Member {
  user: User;
  token: string;
}

let seq = 0;
/** A company name no other test of the run uses. */
export function uniqueCompany(prefix = 'Squadra'): string {
  seq += 1;
  return `${prefix} ${Date.now().toString(36)}${seq}`;
}

/** The role of an account of the company, as its Titolare accepts it. */
async function accept(owner: Member, user: User, role: CompanyRole, fansAccess: boolean): Promise<void> {
  const res = await api(`/api/company/members/${user.id}/accept`, {
    method: 'POST',
    token: owner.token,
    json: { role, fans_access: fansAccess },
  });
  if (res.status === 404 && ((await res.clone().json()) as { detail?: string }).detail === t('request.notFound')) {
    // the members routes are not on this branch yet: the same change, straight into D1
    await sqlExec(
      `UPDATE users SET company_role = '${role}', membership = 'member', fans_access = ${fansAccess ? 1 : 0}
       WHERE id = ${user.id}`,
    );
    return;
  }
  expect(res.status, await res.clone().text()).toBe(200);
}

/** The first account of a new company: its Titolare once approved. */
export async function companyOwner(company = uniqueCompany(), fullName = 'Titolare Test'): Promise<Member> {
  const owner = await organiser({ company, fullName });
  const me = await (await api('/users/me', { token: owner.token })).json();
  if ((me as User).company_role !== 'owner') {
    await sqlExec(
      `UPDATE users SET company_role = 'owner', membership = 'member', fans_access = 1 WHERE id = ${owner.user.id}`,
    );
  }
  return owner;
}

/** Another account of the owner's company, accepted with this role (and the fans' right). */
export async function memberOf(
  owner: Member,
  role: CompanyRole,
  options: { fansAccess?: boolean; fullName?: string } = {},
): Promise<Member> {
  const member = await organiser({ company: owner.user.company ?? '', fullName: options.fullName ?? `Membro ${role}` });
  await accept(owner, member.user, role, options.fansAccess ?? false);
  return member;
}
