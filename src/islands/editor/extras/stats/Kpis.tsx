// The headline figures of the period: views, clicks, fan sign-ups and the click-through rate; and
// the row of tiles they (and the Fan view's figures) are drawn as.
import { Eye, type LucideIcon, MousePointerClick, Percent, UserPlus } from 'lucide-react';
import { t } from '../../../../core/messages';
import { formatNumber } from '../../../../lib/format';
import { clickRate, formatRate } from '../../../../stores/editor/stats';

export function Kpis({
  totals,
  stale = false,
}: {
  totals: { views: number; clicks: number; signups: number } | null;
  stale?: boolean;
}) {
  const rate = totals ? clickRate(totals.views, totals.clicks) : null;
  const tiles = [
    { key: 'views', Icon: Eye, label: t('stats.kpi.views'), value: totals && formatNumber(totals.views), hint: null },
    {
      key: 'clicks',
      Icon: MousePointerClick,
      label: t('stats.kpi.clicks'),
      value: totals && formatNumber(totals.clicks),
      hint: null,
    },
    {
      key: 'signups',
      Icon: UserPlus,
      label: t('stats.kpi.signups'),
      value: totals && formatNumber(totals.signups),
      hint: t('stats.kpi.signups.hint'),
    },
    {
      key: 'ctr',
      Icon: Percent,
      label: t('stats.kpi.ctr'),
      value: totals && formatRate(rate),
      hint: rate === null ? t('stats.kpi.ctr.none') : t('stats.kpi.ctr.hint'),
    },
  ] as const;
  return <KpiTiles tiles={tiles} stale={stale} />;
}

export interface KpiTile {
  key: string;
  Icon: LucideIcon;
  label: string;
  /** null while the figures load: a skeleton */
  value: string | null;
  hint: string | null;
}

/** Tiles of headline figures, each a label with its icon, the value and an optional hint. */
export function KpiTiles({
  tiles,
  stale,
  className,
}: {
  tiles: readonly KpiTile[];
  stale: boolean;
  /** classes besides xs-kpis */
  className?: string;
}) {
  return (
    <dl className={`xs-kpis${className ? ` ${className}` : ''}${stale ? ' is-stale' : ''}`}>
      {tiles.map(({ key, Icon, label, value, hint }) => (
        <div className="xs-kpi" key={key} data-kpi={key}>
          <dt className="xs-kpi-label">
            <span className="xs-kpi-icon" aria-hidden="true">
              <Icon size={18} />
            </span>
            {label}
          </dt>
          {value === null ? (
            <dd className="skeleton xs-kpi-skeleton" aria-hidden="true" />
          ) : (
            <dd className="xs-kpi-value tabular">{value}</dd>
          )}
          {value !== null && hint && <dd className="xs-kpi-hint">{hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
