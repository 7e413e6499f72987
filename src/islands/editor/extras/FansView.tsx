// The fan view of a saved page (docs/behaviour.md#for-the-organiser): over the statistics'
// period, the confirmed fans and those still to confirm, per city of the tour and the 'Città
// richieste', sign-ups per day, the alerts with 'Invia ora' and 'Annulla', the CSV export and the
// list of fans with 'Rimuovi'. Figures from the fans API (docs/api.md#fans); the rules that shape
// them live in src/stores/editor/fans.ts.
import { useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Download, Info, Loader2, MailCheck, Sparkles, TrendingUp, Users } from 'lucide-react';
import { FAN_PENDING_DAYS } from '../../../core/fans';
import { t } from '../../../core/messages';
import { formatNumber } from '../../../lib/format';
import { $loadedPage } from '../../../stores/editor/state';
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
import { $statsPeriod, periodDays, periodShown } from '../../../stores/editor/stats';
import type { SlotProps } from '../slots';
import { FanAlerts } from './fans/FanAlerts';
import { FanCities } from './fans/FanCities';
import { FanList } from './fans/FanList';
import { SignupChart } from './fans/SignupChart';
import { KpiTiles } from './stats/Kpis';
import { PeriodHeader } from './stats/PeriodHeader';
import { PeriodSwitch } from './stats/PeriodSwitch';
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

function CsvButton({ slug }: { slug: string }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    await downloadFansCsv(slug);
    setBusy(false);
  };
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Loader2 size={14} aria-hidden="true" className="xs-spin" /> : <Download size={14} aria-hidden="true" />}
      {t('fans.editor.csv')}
    </button>
  );
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
    <div className="xs-card xs-empty" data-testid="fans-empty">
      <span className="xs-empty-icon" aria-hidden="true">
        <Users size={28} />
      </span>
      <h3 className="xs-empty-title">{t('fans.editor.empty.title')}</h3>
      <p className="hint">{t('fans.editor.empty.text')}</p>
      {extra && <p className="hint xs-empty-extra">{extra}</p>}
    </div>
  );
}

function Figures({ slug, data, stale }: { slug: string; data: FansData; stale: boolean }) {
  const chartTitleId = useId();
  const { summary } = data;
  if (hasNoFans(summary)) {
    return (
      <div className={`xs-stats-body${stale ? ' is-stale' : ''}`}>
        <EmptyState />
        {summary.alerts.length > 0 && <FanAlerts slug={slug} alerts={summary.alerts} />}
      </div>
    );
  }
  return (
    <div className={`xs-stats-body${stale ? ' is-stale' : ''}`}>
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
  const headingId = useId();
  const period = useStore($statsPeriod);
  const page = useStore($loadedPage);
  const load = useStore($fans);
  const createdAt = page?.folder_name === slug ? page.created_at : null;
  const days = periodDays(period, createdAt);

  useEffect(() => {
    void loadFans(slug, days);
  }, [slug, days]);

  const { busy, current, stale, failed } = periodShown(load, slug, days);

  const refresh = () => {
    void loadFans(slug, days, true);
    const list = $fanList.get();
    void searchFans(slug, list?.slug === slug ? list.query : '');
  };

  return (
    <section className="xs-view xs-stats xs-fans" aria-labelledby={headingId} aria-busy={busy} data-testid="fans-view">
      <PeriodHeader
        headingId={headingId}
        title={t('fans.editor.title')}
        shown={current && { range: rangeText(current), at: current.at }}
        stale={stale}
        rangeTestId="fans-range"
        busy={busy}
        onRefresh={refresh}
      >
        <CsvButton slug={slug} />
      </PeriodHeader>

      <PeriodSwitch value={period} />

      {failed ? (
        <div className="alert alert-error xs-error" role="alert">
          <span>{t('fans.editor.loadFailed')}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadFans(slug, days)}>
            {t('extras.stats.retry')}
          </button>
        </div>
      ) : (
        <>
          <FanKpis summary={current?.summary ?? null} stale={stale} />
          {current ? <Figures slug={slug} data={current} stale={stale} /> : <Skeleton />}
        </>
      )}

      <FanList slug={slug} />

      <p className="hint xs-note">
        <Info size={14} aria-hidden="true" />
        {t('fans.editor.note')}
      </p>
    </section>
  );
}

/** The editor's fansView slot: the page in edit mode (its slug is always set there). */
export default function FansView({ slug }: SlotProps) {
  if (!slug) return null;
  return <FansPanel key={slug} slug={slug} />;
}
