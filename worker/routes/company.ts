/**
 * /api/company: a company's team (docs/behaviour.md#teams, docs/api.md#teams). Every route goes
 * through the one access policy (worker/services/pages/access.ts): any member reads, Titolari
 * manage, administrators may do everything for any company. An account of another company is
 * 404, exactly like an unknown id.
 */
import type { Context } from 'hono';
import { companyKey } from '../../src/core/company';
import { t } from '../../src/core/messages';
import type { Member } from '../../src/core/schemas/team';
import { displayName, normaliseEmail } from '../../src/core/schemas/user';
import { activityStatement, type ActivityAction } from '../db/activity';
import { findCompanyName } from '../db/companies';
import {
  getInvitationById,
  insertInvitationStatement,
  type InvitationRow,
  invitationProblem,
  listPendingInvitations,
  revokeEarlierStatement,
  revokeStatement,
  toInvitation,
} from '../db/invitations';
import {
  acceptStatement,
  changeMemberStatement,
  getMember,
  listMembers,
  refuseStatement,
  removeMemberStatement,
  requestStatement,
} from '../db/members';
import { getUserByEmail, getUserById, type UserRow } from '../db/users';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { describedRoutes } from '../openapi';
import { appOrigin, mayMail, sendMail } from '../services/mail';
import { hasRight, requireRight } from '../services/pages/access';
import {
  findInvitation,
  invitationHash,
  invitationMail,
  invitationRefusal,
  mailRequestToOwners,
  newInvitationToken,
  roleLabel,
} from '../services/team/members';
import { activityPage } from '../services/team/activity';
import {
  acceptRoute,
  activityRoute,
  inviteRoute,
  lookupRoute,
  membersRoute,
  patchRoute,
  refuseRoute,
  removeRoute,
  requestRoute,
  revokeRoute,
} from './company-routes';

type Ctx = Context<AppEnv>;
interface CompanyInView {
  name: string;
  key: string;
}

/**
 * The company a route acts on: the caller's own (holding `right` in it), or for an administrator
 * the one named by ?company= (else their own).
 */
async function companyInView(c: Ctx, right: 'read' | 'owner', named?: string): Promise<CompanyInView> {
  const user = c.get('user');
  requireRight(user, right);
  if (user.is_superuser && named) {
    // the stored spelling when the company has a row; a name nobody uses lists an empty team
    return { name: (await findCompanyName(c.env.DB, named)) ?? named, key: companyKey(named) };
  }
  if (!user.company || !user.company_key) fail(403, t('members.noCompany'));
  return { name: user.company, key: user.company_key };
}

/** The account `{id}` names, when the caller may act on it: of their company (admins: any); else 404. */
async function accountOf(c: Ctx, id: number): Promise<UserRow> {
  const user = c.get('user');
  const row = await getUserById(c.env.DB, id);
  if (!row?.company_key) fail(404, t('members.notFound'));
  if (!user.is_superuser && row.company_key !== user.company_key) fail(404, t('members.notFound'));
  return row;
}

/** The account as the team lists it (it was just changed, so it exists). */
async function memberAnswer(c: Ctx, id: number): Promise<Member> {
  const member = await getMember(c.env.DB, id);
  if (!member) fail(404, t('members.notFound'));
  return member;
}

/** The log entry of an act on a member (target = the member), written only if the change before it applied. */
function memberAct(c: Ctx, row: UserRow, action: ActivityAction, summary = ''): D1PreparedStatement {
  return activityStatement(
    c.env.DB,
    c.get('user'),
    {
      action,
      company_key: row.company_key!,
      target: { id: row.id, name: displayName(row) },
      summary,
    },
    { ifChanged: true },
  );
}

/** 409 unless the first statement of a batch changed its row. */
function changedOr409(results: D1Result[], detail: string): void {
  if (!results[0]?.meta.changes) fail(409, detail);
}

/** The refusal of inviting an address that already has an account. */
function refuseExistingAccount(existing: UserRow | null, key: string): void {
  if (!existing) return;
  fail(409, existing.company_key === key ? t('invitations.sameCompany') : t('invitations.otherCompany'));
}

