// The header's colour palette: five colours offered as one-click swatches next to every
// colour input of the custom style panel. The pixel maths is a pure function so it can be tested
// without a browser; the browser part only fetches the header through the authenticated image
// proxy and draws it onto a small canvas.
import { fetchHeaderImage } from './api-client';

export const PALETTE_SIZE = 5;

/** Below this alpha a pixel counts as transparent (PNG/WebP cut-outs). */
const MIN_ALPHA = 125;
/** A pixel whose three channels are all at least this is 'near white' (paper, glare). */
const NEAR_WHITE = 240;
/** Enough samples for a stable palette; more only costs time. */
const MAX_SAMPLES = 20_000;
const MAX_ITERATIONS = 12;
/** A cluster under this share of the counted pixels is an edge or a speck, not a page colour. */
const MIN_SHARE = 0.01;

interface Bin {
  r: number;
  g: number;
  b: number;
  n: number;
}

function hex(r: number, g: number, b: number): string {
  const part = (v: number) =>
    Math.round(Math.min(255, Math.max(0, v)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`.toUpperCase();
}

function dist2(a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }): number {
  const dr = a.r - b.r;
  const dg = a.g - b.g;
  const db = a.b - b.b;
  return dr * dr + dg * dg + db * db;
}

/**
 * Up to `count` dominant colours (#RRGGBB, most common first) of RGBA pixel data, as a canvas's
 * ImageData gives it. Transparent and near-white pixels are skipped; an image with nothing left
 * gives []. Colours covering under 1 % of the counted pixels are left out. Deterministic: the same
 * pixels always give the same palette.
 *
 * Method: pixels are pooled into a 5-bit-per-channel histogram (mean colour per cell), seeded by
 * weighted farthest-point picking (a populous cell far from the chosen ones wins, so one stray
 * pixel cannot become a swatch), then refined with weighted k-means; each cluster is shown as
 * its cell nearest the centre.
 */
export function extractPalette(rgba: ArrayLike<number>, count: number = PALETTE_SIZE): string[] {
  if (count < 1) return [];
  const pixels = Math.floor(rgba.length / 4);
  const step = Math.max(1, Math.floor(pixels / MAX_SAMPLES));
  const cells = new Map<number, Bin>();
  for (let p = 0; p < pixels; p += step) {
    const i = p * 4;
    const r = rgba[i]!;
    const g = rgba[i + 1]!;
    const b = rgba[i + 2]!;
    const a = rgba[i + 3]!;
    if (a < MIN_ALPHA) continue;
    if (r >= NEAR_WHITE && g >= NEAR_WHITE && b >= NEAR_WHITE) continue;
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    const cell = cells.get(key);
    if (cell) {
      cell.r += r;
      cell.g += g;
      cell.b += b;
      cell.n += 1;
    } else {
      cells.set(key, { r, g, b, n: 1 });
    }
  }
  const bins: Bin[] = [...cells.values()]
    .map((c) => ({ r: c.r / c.n, g: c.g / c.n, b: c.b / c.n, n: c.n }))
    // Map order follows the image; sort so the result never depends on scan order details.
    .sort((x, y) => y.n - x.n || x.r - y.r || x.g - y.g || x.b - y.b);
  if (bins.length === 0) return [];

  const k = Math.min(count, bins.length);
  const centres: { r: number; g: number; b: number }[] = [{ ...bins[0]! }];
  const nearest = bins.map((bin) => dist2(bin, centres[0]!));
  while (centres.length < k) {
    let best = -1;
    let bestScore = 0;
    for (let i = 0; i < bins.length; i++) {
      const score = nearest[i]! * bins[i]!.n;
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best < 0) break; // every remaining cell coincides with a centre
    const centre = { ...bins[best]! };
    centres.push(centre);
    for (let i = 0; i < bins.length; i++) nearest[i] = Math.min(nearest[i]!, dist2(bins[i]!, centre));
  }

  const assign = new Array<number>(bins.length).fill(-1);
  let weights = new Array<number>(centres.length).fill(0);
  for (let iter = 0; iter < MAX_ITERATIONS; iter++) {
    let moved = false;
    for (let i = 0; i < bins.length; i++) {
      let bestC = 0;
      let bestD = Infinity;
      for (let c = 0; c < centres.length; c++) {
        const d = dist2(bins[i]!, centres[c]!);
        if (d < bestD) {
          bestD = d;
          bestC = c;
        }
      }
      if (assign[i] !== bestC) {
        moved = true;
        assign[i] = bestC;
      }
    }
    const sums = centres.map(() => ({ r: 0, g: 0, b: 0, n: 0 }));
    for (let i = 0; i < bins.length; i++) {
      const s = sums[assign[i]!]!;
      const bin = bins[i]!;
      s.r += bin.r * bin.n;
      s.g += bin.g * bin.n;
      s.b += bin.b * bin.n;
      s.n += bin.n;
    }
    weights = sums.map((s) => s.n);
    sums.forEach((s, c) => {
      if (s.n > 0) centres[c] = { r: s.r / s.n, g: s.g / s.n, b: s.b / s.n };
    });
    if (!moved) break;
  }

  // A swatch should be a colour the image really has, not a blend of two areas (red and blue
  // must never average to purple): each cluster is represented by its cell nearest the centre.
  const representative = centres.map((centre, c) => {
    let best: Bin | null = null;
    let bestD = Infinity;
    for (let i = 0; i < bins.length; i++) {
      if (assign[i] !== c) continue;
      const d = dist2(bins[i]!, centre);
      if (d < bestD) {
        bestD = d;
        best = bins[i]!;
      }
    }
    return best ?? centre;
  });
  const total = weights.reduce((sum, n) => sum + n, 0);
  const seen = new Set<string>();
  return representative
    .map((c, i) => ({ colour: hex(c.r, c.g, c.b), n: weights[i]! }))
    .filter((c) => c.n > 0 && c.n >= total * MIN_SHARE)
    .sort((x, y) => y.n - x.n)
    .map((c) => c.colour)
    .filter((c) => {
      if (seen.has(c)) return false;
      seen.add(c);
      return true;
    });
}

/** Longest side of the canvas the header is drawn on: plenty for five colours, cheap to scan. */
const SAMPLE_SIDE = 96;

/**
 * Fetches the page's header through the authenticated image proxy and extracts its palette.
 * Resolves [] when there is no image to read (no header, a video, a decode failure): the swatches
 * are a convenience, never an error the organiser must deal with.
 */
export async function loadHeaderPalette(slug: string, signal?: AbortSignal): Promise<string[]> {
  const res = await fetchHeaderImage(slug, signal);
  if (!res.ok) return [];
  const blob = await res.blob();
  if (!blob.type.startsWith('image/')) return [];
  return paletteOfBlob(blob);
}

/** The palette of an image blob (an uploaded file before it is saved, or the proxied header). */
export async function paletteOfBlob(blob: Blob): Promise<string[]> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    return [];
  }
  const scale = Math.min(1, SAMPLE_SIDE / Math.max(bitmap.width, bitmap.height, 1));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return [];
  // Nearest-neighbour scaling: smoothing would invent blends along every edge (red next to blue
  // gives purple) and those could take a swatch.
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return extractPalette(ctx.getImageData(0, 0, width, height).data);
}
