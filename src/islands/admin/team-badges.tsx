// An account's place in its company's team on the administrators' users screen
// (docs/behaviour.md#teams): its role and 'Dati dei fan', 'Chiede di entrare' while a request
// waits, and 'Invitato da {name}' for an account that registered through an invitation.
import { t } from '../../core/messages';
import type { AdminUser } from '../../core/schemas/admin';
import type { User } from '../../core/schemas/user';
import { roleName } from '../../stores/team/rules';

/** Who invited the account, as the administrators' lists say (not the action answers' user). */
function invitedBy(user: User | AdminUser): string | null {
  const name = 'invited_by_name' in user ? user.invited_by_name : null;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

export function TeamRole({ user }: { user: User }) {
  if (user.membership === 'requested') {
    return (
      <span className="badge badge-warning us-team" data-team="requested">
        {t('teamScreen.admin.requested')}
      </span>
    );
  }
  if (!user.company_role) return null;
  return (
    <span className="us-team" data-team={user.company_role}>
      <span className={`badge tm-role tm-role-${user.company_role}`}>{roleName(user.company_role)}</span>
      {user.fans_access ? <span className="badge badge-success">{t('team.fansAccess')}</span> : null}
    </span>
  );
}

export function InvitedBy({ user }: { user: User }) {
  const name = invitedBy(user);
  return name ? <span className="us-invited">{t('teamScreen.invitedBy', { name })}</span> : null;
}
