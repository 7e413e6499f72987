// The statistics view of a saved page: a period (7, 30, 90 days or the page's whole life), the
// headline figures, views and clicks per day, the clicks of each event and link, and where the
// visitors (and the fans who signed up) come from. Figures come from the stats API (docs/api.md#page-statistics); the rules
// that shape them live in src/stores/editor/stats.ts.
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { BarChart3, Globe2, Share2, Smartphone } from 'lucide-react';
import { t } from '../../../core/messages';
import { errorText } from '../../../lib/api';
import { pageStatsCsv } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/download';
import { $loadedPage } from '../../../stores/editor/state';
import { notify } from '../../../stores/editor/notice';
import {
  $stats,
  type StatsData,
  breakdownRows,
  buttonRows,
  countryLabel,
  deviceLabel,
  loadStats,
  removedClicks,
  share,
  sourceLabel,
} from '../../../stores/editor/stats';
import type { SlotProps } from '../slots';
import { BreakdownCard, ButtonsCard } from './stats/Breakdown';
import { Kpis } from './stats/Kpis';
import { EmptyCard, PeriodView, usePeriodLoad } from './stats/PeriodView';
import { StatsChart } from './stats/StatsChart';
import { longDay } from './stats/days';
import './extras.css';
import './stats/stats.css';

function rangeText(data: StatsData): string {
  const { from, to } = data.stats.range;
  return from === to
    ? t('stats.range.oneDay', { day: longDay(to) })
    : t('stats.range', { from: longDay(from), to: longDay(to) });
}

async function downloadCsv(slug: string, days: number): Promise<void> {
  try {
    const { blob, filename } = await pageStatsCsv(slug, days);
    saveBlob(blob, filename);
  } catch (err) {
    notify('error', t('stats.csv.failed', { detail: errorText(err) }));
  }
}

function Figures({ data, stale }: { data: StatsData; stale: boolean }) {
  const page = useStore($loadedPage);
  const chartTitleId = useId();
  const { stats } = data;
  const removed = removedClicks(stats);
  return (
    <div className={`xs-stats-body${stale ? ' is-stale' : ''}`}>
      <section className="xs-card" aria-labelledby={chartTitleId}>
        <h3 id={chartTitleId} className="xs-subtitle">
          <BarChart3 size={16} aria-hidden="true" />
          {t('stats.chart.title')}
        </h3>
        <StatsChart daily={stats.daily} />
      </section>
      <ButtonsCard
        rows={buttonRows(stats, page)}
        removed={removed}
        removedShare={share(removed, stats.totals.clicks)}
        totalClicks={stats.totals.clicks}
      />
      <div className="xs-breakdowns">
        <BreakdownCard
          title={t('stats.sources.title')}
          icon={<Share2 size={16} aria-hidden="true" />}
          rows={breakdownRows(stats.sources, (r) => r.source, sourceLabel, stats.totals, true)}
          testId="stats-sources"
          signups
        />
        <BreakdownCard
          title={t('stats.devices.title')}
          icon={<Smartphone size={16} aria-hidden="true" />}
          rows={breakdownRows(stats.devices, (r) => r.device, deviceLabel, stats.totals)}
          testId="stats-devices"
        />
        <BreakdownCard
          title={t('stats.countries.title')}
          icon={<Globe2 size={16} aria-hidden="true" />}
          rows={breakdownRows(stats.countries, (r) => r.country, countryLabel, stats.totals)}
          testId="stats-countries"
        />
      </div>
    </div>
  );
}

function EmptyState({ everCounted }: { everCounted: boolean }) {
  return (
    <EmptyCard
      testId="stats-empty"
      icon={<BarChart3 size={28} />}
      title={t(everCounted ? 'stats.emptyPeriod.title' : 'stats.empty.title')}
      text={t(everCounted ? 'stats.emptyPeriod.text' : 'stats.empty.text')}
    />
  );
}

function Skeleton() {
  return (
    <div className="xs-stats-body" aria-hidden="true">
      <div className="skeleton xs-chart-skeleton" />
      <div className="skeleton xs-card-skeleton" />
    </div>
  );
}

/** The statistics of one saved page. */
export function StatsPanel({ slug }: { slug: string }) {
  const view = usePeriodLoad(slug, $stats, loadStats);
  const { period, page, days, current, stale } = view;
  const totals = current?.stats.totals ?? null;
  const empty = totals !== null && totals.views === 0 && totals.clicks === 0 && totals.signups === 0;
  const everCounted = period !== 'all' && (page?.folder_name === slug ? page.view_page : 0) > 0;

  return (
    <PeriodView
      className="xs-view xs-stats"
      testId="stats-view"
      title={t('stats.title')}
      view={view}
      range={current ? rangeText(current) : ''}
      rangeTestId="stats-range"
      onRefresh={() => void loadStats(slug, days, true)}
      onRetry={() => void loadStats(slug, days)}
      failedText={t('error.statsLoad')}
      csv={{ label: t('stats.csv'), download: () => downloadCsv(slug, days) }}
      note={t('stats.freshness')}
    >
      <Kpis totals={totals} stale={stale} />
      {!current ? (
        <Skeleton />
      ) : empty ? (
        <EmptyState everCounted={everCounted} />
      ) : (
        <Figures data={current} stale={stale} />
      )}
    </PeriodView>
  );
}

/** The editor's statsView slot: the page in edit mode (its slug is always set there). */
export default function StatsView({ slug }: SlotProps) {
  if (!slug) return null;
  return <StatsPanel key={slug} slug={slug} />;
}
