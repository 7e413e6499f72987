// The period of the statistics: 7, 30 or 90 days, or the page's whole life ('Tutto').
import { useId } from 'react';
import { Segmented } from '../../../../components/SelectField';
import { t, type MessageKey } from '../../../../core/messages';
import { STATS_PERIODS, type StatsPeriod, setStatsPeriod } from '../../../../stores/editor/stats';

const LABELS: Record<StatsPeriod, MessageKey> = {
  '7': 'stats.period.7',
  '30': 'stats.period.30',
  '90': 'stats.period.90',
  all: 'stats.period.all',
};

export function PeriodSwitch({ value }: { value: StatsPeriod }) {
  const labelId = useId();
  return (
    <div className="xs-period">
      <span id={labelId} className="xs-label">
        {t('stats.period')}
      </span>
      <Segmented
        name={`${labelId}-period`}
        className="xs-seg xs-seg-period"
        optionClassName="xs-seg-item"
        labelledBy={labelId}
        value={value}
        onChange={setStatsPeriod}
        options={STATS_PERIODS.map((p) => ({
          value: p,
          content: <span>{t(LABELS[p])}</span>,
          ariaLabel: p === 'all' ? t('stats.period.allLabel') : undefined,
        }))}
      />
    </div>
  );
}
