// The shell of a view over the statistics' period (the statistics and the Fan view): both read
// their figures for the chosen period from a store, show the same head, period switch, error with
// 'Riprova' and closing note, and export a CSV with the same busy button; only the figures differ.
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { Download, Info, Loader2 } from 'lucide-react';
import { t } from '../../../../core/messages';
import { $loadedPage } from '../../../../stores/editor/state';
import {
  $statsPeriod,
  type PeriodLoad,
  periodDays,
  periodShown,
  type StatsPeriod,
} from '../../../../stores/editor/stats';
import { PeriodHeader } from './PeriodHeader';
import { PeriodSwitch } from './PeriodSwitch';

type Loader = (slug: string, days: number, announce?: boolean) => Promise<void>;

/**
 * The period chosen, the page and what is on show of `store` for it (see periodShown); loads the
 * figures of `slug` whenever the period changes.
 */
export function usePeriodLoad<D extends { days: number }>(
  slug: string,
  store: ReadableAtom<PeriodLoad<D> | null>,
  load: Loader,
) {
  const period = useStore($statsPeriod);
  const page = useStore($loadedPage);
  const loaded = useStore(store);
  const createdAt = page?.folder_name === slug ? page.created_at : null;
  const days = periodDays(period, createdAt);

  useEffect(() => {
    void load(slug, days);
  }, [load, slug, days]);

  return { period, page, days, ...periodShown(loaded, slug, days) };
}

/** The export button: disabled, with a spinner, while `download` runs. */
/** A CSV download: the icon turns to a spinner while the file is fetched (also the presales' CSV). */
export function CsvButton({
  label,
  download,
  ariaLabel,
}: {
  label: string;
  download: () => Promise<void>;
  /** a longer name for screen readers, when the label alone is ambiguous */
  ariaLabel?: string;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download();
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy || undefined}
      aria-label={ariaLabel}
    >
      {busy ? <Loader2 size={14} aria-hidden="true" className="xs-spin" /> : <Download size={14} aria-hidden="true" />}
      {label}
    </button>
  );
}

/** What a period view shows when there is nothing to count: an icon, a title and a text or two. */
export function EmptyCard({
  testId,
  icon,
  title,
  text,
  children,
}: {
  testId: string;
  icon: ReactNode;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className="xs-card xs-empty" data-testid={testId}>
      <span className="xs-empty-icon" aria-hidden="true">
        {icon}
      </span>
      <h3 className="xs-empty-title">{title}</h3>
      <p className="hint">{text}</p>
      {children}
    </div>
  );
}

interface Props {
  className: string;
  testId: string;
  title: string;
  /** what usePeriodLoad gave, with the days shown as text */
  view: {
    period: StatsPeriod;
    busy: boolean;
    stale: boolean;
    failed: boolean;
    current: { at: Date } | null;
  };
  range: string;
  rangeTestId: string;
  onRefresh: () => void;
  onRetry: () => void;
  failedText: string;
  /** the export button; none when the role may not export (the fans' addresses) */
  csv?: { label: string; download: () => Promise<void> };
  /** the figures, shown unless the load failed */
  children: ReactNode;
  /** shown below the figures, failed or not */
  after?: ReactNode;
  note: string;
}

export function PeriodView({
  className,
  testId,
  title,
  view,
  range,
  rangeTestId,
  onRefresh,
  onRetry,
  failedText,
  csv,
  children,
  after,
  note,
}: Props) {
  const headingId = useId();
  const { period, busy, stale, failed, current } = view;
  return (
    <section className={className} aria-labelledby={headingId} aria-busy={busy} data-testid={testId}>
      <PeriodHeader
        headingId={headingId}
        title={title}
        shown={current && { range, at: current.at }}
        stale={stale}
        rangeTestId={rangeTestId}
        busy={busy}
        onRefresh={onRefresh}
      >
        {csv && <CsvButton label={csv.label} download={csv.download} />}
      </PeriodHeader>

      <PeriodSwitch value={period} />

      {failed ? (
        <div className="alert alert-error xs-error" role="alert">
          <span>{failedText}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
            {t('extras.stats.retry')}
          </button>
        </div>
      ) : (
        children
      )}

      {after}

      <p className="hint xs-note">
        <Info size={14} aria-hidden="true" />
        {note}
      </p>
    </section>
  );
}
