// A user's card: details, what the user sees (their status message), the actions this admin may take on them
// and their history as a timeline. A side sheet on wide screens, a full-height sheet on phones.
import { useEffect, useState } from 'react';
import {
  AlertCircle,
  Ban,
  Building2,
  Check,
  CheckCircle2,
  History,
  RotateCcw,
  ShieldMinus,
  ShieldPlus,
  Trash2,
  UserCheck,
  UserX,
  X,
} from 'lucide-react';
import { Skeletons } from '../../components/Skeletons';
import { t } from '../../core/messages';
import { statusMessage, type User } from '../../core/schemas/user';
import { ApiError } from '../../lib/api';
import { Modal } from '../../components/Modal';
import { allowedActions, loadHistory, userLabel, type HistoryEntry } from '../../stores/admin/users';
import type { DialogAction } from './ActionDialog';
import { RoleBadge, StatusBadge } from './badges';
import { formatDate, formatDateTime, historyActionName, historyTone, statusName } from './format';
import { InvitedBy, TeamRole } from './team-badges';
import { CloseButton } from '../../components/CloseButton';

interface Props {
  user: User | null;
  selfId: number | null;
  /** bumps after every action, so the timeline reloads */
  version: number;
  /** the outcome of the last action on this user */
  notice: { ok: boolean; message: string } | null;
  onClose: () => void;
  onAction: (action: DialogAction, user: User) => void;
}

export function UserPanel({ user, selfId, version, notice, onClose, onAction }: Props) {
  return (
    <Modal open={user !== null} onClose={onClose} labelledBy="us-panel-title" className="us-modal us-panel">
      {user ? (
        <PanelBody
          user={user}
          selfId={selfId}
          version={version}
          notice={notice}
          onClose={onClose}
          onAction={onAction}
        />
      ) : null}
    </Modal>
  );
}