export const company = describedRoutes()
  .openapi(membersRoute, async (c) => {
    const user = c.get('user');
    const company = await companyInView(c, 'read', c.req.valid('query').company);
    const { members, requests } = await listMembers(c.env.DB, company.key);
    const invitations = await listPendingInvitations(c.env.DB, company.key, new Date());
    return c.json({ company: company.name, members, requests, invitations, can_manage: hasRight(user, 'owner') }, 200);
  })

  .openapi(inviteRoute, async (c) => {
    const inviter = c.get('user');
    const company = await companyInView(c, 'owner', c.req.valid('query').company);
    const body = c.req.valid('json');
    const email = normaliseEmail(body.email);
    refuseExistingAccount(await getUserByEmail(c.env.DB, email), company.key);
    if (!(await mayMail(c.env, email, 'invitation'))) fail(429, t('invitations.tooMany'));
    const token = newInvitationToken();
    const now = new Date();
    // a new invitation replaces the address's earlier pending one; the act is logged with it
    const [, inserted] = await c.env.DB.batch([
      revokeEarlierStatement(c.env.DB, company.key, email, now),
      insertInvitationStatement(c.env.DB, {
        company,
        email,
        role: body.role,
        fans: body.fans_access,
        tokenHash: (await invitationHash(token))!,
        invitedBy: { id: inviter.id, name: displayName(inviter) },
        now,
      }),
      activityStatement(c.env.DB, inviter, {
        action: 'member.invited',
        company_key: company.key,
        summary: `${email} · ${roleLabel(body.role, body.fans_access)}`,
      }),
    ]);
    const row = inserted!.results[0] as InvitationRow;
    const mail = invitationMail(row, displayName(inviter), appOrigin(c.env, c.req.url), token);
    await sendMail(c.env, mail, c.req.url);
    return c.json({ invitation: toInvitation(row) }, 201);
  })

  .openapi(revokeRoute, async (c) => {
    const user = c.get('user');
    requireRight(user, 'owner');
    const row = await getInvitationById(c.env.DB, c.req.valid('param').id);
    if (!row || (!user.is_superuser && row.company_key !== user.company_key)) fail(404, t('invitations.notFound'));
    if (invitationProblem(row, new Date()) !== null) fail(409, t('invitations.gone'));
    const result = await revokeStatement(c.env.DB, row.id, row.company_key, new Date()).run();
    if (!result.meta.changes) fail(409, t('invitations.gone'));
    return c.json({ success: true as const }, 200);
  })

  .openapi(lookupRoute, async (c) => {
    const row = await findInvitation(c.env.DB, c.req.valid('query').token);
    const refusal = invitationRefusal(row, new Date());
    if (!row) fail(404, t('invitations.notFound'));
    if (refusal) fail(410, refusal);
    return c.json({ company: row.company, email: row.email, role: row.role }, 200);
  })

  .openapi(acceptRoute, async (c) => {
    requireRight(c.get('user'), 'owner');
    const row = await accountOf(c, c.req.valid('param').id);
    const { role, fans_access } = c.req.valid('json');
    if (row.membership !== 'requested') fail(409, t('members.notRequested'));
    const results = await c.env.DB.batch([
      acceptStatement(c.env.DB, row.id, role, fans_access),
      memberAct(c, row, 'member.accepted', roleLabel(role, fans_access)),
    ]);
    changedOr409(results, t('members.notRequested'));
    return c.json({ member: await memberAnswer(c, row.id) }, 200);
  })

  .openapi(refuseRoute, async (c) => {
    requireRight(c.get('user'), 'owner');
    const row = await accountOf(c, c.req.valid('param').id);
    if (row.membership !== 'requested') fail(409, t('members.notRequested'));
    const results = await c.env.DB.batch([refuseStatement(c.env.DB, row.id), memberAct(c, row, 'member.refused')]);
    changedOr409(results, t('members.notRequested'));
    return c.json({ success: true as const }, 200);
  })

  .openapi(patchRoute, async (c) => {
    requireRight(c.get('user'), 'owner');
    const row = await accountOf(c, c.req.valid('param').id);
    if (row.membership !== 'member' || !row.company_role) fail(409, t('members.notMember'));
    const body = c.req.valid('json');
    const to = {
      role: body.role ?? row.company_role,
      fans: body.fans_access ?? (row.company_role === 'owner' || row.fans_access === 1),
    };
    const summary = `${t('members.changedSummary', {
      from: roleLabel(row.company_role, row.fans_access === 1),
      to: roleLabel(to.role, to.fans),
    })}`;
    const results = await c.env.DB.batch([
      changeMemberStatement(c.env.DB, row.id, { role: row.company_role, fans_access: row.fans_access }, to),
      memberAct(c, row, 'member.changed', summary),
    ]);
    if (!results[0]?.meta.changes) {
      const demotes = row.company_role === 'owner' && to.role !== 'owner';
      fail(409, demotes ? t('members.lastOwner') : t('members.concurrentChange'));
    }
    return c.json({ member: await memberAnswer(c, row.id) }, 200);
  })

  .openapi(removeRoute, async (c) => {
    requireRight(c.get('user'), 'owner');
    const row = await accountOf(c, c.req.valid('param').id);
    if (row.membership !== 'member') fail(409, t('members.notMember'));
    const results = await c.env.DB.batch([
      removeMemberStatement(c.env.DB, row.id),
      memberAct(c, row, 'member.removed', row.company_role ? t(`team.role.${row.company_role}`) : ''),
    ]);
    if (!results[0]?.meta.changes) {
      fail(409, row.company_role === 'owner' ? t('members.lastOwner') : t('members.concurrentChange'));
    }
    return c.json({ success: true as const }, 200);
  })

  .openapi(requestRoute, async (c) => {
    const user = c.get('user');
    if (!user.company_key) fail(403, t('members.noCompany'));
    if (user.membership === 'member') fail(409, t('members.alreadyMember'));
    if (user.membership === 'requested') fail(409, t('members.alreadyRequested'));
    const [result] = await c.env.DB.batch([requestStatement(c.env.DB, user.id)]);
    if (!result?.meta.changes) fail(409, t('members.alreadyRequested'));
    await mailRequestToOwners(c.env, user, c.req.url);
    return c.json({ member: await memberAnswer(c, user.id) }, 200);
  })

  .openapi(activityRoute, async (c) => {
    const user = c.get('user');
    const query = c.req.valid('query');
    requireRight(user, 'read');
    let key: string | null;
    if (user.is_superuser) {
      key = query.company ? companyKey(query.company) : null;
    } else {
      if (!user.company_key) fail(403, t('members.noCompany'));
      key = user.company_key;
    }
    return c.json(await activityPage(c.env.DB, key, query), 200);
  });
