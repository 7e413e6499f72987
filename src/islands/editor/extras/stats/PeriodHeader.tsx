// The head of a view over the statistics' period (the statistics and the Fan view): the title, the
// days shown and when they were read, 'Aggiorna' and the view's own export button.
import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { t } from '../../../../core/messages';

interface Props {
  headingId: string;
  title: string;
  /** the figures shown: their days as text and when they were read; null before the first answer */
  shown: { range: string; at: Date } | null;
  /** the figures shown are another period's, while this one loads */
  stale: boolean;
  rangeTestId: string;
  busy: boolean;
  onRefresh: () => void;
  /** the export button */
  children: ReactNode;
}

export function PeriodHeader({ headingId, title, shown, stale, rangeTestId, busy, onRefresh, children }: Props) {
  return (
    <header className="xs-view-head spread">
      <div className="xs-stats-heading">
        <h2 id={headingId} className="xs-title">
          {title}
        </h2>
        {shown && (
          <p className={`hint tabular${stale ? ' is-stale' : ''}`} data-testid={rangeTestId}>
            {shown.range}
            {' · '}
            {t('stats.updatedAt', {
              time: shown.at.toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
            })}
          </p>
        )}
      </div>
      <div className="xs-actions">
        <button type="button" className="btn btn-secondary btn-sm" onClick={onRefresh} disabled={busy}>
          <RefreshCw size={14} aria-hidden="true" className={busy ? 'xs-spin' : undefined} />
          {t('stats.refresh')}
        </button>
        {children}
      </div>
    </header>
  );
}
