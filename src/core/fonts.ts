/**
 * The 19 self-hosted font families offered by the custom style panel (docs/behaviour.md#custom-styles).
 * Files come from the pinned `@fontsource/*` packages (latin subset, woff2) and are copied at build
 * time by scripts/copy-fonts.mjs to stable paths `/fonts/{id}-{weight}-{style}.woff2`, so a page
 * published today keeps working after a package upgrade renames its files.
 * Isomorphic: no DOM, no Workers APIs.
 */

/** The weights the panel offers; each family ships the subset listed in `weights`. */
export const FONT_WEIGHTS = ['300', '400', '500', '600', '700', '800', '900'] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

export const FONT_STYLES = ['normal', 'italic'] as const;
export type FontStyle = (typeof FONT_STYLES)[number];

export type FontCategory = 'sans' | 'serif' | 'condensed' | 'display';

export interface FontDef {
  /** CSS family name, as shown in the panel and stored in custom styles. */
  family: string;
  /** File prefix and @fontsource package name. */
  id: string;
  category: FontCategory;
  weights: readonly FontWeight[];
  /** True when every listed weight also ships an italic face. */
  italic: boolean;
}

const ALL: readonly FontWeight[] = FONT_WEIGHTS;

/**
 * One family of the list. Its id (the file prefix and the @fontsource package name) is the family
 * name in lower case with hyphens for spaces: 'Playfair Display' → 'playfair-display'.
 */
function font(family: string, category: FontCategory, weights: readonly FontWeight[] = ALL, italic = true): FontDef {
  return { family, id: family.toLowerCase().replace(/ /g, '-'), category, weights, italic };
}

export const FONTS: readonly FontDef[] = [
  font('Poppins', 'sans'),
  font('Inter', 'sans'),
  font('Montserrat', 'sans'),
  font('Roboto', 'sans'),
  font('Open Sans', 'sans', ['300', '400', '500', '600', '700', '800']),
  font('Lato', 'sans', ['300', '400', '700', '900']),
  font('Raleway', 'sans'),
  font('Nunito', 'sans'),
  font('DM Sans', 'sans'),
  font('Playfair Display', 'serif', ['400', '500', '600', '700', '800', '900']),
  font('Merriweather', 'serif'),
  font('Lora', 'serif', ['400', '500', '600', '700']),
  font('Libre Baskerville', 'serif', ['400', '500', '600', '700']),
  font('Roboto Condensed', 'condensed'),
  font('Barlow Condensed', 'condensed'),
  font('Oswald', 'condensed', ['300', '400', '500', '600', '700'], false),
  font('Bebas Neue', 'display', ['400'], false),
  font('Anton', 'display', ['400'], false),
  font('Abril Fatface', 'display', ['400'], false),
];

export const FONT_FAMILIES = FONTS.map((f) => f.family);
export const DEFAULT_FONT = 'Poppins';

const FALLBACKS: Record<FontCategory, string> = {
  sans: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  condensed: '"Arial Narrow", system-ui, sans-serif',
  display: 'Impact, "Arial Black", system-ui, sans-serif',
};

const BY_KEY = new Map(FONTS.map((f) => [f.family.toLowerCase(), f]));

/**
 * Finds a family from whatever a client stored: 'Poppins', "'Playfair Display', serif",
 * 'playfair-display'. Only the first family of a stack counts. Unknown → null.
 */
