// One table for both lists. On phones the same markup becomes a stack of cards (CSS only), so
// the keyboard order and the labels stay the same at every width.
import { Fragment } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Check, Settings2, X } from 'lucide-react';
import { t, type MessageKey } from '../../core/messages';
import type { User } from '../../core/schemas/user';
import { userLabel, type SortField, type SortOrder } from '../../stores/admin/users';
import { formatDate } from './format';
import { RoleBadge, StatusBadge } from './badges';
import { InvitedBy, TeamRole } from './team-badges';
import { ActionButton } from '../../components/ActionButton';

export interface SortState {
  sort: SortField;
  order: SortOrder;
  onSort: (field: SortField) => void;
}

interface Props {
  users: User[];
  selfId: number | null;
  variant: 'pending' | 'all';
  caption: string;
  sorting?: SortState;
  onManage: (user: User) => void;
  onQuick?: (action: 'approve' | 'reject', user: User) => void;
}

const COLUMNS: { key: string; label: MessageKey; sort?: SortField; className?: string }[] = [
  { key: 'name', label: 'usersScreen.col.fullName', sort: 'full_name' },
  { key: 'email', label: 'usersScreen.col.email', sort: 'email' },
  { key: 'company', label: 'usersScreen.col.company', sort: 'company' },
  { key: 'status', label: 'usersScreen.col.status', sort: 'status' },
  { key: 'role', label: 'usersScreen.col.role' },
  { key: 'created', label: 'usersScreen.col.created', sort: 'created_at', className: 'us-col-date' },
];

export function UsersTable({ users, selfId, variant, caption, sorting, onManage, onQuick }: Props) {
  return (
    <div className="us-table-wrap">
      <table className="us-table" data-variant={variant}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {COLUMNS.map((col) => {
              const sorted = sorting && col.sort === sorting.sort;
              const ariaSort = sorted ? (sorting.order === 'asc' ? 'ascending' : 'descending') : undefined;
              return (
                <th key={col.key} scope="col" aria-sort={ariaSort} className={col.className}>
                  {sorting && col.sort ? (
                    <button
                      type="button"
                      className={`us-sort ${sorted ? 'is-sorted' : ''}`}
                      onClick={() => sorting.onSort(col.sort as SortField)}
                      aria-label={t('usersScreen.sortBy', { column: t(col.label) })}
                    >
                      {t(col.label)}
                      {sorted ? (
                        sorting.order === 'asc' ? (
                          <ArrowUp size={14} aria-hidden="true" />
                        ) : (
                          <ArrowDown size={14} aria-hidden="true" />
                        )
                      ) : (
                        <ArrowUpDown size={14} aria-hidden="true" className="us-sort-idle" />
                      )}
                    </button>
                  ) : (
                    t(col.label)
                  )}
                </th>
              );
            })}
            <th scope="col" className="us-col-actions">
              <span className="visually-hidden">{t('usersScreen.col.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <Row
              key={user.id}
              user={user}
              self={user.id === selfId}
              variant={variant}
              onManage={onManage}
              onQuick={onQuick}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * An address that may wrap after its '@' and dots only, so a long one breaks at readable
 * places instead of widening the table (which would then scroll sideways).
 */
function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text never move
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function Row({
  user,
  self,
  variant,
  onManage,
  onQuick,
}: {
  user: User;
  self: boolean;
  variant: Props['variant'];
  onManage: Props['onManage'];
  onQuick: Props['onQuick'];
}) {
  const name = userLabel(user);
  return (
    <tr data-user-id={user.id} data-email={user.email}>
      <td className="us-cell-name" data-label={t('usersScreen.col.fullName')}>
        <span className={`us-name ${self ? 'has-badge' : ''}`} title={user.full_name ?? undefined}>
          {user.full_name?.trim() || <em className="us-missing">{t('usersScreen.noName')}</em>}
        </span>
        {self ? <span className="badge us-you">{t('usersScreen.you')}</span> : null}
      </td>
      <td className="us-cell-email" data-label={t('usersScreen.col.email')}>
        <span className="us-email" title={user.email}>
          <BreakableEmail email={user.email} />
        </span>
      </td>
      <td className="us-cell-company" data-label={t('usersScreen.col.company')}>
        {user.company?.trim() || <span className="us-missing">{t('usersScreen.noCompany')}</span>}
        <InvitedBy user={user} />
      </td>
      <td className="us-cell-status" data-label={t('usersScreen.col.status')}>
        <StatusBadge status={user.status} />
      </td>
      <td className="us-cell-role" data-label={t('usersScreen.col.role')}>
        <span className="us-roles">
          <RoleBadge admin={user.is_superuser} />
          <TeamRole user={user} />
        </span>
      </td>
      <td className="us-cell-date tabular" data-label={t('usersScreen.col.created')}>
        <time dateTime={user.created_at}>{formatDate(user.created_at)}</time>
      </td>
      <td className="us-cell-actions">
        <div className="us-row-actions">
          {variant === 'pending' && onQuick ? (
            <>
              <ActionButton
                icon={Check}
                text={t('usersScreen.action.approve')}
                className="btn-primary"
                onClick={() => onQuick('approve', user)}
                label={t('usersScreen.action.approveUser', { name })}
              />
              <ActionButton
                icon={X}
                text={t('usersScreen.action.reject')}
                className="btn-secondary us-btn-reject"
                onClick={() => onQuick('reject', user)}
                label={t('usersScreen.action.rejectUser', { name })}
              />
            </>
          ) : null}
          <button
            type="button"
            className={`btn btn-sm ${variant === 'pending' ? 'btn-ghost btn-icon us-manage-icon' : 'btn-secondary'}`}
            onClick={() => onManage(user)}
            aria-label={t('usersScreen.action.manageUser', { name })}
            title={t('usersScreen.action.manage')}
          >
            <Settings2 size={16} aria-hidden="true" />
            {variant === 'all' ? t('usersScreen.action.manage') : null}
          </button>
        </div>
      </td>
    </tr>
  );
}
