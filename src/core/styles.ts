/**
 * Custom styles of a landing page (docs/behaviour.md#custom-styles).
 * Every value that can reach the published page's CSS comes from an allowed set or is a
 * normalised `#RRGGBB` colour: nothing a user types reaches CSS unvalidated.
 * Isomorphic: no DOM, no Workers APIs.
 */
import { z } from './zod';
import {
  DEFAULT_FONT,
  FONT_FAMILIES,
  FONT_STYLES,
  FONT_WEIGHTS,
  findFont,
  nearestWeight,
  type FontStyle,
  type FontWeight,
} from './fonts';
export type { FontWeight, FontStyle } from './fonts';

export const BLACK = '#000000';
export const WHITE = '#FFFFFF';
/** The grey of secondary text: the venue line's default colour. */
export const GREY = '#6B7280';

/** Font sizes the panel offers (rem). */
export const FONT_SIZES = [
  '0.75rem',
  '0.875rem',
  '1rem',
  '1.125rem',
  '1.25rem',
  '1.5rem',
  '1.75rem',
  '2rem',
  '2.5rem',
  '3rem',
  '3.5rem',
  '4rem',
  '5rem',
  '6rem',
] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** Button corner options: 0, 4, 8, 16, 24 px and pill. */
export const BORDER_RADII = ['0px', '4px', '8px', '16px', '24px', '9999px'] as const;
export type BorderRadius = (typeof BORDER_RADII)[number];
export const PILL_RADIUS: BorderRadius = '9999px';

const hex = z.string().regex(/^#[0-9A-F]{6}$/);

export const textStyleSchema = z.object({
  color: hex,
  fontSize: z.enum(FONT_SIZES),
  fontFamily: z.enum(FONT_FAMILIES as [string, ...string[]]),
  fontWeight: z.enum(FONT_WEIGHTS),
  fontStyle: z.enum(FONT_STYLES),
});
export type TextStyle = z.infer<typeof textStyleSchema>;

export const buttonStyleSchema = z.object({
  backgroundColor: hex,
  textColor: hex,
  borderRadius: z.enum(BORDER_RADII),
  fontSize: z.enum(FONT_SIZES),
});
export type ButtonStyle = z.infer<typeof buttonStyleSchema>;

/** The normalised shape: what is stored and what the renderer reads. */
export const customStylesStrictSchema = z.object({
  data: textStyleSchema,
  city: textStyleSchema,
  venue: textStyleSchema,
  buttons: buttonStyleSchema,
  background: z.object({ color: hex }),
});
export type CustomStyles = z.infer<typeof customStylesStrictSchema>;
export type TextGroup = 'data' | 'city' | 'venue';
export const TEXT_GROUPS: readonly TextGroup[] = ['data', 'city', 'venue'];

function text(color: string, fontSize: FontSize, fontWeight: FontWeight): TextStyle {
  return { color, fontSize, fontFamily: DEFAULT_FONT, fontWeight, fontStyle: 'normal' };
}

/**
 * The defaults of a new page: black Poppins on white (date 1.5 rem, city 2.5 rem bold, venue
 * 1.25 rem grey), white pill buttons with black 1.25 rem text.
 */
export const DEFAULT_CUSTOM_STYLES: CustomStyles = Object.freeze(preset(WHITE, BLACK, BLACK, GREY, WHITE, BLACK));

export function defaultCustomStyles(): CustomStyles {
  return structuredCloneStyles(DEFAULT_CUSTOM_STYLES);
}

function structuredCloneStyles(s: CustomStyles): CustomStyles {
  return {
    data: { ...s.data },
    city: { ...s.city },
    venue: { ...s.venue },
    buttons: { ...s.buttons },
    background: { ...s.background },
  };
}

function preset(
  background: string,
  data: string,
  city: string,
  venue: string,
  buttonBg: string,
  buttonText: string,
): CustomStyles {
  return {
    data: text(data, '1.5rem', '400'),
    city: text(city, '2.5rem', '700'),
    venue: text(venue, '1.25rem', '400'),
    buttons: { backgroundColor: buttonBg, textColor: buttonText, borderRadius: PILL_RADIUS, fontSize: '1.25rem' },
    background: { color: background },
  };
}

export type PresetName = 'light' | 'dark' | 'blue' | 'red';

/**
 * Style presets: light, dark, blue, red. Every text/background and button text/button pair meets WCAG AA for
 * normal text (≥ 4.5:1); tests/unit/styles.test.ts checks it.
 */
export const STYLE_PRESETS: Readonly<Record<PresetName, { label: string; styles: CustomStyles }>> = {
  light: { label: 'Light', styles: preset(WHITE, BLACK, BLACK, GREY, '#111111', WHITE) },
  dark: { label: 'Dark', styles: preset(BLACK, WHITE, WHITE, '#A1A1AA', WHITE, BLACK) },
  blue: { label: 'Blue', styles: preset('#0B1F4D', '#DCE7FF', WHITE, '#9DB8F2', '#FFD166', '#0B1F4D') },
  red: { label: 'Red', styles: preset('#7A0F1C', '#FFE1E4', WHITE, '#FFB3BC', WHITE, '#7A0F1C') },
};

export function presetStyles(name: PresetName): CustomStyles {
  return structuredCloneStyles(STYLE_PRESETS[name].styles);
}

/**
 * Colours become six-digit uppercase hex; '#abc' expands; anything else is #000000.
 * A leading '#' is optional.
 */
export function normaliseColor(value: unknown): string {
  if (typeof value !== 'string') return BLACK;
  const m = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.exec(value.trim());
  if (!m?.[1]) return BLACK;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return `#${h.toUpperCase()}`;
}

/** A missing value keeps the default; a present but invalid one becomes #000000. */
function colorOr(value: unknown, fallback: string): string {
  return value === undefined || value === null || value === '' ? fallback : normaliseColor(value);
}

function remOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value > 10 ? value / 16 : value;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*(rem|em|px)?\s*$/i.exec(value);
  if (!m?.[1]) return null;
  const n = Number(m[1]);
  const unit = (m[2] ?? (n > 10 ? 'px' : 'rem')).toLowerCase();
  return unit === 'px' ? n / 16 : n;
}