export function findFont(name: unknown): FontDef | null {
  if (typeof name !== 'string') return null;
  const first = (name.split(',')[0] ?? '')
    .trim()
    .replace(/^["']|["']$/g, '')
    .trim()
    .toLowerCase();
  if (!first) return null;
  return BY_KEY.get(first) ?? FONTS.find((f) => f.id === first) ?? null;
}

/** The nearest weight the family ships (ties go to the heavier face). */
export function nearestWeight(font: FontDef, weight: FontWeight): FontWeight {
  if (font.weights.includes(weight)) return weight;
  const w = Number(weight);
  let best: FontWeight = font.weights[0] ?? '400';
  for (const candidate of font.weights) {
    const d = Math.abs(Number(candidate) - w);
    const bestD = Math.abs(Number(best) - w);
    if (d < bestD || (d === bestD && Number(candidate) > Number(best))) best = candidate;
  }
  return best;
}

/** Stable file name under /fonts/ (see scripts/copy-fonts.mjs). */
export function fontFileName(id: string, weight: FontWeight, style: FontStyle): string {
  return `${id}-${weight}-${style}.woff2`;
}

export function fontUrl(font: FontDef, weight: FontWeight, style: FontStyle): string {
  return `/fonts/${fontFileName(font.id, weight, style)}`;
}

/** The CSS font-family value: the family (validated, from the list) plus a category fallback. */
export function fontStack(family: string): string {
  const font = findFont(family) ?? findFont(DEFAULT_FONT)!;
  return `"${font.family}", ${FALLBACKS[font.category]}`;
}

/**
 * Local faces stretched to Poppins' metrics: the published page shows its text in them until
 * the web fonts apply after load (docs/behaviour.md#fonts-after-load), so the swap moves
 * nothing. size-adjust is Poppins' width over the local face's on the page's own words
 * (measured in Chromium, regular and bold apart); the overrides are Poppins' ascent 1.05,
 * descent 0.35 and line gap 0.1 of the em, divided by it. Arial's metrics are shared by
 * Liberation Sans and Arimo; Roboto (Android) is wider apart and gets a family of its own.
 */
/** The two stand-in families: Arial's metrics, and Roboto's. */
export const STAND_IN_FAMILIES = ['Poppins fallback', 'Poppins fallback R'] as const;

const METRIC_FALLBACKS: ReadonlyArray<{ family: string; weight: string; locals: string[]; adjust: number }> = [
  {
    family: 'Poppins fallback',
    weight: '100 500',
    locals: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo', 'Helvetica'],
    adjust: 1.086,
  },
  {
    family: 'Poppins fallback',
    weight: '600 900',
    locals: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold', 'Helvetica Bold'],
    adjust: 1.047,
  },
  { family: 'Poppins fallback R', weight: '100 500', locals: ['Roboto', 'Roboto-Regular'], adjust: 1.097 },
  { family: 'Poppins fallback R', weight: '600 900', locals: ['Roboto Bold', 'Roboto-Bold'], adjust: 1.11 },
];

const percent = (n: number) => `${Math.round(n * 1000) / 10}%`;

/** The @font-face rules of Poppins' local stand-ins (see METRIC_FALLBACKS). */
export function metricFallbackCss(): string {
  return METRIC_FALLBACKS.map(
    (f) =>
      `@font-face{font-family:"${f.family}";font-weight:${f.weight};src:${f.locals.map((l) => `local("${l}")`).join(',')};` +
      `size-adjust:${percent(f.adjust)};ascent-override:${percent(1.05 / f.adjust)};` +
      `descent-override:${percent(0.35 / f.adjust)};line-gap-override:${percent(0.1 / f.adjust)}}`,
  ).join('');
}

/**
 * The font-family value before web fonts apply: Poppins' sized stand-ins, else the family's
 * category fallback.
 */
export function fallbackStack(family: string): string {
  const font = findFont(family) ?? findFont(DEFAULT_FONT)!;
  const metric = font.family === DEFAULT_FONT ? STAND_IN_FAMILIES.map((f) => `"${f}", `).join('') : '';
  return metric + FALLBACKS[font.category];
}

/** The font-family value once web fonts apply: the family, then what stood in for it. */
export function loadedStack(family: string): string {
  const font = findFont(family) ?? findFont(DEFAULT_FONT)!;
  return `"${font.family}", ${fallbackStack(font.family)}`;
}

/** Every face the build copies: [font, weight, style]. */
export function allFontFaces(): Array<{ font: FontDef; weight: FontWeight; style: FontStyle }> {
  const out: Array<{ font: FontDef; weight: FontWeight; style: FontStyle }> = [];
  for (const font of FONTS) {
    for (const weight of font.weights) {
      out.push({ font, weight, style: 'normal' });
      if (font.italic) out.push({ font, weight, style: 'italic' });
    }
  }
  return out;
}

export interface FaceRequest {
  family: string;
  weight: FontWeight;
  style: FontStyle;
}

/**
 * @font-face rules for exactly the faces a page uses (deduplicated), so a page downloads only what
 * it shows. Missing italics fall back to the upright face (the browser slants it).
 */
export function fontFaceCss(faces: readonly FaceRequest[], base = '/fonts/'): string {
  const seen = new Set<string>();
  let css = '';
  for (const req of faces) {
    const font = findFont(req.family);
    if (!font) continue;
    const weight = nearestWeight(font, req.weight);
    const style: FontStyle = req.style === 'italic' && font.italic ? 'italic' : 'normal';
    const key = `${font.id}-${weight}-${style}`;
    if (seen.has(key)) continue;
    seen.add(key);
    css +=
      `@font-face{font-family:"${font.family}";font-style:${style};font-weight:${weight};` +
      `font-display:swap;src:url(${base}${fontFileName(font.id, weight, style)}) format("woff2")}`;
  }
  return css;
}
