// The presales of the page in the Fan view (docs/behaviour.md#presales-in-the-fan-view): per date
// with a presale, where it stands (Europe/Rome), the codes loaded, sent and left, the fans waiting
// and the e-mails sent ('Codice unico per tutti' in place of the codes' figures for a shared
// code), a warning while one-time codes are none; 'Aggiungi codici' for whoever may save the page, the CSV of who got which code for
// whoever holds the 'fans' right. The rules live in src/stores/editor/presale-fans.ts.
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { AlertTriangle, Plus, Ticket } from 'lucide-react';
import { t } from '../../../../core/messages';
import { formatNumber } from '../../../../lib/format';
import {
  $codesResult,
  $presaleFigures,
  dateWaitsForCodes,
  downloadPresaleCsv,
  loadPresaleFigures,
  type PresaleDate,
  type PresaleFigures,
  presaleBadge,
  presaleDateName,
  presaleDates,
  presaleWhen,
} from '../../../../stores/editor/presale-fans';
import { $rights } from '../../../../stores/editor/rights';
import { $loadedPage } from '../../../../stores/editor/state';
import { CsvButton } from '../stats/PeriodView';
import { PresaleCodesForm } from './PresaleCodesForm';
import './presales.css';

const BADGES = { before: 'badge-warning', open: 'badge-success', over: '' } as const;

function Figure({ name, label, value }: { name: string; label: string; value: number | null }) {
  return (
    <div className="xs-presale-figure" data-figure={name}>
      <dt>{label}</dt>
      <dd className="tabular" data-value={value ?? ''}>
        {value === null ? '—' : formatNumber(value)}
      </dd>
    </div>
  );
}

function Figures({ shared, figures }: { shared: boolean; figures: PresaleFigures | undefined }) {
  const counts = figures?.counts ?? null;
  const stale = figures?.status === 'loading' && counts !== null;
  return (
    <>
      {shared && (
        <p className="xs-presale-shared" data-testid="presale-shared">
          {t('presale.fans.shared')}
        </p>
      )}
      <dl className={`xs-presale-figures${stale ? ' is-stale' : ''}`}>
        {!shared && (
          <>
            <Figure name="loaded" label={t('presale.fans.loaded')} value={counts?.loaded ?? null} />
            <Figure name="sent" label={t('presale.fans.sent')} value={counts?.sent ?? null} />
            <Figure name="left" label={t('presale.fans.left')} value={counts?.left ?? null} />
          </>
        )}
        <Figure name="waiting" label={t('presale.fans.waiting')} value={counts?.fans_waiting ?? null} />
        <Figure name="emails" label={t('presale.fans.emails')} value={counts?.emails_sent ?? null} />
      </dl>
      {figures?.status === 'error' && (
        <p className="xs-presale-error" role="alert">
          {t('presale.fans.loadFailed', { detail: figures.detail ?? '' })}
        </p>
      )}
    </>
  );
}

function PresaleItem({
  slug,
  date,
  figures,
}: {
  slug: string;
  date: PresaleDate;
  figures: PresaleFigures | undefined;
}) {
  const rights = useStore($rights);
  const results = useStore($codesResult);
  const [open, setOpen] = useState(false);
  const formId = useId();
  const counts = figures?.counts ?? null;
  // the server's clock wins once its answer is in
  const state = counts?.state ?? date.state;
  const shared = counts ? counts.shared : date.presale.shared_code !== null;
  const result = results?.slug === slug ? results.byDate[date.id] : undefined;
  const canAdd = rights.write && !shared && state !== 'over';
  const canExport = rights.fans && !shared;
  return (
    <li className="xs-fan-alert xs-presale" data-button-id={date.id} data-state={state}>
      <div className="xs-fan-alert-top">
        <span className={`badge ${BADGES[state]}`}>{presaleBadge(state)}</span>
        <span className="xs-fan-alert-when tabular">{presaleWhen(date, state)}</span>
      </div>
      <p className="xs-fan-alert-what">{presaleDateName(date)}</p>
      {date.venue && <p className="xs-fan-alert-kind">{date.venue}</p>}
      <Figures shared={shared} figures={figures} />
      {dateWaitsForCodes(date, counts) && (
        <p className="alert alert-warning xs-presale-warning" data-testid="presale-no-codes">
          <AlertTriangle size={16} aria-hidden="true" />
          {t('presale.editor.noCodes')}
        </p>
      )}
      {result && (
        <p className="xs-presale-result" role="status" data-testid="presale-result">
          {result}
        </p>
      )}
      {(canAdd || canExport) && !open && (
        <div className="xs-actions xs-presale-actions">
          {canAdd && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              aria-expanded={false}
              aria-controls={formId}
              onClick={() => setOpen(true)}
            >
              <Plus size={14} aria-hidden="true" />
              {t('presale.fans.addCodes')}
            </button>
          )}
          {canExport && (
            <CsvButton
              label={t('presale.fans.csv')}
              ariaLabel={t('presale.fans.csvLabel', { date: presaleDateName(date) })}
              download={() => downloadPresaleCsv(slug, date.id)}
            />
          )}
        </div>
      )}
      {canAdd && open && (
        <PresaleCodesForm
          id={formId}
          slug={slug}
          date={date}
          canReplace={state === 'before' && (counts?.loaded ?? date.presale.codes) > 0}
          onClose={() => setOpen(false)}
        />
      )}
    </li>
  );
}

/** The page's dates with a presale; nothing when it has none. */
export function FanPresales({ slug }: { slug: string }) {
  const page = useStore($loadedPage);
  const shown = useStore($presaleFigures);
  const headingId = useId();
  const dates = page?.folder_name === slug ? presaleDates(page) : [];
  const ids = dates.map((d) => d.id).join(',');

  useEffect(() => {
    if (ids) void loadPresaleFigures(slug, ids.split(',').map(Number));
  }, [slug, ids]);

  if (dates.length === 0) return null;
  const byDate = shown?.slug === slug ? shown.byDate : {};
  return (
    <section className="xs-card" aria-labelledby={headingId} data-testid="fans-presales">
      <h3 id={headingId} className="xs-subtitle">
        <Ticket size={16} aria-hidden="true" />
        {t('presale.fans.title')}
      </h3>
      <p className="hint xs-card-intro">{t('presale.fans.intro')}</p>
      <ol className="xs-fan-alerts">
        {dates.map((date) => (
          <PresaleItem key={date.id} slug={slug} date={date} figures={byDate[date.id]} />
        ))}
      </ol>
    </section>
  );
}
