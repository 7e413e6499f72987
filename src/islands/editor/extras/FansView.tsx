// The fan view of a saved page (docs/behaviour.md#for-the-organiser): over the statistics'
// period, the confirmed fans and those still to confirm, the presales (fans/FanPresales.tsx), per
// city of the tour and the 'Città richieste', sign-ups per day, the alerts with 'Invia ora' and
// 'Annulla', the CSV export and the list of fans with 'Rimuovi'. Figures from the fans API
// (docs/api.md#fans); the rules that shape them live in src/stores/editor/fans.ts. The addresses
// (list, search, CSV, removal) only with the 'Dati dei fan' right; the counts for every member
// (docs/behaviour.md#teams).
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { MailCheck, Sparkles, TrendingUp, Users } from 'lucide-react';
import { FAN_PENDING_DAYS } from '../../../core/fans';
import { t } from '../../../core/messages';
import { formatNumber } from '../../../lib/format';
import { $loadedPage } from '../../../stores/editor/state';
import { $rights } from '../../../stores/editor/rights';
import {
  $fanList,
  $fans,
  downloadFansCsv,
  type FanSummary,
  type FansData,
  hasNoFans,
  loadFans,
  searchFans,
  signupsTotal,
} from '../../../stores/editor/fans';
import { refreshPresales } from '../../../stores/editor/presale-fans';
import type { SlotProps } from '../slots';
import { FanAlerts } from './fans/FanAlerts';
import { FanCities } from './fans/FanCities';
import { FanList } from './fans/FanList';
import { FanPresales } from './fans/FanPresales';
import { SignupChart } from './fans/SignupChart';
import { KpiTiles } from './stats/Kpis';
import { EmptyCard, PeriodView, usePeriodLoad } from './stats/PeriodView';
import { longDay } from './stats/days';
import './extras.css';
import './stats/stats.css';
import './fans/fans.css';

function rangeText(data: FansData): string {
  const from = data.summary.daily[0]?.date;
  const to = data.summary.daily.at(-1)?.date;
  if (!from || !to) return '';
  return from === to
    ? t('stats.range.oneDay', { day: longDay(to) })
    : t('stats.range', { from: longDay(from), to: longDay(to) });
}

function periodHint(signups: number): string {
  return signups > 0
    ? t('fans.editor.kpi.totalHint', { count: formatNumber(signups) })
    : t('fans.editor.kpi.totalHintNone');
}

/** Confirmed fans (and the period's new ones), those still to confirm, 'Tutte le date'. */
function FanKpis({ summary, stale }: { summary: FanSummary | null; stale: boolean }) {
  const tiles = [
    {
      key: 'total',
      Icon: Users,
      label: t('fans.editor.kpi.total'),
      value: summary && formatNumber(summary.total),
      hint: summary && periodHint(signupsTotal(summary)),
    },
    {
      key: 'pending',
      Icon: MailCheck,
      label: t('fans.editor.kpi.pending'),
      value: summary && formatNumber(summary.pending),
      hint: t('fans.editor.kpi.pendingHint', { days: FAN_PENDING_DAYS }),
    },
    {
      key: 'all',
      Icon: Sparkles,
      label: t('fans.editor.kpi.allDates'),
      value: summary && formatNumber(summary.all_dates),
      hint: t('fans.editor.kpi.allDatesHint'),
    },
  ] as const;
  return <KpiTiles tiles={tiles} stale={stale} className="xs-fan-kpis" />;
}

function EmptyState() {
  const page = useStore($loadedPage);
  const extra =
    page?.mode === 'image'
      ? t('fans.editor.empty.imageMode')
      : page?.fan_signup === false
        ? t('fans.editor.empty.off')
        : null;
  return (
    <EmptyCard
      testId="fans-empty"
      icon={<Users size={28} />}
      title={t('fans.editor.empty.title')}
      text={t('fans.editor.empty.text')}
    >
      {extra && <p className="hint xs-empty-extra">{extra}</p>}
    </EmptyCard>
  );
}

function Figures({ slug, data, stale }: { slug: string; data: FansData; stale: boolean }) {
  const chartTitleId = useId();
  const { summary } = data;
  if (hasNoFans(summary)) {
    return (
      <div className={`xs-stats-body${stale ? ' is-stale' : ''}`}>
        <EmptyState />
        <FanPresales slug={slug} />
        {summary.alerts.length > 0 && <FanAlerts slug={slug} alerts={summary.alerts} />}
      </div>
    );
  }
  return (
    <div className={`xs-stats-body${stale ? ' is-stale' : ''}`}>
      <FanPresales slug={slug} />
      <FanCities summary={summary} />
      <FanAlerts slug={slug} alerts={summary.alerts} />
      <section className="xs-card" aria-labelledby={chartTitleId}>
        <h3 id={chartTitleId} className="xs-subtitle">
          <TrendingUp size={16} aria-hidden="true" />
          {t('fans.editor.chart.title')}
        </h3>
        <SignupChart daily={summary.daily} />
      </section>
    </div>
  );
}

function Skeleton() {
  return (
    <div className="xs-stats-body" aria-hidden="true">
      <div className="skeleton xs-card-skeleton" />
      <div className="skeleton xs-chart-skeleton" />
    </div>
  );
}

/** The fans of one saved page. */
export function FansPanel({ slug }: { slug: string }) {
  const view = usePeriodLoad(slug, $fans, loadFans);
  const { days, current, stale } = view;
  const { fans: addresses } = useStore($rights);

  const refresh = () => {
    void loadFans(slug, days, true);
    refreshPresales(slug);
    if (!addresses) return;
    const list = $fanList.get();
    void searchFans(slug, list?.slug === slug ? list.query : '');
  };

  return (
    <PeriodView
      className="xs-view xs-stats xs-fans"
      testId="fans-view"
      title={t('fans.editor.title')}
      view={view}
      range={current ? rangeText(current) : ''}
      rangeTestId="fans-range"
      onRefresh={refresh}
      onRetry={() => void loadFans(slug, days)}
      failedText={t('fans.editor.loadFailed')}
      csv={addresses ? { label: t('fans.editor.csv'), download: () => downloadFansCsv(slug) } : undefined}
      after={addresses ? <FanList slug={slug} /> : undefined}
      note={t('fans.editor.note')}
    >
      <FanKpis summary={current?.summary ?? null} stale={stale} />
      {current ? <Figures slug={slug} data={current} stale={stale} /> : <Skeleton />}
    </PeriodView>
  );
}

/** The editor's fansView slot: the page in edit mode (its slug is always set there). */
export default function FansView({ slug }: SlotProps) {
  if (!slug) return null;
  return <FansPanel key={slug} slug={slug} />;
}
