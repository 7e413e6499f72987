// The activity log (docs/behaviour.md#activity-log): when, who, what, on which page, with the
// save's summary; filtered by member and by page (an administrator also by company), newest
// first, 'Carica altri' for older entries.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Activity, ChevronDown, RefreshCw } from 'lucide-react';
import { t } from '../../core/messages';
import { listAllCompanies, listPages } from '../../lib/api-client';
import {
  $activity,
  $activityFilters,
  loadMoreActivity,
  reloadActivity,
  setActivityFilter,
  type ActivityEntry,
} from '../../stores/team/activity';
import type { Member } from '../../stores/team/team';
import { personLabel } from '../../stores/team/rules';
import { formatDateTime } from '../admin/format';
import { ActionButton } from '../../components/ActionButton';

interface Option {
  value: string;
  label: string;
}

function FilterSelect({
  id,
  label,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="field tm-field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function usePageOptions(): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    listPages()
      .then((pages) =>
        setOptions(
          pages
            .map((p) => ({ value: p.folder_name, label: p.title || p.folder_name }))
            .sort((a, b) => a.label.localeCompare(b.label, 'it', { sensitivity: 'base' })),
        ),
      )
      // the filter only helps: without the list the log still shows every page
      .catch((err: unknown) => console.error(err));
  }, []);
  return options;
}

function useCompanyOptions(enabled: boolean): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  useEffect(() => {
    if (!enabled) return;
    listAllCompanies()
      .then((names) => setOptions(names.map((name) => ({ value: name, label: name }))))
      .catch((err: unknown) => console.error(err));
  }, [enabled]);
  return options;
}

export function ActivitySection({ members, isAdmin }: { members: Member[]; isAdmin: boolean }) {
  const state = useStore($activity);
  const filters = useStore($activityFilters);
  const pages = usePageOptions();
  const companies = useCompanyOptions(isAdmin);

  useEffect(() => {
    void reloadActivity();
  }, []);

  const memberOptions = members.map((m) => ({ value: String(m.id), label: personLabel(m) }));

  return (
    <section className="card stack tm-section" aria-labelledby="tm-activity-title" data-testid="team-activity">
      <div className="spread tm-section-head">
        <h2 id="tm-activity-title" className="section-title">
          <Activity size={20} aria-hidden="true" />
          {t('teamScreen.activity.title')}
        </h2>
        <ActionButton
          icon={RefreshCw}
          text={t('teamScreen.refresh')}
          className="btn-secondary"
          onClick={() => void reloadActivity()}
          disabled={state.loading}
        />
      </div>
      {isAdmin ? <p className="hint tm-note">{t('teamScreen.adminNote')}</p> : null}
      <div className="tm-filters">
        {memberOptions.length > 0 ? (
          <FilterSelect
            id="tm-filter-member"
            label={t('teamScreen.activity.member')}
            all={t('teamScreen.activity.allMembers')}
            value={filters.member}
            options={memberOptions}
            onChange={(member) => void setActivityFilter({ member })}
          />
        ) : null}
        <FilterSelect
          id="tm-filter-page"
          label={t('teamScreen.activity.page')}
          all={t('teamScreen.activity.allPages')}
          value={filters.page}
          options={pages}
          onChange={(page) => void setActivityFilter({ page })}
        />
        {isAdmin ? (
          <FilterSelect
            id="tm-filter-company"
            label={t('teamScreen.activity.company')}
            all={t('teamScreen.activity.allCompanies')}
            value={filters.company}
            options={companies}
            onChange={(company) => void setActivityFilter({ company })}
          />
        ) : null}
      </div>
      {state.error ? (
        <p className="alert alert-error tm-load-error" role="alert">
          {t('teamScreen.activity.loadFailed', { detail: state.error })}
        </p>
      ) : null}
      <div aria-busy={state.loading} aria-live="polite" className={state.loading ? 'tm-log is-stale' : 'tm-log'}>
        {!state.loaded && state.loading ? (
          <div className="skeleton tm-log-skeleton" />
        ) : state.loaded && state.entries.length === 0 ? (
          <p className="hint tm-empty">{t('teamScreen.activity.empty')}</p>
        ) : (
          <ol className="tm-entries">
            {state.entries.map((entry) => (
              <Entry key={entry.id} entry={entry} showCompany={isAdmin} />
            ))}
          </ol>
        )}
      </div>
      {state.nextBefore !== null ? (
        <div className="tm-more">
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void loadMoreActivity()}
            disabled={state.loading}
          >
            {state.loading ? (
              <span className="spinner" aria-hidden="true" />
            ) : (
              <ChevronDown size={18} aria-hidden="true" />
            )}
            {t('teamScreen.activity.more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function Entry({ entry, showCompany }: { entry: ActivityEntry; showCompany: boolean }) {
  const who = entry.actor_name?.trim() || entry.actor_email || '—';
  return (
    <li className="tm-entry" data-action={entry.action}>
      <time className="tm-entry-when tabular" dateTime={entry.at}>
        {formatDateTime(entry.at)}
      </time>
      <div className="tm-entry-body">
        <p className="tm-entry-what">
          <strong>{who}</strong> {entry.text}
          {entry.target_name ? <> {entry.target_name}</> : null}
          {entry.page_title || entry.page_slug ? (
            <>
              {' '}
              <span className="tm-entry-page">«{entry.page_title || entry.page_slug}»</span>
            </>
          ) : null}
        </p>
        {entry.summary ? <p className="tm-entry-summary">{entry.summary}</p> : null}
        <p className="tm-entry-meta">
          {entry.actor_email && entry.actor_email !== who ? <span>{entry.actor_email}</span> : null}
          {entry.page_slug ? <span>/{entry.page_slug}</span> : null}
          {showCompany && entry.company ? <span>{entry.company}</span> : null}
        </p>
      </div>
    </li>
  );
}
