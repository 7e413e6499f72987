// 'Gestione Utenti': stats, the pending requests and every user, with the
// admin actions. The Guard shows 'Accesso Negato' to a non-admin and the status screens to
// anyone who cannot work yet; the lists load only for an admin.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ChevronLeft, ChevronRight, Inbox, RefreshCw, SearchX } from 'lucide-react';
import Guard from '../../components/Guard';
import { Skeletons } from '../../components/Skeletons';
import { t } from '../../core/messages';
import type { User } from '../../core/schemas/user';
import {
  $allUsers,
  $filters,
  $hasFilters,
  $lastLoadMs,
  $lastRefresh,
  $pageCount,
  $pendingUsers,
  $shownUsers,
  refreshAll,
  resetFilters,
  startUsersScreen,
  setFilters,
  type ActionResult,
  type SortField,
} from '../../stores/admin/users';
import { $user } from '../../stores/session';
import { notify } from '../../stores/toasts';
import { ActionDialog, type DialogAction, type Intent } from './ActionDialog';
import { Filters } from './Filters';
import { formatNumber } from '../../lib/format';
import { formatTime } from './format';
import { StatsBar } from './StatsBar';
import { UserPanel } from './UserPanel';
import { UsersTable } from './UsersTable';
import './users-screen.css';

export default function UsersScreen() {
  return (
    <Guard area="admin" adminOnly fallback={<ScreenSkeleton />}>
      <AdminUsers />
    </Guard>
  );
}

function ScreenSkeleton() {
  return (
    <div className="us-screen container" aria-busy="true">
      <div className="skeleton us-skel-title" />
      <Skeletons count={6} className="us-stats" itemClassName="us-stat skeleton us-stat-skeleton" />
      <div className="skeleton us-skel-card" />
    </div>
  );
}

function loadError(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return t('error.usersLoad', { detail });
}

