/**
 * A company's members and requests, as rows of users (docs/behaviour.md#teams): one company per
 * account, so membership lives on the account. Every statement that could take the last
 * Titolare away carries KEEPS_AN_OWNER, so two Titolari demoting or removing each other at
 * once still leave one.
 */
import type { CompanyRole } from '../../src/core/schemas/user';
import type { Member } from '../../src/core/schemas/team';

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

/** A Titolare who can still act: a member, owner, approved or active (not banned, not rejected). */
const LIVE_OWNER = `membership = 'member' AND company_role = 'owner' AND status IN ('approved', 'active')
  AND is_active = 1`;

/**
 * True unless the row is its company's last live Titolare (the row being changed is read
 * before the change, as SQLite evaluates WHERE on the old row).
 */
const KEEPS_AN_OWNER = `(NOT (users.membership = 'member' AND users.company_role = 'owner')
  OR (SELECT COUNT(*) FROM users o WHERE o.company_key = users.company_key AND o.id != users.id
      AND o.membership = 'member' AND o.company_role = 'owner' AND o.status IN ('approved', 'active')
      AND o.is_active = 1) > 0)`;

/** A users row as the members list reads it. */
interface MemberRow {
  id: number;
  email: string;
  full_name: string | null;
  company_role: CompanyRole | null;
  membership: 'member' | 'requested';
  fans_access: number;
  member_since: string | null;
  created_at: string;
  invited_by_name: string | null;
}

const MEMBER_COLUMNS = `u.id, u.email, u.full_name, u.company_role, u.membership, u.fans_access, u.member_since,
  u.created_at, (SELECT i.invited_by_name FROM company_invitations i WHERE i.id = u.invitation_id) AS invited_by_name`;

export function toMember(row: MemberRow): Member {
  const member = row.membership === 'member';
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    role: member ? row.company_role : null,
    fans_access: member && (row.company_role === 'owner' || row.fans_access === 1),
    membership: row.membership,
    since: row.member_since ?? row.created_at,
    invited_by_name: row.invited_by_name,
  };
}

/** Members and requests of a company: Titolari first, then by name; requests oldest first. */
export async function listMembers(
  db: D1Database,
  companyKey: string,
): Promise<{ members: Member[]; requests: Member[] }> {
  const { results } = await db
    .prepare(
      `SELECT ${MEMBER_COLUMNS} FROM users u
       WHERE u.company_key = ? AND u.membership IN ('member', 'requested') AND u.status IN ('approved', 'active', 'banned')
       ORDER BY CASE u.company_role WHEN 'owner' THEN 0 WHEN 'editor' THEN 1 ELSE 2 END,
         coalesce(u.full_name, u.email) COLLATE NOCASE, u.id`,
    )
    .bind(companyKey)
    .all<MemberRow>();
  const members = results.filter((r) => r.membership === 'member').map(toMember);
  const requests = results
    .filter((r) => r.membership === 'requested')
    .map(toMember)
    .sort((a, b) => a.since.localeCompare(b.since) || a.id - b.id);
  return { members, requests };
}

export async function getMember(db: D1Database, id: number): Promise<Member | null> {
  const row = await db.prepare(`SELECT ${MEMBER_COLUMNS} FROM users u WHERE u.id = ?`).bind(id).first<MemberRow>();
  return row && (row.membership === 'member' || row.membership === 'requested') ? toMember(row) : null;
}

/** The company's Titolari who can act (request e-mails go to them). */
export async function liveOwners(
  db: D1Database,
  companyKey: string,
): Promise<{ id: number; email: string; full_name: string | null }[]> {
  const { results } = await db
    .prepare(`SELECT id, email, full_name FROM users WHERE company_key = ? AND ${LIVE_OWNER} ORDER BY id`)
    .bind(companyKey)
    .all<{ id: number; email: string; full_name: string | null }>();
  return results;
}

/**
 * The approval rule (docs/behaviour.md#teams), decided in one statement so two approvals at once
 * cannot both found the company: a registration that carried a valid invitation (used by this
 * account, for its company) joins with the invitation's role; the first account of a new
 * company (no member, no page, trashed or not) becomes its Titolare; anyone else asks to join.
 * Only an account whose membership is still undecided, and only once approved.
 */
