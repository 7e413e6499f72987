// Counts per day as a hand-drawn SVG (DayChart): views as a filled line, clicks as a dashed one,
// fan sign-ups as a dotted one, sized to its box (measured, so text never stretches), x labels
// thinned to fit the width. Screen readers get a one-sentence summary, and everyone can open the
// same figures as a table. StatsChart draws a page's views, clicks and sign-ups with it (the
// sign-ups as the stats CSV counts them); the fan view its confirmations.
import { useId, useLayoutEffect, useRef, useState, type PointerEvent } from 'react';
import { Table2 } from 'lucide-react';
import { t } from '../../../../core/messages';
import type { DailyRow } from '../../../../core/schemas/stats';
import { formatNumber } from '../../../../lib/format';
import { ToggleButton } from '../../../../components/ToggleButton';
import { clicksText, signupsText, viewsText } from '../../../../stores/editor/stats';
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
  const signups = signupsText(daily.reduce((s, d) => s + d.signups, 0));
  if (best.views === 0) return t('stats.chart.summaryNoViews', { ...range, clicks, signups });
  return t('stats.chart.summary', {
    ...range,
    views: formatNumber(daily.reduce((s, d) => s + d.views, 0)),
    clicks,
    signups,
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

/**
 * One line of a DayChart: 'views' is drawn filled (the accent), 'clicks' dashed (the info blue),
 * 'signups' dotted (the success green).
 */
export interface ChartSeries {
  tone: 'views' | 'clicks' | 'signups';
  /** the legend's name */
  label: string;
  /** the table's column heading */
  column: string;
  /** one count per day, in the days' order */
  values: readonly number[];
}

export interface DayChartProps {
  /** 'YYYY-MM-DD' days, oldest first */
  days: readonly string[];
  series: readonly ChartSeries[];
  /** the chart's accessible name: one sentence saying what it shows */
  summary: string;
  /** the line above the chart for the day under the pointer */
  readout: (index: number) => string;
  /** the table's caption */
  caption: string;
  testIds: { chart: string; table: string };
}

/** A page's views, clicks and fan sign-ups per day. */
export function StatsChart({ daily }: { daily: readonly DailyRow[] }) {
  return (
    <DayChart
      days={daily.map((d) => d.date)}
      series={[
        {
          tone: 'views',
          label: t('stats.chart.legend.views'),
          column: t('stats.chart.table.views'),
          values: daily.map((d) => d.views),
        },
        {
          tone: 'clicks',
          label: t('stats.chart.legend.clicks'),
          column: t('stats.chart.table.clicks'),
          values: daily.map((d) => d.clicks),
        },
        {
          tone: 'signups',
          label: t('stats.chart.legend.signups'),
          column: t('stats.chart.table.signups'),
          values: daily.map((d) => d.signups),
        },
      ]}
      summary={chartSummary(daily)}
      readout={(i) => {
        const d = daily[i];
        return d
          ? t('stats.chart.readout', {
              date: shortDay(d.date),
              views: viewsText(d.views),
              clicks: clicksText(d.clicks),
              signups: signupsText(d.signups),
            })
          : '';
      }}
      caption={
        daily.length > 0
          ? t('stats.chart.table.caption', { from: longDay(daily[0]!.date), to: longDay(daily.at(-1)!.date) })
          : ''
      }
      testIds={{ chart: 'stats-chart', table: 'stats-table' }}
    />
  );
}

export function DayChart({ days, series, summary, readout, caption, testIds }: DayChartProps) {
  const [box, width] = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const [tableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  const n = days.length;

  const height = width < 480 ? 200 : 260;
  const scale = yScale(Math.max(0, ...series.flatMap((s) => s.values)));
  const left = 12 + formatNumber(scale.top).length * 7.5;
  const right = Math.max(left + 1, width - PAD_RIGHT);
  const bottom = height - PAD_BOTTOM;
  const x = (i: number) => xAt(i, n, left, right);
  const y = (v: number) => yAt(v, scale.top, PAD_TOP, bottom);
  const lines = series.map((s) => ({ ...s, points: s.values.map((v, i) => [x(i), y(v)] as const) }));
  const labels = labelIndexes(n, right - left);
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
          {series.map((s) => (
            <li key={s.tone}>
              <span className={`xs-key xs-key-${s.tone}`} />
              {s.label}
            </li>
          ))}
        </ul>
        <p className="xs-chart-readout tabular" aria-hidden="true">
          {hover === null || hover >= n ? '' : readout(hover)}
        </p>
      </div>
      <div className="xs-chart-box" ref={box} style={{ height }}>
        {width > 0 && (
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={summary}
            data-testid={testIds.chart}
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
                const day = days[i];
                if (!day) return null;
                const anchor = n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle';
                return (
                  <text key={day} x={x(i)} y={height - 8} textAnchor={anchor}>
                    {axisDay(day, n)}
                  </text>
                );
              })}
            </g>
            {lines.map((line) =>
              line.tone === 'views' ? (
                <path key="area" className="xs-area-views" d={areaPath(line.points, bottom)} />
              ) : null,
            )}
            {lines.map((line) => (
              <path key={line.tone} className={`xs-line-${line.tone}`} d={linePath(line.points)} />
            ))}
            {hover !== null && <line className="xs-guide" x1={x(hover)} x2={x(hover)} y1={PAD_TOP} y2={bottom} />}
            {days.map((day, i) =>
              dots || i === hover ? (
                <g key={day} className={i === hover ? 'is-on' : undefined}>
                  {lines.map((line) => (
                    <circle
                      key={line.tone}
                      className={`xs-dot-${line.tone}`}
                      cx={x(i)}
                      cy={line.points[i]?.[1] ?? bottom}
                      r={i === hover ? 4.5 : 3}
                    />
                  ))}
                </g>
              ) : null,
            )}
          </svg>
        )}
      </div>
      <ToggleButton
        className="btn btn-ghost btn-sm xs-table-toggle"
        open={tableOpen}
        controls={tableId}
        onClick={() => setTableOpen(!tableOpen)}
      >
        <Table2 size={16} aria-hidden="true" />
        {t(tableOpen ? 'stats.chart.table.hide' : 'stats.chart.table.show')}
      </ToggleButton>
      <div id={tableId} hidden={!tableOpen}>
        {tableOpen && <DailyTable days={days} series={series} caption={caption} testId={testIds.table} />}
      </div>
    </div>
  );
}

function DailyTable({
  days,
  series,
  caption,
  testId,
}: Pick<DayChartProps, 'days' | 'series' | 'caption'> & { testId: string }) {
  const captionId = useId();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the keyboard to be scrolled
    <section className="xs-table-box" aria-labelledby={captionId} tabIndex={0}>
      <table className="xs-table tabular" data-testid={testId}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.chart.table.day')}</th>
            {series.map((s) => (
              <th scope="col" key={s.tone}>
                {s.column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{tableDay(day)}</th>
              {series.map((s) => (
                <td key={s.tone}>{formatNumber(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