function AdminUsers() {
  const me = useStore($user);
  const pending = useStore($pendingUsers);
  const all = useStore($allUsers);
  const allData = useStore($shownUsers);
  const filters = useStore($filters);
  const hasFilters = useStore($hasFilters);
  const pageCount = useStore($pageCount);
  const lastRefresh = useStore($lastRefresh);
  const lastLoadMs = useStore($lastLoadMs);
  const [intent, setIntent] = useState<Intent | null>(null);
  const [panelUser, setPanelUser] = useState<User | null>(null);
  const [version, setVersion] = useState(0);
  // the panel is modal, so the toasts sit behind its backdrop: it repeats the outcome itself
  const [notice, setNotice] = useState<{ userId: number; ok: boolean; message: string } | null>(null);
  const allRef = useRef<HTMLElement>(null);
  const selfId = me?.id ?? null;

  useEffect(() => startUsersScreen(), []);

  // the open panel follows fresh list data of its user; only on new list data, so the answer
  // of an action is not overwritten by the list from before it
  useEffect(() => {
    setPanelUser((current) => {
      if (!current) return current;
      const fresh =
        allData?.users.find((u) => u.id === current.id) ?? pending.data?.users.find((u) => u.id === current.id);
      return fresh && JSON.stringify(fresh) !== JSON.stringify(current) ? fresh : current;
    });
  }, [allData, pending.data]);

  function onDone(done: Intent, result: ActionResult) {
    setIntent(null);
    if (result.ok) notify.success(result.message);
    else notify.error(result.message);
    setVersion((v) => v + 1);
    setNotice({ userId: done.user.id, ok: result.ok, message: result.message });
    if (!result.ok) return;
    if (done.action === 'delete') setPanelUser(null);
    else if (result.user && panelUser?.id === result.user.id) setPanelUser(result.user);
  }

  function openPanel(user: User) {
    setNotice(null);
    setPanelUser(user);
  }

  function onSort(field: SortField) {
    const order =
      filters.sort === field ? (filters.order === 'asc' ? 'desc' : 'asc') : field === 'created_at' ? 'desc' : 'asc';
    setFilters({ sort: field, order });
  }

  const pendingUsers = pending.data?.users ?? [];
  const pendingTotal = (pending.data as { total?: number } | undefined)?.total ?? pendingUsers.length;
  const refreshing = pending.loading || all.loading;
  const from = allData && allData.total > 0 ? (allData.page - 1) * allData.page_size + 1 : 0;
  const to = allData ? Math.min(allData.total, from + allData.users.length - 1) : 0;

  return (
    <div className="us-screen container">
      <header className="us-head">
        <div>
          <h1 className="us-title">{t('admin.users.title')}</h1>
          <p className="us-subtitle">{t('usersScreen.subtitle')}</p>
        </div>
        <div className="us-head-side">
          <p className="us-updated tabular" aria-live="polite" title={t('usersScreen.autoRefresh')}>
            {lastRefresh ? t('usersScreen.lastUpdate', { time: formatTime(lastRefresh) }) : '\u00a0'}
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={refreshAll} disabled={refreshing}>
            <RefreshCw size={16} aria-hidden="true" className={refreshing ? 'us-spin' : undefined} />
            {refreshing ? t('usersScreen.refreshing') : t('usersScreen.refresh')}
          </button>
        </div>
      </header>

      <StatsBar onPick={() => allRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })} />

      <section className="card us-section" aria-labelledby="us-pending-title" data-testid="pending-section">
        <div className="us-section-head spread">
          <h2 id="us-pending-title" className="section-title">
            {t('usersScreen.pending.title')}
            {pending.data ? (
              <span className={`badge tabular ${pendingTotal > 0 ? 'badge-danger' : ''}`} data-testid="pending-total">
                {formatNumber(pendingTotal)}
              </span>
            ) : null}
          </h2>
        </div>
        {pending.error && !pending.data ? (
          <LoadError message={loadError(pending.error)} />
        ) : !pending.data ? (
          <TableSkeleton rows={2} />
        ) : pendingUsers.length === 0 ? (
          <Empty icon={<Inbox size={28} aria-hidden="true" />} text={t('usersScreen.pending.empty')} />
        ) : (
          <>
            {pending.error ? <LoadError message={loadError(pending.error)} /> : null}
            <UsersTable
              users={pendingUsers}
              selfId={selfId}
              variant="pending"
              caption={t('usersScreen.pending.title')}
              onManage={openPanel}
              onQuick={(action, user) => setIntent({ action, user })}
            />
            {pendingTotal > pendingUsers.length ? (
              <div className="us-more">
                <span className="tabular">
                  {t('usersScreen.pending.more', {
                    shown: formatNumber(pendingUsers.length),
                    total: formatNumber(pendingTotal),
                  })}
                </span>
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => {
                    setFilters({ status: 'pending', sort: 'created_at', order: 'asc' });
                    allRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                  }}
                >
                  {t('usersScreen.pending.showAll')}
                </button>
              </div>
            ) : null}
          </>
        )}
      </section>

      <section ref={allRef} className="card us-section" aria-labelledby="us-all-title" data-testid="all-section">
        <div className="us-section-head spread">
          <h2 id="us-all-title" className="section-title">
            {t('usersScreen.all.title')}
          </h2>
          <p className="us-results tabular" aria-live="polite" data-testid="results">
            {allData
              ? allData.total > 0
                ? t('usersScreen.results', {
                    from: formatNumber(from),
                    to: formatNumber(to),
                    total: formatNumber(allData.total),
                  })
                : t('usersScreen.resultsNone')
              : '\u00a0'}
            {allData && lastLoadMs !== null ? (
              <span className="us-timing"> {t('usersScreen.searchTime', { ms: lastLoadMs })}</span>
            ) : null}
          </p>
        </div>
        <Filters />
        {all.error ? <LoadError message={loadError(all.error)} /> : null}
        <div className={`us-all-body ${all.loading && allData ? 'is-stale' : ''}`} aria-busy={all.loading}>
          {!allData ? (
            all.error ? null : (
              <TableSkeleton rows={6} />
            )
          ) : allData.users.length === 0 ? (
            <Empty
              icon={<SearchX size={28} aria-hidden="true" />}
              text={t('usersScreen.all.empty')}
              action={
                hasFilters ? (
                  <button type="button" className="btn btn-secondary btn-sm" onClick={resetFilters}>
                    {t('usersScreen.all.clearFilters')}
                  </button>
                ) : null
              }
            />
          ) : (
            <UsersTable
              users={allData.users}
              selfId={selfId}
              variant="all"
              caption={t('usersScreen.all.title')}
              sorting={{ sort: filters.sort, order: filters.order, onSort }}
              onManage={openPanel}
            />
          )}
        </div>
        {allData && pageCount > 1 ? (
          <nav className="us-pager" aria-label={t('usersScreen.paging.label')}>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={filters.page <= 1}
              onClick={() => setFilters({ page: filters.page - 1 })}
            >
              <ChevronLeft size={16} aria-hidden="true" />
              {t('usersScreen.paging.prev')}
            </button>
            <span className="us-pager-pos tabular" aria-current="page">
              {t('usersScreen.paging.page', { page: formatNumber(filters.page), pages: formatNumber(pageCount) })}
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={filters.page >= pageCount}
              onClick={() => setFilters({ page: filters.page + 1 })}
            >
              {t('usersScreen.paging.next')}
              <ChevronRight size={16} aria-hidden="true" />
            </button>
          </nav>
        ) : null}
      </section>

      <UserPanel
        user={panelUser}
        selfId={selfId}
        version={version}
        notice={notice && notice.userId === panelUser?.id ? notice : null}
        onClose={() => {
          setPanelUser(null);
          setNotice(null);
        }}
        onAction={(action: DialogAction, user: User) => setIntent({ action, user })}
      />
      <ActionDialog intent={intent} onClose={() => setIntent(null)} onDone={onDone} />
    </div>
  );
}

function LoadError({ message }: { message: string }) {
  return (
    <div className="alert alert-error us-load-error" role="alert">
      <span>{message}</span>
      <button type="button" className="btn btn-secondary btn-sm" onClick={refreshAll}>
        <RefreshCw size={14} aria-hidden="true" />
        {t('usersScreen.refresh')}
      </button>
    </div>
  );
}

function Empty({ icon, text, action }: { icon: React.ReactNode; text: string; action?: React.ReactNode }) {
  return (
    <div className="us-empty">
      <span className="us-empty-icon">{icon}</span>
      <p>{text}</p>
      {action}
    </div>
  );
}

function TableSkeleton({ rows }: { rows: number }) {
  return <Skeletons count={rows} className="us-table-skeleton" itemClassName="skeleton" />;
}
