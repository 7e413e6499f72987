// Search (debounced), status and company filters and the sort order of the all-users list.
// Everything is applied by the server, so a large user base stays fast.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { type Choice, SelectField } from '../../components/SelectField';
import { SearchField } from '../../components/SearchField';
import { t, type MessageKey } from '../../core/messages';
import { USER_STATUSES } from '../../core/schemas/user';
import {
  $companyNames,
  $filters,
  SEARCH_DEBOUNCE_MS,
  SORT_FIELDS,
  setFilters,
  type SortField,
  type SortOrder,
} from '../../stores/admin/users';
import { statusName } from './format';

const SORT_OPTIONS = SORT_FIELDS.flatMap((field) =>
  (field === 'created_at' ? (['desc', 'asc'] as const) : (['asc', 'desc'] as const)).map((order) => ({
    value: `${field}:${order}`,
    label: t(`usersScreen.sort.${field}.${order}` as MessageKey),
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
    <search className="us-filters" aria-label={t('usersScreen.filters.label')}>
      <SearchField
        id="us-search"
        label={t('usersScreen.search.label')}
        className="us-filter us-filter-search"
        inputClassName="us-search"
        iconClassName="us-search-icon"
        inputMode="search"
        placeholder={t('usersScreen.search.placeholder')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            typed.current = q;
            setFilters({ q });
          }
        }}
      >
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
      </SearchField>
      <FilterSelect
        id="us-status"
        label={t('usersScreen.status.label')}
        allLabel={t('usersScreen.status.all')}
        value={filters.status}
        options={USER_STATUSES.map((s) => ({ value: s, label: statusName(s) }))}
        onChange={(status) => setFilters({ status })}
      />
      <FilterSelect
        id="us-company-filter"
        label={t('usersScreen.company.label')}
        allLabel={t('usersScreen.company.all')}
        value={filters.company}
        options={companyOptions.map((c) => ({ value: c, label: c }))}
        onChange={(company) => setFilters({ company })}
      />
      <SelectField
        id="us-sort"
        label={t('usersScreen.sort.label')}
        className="us-filter"
        labelClassName="us-filter-label"
        value={`${filters.sort}:${filters.order}`}
        options={SORT_OPTIONS}
        onChange={(value) => {
          const [sort, order] = value.split(':') as [SortField, SortOrder];
          setFilters({ sort, order });
        }}
      />
    </search>
  );
}

/** One filter of the list: its values plus 'all' (the empty value) first. */
function FilterSelect<T extends string>(props: {
  id: string;
  label: string;
  allLabel: string;
  value: T | '';
  options: readonly Choice<T>[];
  onChange: (value: T | '') => void;
}) {
  const { allLabel, options, ...rest } = props;
  return (
    <SelectField<T | ''>
      {...rest}
      className="us-filter"
      labelClassName="us-filter-label"
      options={[{ value: '', label: allLabel }, ...options]}
    />
  );
}
