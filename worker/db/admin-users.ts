import { companyKey } from '../../src/core/company';
import type { AdminUser, UsersQuery } from '../../src/core/schemas/admin';
import { toUser, USER_COLUMNS, type UserRow } from './users';

const SORT_COLUMNS: Record<NonNullable<UsersQuery['sort']>, string> = {
  created_at: 'created_at',
  email: 'email COLLATE NOCASE',
  full_name: 'full_name COLLATE NOCASE',
  status: 'status',
  company: 'company COLLATE NOCASE',
};

/** Who invited the account, when it registered through an invitation (docs/behaviour.md#teams). */
const INVITED_BY = `(SELECT i.invited_by_name FROM company_invitations i WHERE i.id = users.invitation_id) AS invited_by_name`;

/**
 * One page of users for the admin: optional search (name or e-mail, ignoring case), status
 * and company filters, a whitelisted sort and the total for the pager.
 */
export async function listUsers(
  db: D1Database,
  query: UsersQuery,
  defaults: { sort: NonNullable<UsersQuery['sort']>; order: 'asc' | 'desc' },
): Promise<{ users: AdminUser[]; total: number }> {
  const where: string[] = [];
  const binds: (string | number)[] = [];
  if (query.q) {
    // instr() rather than LIKE: D1 refuses LIKE patterns over 50 bytes, and a search for '50%'
    // must find that text, not everything. lower() folds ASCII case, as LIKE did.
    where.push('(instr(lower(email), lower(?)) > 0 OR instr(lower(full_name), lower(?)) > 0)');
    binds.push(query.q, query.q);
  }
  if (query.status) {
    where.push('status = ?');
    binds.push(query.status);
  }
  if (query.company) {
    where.push('company_key = ?');
    binds.push(companyKey(query.company));
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const sort = SORT_COLUMNS[query.sort ?? defaults.sort];
  const order = (query.order ?? defaults.order) === 'asc' ? 'ASC' : 'DESC';
  const offset = (query.page - 1) * query.page_size;
  const [count, page] = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM users ${whereSql}`).bind(...binds),
    db
      .prepare(
        `SELECT ${USER_COLUMNS}, ${INVITED_BY} FROM users ${whereSql} ORDER BY ${sort} ${order}, id ${order} LIMIT ? OFFSET ?`,
      )
      .bind(...binds, query.page_size, offset),
  ]);
  const total = (count?.results[0] as { n: number } | undefined)?.n ?? 0;
  const rows = (page?.results ?? []) as (UserRow & { invited_by_name: string | null })[];
  return { users: rows.map((r) => ({ ...toUser(r), invited_by_name: r.invited_by_name })), total };
}
