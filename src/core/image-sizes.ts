/**
 * The sizes of an uploaded photo (docs/behaviour.md#image-sizes): a still header, a video's
 * poster and an image button are kept in a few widths, each in AVIF and WebP, so a phone fetches
 * the file that fits its screen. The Worker makes them after the upload; the published page
 * offers them with `srcset` and `sizes`. One rule for both: the names, the widths, the layout.
 */

/** The widths kept below the largest; the largest is the source's own width, at most MAX_SIZE_WIDTH. */
const SIZE_STEPS = [480, 750, 1080] as const;
/** The widest size kept: a 768 px tablet at DPR 2 (the page's widest full-bleed layout). */
export const MAX_SIZE_WIDTH = 1600;

/** Formats of every size, in the order the page offers them (the first a browser takes wins). */
export const SIZE_FORMATS = ['avif', 'webp'] as const;
export type SizeFormat = (typeof SIZE_FORMATS)[number];

export const SIZE_TYPES: Record<SizeFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * The encoders' quality: the lowest at which every photo of bench/fixtures keeps SSIM ≥ 0.95
 * against its source at every width (bench/image-quality.mjs measures it; docs/operations.md#image-sizes).
 */
export const IMAGE_QUALITY: Record<SizeFormat, number> = { avif: 50, webp: 60 };

/**
 * The widths made from a source `width` px wide: 480, 750 and 1080 where the source is wider,
 * and the source's own width up to 1600. A source narrower than 480 px gets none: it is small
 * already, and the page shows it as it is.
 */
export function sizeWidths(width: number | null | undefined): number[] {
  if (!width || !Number.isFinite(width) || width < SIZE_STEPS[0]) return [];
  const top = Math.min(Math.floor(width), MAX_SIZE_WIDTH);
  return [...SIZE_STEPS.filter((w) => w < top), top];
}

/** A media path without its extension: the stem its sizes share ('/dati/a/a.k1.webp' → '/dati/a/a.k1'). */
export function sizeStem(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash ? path.slice(0, dot) : path;
}

/** The path of one size of a file: '/dati/a/a.k1.webp' at 750 px AVIF → '/dati/a/a.k1.w750.avif'. */
export function sizePath(path: string, width: number, format: SizeFormat): string {
  return `${sizeStem(path)}.w${width}.${format}`;
}

const SIZE_NAME = /^(.+)\.w(\d{1,4})\.(avif|webp)$/;

/** Reads a size's path (or R2 key) back: its stem, width and format; null for any other file. */
export function parseSizePath(path: string): { stem: string; width: number; format: SizeFormat } | null {
  const m = SIZE_NAME.exec(path);
  return m ? { stem: m[1] as string, width: Number(m[2]), format: m[3] as SizeFormat } : null;
}

/** The widths kept for each file of a page, by the file's stem (sizeStem): both formats of each. */
export type MediaSizes = Readonly<Record<string, readonly number[]>>;

/** The widths kept for `path` (none when it has no sizes, or is not one of the page's files). */
export function widthsOf(sizes: MediaSizes | null | undefined, path: string | null | undefined): readonly number[] {
  if (!sizes || !path) return [];
  return Object.hasOwn(sizes, sizeStem(path)) ? (sizes[sizeStem(path)] ?? []) : [];
}

/** A `srcset` of a file's sizes in one format, narrowest first. */
export function srcsetOf(path: string, widths: readonly number[], format: SizeFormat): string {
  return widths.map((w) => `${sizePath(path, w, format)} ${w}w`).join(', ');
}

/**
 * How wide each image shows, for `sizes` (src/landing/styles.ts): the header spans the screen
 * below 768 px and the 480 px column above; an image button the same less its 16 px margins.
 */
export const SHOWN_WIDTH = {
  header: '(min-width:768px) 480px, 100vw',
  button: '(min-width:768px) 448px, calc(100vw - 32px)',
} as const;
