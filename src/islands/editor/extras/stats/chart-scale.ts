// The geometry of the stats chart, pure: the y scale's round ticks, which days get an x label at
// a given width, and the SVG paths of a series. The component only draws what these return.

/** The y axis: from 0 to `top` in steps of `step` (1, 2 or 5 times a power of ten, never below 1). */
export interface YScale {
  top: number;
  step: number;
  ticks: number[];
}

/** Round ticks for counts up to `max`, about `count` of them above zero. */
export function yScale(max: number, count = 4): YScale {
  const target = Math.max(1, Math.ceil(max)) / count;
  const power = 10 ** Math.floor(Math.log10(target));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= target) ?? 10 * power);
  const top = Math.max(step, Math.ceil(Math.max(0, max) / step) * step);
  const ticks: number[] = [];
  for (let v = 0; v <= top; v += step) ticks.push(v);
  return { top, step, ticks };
}

/**
 * The days that get an x label: every k-th, counted back from the last (today is always
 * labelled), with k the smallest that leaves `minGap` pixels per label.
 */
export function labelIndexes(count: number, plotWidth: number, minGap = 56): number[] {
  if (count <= 0) return [];
  const fits = Math.max(1, Math.floor(plotWidth / minGap));
  const every = Math.max(1, Math.ceil(count / fits));
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

/** The x of day i of n across [left, right]; a single day sits in the middle. */
export function xAt(i: number, n: number, left: number, right: number): number {
  if (n <= 1) return (left + right) / 2;
  return left + (i * (right - left)) / (n - 1);
}

/** The y of a value on a scale of `top`, from `bottom` (0) up to `topY` (top). */
export function yAt(value: number, top: number, topY: number, bottom: number): number {
  const clamped = Math.min(Math.max(value, 0), top);
  return bottom - (clamped / top) * (bottom - topY);
}

/** The index of the day nearest to pixel x. */
export function nearestIndex(x: number, n: number, left: number, right: number): number {
  if (n <= 1 || right <= left) return 0;
  const i = Math.round(((x - left) / (right - left)) * (n - 1));
  return Math.min(n - 1, Math.max(0, i));
}

const r = (v: number) => Math.round(v * 10) / 10;

/** A polyline through the points (M…L…), rounded to tenths of a pixel. */
export function linePath(points: ReadonlyArray<readonly [number, number]>): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${r(x)} ${r(y)}`).join('');
}

/** The same line closed down to the baseline, for the filled area under it. */
export function areaPath(points: ReadonlyArray<readonly [number, number]>, baseline: number): string {
  if (points.length === 0) return '';
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return `${linePath(points)}L${r(last[0])} ${r(baseline)}L${r(first[0])} ${r(baseline)}Z`;
}
