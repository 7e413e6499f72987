// Confirmed sign-ups per Europe/Rome day, drawn by the statistics' chart (one filled line).
import { t } from '../../../../core/messages';
import { formatNumber } from '../../../../lib/format';
import type { FanSummary } from '../../../../stores/editor/fans';
import { DayChart } from '../stats/StatsChart';
import { longDay, shortDay } from '../stats/days';

function signupsText(n: number): string {
  return n === 1 ? t('fans.editor.chart.signups.one') : t('fans.editor.chart.signups.many', { count: formatNumber(n) });
}

export function SignupChart({ daily }: { daily: FanSummary['daily'] }) {
  const first = daily[0];
  const last = daily.at(-1);
  const range = first && last ? { from: longDay(first.date), to: longDay(last.date) } : null;
  const total = daily.reduce((sum, d) => sum + d.signups, 0);
  return (
    <DayChart
      days={daily.map((d) => d.date)}
      series={[
        {
          tone: 'views',
          label: t('fans.editor.chart.legend'),
          column: t('fans.editor.chart.column'),
          values: daily.map((d) => d.signups),
        },
      ]}
      summary={range ? t('fans.editor.chart.summary', { ...range, signups: signupsText(total) }) : ''}
      readout={(i) => {
        const d = daily[i];
        return d ? t('fans.editor.chart.readout', { date: shortDay(d.date), signups: signupsText(d.signups) }) : '';
      }}
      caption={range ? t('fans.editor.chart.caption', range) : ''}
      testIds={{ chart: 'fans-chart', table: 'fans-table' }}
    />
  );
}
