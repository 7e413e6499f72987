// Status and role badges, with the message the user sees for that status as its tooltip.
import { ShieldCheck } from 'lucide-react';
import { t } from '../../core/messages';
import { statusMessage } from '../../core/schemas/user';
import { statusName, statusTone } from './format';

export function StatusBadge({ status }: { status: string }) {
  const message = status === 'banned' ? null : statusMessage(status);
  return (
    <span className={`badge us-status ${statusTone(status)}`} data-status={status} title={message?.text}>
      <span className="us-dot" aria-hidden="true" />
      {statusName(status)}
    </span>
  );
}

export function RoleBadge({ admin }: { admin: boolean }) {
  return admin ? (
    <span className="badge badge-accent us-role" data-role="admin">
      <ShieldCheck size={12} aria-hidden="true" />
      {t('usersScreen.role.admin')}
    </span>
  ) : (
    <span className="us-role us-role-user" data-role="user">
      {t('usersScreen.role.user')}
    </span>
  );
}
