// Views and clicks per day as a hand-drawn SVG: views as a filled line, clicks as a dashed one,
// sized to its box (measured, so text never stretches), x labels thinned to fit the width.
// Screen readers get a one-sentence summary, and everyone can open the same figures as a table.
import { useId, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { Table2 } from 'lucide-react';
import { t } from '../../../../core/messages';
import type { DailyRow } from '../../../../core/schemas/stats';
import { formatNumber } from '../../../../lib/format';
import { clicksText, viewsText } from '../../../../stores/editor-stats';
import { areaPath, labelIndexes, linePath, nearestIndex, xAt, yAt, yScale } from './chart-scale';
import { axisDay, longDay, shortDay, tableDay } from './days';

const PAD_TOP = 12;
const PAD_RIGHT = 14;
const PAD_BOTTOM = 28;
/** dots on each day while they stay this many pixels apart */
const DOT_SPACING = 14;
/** closer than this, a dashed line turns into noise: both lines go thin and solid */
const DASH_SPACING = 4;

/** The chart's accessible name: the period, the totals and the best day (when there was a visit). */
export function chartSummary(daily: readonly DailyRow[]): string {
  const first = daily[0];
  const last = daily[daily.length - 1];
  if (!first || !last) return '';
  const best = daily.reduce((top, d) => (d.views > top.views ? d : top), first);
  const range = { from: longDay(first.date), to: longDay(last.date) };
  const clicks = formatNumber(daily.reduce((s, d) => s + d.clicks, 0));
  if (best.views === 0) return t('stats.chart.summaryNoViews', { ...range, clicks });
  return t('stats.chart.summary', {
    ...range,
    views: formatNumber(daily.reduce((s, d) => s + d.views, 0)),
    clicks,
    best: longDay(best.date),
    bestViews: viewsText(best.views),
  });
}

function useWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.floor(el.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [box, width] as const;
}

export function StatsChart({ daily }: { daily: readonly DailyRow[] }) {
  const [box, width] = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  const n = daily.length;

  const height = width < 480 ? 200 : 260;
  const scale = yScale(Math.max(0, ...daily.map((d) => Math.max(d.views, d.clicks))));
  const left = 12 + formatNumber(scale.top).length * 7.5;
  const right = Math.max(left + 1, width - PAD_RIGHT);
  const bottom = height - PAD_BOTTOM;
  const x = (i: number) => xAt(i, n, left, right);
  const y = (v: number) => yAt(v, scale.top, PAD_TOP, bottom);
  const views = daily.map((d, i) => [x(i), y(d.views)] as const);
  const clicks = daily.map((d, i) => [x(i), y(d.clicks)] as const);
  const labels = labelIndexes(n, right - left);
  const hovered = hover === null ? undefined : daily[hover];
  const spacing = n <= 1 ? Number.POSITIVE_INFINITY : (right - left) / (n - 1);
  const dots = spacing >= DOT_SPACING;

  const onMove = (event: PointerEvent<SVGSVGElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setHover(nearestIndex(event.clientX - rect.left, n, left, right));
  };

  return (
    <div className="xs-chart">
      <div className="xs-chart-top">
        <ul className="xs-legend" aria-hidden="true">
          <li>
            <span className="xs-key xs-key-views" />
            {t('stats.chart.legend.views')}
          </li>
          <li>
            <span className="xs-key xs-key-clicks" />
            {t('stats.chart.legend.clicks')}
          </li>
        </ul>
        <p className="xs-chart-readout tabular" aria-hidden="true">
          {hovered
            ? t('stats.chart.readout', {
                date: shortDay(hovered.date),
                views: viewsText(hovered.views),
                clicks: clicksText(hovered.clicks),
              })
            : ''}
        </p>
      </div>
      <div className="xs-chart-box" ref={box} style={{ height }}>
        {width > 0 && (
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={chartSummary(daily)}
            data-testid="stats-chart"
            className={spacing < DASH_SPACING ? 'is-dense' : undefined}
            onPointerMove={onMove}
            onPointerLeave={() => setHover(null)}
          >
            <g className="xs-grid">
              {scale.ticks.map((tick) => (
                <g key={tick}>
                  <line x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
                  <text x={left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
                    {formatNumber(tick)}
                  </text>
                </g>
              ))}
            </g>
            <g className="xs-axis">
              {labels.map((i) => {
                const day = daily[i];
                if (!day) return null;
                const anchor = n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle';
                return (
                  <text key={day.date} x={x(i)} y={height - 8} textAnchor={anchor}>
                    {axisDay(day.date, n)}
                  </text>
                );
              })}
            </g>
            <path className="xs-area-views" d={areaPath(views, bottom)} />
            <path className="xs-line-views" d={linePath(views)} />
            <path className="xs-line-clicks" d={linePath(clicks)} />
            {hover !== null && <line className="xs-guide" x1={x(hover)} x2={x(hover)} y1={PAD_TOP} y2={bottom} />}
            {daily.map((d, i) =>
              dots || i === hover ? (
                <g key={d.date} className={i === hover ? 'is-on' : undefined}>
                  <circle className="xs-dot-views" cx={x(i)} cy={y(d.views)} r={i === hover ? 4.5 : 3} />
                  <circle className="xs-dot-clicks" cx={x(i)} cy={y(d.clicks)} r={i === hover ? 4.5 : 3} />
                </g>
              ) : null,
            )}
          </svg>
        )}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-sm xs-table-toggle"
        aria-expanded={tableOpen}
        aria-controls={tableId}
        onClick={() => setTableOpen(!tableOpen)}
      >
        <Table2 size={16} aria-hidden="true" />
        {t(tableOpen ? 'stats.chart.table.hide' : 'stats.chart.table.show')}
      </button>
      <div id={tableId} hidden={!tableOpen}>
        {tableOpen && <DailyTable daily={daily} />}
      </div>
    </div>
  );
}

function DailyTable({ daily }: { daily: readonly DailyRow[] }) {
  const captionId = useId();
  const first = daily[0];
  const last = daily[daily.length - 1];
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the keyboard to be scrolled
    <section className="xs-table-box" aria-labelledby={captionId} tabIndex={0}>
      <table className="xs-table tabular" data-testid="stats-table">
        <caption id={captionId}>
          {first && last ? t('stats.chart.table.caption', { from: longDay(first.date), to: longDay(last.date) }) : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.chart.table.day')}</th>
            <th scope="col">{t('stats.chart.table.views')}</th>
            <th scope="col">{t('stats.chart.table.clicks')}</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.date}>
              <th scope="row">{tableDay(d.date)}</th>
              <td>{formatNumber(d.views)}</td>
              <td>{formatNumber(d.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