export function decideMembershipStatement(db: D1Database, id: number): D1PreparedStatement {
  const invitation = `(SELECT i.id FROM company_invitations i WHERE i.id = users.invitation_id
    AND i.used_by = users.id AND i.company_key = users.company_key)`;
  const invited = `${invitation} IS NOT NULL`;
  const fresh = `(NOT EXISTS (SELECT 1 FROM users o WHERE o.company_key = users.company_key AND o.id != users.id
      AND o.membership = 'member')
    AND NOT EXISTS (SELECT 1 FROM landing_pages p WHERE p.company_key = users.company_key))`;
  const invitedRole = `(SELECT i.role FROM company_invitations i WHERE i.id = users.invitation_id)`;
  const invitedFans = `(SELECT CASE i.role WHEN 'owner' THEN 1 WHEN 'viewer' THEN 0 ELSE i.fans_access END
    FROM company_invitations i WHERE i.id = users.invitation_id)`;
  return db
    .prepare(
      `UPDATE users SET
         company_role = CASE WHEN ${invited} THEN ${invitedRole} WHEN ${fresh} THEN 'owner' ELSE NULL END,
         fans_access = CASE WHEN ${invited} THEN ${invitedFans} WHEN ${fresh} THEN 1 ELSE 0 END,
         membership = CASE WHEN ${invited} OR ${fresh} THEN 'member' ELSE 'requested' END,
         member_since = ${NOW},
         updated_at = ${NOW}
       WHERE id = ? AND status = 'approved' AND membership IS NULL AND company_key IS NOT NULL`,
    )
    .bind(id);
}

/** The fans right as stored: always for a Titolare, never for a Lettore (docs/behaviour.md#teams). */
export function storedFans(role: CompanyRole, fans: boolean): number {
  if (role === 'owner') return 1;
  if (role === 'viewer') return 0;
  return fans ? 1 : 0;
}

/** A request accepted with a role; only while it still waits. */
export function acceptStatement(db: D1Database, id: number, role: CompanyRole, fans: boolean): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET membership = 'member', company_role = ?, fans_access = ?, member_since = ${NOW},
         updated_at = ${NOW}
       WHERE id = ? AND membership = 'requested'`,
    )
    .bind(role, storedFans(role, fans), id);
}

/** A request refused: the account stays, of its company, outside the team (it may ask again). */
export function refuseStatement(db: D1Database, id: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET membership = NULL, company_role = NULL, fans_access = 0, member_since = NULL,
         updated_at = ${NOW}
       WHERE id = ? AND membership = 'requested'`,
    )
    .bind(id);
}

/** A member's new role and right, guarded by what was read and by KEEPS_AN_OWNER when demoted. */
export function changeMemberStatement(
  db: D1Database,
  id: number,
  from: { role: CompanyRole; fans_access: number },
  to: { role: CompanyRole; fans: boolean },
): D1PreparedStatement {
  const guard = to.role === 'owner' ? '' : `AND ${KEEPS_AN_OWNER}`;
  return db
    .prepare(
      `UPDATE users SET company_role = ?, fans_access = ?, updated_at = ${NOW}
       WHERE id = ? AND membership = 'member' AND company_role = ? AND fans_access = ? ${guard}`,
    )
    .bind(to.role, storedFans(to.role, to.fans), id, from.role, from.fans_access);
}

/** A member removed: no role, no right; the account keeps its company name and may ask again. */
export function removeMemberStatement(db: D1Database, id: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET membership = NULL, company_role = NULL, fans_access = 0, member_since = NULL,
         updated_at = ${NOW}
       WHERE id = ? AND membership = 'member' AND ${KEEPS_AN_OWNER}`,
    )
    .bind(id);
}

/** An account outside the team of its company asks to join (again). */
export function requestStatement(db: D1Database, id: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET membership = 'requested', company_role = NULL, fans_access = 0, member_since = ${NOW},
         updated_at = ${NOW}
       WHERE id = ? AND membership IS NULL AND company_key IS NOT NULL`,
    )
    .bind(id);
}

/** An administrator's move: a member of the new company with the role picked. */
export function moveMemberStatement(db: D1Database, id: number, role: CompanyRole, fans: boolean): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET membership = 'member', company_role = ?, fans_access = ?, member_since = ${NOW},
         updated_at = ${NOW}
       WHERE id = ?`,
    )
    .bind(role, storedFans(role, fans), id);
}
