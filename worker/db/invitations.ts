/**
 * Invitations to a company's team (docs/behaviour.md#teams): a link bound to one address,
 * single use, valid INVITATION_TTL_DAYS, revocable. Only the token's SHA-256 is stored.
 */
import type { Invitation } from '../../src/core/schemas/team';
import type { CompanyRole } from '../../src/core/schemas/user';
import { storedFans } from './members';

export const INVITATION_TTL_DAYS = 7;

export interface InvitationRow {
  id: number;
  company_key: string;
  company: string;
  email: string;
  role: CompanyRole;
  fans_access: number;
  token_hash: string;
  invited_by: number | null;
  invited_by_name: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: number | null;
  revoked_at: string | null;
}

export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    fans_access: row.fans_access === 1,
    invited_by_name: row.invited_by_name,
    created_at: row.created_at,
    expires_at: row.expires_at,
  };
}

/** Why an invitation can no longer be used, or null while it can. */
export function invitationProblem(row: InvitationRow, now: Date): 'used' | 'revoked' | 'expired' | null {
  if (row.used_at) return 'used';
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= now.toISOString()) return 'expired';
  return null;
}

/** The pending invitations of a company, newest first. */
export async function listPendingInvitations(db: D1Database, companyKey: string, now: Date): Promise<Invitation[]> {
  const { results } = await db
    .prepare(
      `SELECT * FROM company_invitations
       WHERE company_key = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?
       ORDER BY id DESC`,
    )
    .bind(companyKey, now.toISOString())
    .all<InvitationRow>();
  return results.map(toInvitation);
}

export function getInvitationById(db: D1Database, id: number): Promise<InvitationRow | null> {
  return db.prepare('SELECT * FROM company_invitations WHERE id = ?').bind(id).first<InvitationRow>();
}

export function getInvitationByHash(db: D1Database, hash: string): Promise<InvitationRow | null> {
  return db.prepare('SELECT * FROM company_invitations WHERE token_hash = ?').bind(hash).first<InvitationRow>();
}

export interface NewInvitation {
  company: { name: string; key: string };
  email: string;
  role: CompanyRole;
  fans: boolean;
  tokenHash: string;
  invitedBy: { id: number; name: string };
  now: Date;
}

/** Revokes the address's earlier pending invitations to the company (a new one replaces them). */
export function revokeEarlierStatement(
  db: D1Database,
  companyKey: string,
  email: string,
  now: Date,
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE company_invitations SET revoked_at = ?
       WHERE company_key = ? AND email = ? COLLATE NOCASE AND used_at IS NULL AND revoked_at IS NULL`,
    )
    .bind(now.toISOString(), companyKey, email);
}

export function insertInvitationStatement(db: D1Database, inv: NewInvitation): D1PreparedStatement {
  const expires = new Date(inv.now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
  return db
    .prepare(
      `INSERT INTO company_invitations (company_key, company, email, role, fans_access, token_hash, invited_by,
         invited_by_name, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .bind(
      inv.company.key,
      inv.company.name,
      inv.email,
      inv.role,
      storedFans(inv.role, inv.fans),
      inv.tokenHash,
      inv.invitedBy.id,
      inv.invitedBy.name,
      inv.now.toISOString(),
      expires.toISOString(),
    );
}

/** Revokes one pending invitation of the company (a used or revoked one changes nothing). */
export function revokeStatement(db: D1Database, id: number, companyKey: string, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE company_invitations SET revoked_at = ?
       WHERE id = ? AND company_key = ? AND used_at IS NULL AND revoked_at IS NULL`,
    )
    .bind(now.toISOString(), id, companyKey);
}

/**
 * Marks the invitation used by the account just registered with `email` (same batch, after the
 * insert): only while it is still usable, so one token never serves twice.
 */
export function markInvitationUsedStatement(db: D1Database, id: number, email: string, now: Date): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE company_invitations SET used_at = ?, used_by = (SELECT id FROM users WHERE email = ? COLLATE NOCASE)
       WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL AND expires_at > ?`,
    )
    .bind(now.toISOString(), email, id, now.toISOString());
}
