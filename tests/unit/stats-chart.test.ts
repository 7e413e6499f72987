import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  areaPath,
  labelIndexes,
  linePath,
  nearestIndex,
  xAt,
  yAt,
  yScale,
} from '../../src/islands/editor/extras/stats/chart-scale';
import { chartSummary } from '../../src/islands/editor/extras/stats/StatsChart';
import { axisDay, shortDay, tableDay } from '../../src/islands/editor/extras/stats/days';

describe('yScale', () => {
  it('rounds the top up to a step of 1, 2 or 5 times a power of ten', () => {
    expect(yScale(3)).toEqual({ top: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(yScale(7)).toEqual({ top: 8, step: 2, ticks: [0, 2, 4, 6, 8] });
    expect(yScale(37)).toEqual({ top: 40, step: 10, ticks: [0, 10, 20, 30, 40] });
    expect(yScale(1234).step).toBe(500);
    expect(yScale(1234).top).toBe(1500);
  });

  it('never steps below 1 (counts are whole) and has a top even with no data', () => {
    expect(yScale(0)).toEqual({ top: 1, step: 1, ticks: [0, 1] });
    expect(yScale(1)).toEqual({ top: 1, step: 1, ticks: [0, 1] });
  });

  it('always covers the largest value with a handful of ticks', () => {
    fc.assert(
      fc.property(fc.nat(10_000_000), (max) => {
        const s = yScale(max);
        return s.top >= max && s.step >= 1 && Number.isInteger(s.step) && s.ticks.length >= 2 && s.ticks.length <= 11;
      }),
    );
  });
});

describe('labelIndexes', () => {
  it('labels every day when they fit, and always the last one', () => {
    expect(labelIndexes(7, 600)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // 300 px hold five labels 56 px apart: every sixth day, counted back from today
    expect(labelIndexes(30, 300)).toEqual([5, 11, 17, 23, 29]);
    expect(labelIndexes(1, 10)).toEqual([0]);
    expect(labelIndexes(0, 300)).toEqual([]);
  });

  it('leaves at least the gap asked for between labels, at any width', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 400 }), fc.integer({ min: 40, max: 1400 }), (n, width) => {
        const picked = labelIndexes(n, width);
        const steps = picked.slice(1).map((i, k) => i - picked[k]!);
        const gaps = steps.map((d) => (d * width) / (n - 1));
        return picked.at(-1) === n - 1 && picked[0]! >= 0 && gaps.every((g) => g >= 56) && new Set(steps).size <= 1;
      }),
    );
  });
});

describe('positions and paths', () => {
  it('spreads days across the plot, a lone day in the middle', () => {
    expect(xAt(0, 3, 40, 240)).toBe(40);
    expect(xAt(2, 3, 40, 240)).toBe(240);
    expect(xAt(0, 1, 40, 240)).toBe(140);
    expect(yAt(0, 10, 12, 212)).toBe(212);
    expect(yAt(10, 10, 12, 212)).toBe(12);
    expect(yAt(99, 10, 12, 212)).toBe(12);
    expect(yAt(-3, 10, 12, 212)).toBe(212);
  });

  it('finds the day under the pointer, clamped to the plot', () => {
    expect(nearestIndex(40, 3, 40, 240)).toBe(0);
    expect(nearestIndex(150, 3, 40, 240)).toBe(1);
    expect(nearestIndex(1000, 3, 40, 240)).toBe(2);
    expect(nearestIndex(-5, 3, 40, 240)).toBe(0);
    expect(nearestIndex(100, 1, 40, 240)).toBe(0);
  });

  it('draws a line and its area down to the baseline', () => {
    const points = [
      [10, 50],
      [20.04, 30.06],
    ] as const;
    expect(linePath(points)).toBe('M10 50L20 30.1');
    expect(areaPath(points, 100)).toBe('M10 50L20 30.1L20 100L10 100Z');
    expect(areaPath([], 100)).toBe('');
  });
});

describe('chart texts', () => {
  const daily = [
    { date: '2027-03-01', views: 3, clicks: 1, signups: 0 },
    { date: '2027-03-02', views: 9, clicks: 2, signups: 1 },
    { date: '2027-03-03', views: 9, clicks: 0, signups: 0 },
  ];

  it('sums the period up for screen readers, with its best day', () => {
    expect(chartSummary(daily)).toBe(
      'Grafico di visite, clic e iscrizioni fan al giorno dal 1 marzo 2027 al 3 marzo 2027: 21 visite e 3 clic in tutto, con 1 iscrizione. Giorno con più visite: 2 marzo 2027, 9 visite.',
    );
    expect(chartSummary([])).toBe('');
  });

  it('names no best day when the period had clicks but no visit', () => {
    expect(chartSummary([{ date: '2027-03-01', views: 0, clicks: 2, signups: 3 }])).toBe(
      'Grafico di visite, clic e iscrizioni fan al giorno dal 1 marzo 2027 al 1 marzo 2027: nessuna visita e 2 clic in tutto, con 3 iscrizioni.',
    );
  });

  it('draws the fan sign-ups per day beside the views and clicks, as the stats CSV counts them', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { StatsChart } = await import('../../src/islands/editor/extras/stats/StatsChart');
    const html = renderToStaticMarkup(createElement(StatsChart, { daily }));
    const legend = [...html.matchAll(/<li><span class="xs-key xs-key-(\w+)"><\/span>([^<]+)<\/li>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(legend).toEqual([
      ['views', 'Visite'],
      ['clicks', 'Clic'],
      ['signups', 'Iscrizioni fan'],
    ]);
  });

  it('writes days in Italian without any time zone moving them', () => {
    expect(shortDay('2027-03-01')).toBe('1 mar');
    expect(axisDay('2027-03-01', 30)).toBe('1 mar');
    expect(axisDay('2027-03-01', 400)).toBe('mar 27');
    expect(tableDay('2027-03-01')).toBe('lun 1 mar 2027');
  });
});
