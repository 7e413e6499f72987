// Admin stats at the top: users per status (each a shortcut to that filter), then pages,
// views and clicks (ever, and over the period the stats cover: the last 30 days), and the
// confirmed fans of every company's pages.
import { useStore } from '@nanostores/react';
import { Eye, FileText, Heart, MousePointerClick, Users } from 'lucide-react';
import { Skeletons } from '../../components/Skeletons';
import { t, type MessageKey } from '../../core/messages';
import type { UserStatus } from '../../core/schemas/user';
import { $fanTotals, $filters, $stats, setFilters } from '../../stores/admin/users';
import { formatNumber } from '../../lib/format';
import { statusTone } from './format';

const STATUS_TILES: { status: UserStatus; label: MessageKey }[] = [
  { status: 'pending', label: 'usersScreen.stats.pending' },
  { status: 'active', label: 'usersScreen.stats.active' },
  { status: 'approved', label: 'usersScreen.stats.approved' },
  { status: 'rejected', label: 'usersScreen.stats.rejected' },
  { status: 'banned', label: 'usersScreen.stats.banned' },
];

export function StatsBar({ onPick }: { onPick: () => void }) {
  const { data, error } = useStore($stats);
  const filters = useStore($filters);
  const fans = useStore($fanTotals).data;

  if (!data) {
    if (error) return <p className="hint us-stats-error">{t('usersScreen.fail.stats')}</p>;
    return <Skeletons count={6} className="us-stats" itemClassName="us-stat skeleton us-stat-skeleton" />;
  }

  const { users } = data;
  return (
    <section aria-labelledby="us-stats-title" className="us-stats-block">
      <h2 id="us-stats-title" className="visually-hidden">
        {t('usersScreen.stats.title')}
      </h2>
      {/* biome-ignore lint/a11y/noRedundantRoles: 'list-style: none' takes the list role away in Safari; the role gives it back */}
      <ul className="us-stats" role="list">
        <li className="us-stat us-stat-total">
          <span className="us-stat-label">
            <Users size={16} aria-hidden="true" />
            {t('usersScreen.stats.total')}
          </span>
          <span className="us-stat-value tabular" data-stat="total">
            {formatNumber(users.total)}
          </span>
        </li>
        {STATUS_TILES.map(({ status, label }) => {
          const pressed = filters.status === status;
          return (
            <li key={status} className="us-stat-item">
              <button
                type="button"
                className={`us-stat us-stat-button ${pressed ? 'is-pressed' : ''} ${status === 'pending' && users.pending > 0 ? 'is-alert' : ''}`}
                aria-pressed={pressed}
                title={t('usersScreen.stats.filterHint', { status: t(label) })}
                onClick={() => {
                  setFilters({ status: pressed ? '' : status });
                  onPick();
                }}
              >
                <span className="us-stat-label">
                  <span className={`us-dot-lg ${statusTone(status)}`} aria-hidden="true" />
                  {t(label)}
                </span>
                <span className="us-stat-value tabular" data-stat={status}>
                  {formatNumber(users[status] ?? 0)}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <dl className="us-content-stats">
        <div>
          <dt>
            <FileText size={16} aria-hidden="true" />
            {t('usersScreen.stats.pages')}
          </dt>
          <dd className="tabular">
            <strong data-stat="pages">{formatNumber(data.pages.total)}</strong>
            <span className="us-stat-sub">
              {t('usersScreen.stats.pagesVisible', { visible: formatNumber(data.pages.visible) })}
            </span>
          </dd>
        </div>
        <div>
          <dt>
            <Eye size={16} aria-hidden="true" />
            {t('usersScreen.stats.views')}
          </dt>
          <dd className="tabular">
            <strong data-stat="views">{formatNumber(data.views)}</strong>
            {data.period && (
              <span className="us-stat-sub" data-stat="period-views">
                {t('usersScreen.stats.inPeriod', { count: formatNumber(data.period.views), days: data.period.days })}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <MousePointerClick size={16} aria-hidden="true" />
            {t('usersScreen.stats.clicks')}
          </dt>
          <dd className="tabular">
            <strong data-stat="clicks">{formatNumber(data.clicks)}</strong>
            {data.period && (
              <span className="us-stat-sub" data-stat="period-clicks">
                {t('usersScreen.stats.inPeriod', { count: formatNumber(data.period.clicks), days: data.period.days })}
              </span>
            )}
          </dd>
        </div>
        {/* always there (a dash until the total arrives), so nothing moves when it does */}
        <div>
          <dt>
            <Heart size={16} aria-hidden="true" />
            {t('fans.editor.admin.fans')}
          </dt>
          <dd className="tabular">
            <strong data-stat="fans">{fans ? formatNumber(fans.total) : '–'}</strong>
            <span className="us-stat-sub" data-stat="fan-companies">
              {!fans || fans.companies.length === 0
                ? t('fans.editor.admin.confirmed')
                : fans.companies.length === 1
                  ? t('fans.editor.admin.companies.one')
                  : t('fans.editor.admin.companies.many', { count: formatNumber(fans.companies.length) })}
            </span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