/** Snaps any size ('1.5rem', '24px', 24, '1.4rem') to the nearest allowed size. */
export function normaliseFontSize(value: unknown, fallback: FontSize): FontSize {
  if (typeof value === 'string' && (FONT_SIZES as readonly string[]).includes(value.trim())) {
    return value.trim() as FontSize;
  }
  const rem = remOf(value);
  if (rem === null || rem <= 0) return fallback;
  let best: FontSize = FONT_SIZES[0];
  for (const size of FONT_SIZES) {
    if (Math.abs(parseFloat(size) - rem) < Math.abs(parseFloat(best) - rem)) best = size;
  }
  return best;
}

export function normaliseFontWeight(value: unknown, fallback: FontWeight): FontWeight {
  if (value === undefined || value === null || value === '') return fallback;
  const v = typeof value === 'string' ? value.trim().toLowerCase() : value;
  if (v === 'normal') return '400';
  if (v === 'bold') return '700';
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{3}$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n)) return fallback;
  const clamped = Math.min(900, Math.max(300, Math.round(n / 100) * 100));
  return String(clamped) as FontWeight;
}

export function normaliseFontStyle(value: unknown, fallback: FontStyle): FontStyle {
  if (typeof value !== 'string') return fallback;
  const v = value.trim().toLowerCase();
  return v === 'italic' || v === 'oblique' ? 'italic' : v === 'normal' ? 'normal' : fallback;
}

export function normaliseBorderRadius(value: unknown, fallback: BorderRadius): BorderRadius {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if ((BORDER_RADII as readonly string[]).includes(v)) return v as BorderRadius;
    if (v === 'pill' || v === 'full' || v.endsWith('%')) return PILL_RADIUS;
  }
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d+(\.\d+)?\s*(px)?\s*$/i.test(value)
        ? parseFloat(value)
        : NaN;
  if (!Number.isFinite(n) || n < 0) return fallback;
  if (n > 40) return PILL_RADIUS;
  let best: BorderRadius = '0px';
  for (const r of BORDER_RADII) {
    if (r === PILL_RADIUS) continue;
    if (Math.abs(parseFloat(r) - n) < Math.abs(parseFloat(best) - n)) best = r;
  }
  return best;
}

function obj(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function normaliseText(input: unknown, def: TextStyle): TextStyle {
  const o = obj(input);
  const font = findFont(o.fontFamily) ?? findFont(def.fontFamily)!;
  const fontWeight = nearestWeight(font, normaliseFontWeight(o.fontWeight, def.fontWeight));
  const fontStyle = normaliseFontStyle(o.fontStyle, def.fontStyle);
  return {
    color: colorOr(o.color, def.color),
    fontSize: normaliseFontSize(o.fontSize, def.fontSize),
    fontFamily: font.family,
    fontWeight,
    fontStyle: fontStyle === 'italic' && !font.italic ? 'normal' : fontStyle,
  };
}

/**
 * Any stored or received custom styles (object, JSON string, null, garbage) → a complete,
 * validated CustomStyles. Bad JSON or a non-object → defaults. Accepts 'date' as an alias of 'data'.
 */
export function normaliseCustomStyles(input: unknown): CustomStyles {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return defaultCustomStyles();
    }
  }
  const o = obj(value);
  const d = DEFAULT_CUSTOM_STYLES;
  const b = obj(o.buttons);
  return {
    data: normaliseText(o.data ?? o.date, d.data),
    city: normaliseText(o.city, d.city),
    venue: normaliseText(o.venue, d.venue),
    buttons: {
      backgroundColor: colorOr(b.backgroundColor, d.buttons.backgroundColor),
      textColor: colorOr(b.textColor ?? b.color, d.buttons.textColor),
      borderRadius: normaliseBorderRadius(b.borderRadius, d.buttons.borderRadius),
      fontSize: normaliseFontSize(b.fontSize, d.buttons.fontSize),
    },
    background: { color: colorOr(obj(o.background).color, d.background.color) },
  };
}

/**
 * For request validation: accepts anything (object, JSON string, null) and always yields a
 * normalised CustomStyles; invalid values are replaced, never rejected (a bad colour → #000000).
 */
export const customStylesSchema = z.preprocess(normaliseCustomStyles, customStylesStrictSchema);

/**
 * Line height for a font size in the custom layout, in steps at 1, 1.5, 2.5, 4 and 6 rem:
 *   size < 1 → 1.6; 1 ≤ size < 1.5 → 1.5; 1.5 ≤ size < 2.5 → 1.3;
 *   2.5 ≤ size < 4 → 1.15; 4 ≤ size < 6 → 1.05; size ≥ 6 → 1.
 */
export function lineHeightFor(fontSize: FontSize | string): string {
  const rem = parseFloat(fontSize);
  if (!(rem >= 1)) return '1.6';
  if (rem < 1.5) return '1.5';
  if (rem < 2.5) return '1.3';
  if (rem < 4) return '1.15';
  if (rem < 6) return '1.05';
  return '1';
}

/** WCAG relative luminance contrast ratio of two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const lum = (h: string): number => {
    const c = normaliseColor(h);
    const ch = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255);
    const [r, g, bl] = ch.map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