function PanelBody({ user, selfId, version, notice, onClose, onAction }: Omit<Props, 'user'> & { user: User }) {
  const can = allowedActions(user, selfId);
  const self = user.id === selfId;
  const seen = statusMessage(user.status);
  const seenText =
    user.status === 'banned'
      ? t('usersScreen.userSeesBanned')
      : user.status === 'active'
        ? t('usersScreen.userSeesNothing')
        : (seen?.text ?? '');

  return (
    <div className="us-panel-inner">
      <header className="us-panel-head">
        <div className="us-panel-who">
          <h2 id="us-panel-title" className="us-panel-title">
            {userLabel(user)}
          </h2>
          <p className="us-panel-email">{user.email}</p>
          <div className="us-panel-badges">
            <StatusBadge status={user.status} />
            <RoleBadge admin={user.is_superuser} />
            {self ? <span className="badge us-you">{t('usersScreen.you')}</span> : null}
          </div>
        </div>
        <CloseButton label={t('ui.close')} onClick={onClose} />
      </header>

      <div aria-live="polite" className="us-panel-notice">
        {notice ? (
          <p className={`alert ${notice.ok ? 'alert-success' : 'alert-error'}`}>
            {notice.ok ? <CheckCircle2 size={18} aria-hidden="true" /> : <AlertCircle size={18} aria-hidden="true" />}
            <span>{notice.message}</span>
          </p>
        ) : null}
      </div>

      <dl className="us-facts">
        <div>
          <dt>{t('usersScreen.col.company')}</dt>
          <dd>{user.company?.trim() || <span className="us-missing">{t('usersScreen.noCompany')}</span>}</dd>
        </div>
        <div>
          <dt>{t('teamScreen.admin.teamRole')}</dt>
          <dd>
            {user.company_role || user.membership === 'requested' ? (
              <TeamRole user={user} />
            ) : (
              <span className="us-missing">{t('teamScreen.admin.noMember')}</span>
            )}
            <InvitedBy user={user} />
          </dd>
        </div>
        <div>
          <dt>{t('usersScreen.col.created')}</dt>
          <dd className="tabular">{formatDate(user.created_at)}</dd>
        </div>
        <div>
          <dt>{t('usersScreen.details.verification')}</dt>
          <dd>{user.is_verified ? t('usersScreen.verified') : t('usersScreen.notVerified')}</dd>
        </div>
        <div>
          <dt>{t('usersScreen.userSees')}</dt>
          <dd>{seenText}</dd>
        </div>
      </dl>

      <section className="us-panel-section" aria-labelledby="us-panel-actions">
        <h3 id="us-panel-actions" className="us-panel-subtitle">
          {t('usersScreen.col.actions')}
        </h3>
        <div className="us-panel-actions">
          {user.membership === 'requested' ? (
            <>
              <button type="button" className="btn btn-primary" onClick={() => onAction('teamAccept', user)}>
                <UserCheck size={18} aria-hidden="true" />
                {t('teamScreen.accept')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => onAction('teamRefuse', user)}>
                <UserX size={18} aria-hidden="true" />
                {t('teamScreen.refuse')}
              </button>
            </>
          ) : null}
          {can.approve ? (
            <button type="button" className="btn btn-primary" onClick={() => onAction('approve', user)}>
              <Check size={18} aria-hidden="true" />
              {t('usersScreen.action.approve')}
            </button>
          ) : null}
          {can.reject ? (
            <button type="button" className="btn btn-secondary" onClick={() => onAction('reject', user)}>
              <X size={18} aria-hidden="true" />
              {t('usersScreen.action.reject')}
            </button>
          ) : null}
          {can.unban ? (
            <button type="button" className="btn btn-primary" onClick={() => onAction('unban', user)}>
              <RotateCcw size={18} aria-hidden="true" />
              {t('usersScreen.action.unban')}
            </button>
          ) : null}
          {can.promote ? (
            <button type="button" className="btn btn-secondary" onClick={() => onAction('promote', user)}>
              <ShieldPlus size={18} aria-hidden="true" />
              {t('usersScreen.action.promote')}
            </button>
          ) : null}
          {can.demote ? (
            <button type="button" className="btn btn-secondary" onClick={() => onAction('demote', user)}>
              <ShieldMinus size={18} aria-hidden="true" />
              {t('usersScreen.action.demote')}
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" onClick={() => onAction('company', user)}>
            <Building2 size={18} aria-hidden="true" />
            {t('usersScreen.action.company')}
          </button>
          {can.ban ? (
            <button type="button" className="btn btn-secondary us-btn-warn" onClick={() => onAction('ban', user)}>
              <Ban size={18} aria-hidden="true" />
              {t('usersScreen.action.ban')}
            </button>
          ) : null}
          {can.delete ? (
            <button type="button" className="btn btn-danger" onClick={() => onAction('delete', user)}>
              <Trash2 size={18} aria-hidden="true" />
              {t('usersScreen.action.delete')}
            </button>
          ) : null}
        </div>
        {self ? <p className="hint us-panel-note">{t('usersScreen.selfNote')}</p> : null}
        {!self && !can.promote && !can.demote ? (
          <p className="hint us-panel-note">{t('usersScreen.roleNote')}</p>
        ) : null}
      </section>

      <Timeline user={user} version={version} />
    </div>
  );
}

function Timeline({ user, version }: { user: User; version: number }) {
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads for another user (by id) or after an action (version), not for a refreshed copy of the same user
  useEffect(() => {
    let live = true;
    setError(null);
    loadHistory(user)
      .then((list) => live && setEntries(list))
      .catch((err: unknown) => {
        if (!live) return;
        const detail = err instanceof ApiError ? err.message : '';
        setError(detail ? `${t('usersScreen.fail.history')}: ${detail}` : t('usersScreen.fail.history'));
      });
    return () => {
      live = false;
    };
  }, [user.id, version]);

  return (
    <section className="us-panel-section" aria-labelledby="us-panel-history">
      <h3 id="us-panel-history" className="us-panel-subtitle">
        <History size={16} aria-hidden="true" />
        {t('usersScreen.history.title', { name: userLabel(user) })}
      </h3>
      {error ? (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      ) : entries === null ? (
        <Skeletons count={3} className="us-timeline-skeleton stack" itemClassName="skeleton" />
      ) : entries.length === 0 ? (
        <p className="hint">{t('usersScreen.history.empty')}</p>
      ) : (
        <ol className="us-timeline">
          {entries.map((entry) => (
            <li key={entry.id} className="us-event" data-action={entry.action}>
              <span className={`us-event-dot ${historyTone(entry.action, entry.to_status)}`} aria-hidden="true" />
              <div className="us-event-body">
                <p className="us-event-title">
                  <strong>{historyActionName(entry.action)}</strong>
                  {entry.from_status && entry.to_status && entry.from_status !== entry.to_status ? (
                    <span className="us-event-transition">
                      {t('usersScreen.history.transition', {
                        from: statusName(entry.from_status),
                        to: statusName(entry.to_status),
                      })}
                    </span>
                  ) : null}
                </p>
                <CompanyDetail entry={entry} />
                {entry.reason ? (
                  <p className="us-event-reason">{t('usersScreen.history.reason', { reason: entry.reason })}</p>
                ) : null}
                <p className="us-event-meta">
                  <time dateTime={entry.created_at} className="tabular">
                    {formatDateTime(entry.created_at)}
                  </time>
                  {' · '}
                  {entry.actor_email
                    ? t('usersScreen.history.by', { actor: entry.actor_email })
                    : t('usersScreen.history.bySystem')}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function CompanyDetail({ entry }: { entry: HistoryEntry }) {
  const details = entry.details;
  if (!details || typeof details.to !== 'string') return null;
  const from = typeof details.from === 'string' && details.from ? details.from : null;
  return (
    <p className="us-event-reason">
      {from
        ? t('usersScreen.history.companyChange', { from, to: details.to })
        : t('usersScreen.history.companySet', { to: details.to })}
    </p>
  );
}
