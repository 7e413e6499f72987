import type { Context } from 'hono';
import type { z } from 'zod';
import { t } from '../../src/core/messages';
import { banBodySchema, type StatsAnswer } from '../../src/core/schemas/admin';
import { displayName, type UserStatus } from '../../src/core/schemas/user';
import { listUsers } from '../db/admin-users';
import { companySyncStatements, listCompanyNames, listPublicCompanyNames, resolveCompany } from '../db/companies';
import { historyStatement, listHistory, type HistoryAction, type HistoryInput } from '../db/history';
import {
  countActiveAdmins,
  countByStatus,
  deleteUserStatement,
  getUserById,
  setCompanyStatement,
  setStatusStatement,
  setSuperuserStatement,
  toUser,
  type UserRow,
} from '../db/users';
import { decideMembershipStatement, moveMemberStatement, storedFans } from '../db/members';
import { activityStatement } from '../db/activity';
import { mailRequestToOwners, roleLabel } from '../services/team/members';
import type { AppEnv, AuthUser } from '../env';
import { fail } from '../errors';
import { describedRoutes } from '../openapi';
import { appOrigin, rejectedMail, sendMail, verifyMail } from '../services/mail';
import { createVerifyToken } from '../services/tokens';
import { issueDetail, refuseOperatorLookalike } from '../validate';
import { pageStats } from '../db/pages/counts';
import { statsRange } from '../db/stats-read';
import {
  companiesRoute,
  allCompaniesRoute,
  pendingRoute,
  allUsersRoute,
  approveRoute,
  banRoute,
  unbanRoute,
  historyRoute,
  makeAdminRoute,
  removeAdminRoute,
  deleteRoute,
  companyRoute,
  statsRoute,
  withOptionalBody,
} from './admin-routes';

type Ctx = Context<AppEnv>;

/** The target user of /users/{id}/… (the id already checked by its schema: a malformed one is 422). */
async function target(c: Ctx, id: number): Promise<UserRow> {
  const row = await getUserById(c.env.DB, id);
  if (!row) fail(404, t('admin.userNotFound'));
  return row;
}

/**
 * An optional JSON body: absent or empty is {}, anything present must parse and validate, whatever
 * its media type (the OpenAPI library would refuse a body without a JSON type, so this body is
 * described by hand beside its route).
 */
async function optionalJson<T extends z.ZodType>(c: Ctx, schema: T): Promise<z.infer<T>> {
  const text = await c.req.text();
  let raw: unknown = {};
  if (text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      fail(422, t('auth.invalidBody'));
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) fail(422, issueDetail(parsed.error, t('auth.invalidBody')));
  return parsed.data;
}

function isActiveAdmin(row: UserRow): boolean {
  return row.is_superuser === 1 && row.is_active === 1 && row.status === 'active';
}

/** The last active admin can never be demoted, banned, rejected or deleted. */
async function refuseLastAdmin(c: Ctx, row: UserRow): Promise<void> {
  if (isActiveAdmin(row) && (await countActiveAdmins(c.env.DB)) <= 1) fail(400, t('admin.lastAdmin'));
}

async function answerUser(c: Ctx, id: number) {
  const fresh = await getUserById(c.env.DB, id);
  if (!fresh) fail(404, t('admin.userNotFound'));
  return c.json({ success: true as const, user: toUser(fresh) }, 200);
}

/** The history entry of an admin's action on a user: by default the status stays as it is. */
function entryFor(
  row: UserRow,
  actor: AuthUser,
  action: HistoryAction,
  more: Partial<HistoryInput> = {},
): HistoryInput {
  return { user_id: row.id, actor_id: actor.id, action, from_status: row.status, to_status: row.status, ...more };
}

/**
 * A guarded change of a user and its history entry, in one batch: the entry is written only
 * when the change was; a change lost to a concurrent one is 409 (the admin reloads). The
 * companies list follows in the same batch (a rejected or deleted account's company goes when
 * nothing else keeps it, an approved one's comes back: worker/db/companies.ts).
 */
async function guardedChange(
  c: Ctx,
  row: UserRow,
  change: D1PreparedStatement,
  entry: HistoryInput,
  after: D1PreparedStatement[] = [],
): Promise<void> {
  const [result] = await c.env.DB.batch([
    change,
    historyStatement(c.env.DB, entry, { ifChanged: true }),
    ...after,
    ...companySyncStatements(c.env.DB, row.id, row.company_key),
  ]);
  if (!result?.meta.changes) fail(409, t('admin.concurrentChange'));
}

