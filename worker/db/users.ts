import type { CompanyRole, Membership, User, UserStatus } from '../../src/core/schemas/user';
import type { AuthUser } from '../env';
import type { CompanyRef } from './companies';

/** A users row as D1 returns it (SQLite booleans are 0/1). */
export interface UserRow {
  id: number;
  email: string;
  hashed_password: string;
  full_name: string | null;
  company: string | null;
  /** the company's key (src/core/company.ts); NULL: no company, so no pages */
  company_key: string | null;
  status: UserStatus;
  previous_status: UserStatus | null;
  is_active: number;
  is_verified: number;
  is_superuser: number;
  token_version: number;
  created_at: string;
  updated_at: string;
  company_role: CompanyRole | null;
  membership: Membership | null;
  fans_access: number;
  member_since: string | null;
  invitation_id: number | null;
}

/** The public shape: never the hash, never the token version. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    company: row.company,
    status: row.status,
    is_active: row.is_active === 1,
    is_verified: row.is_verified === 1,
    is_superuser: row.is_superuser === 1,
    created_at: row.created_at,
    company_role: row.membership === 'member' ? row.company_role : null,
    // a Titolare always has the fans' addresses (docs/behaviour.md#teams)
    fans_access: row.membership === 'member' && (row.company_role === 'owner' || row.fans_access === 1),
    membership: row.membership,
  };
}

/** Exactly the public keys of a user (drops token_version and anything else carried along). */
export function publicUser(user: User): User {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    company: user.company,
    status: user.status,
    is_active: user.is_active,
    is_verified: user.is_verified,
    is_superuser: user.is_superuser,
    created_at: user.created_at,
    company_role: user.company_role,
    fans_access: user.fans_access,
    membership: user.membership,
  };
}

export function toAuthUser(row: UserRow): AuthUser {
  return { ...toUser(row), token_version: row.token_version, company_key: row.company_key };
}

export const USER_COLUMNS =
  'id, email, hashed_password, full_name, company, company_key, status, previous_status, is_active, is_verified, ' +
  'is_superuser, token_version, created_at, updated_at, company_role, membership, fans_access, member_since, invitation_id';

export function getUserById(db: D1Database, id: number): Promise<UserRow | null> {
  return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).bind(id).first<UserRow>();
}

/** E-mails are unique ignoring case (the index is COLLATE NOCASE). */
export function getUserByEmail(db: D1Database, email: string): Promise<UserRow | null> {
  return db
    .prepare(`SELECT ${USER_COLUMNS} FROM users WHERE email = ? COLLATE NOCASE`)
    .bind(email.trim())
    .first<UserRow>();
}

export function insertUserStatement(
  db: D1Database,
  user: {
    email: string;
    hashed_password: string;
    full_name: string | null;
    company: CompanyRef;
    /** the invitation the registration carried (docs/behaviour.md#teams) */
    invitation_id?: number | null;
  },
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO users (email, hashed_password, full_name, company, company_key, invitation_id)
       VALUES (?, ?, ?, ?, ?, ?)
       RETURNING ${USER_COLUMNS}`,
    )
    .bind(
      user.email,
      user.hashed_password,
      user.full_name,
      user.company.name,
      user.company.key,
      user.invitation_id ?? null,
    );
}

/** Logout: every token issued so far stops working. */
export function bumpTokenVersionStatement(db: D1Database, id: number): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET token_version = token_version + 1,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    )
    .bind(id);
}

/**
 * New password: the hash changes (reset tokens die) and old sessions are revoked too. Guarded
 * by the hash read before, so one reset token cannot win twice in a race.
 */
export function setPasswordStatement(db: D1Database, id: number, oldHash: string, hash: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET hashed_password = ?, token_version = token_version + 1,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ? AND hashed_password = ?`,
    )
    .bind(hash, id, oldHash);
}

/** Rehash on login: same password, stronger parameters; sessions stay. */
export function rehashStatement(db: D1Database, id: number, oldHash: string, hash: string): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET hashed_password = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND hashed_password = ?`,
    )
    .bind(hash, id, oldHash);
}

/**
 * True unless the row is the last active admin: every statement that could take an admin
 * away carries it, so two admins demoting each other at once still leave one.
 */
const KEEPS_AN_ADMIN = `(NOT (is_superuser = 1 AND is_active = 1 AND status = 'active')
  OR (SELECT COUNT(*) FROM users o WHERE o.is_superuser = 1 AND o.is_active = 1
      AND o.status = 'active' AND o.id != users.id) > 0)`;

/**
 * Moves a user to a new status, guarded by the status read before (so two admins acting at
 * once cannot both apply a transition). `extra` sets is_active / is_verified / previous_status,
 * and `revoke_sessions` moves the token version in the same statement (every token issued so far
 * stops working: docs/behaviour.md, 'Passwords and sessions').
 */
export function setStatusStatement(
  db: D1Database,
  id: number,
  from: UserStatus,
  to: UserStatus,
  extra: {
    is_active?: boolean;
    is_verified?: boolean;
    previous_status?: UserStatus | null;
    revoke_sessions?: boolean;
  } = {},
): D1PreparedStatement {
  const sets = ['status = ?'];
  const binds: (string | number | null)[] = [to];
  if (extra.is_active !== undefined) {
    sets.push('is_active = ?');
    binds.push(extra.is_active ? 1 : 0);
  }
  if (extra.is_verified !== undefined) {
    sets.push('is_verified = ?');
    binds.push(extra.is_verified ? 1 : 0);
  }
  if (extra.previous_status !== undefined) {
    sets.push('previous_status = ?');
    binds.push(extra.previous_status);
  }
  if (extra.revoke_sessions) sets.push('token_version = token_version + 1');
  sets.push(`updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
  return db
    .prepare(`UPDATE users SET ${sets.join(', ')} WHERE id = ? AND status = ? AND ${KEEPS_AN_ADMIN}`)
    .bind(...binds, id, from);
}

export function setSuperuserStatement(db: D1Database, id: number, value: boolean): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET is_superuser = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
       WHERE id = ? AND ${value ? '1' : KEEPS_AN_ADMIN}`,
    )
    .bind(value ? 1 : 0, id);
}

export function setCompanyStatement(db: D1Database, id: number, company: CompanyRef): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET company = ?, company_key = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`,
    )
    .bind(company.name, company.key, id);
}

export function deleteUserStatement(db: D1Database, id: number): D1PreparedStatement {
  return db.prepare(`DELETE FROM users WHERE id = ? AND ${KEEPS_AN_ADMIN}`).bind(id);
}

/** Active admins who could still administer: the last one can never be removed. */
export async function countActiveAdmins(db: D1Database): Promise<number> {
  const row = await db
    .prepare(`SELECT COUNT(*) AS n FROM users WHERE is_superuser = 1 AND is_active = 1 AND status = 'active'`)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

export async function countByStatus(db: D1Database): Promise<Record<UserStatus, number> & { total: number }> {
  const { results } = await db
    .prepare('SELECT status, COUNT(*) AS n FROM users GROUP BY status')
    .all<{ status: UserStatus; n: number }>();
  const counts = { pending: 0, approved: 0, active: 0, rejected: 0, banned: 0, total: 0 };
  for (const r of results) {
    if (r.status in counts) counts[r.status] = r.n;
    counts.total += r.n;
  }
  return counts;
}
