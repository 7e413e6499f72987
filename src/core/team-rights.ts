/**
 * What a signed-in account may do inside its company (docs/behaviour.md#teams), as the screens
 * mirror it: a control the role cannot use is not offered. The Worker enforces this same table
 * on every route (worker/services/pages/access.ts, hasRight, reads it from here), so the site
 * never offers what the server would refuse.
 */
import type { CompanyRole, User } from './schemas/user';

export interface TeamRights {
  /** the role acted with, or null for an administrator outside any team or a non-member */
  role: CompanyRole | null;
  /** see pages, preview, statistics, fan counts, history */
  read: boolean;
  /** create, save, hide/show, availability, alerts, restore a version */
  write: boolean;
  /** delete a page to the trash, restore from it, delete for ever */
  owner: boolean;
  /** the fans' addresses: list, search, CSV, removal */
  fans: boolean;
}

const NONE: TeamRights = { role: null, read: false, write: false, owner: false, fans: false };

/** The rights of an account (null: nobody signed in). Administrators hold every right. */
export function teamRights(
  user: Pick<User, 'is_superuser' | 'company_role' | 'membership' | 'fans_access'> | null,
): TeamRights {
  if (!user) return NONE;
  const role = user.membership === 'member' ? user.company_role : null;
  if (user.is_superuser) return { role, read: true, write: true, owner: true, fans: true };
  if (!role) return NONE;
  return {
    role,
    read: true,
    write: role === 'owner' || role === 'editor',
    owner: role === 'owner',
    fans: role === 'owner' || (role === 'editor' && user.fans_access),
  };
}