export const admin = describedRoutes()
  // Public: the signup screen fills its company autocomplete from here (companies with an
  // approved member only); administrators read every company from /companies/all.
  .openapi(companiesRoute, async (c) =>
    c.json({ success: true as const, companies: await listPublicCompanyNames(c.env.DB) }, 200),
  )
  .openapi(allCompaniesRoute, async (c) =>
    c.json({ success: true as const, companies: await listCompanyNames(c.env.DB) }, 200),
  )

  .openapi(pendingRoute, async (c) => {
    const query = { ...c.req.valid('query'), status: 'pending' as const };
    const { users, total } = await listUsers(c.env.DB, query, { sort: 'created_at', order: 'asc' });
    return c.json({ users, total, page: query.page, page_size: query.page_size }, 200);
  })

  .openapi(allUsersRoute, async (c) => {
    const query = c.req.valid('query');
    const { users, total } = await listUsers(c.env.DB, query, { sort: 'created_at', order: 'desc' });
    return c.json({ users, total, page: query.page, page_size: query.page_size }, 200);
  })

  .openapi(approveRoute, async (c) => {
    const me = c.get('user');
    const body = c.req.valid('json');
    const row = await target(c, c.req.valid('param').id);
    if (body.action === 'approve') {
      if (!['pending', 'rejected', 'approved'].includes(row.status)) fail(400, t('admin.cannotApprove'));
      // approving an approved user again just sends a fresh verification link; the membership is
      // decided once, by the approval rule (docs/behaviour.md#teams), and kept afterwards
      await guardedChange(
        c,
        row,
        setStatusStatement(c.env.DB, row.id, row.status, 'approved', { is_verified: false }),
        entryFor(row, me, 'approved', { to_status: 'approved' }),
        row.membership === null ? [decideMembershipStatement(c.env.DB, row.id)] : [],
      );
      const token = await createVerifyToken(c.env, row);
      await sendMail(c.env, verifyMail(row, appOrigin(c.env, c.req.url), token), c.req.url);
      const decided = await getUserById(c.env.DB, row.id);
      if (row.membership === null && decided?.membership === 'requested') {
        await mailRequestToOwners(c.env, decided, c.req.url);
      }
      // joining through an invitation (or founding the company) is the company's news too
      if (row.membership === null && decided?.membership === 'member' && decided.company_role) {
        await activityStatement(c.env.DB, me, {
          action: 'member.accepted',
          company_key: decided.company_key!,
          target: { id: decided.id, name: displayName(decided) },
          summary: decided.invitation_id
            ? t('members.joinedByInvitation', { role: roleLabel(decided.company_role, decided.fans_access === 1) })
            : roleLabel(decided.company_role, decided.fans_access === 1),
        }).run();
      }
      return answerUser(c, row.id);
    }
    if (row.id === me.id) fail(403, t('admin.selfReject'));
    if (!['pending', 'approved'].includes(row.status)) fail(400, t('admin.cannotReject'));
    await refuseLastAdmin(c, row);
    await guardedChange(
      c,
      row,
      setStatusStatement(c.env.DB, row.id, row.status, 'rejected'),
      entryFor(row, me, 'rejected', { to_status: 'rejected', reason: body.reason }),
    );
    await sendMail(c.env, rejectedMail(row, body.reason), c.req.url);
    return answerUser(c, row.id);
  })

  .openapi({ ...banRoute, hide: true }, async (c) => {
    const me = c.get('user');
    const row = await target(c, c.req.valid('param').id);
    const { reason } = await optionalJson(c, banBodySchema);
    if (row.id === me.id) fail(403, t('admin.selfBan'));
    if (row.status === 'banned') fail(400, t('admin.alreadyBanned'));
    await refuseLastAdmin(c, row);
    // the sessions of before the ban end for good (an unban means a fresh login); a login while
    // banned still works, so the guard can show 'Account Sospeso' (docs/behaviour.md)
    const ban = setStatusStatement(c.env.DB, row.id, row.status, 'banned', {
      is_active: false,
      previous_status: row.status,
      revoke_sessions: true,
    });
    await guardedChange(c, row, ban, entryFor(row, me, 'banned', { to_status: 'banned', reason }));
    return answerUser(c, row.id);
  })

  .openapi({ ...unbanRoute, hide: true }, async (c) => {
    const me = c.get('user');
    const row = await target(c, c.req.valid('param').id);
    const { reason } = await optionalJson(c, banBodySchema);
    if (row.status !== 'banned') fail(400, t('admin.notBanned'));
    const restored: UserStatus =
      row.previous_status && row.previous_status !== 'banned' ? row.previous_status : 'pending';
    // a session opened while banned (to see the guard screen) does not carry over either
    const unban = setStatusStatement(c.env.DB, row.id, 'banned', restored, {
      is_active: true,
      previous_status: null,
      revoke_sessions: true,
    });
    await guardedChange(
      c,
      row,
      unban,
      entryFor(row, me, 'unbanned', { from_status: 'banned', to_status: restored, reason }),
    );
    return answerUser(c, row.id);
  })

  .openapi(historyRoute, async (c) => {
    const row = await target(c, c.req.valid('param').id);
    return c.json({ history: await listHistory(c.env.DB, row.id) }, 200);
  })

  .openapi(makeAdminRoute, async (c) => {
    const me = c.get('user');
    const row = await target(c, c.req.valid('param').id);
    // Only active or approved users may become administrators
    if (!row.is_active || (row.status !== 'active' && row.status !== 'approved')) {
      fail(400, t('admin.makeAdminNotApproved'));
    }
    if (row.is_superuser) return answerUser(c, row.id);
    await c.env.DB.batch([
      setSuperuserStatement(c.env.DB, row.id, true),
      historyStatement(c.env.DB, entryFor(row, me, 'made_admin')),
    ]);
    return answerUser(c, row.id);
  })

  .openapi(removeAdminRoute, async (c) => {
    const me = c.get('user');
    const row = await target(c, c.req.valid('param').id);
    if (row.id === me.id) fail(403, t('admin.selfDemote'));
    if (!row.is_superuser) return answerUser(c, row.id);
    await refuseLastAdmin(c, row);
    await guardedChange(c, row, setSuperuserStatement(c.env.DB, row.id, false), entryFor(row, me, 'removed_admin'));
    return answerUser(c, row.id);
  })

  .openapi(deleteRoute, async (c) => {
    const me = c.get('user');
    const row = await target(c, c.req.valid('param').id);
    if (row.id === me.id) fail(403, t('admin.selfDelete'));
    await refuseLastAdmin(c, row);
    // The row goes (so every token of theirs fails at once); the history stays as the audit
    // trail, and the pages of their company stay with the company (so does its name then).
    await guardedChange(
      c,
      row,
      deleteUserStatement(c.env.DB, row.id),
      entryFor(row, me, 'deleted', { to_status: null, details: { email: row.email } }),
    );
    return c.json({ success: true as const }, 200);
  })

  .openapi(companyRoute, async (c) => {
    const me = c.get('user');
    const row = await target(c, c.req.valid('param').id);
    const body = c.req.valid('json');
    await refuseOperatorLookalike(body.company);
    const company = await resolveCompany(c.env.DB, body.company);
    const same = company.name === row.company && company.key === row.company_key;
    const current = row.membership === 'member' ? row.company_role : null;
    // Editor unless said otherwise; within the same company, what is not said stays as it is
    const role = body.role ?? (same && current ? current : 'editor');
    const fans = body.fans_access ?? (same && current ? current === 'owner' || row.fans_access === 1 : false);
    const unchanged = current === role && storedFans(role, fans) === row.fans_access;
    const saysRole = body.role !== undefined || body.fans_access !== undefined;
    if (same && (!saysRole || unchanged)) return answerUser(c, row.id);
    // the account becomes a member there with the role the administrator picks
    // (docs/behaviour.md#teams)
    await c.env.DB.batch([
      setCompanyStatement(c.env.DB, row.id, company),
      moveMemberStatement(c.env.DB, row.id, role, fans),
      historyStatement(
        c.env.DB,
        entryFor(row, me, 'company_changed', { details: { from: row.company, to: company.name, role } }),
      ),
      activityStatement(c.env.DB, me, {
        action: same ? 'member.changed' : 'member.accepted',
        company_key: company.key,
        target: { id: row.id, name: displayName(row) },
        summary: same ? roleLabel(role, fans) : t('members.movedByAdmin', { role: roleLabel(role, fans) }),
      }),
      // the new company gets its row (unless the account is rejected), the one left behind
      // loses it when nothing else keeps it
      ...companySyncStatements(c.env.DB, row.id, row.company_key),
    ]);
    return answerUser(c, row.id);
  })

  // ?days=N as for a page's stats (docs/api.md#page-statistics): a bad value is 422
  .openapi(statsRoute, async (c) => {
    const { days } = c.req.valid('query');
    const range = statsRange(days);
    const { period, ...lifetime } = await pageStats(c.env.DB, range);
    const stats: StatsAnswer = {
      users: await countByStatus(c.env.DB),
      // pages: {total, visible}, views, clicks: since the start
      ...lifetime,
      period: { days, range, ...period },
    };
    return c.json(stats, 200);
  });

// ban and unban are validated without their optional body (optionalJson reads it): described here
admin.openAPIRegistry.registerPath(withOptionalBody(banRoute));
admin.openAPIRegistry.registerPath(withOptionalBody(unbanRoute));
