// Search (debounced), status and company filters and the sort order of the all-users list.
// Everything is applied by the server, so a large user base stays fast.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Search, X } from 'lucide-react';
import { t, type MessageKey } from '../../core/messages';
import { USER_STATUSES, type UserStatus } from '../../core/schemas/user';
import {
  $companyNames,
  $filters,
  SEARCH_DEBOUNCE_MS,
  SORT_FIELDS,
  setFilters,
  type SortField,
  type SortOrder,
} from '../../stores/admin-users';
import { statusName } from './format';

const SORT_OPTIONS = SORT_FIELDS.flatMap((field) =>
  (field === 'created_at' ? (['desc', 'asc'] as const) : (['asc', 'desc'] as const)).map((order) => ({
    value: `${field}:${order}`,
    label: `usersScreen.sort.${field}.${order}` as MessageKey,
  })),
);

export function Filters() {
  const filters = useStore($filters);
  const companies = useStore($companyNames);
  const [q, setQ] = useState(filters.q);
  const typed = useRef(filters.q);

  // follow outside changes (e.g. 'Rimuovi filtri') without fighting the user's typing
  useEffect(() => {
    if (filters.q !== typed.current) {
      typed.current = filters.q;
      setQ(filters.q);
    }
  }, [filters.q]);

  useEffect(() => {
    if (q === filters.q) return;
    const timer = setTimeout(() => {
      typed.current = q;
      setFilters({ q });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, filters.q]);

  const companyOptions =
    filters.company && !companies.includes(filters.company) ? [filters.company, ...companies] : companies;

  return (
    <div className="us-filters" role="search" aria-label={t('usersScreen.filters.label')}>
      <div className="us-filter us-filter-search">
        <label className="visually-hidden" htmlFor="us-search">
          {t('usersScreen.search.label')}
        </label>
        <Search size={18} className="us-search-icon" aria-hidden="true" />
        <input
          id="us-search"
          className="input us-search"
          type="search"
          inputMode="search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('usersScreen.search.placeholder')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              typed.current = q;
              setFilters({ q });
            }
          }}
        />
        {q ? (
          <button
            type="button"
            className="us-search-clear"
            onClick={() => {
              setQ('');
              typed.current = '';
              setFilters({ q: '' });
            }}
            aria-label={t('usersScreen.search.clear')}
          >
            <X size={16} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="us-filter">
        <label className="us-filter-label" htmlFor="us-status">
          {t('usersScreen.status.label')}
        </label>
        <select
          id="us-status"
          className="select"
          value={filters.status}
          onChange={(e) => setFilters({ status: e.target.value as UserStatus | '' })}
        >
          <option value="">{t('usersScreen.status.all')}</option>
          {USER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusName(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="us-filter">
        <label className="us-filter-label" htmlFor="us-company-filter">
          {t('usersScreen.company.label')}
        </label>
        <select
          id="us-company-filter"
          className="select"
          value={filters.company}
          onChange={(e) => setFilters({ company: e.target.value })}
        >
          <option value="">{t('usersScreen.company.all')}</option>
          {companyOptions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="us-filter">
        <label className="us-filter-label" htmlFor="us-sort">
          {t('usersScreen.sort.label')}
        </label>
        <select
          id="us-sort"
          className="select"
          value={`${filters.sort}:${filters.order}`}
          onChange={(e) => {
            const [sort, order] = e.target.value.split(':') as [SortField, SortOrder];
            setFilters({ sort, order });
          }}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
