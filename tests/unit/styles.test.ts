import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BORDER_RADII,
  DEFAULT_CUSTOM_STYLES,
  FONT_SIZES,
  GREY,
  STYLE_PRESETS,
  contrastRatio,
  customStylesSchema,
  customStylesStrictSchema,
  lineHeightFor,
  normaliseColor,
  normaliseCustomStyles,
} from '../../src/core/styles';
import { FONTS, FONT_FAMILIES, allFontFaces, findFont, fontFaceCss, fontStack } from '../../src/core/fonts';

describe('colours', () => {
  it('normalises to #RRGGBB uppercase, expands 3 digits, invalid → #000000', () => {
    expect(normaliseColor('#abc')).toBe('#AABBCC');
    expect(normaliseColor('abc')).toBe('#AABBCC');
    expect(normaliseColor('#a1B2c3')).toBe('#A1B2C3');
    expect(normaliseColor(' #ffffff ')).toBe('#FFFFFF');
    expect(normaliseColor('red')).toBe('#000000');
    expect(normaliseColor('#abcd')).toBe('#000000');
    expect(normaliseColor('#12345g')).toBe('#000000');
    expect(normaliseColor('#000;}</style>')).toBe('#000000');
    expect(normaliseColor(123)).toBe('#000000');
    expect(normaliseColor(null)).toBe('#000000');
  });
  it('always yields #RRGGBB for any input', () => {
    fc.assert(fc.property(fc.anything(), (v) => /^#[0-9A-F]{6}$/.test(normaliseColor(v))));
  });
});

describe('normaliseCustomStyles', () => {
  it('defaults: black Poppins texts, a grey venue, white pill buttons', () => {
    const d = normaliseCustomStyles(undefined);
    expect(d).toEqual(DEFAULT_CUSTOM_STYLES);
    expect(d.data).toMatchObject({ color: '#000000', fontSize: '1.5rem', fontFamily: 'Poppins', fontWeight: '400' });
    expect(d.city).toMatchObject({ color: '#000000', fontSize: '2.5rem', fontWeight: '700' });
    expect(d.venue).toMatchObject({ color: GREY, fontSize: '1.25rem', fontWeight: '400' });
    expect(d.buttons).toEqual({
      backgroundColor: '#FFFFFF',
      textColor: '#000000',
      borderRadius: '9999px',
      fontSize: '1.25rem',
    });
    expect(d.background).toEqual({ color: '#FFFFFF' });
  });
  it('accepts a JSON string; bad JSON → defaults', () => {
    expect(normaliseCustomStyles(JSON.stringify({ city: { color: '#f00' } })).city.color).toBe('#FF0000');
    expect(normaliseCustomStyles('{not json')).toEqual(DEFAULT_CUSTOM_STYLES);
    expect(normaliseCustomStyles('[1,2]')).toEqual(DEFAULT_CUSTOM_STYLES);
    expect(normaliseCustomStyles(42)).toEqual(DEFAULT_CUSTOM_STYLES);
  });
  it('present but invalid colour → #000000, missing → default', () => {
    const s = normaliseCustomStyles({ venue: { color: 'grey' }, background: {} });
    expect(s.venue.color).toBe('#000000');
    expect(s.background.color).toBe('#FFFFFF');
  });
  it('snaps sizes, weights, radii and fonts to allowed values', () => {
    const s = normaliseCustomStyles({
      data: { fontSize: '24px', fontWeight: 'bold', fontFamily: "'Playfair Display', serif", fontStyle: 'italic' },
      city: { fontSize: '2.4rem', fontWeight: 950, fontFamily: 'Comic Sans' },
      venue: { fontSize: 'url(x)', fontWeight: '1;}', fontFamily: 'Anton', fontStyle: 'italic' },
      buttons: { borderRadius: 10, fontSize: '1.25rem', backgroundColor: '#123' },
    });
    expect(s.data).toEqual({
      color: '#000000',
      fontSize: '1.5rem',
      fontFamily: 'Playfair Display',
      fontWeight: '700',
      fontStyle: 'italic',
    });
    expect(s.city.fontSize).toBe('2.5rem');
    expect(s.city.fontWeight).toBe('900');
    expect(s.city.fontFamily).toBe('Poppins');
    expect(s.venue.fontSize).toBe('1.25rem');
    // Anton ships only 400 upright
    expect(s.venue.fontWeight).toBe('400');
    expect(s.venue.fontStyle).toBe('normal');
    expect(s.buttons.borderRadius).toBe('8px');
    expect(normaliseCustomStyles({ buttons: { borderRadius: 'pill' } }).buttons.borderRadius).toBe('9999px');
    expect(normaliseCustomStyles({ buttons: { borderRadius: '50%' } }).buttons.borderRadius).toBe('9999px');
    expect(normaliseCustomStyles({ buttons: { borderRadius: '24px' } }).buttons.borderRadius).toBe('24px');
  });
  it('every output passes the strict schema, whatever the input (no raw text reaches CSS)', () => {
    const styleish = fc.dictionary(
      fc.constantFrom('data', 'date', 'city', 'venue', 'buttons', 'background', 'x'),
      fc.oneof(
        fc.anything(),
        fc.dictionary(
          fc.constantFrom(
            'color',
            'fontSize',
            'fontFamily',
            'fontWeight',
            'fontStyle',
            'backgroundColor',
            'textColor',
            'borderRadius',
          ),
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.constant('</style><script>'),
            fc.constant('url(javascript:x)'),
            fc.constant('1rem;color:red'),
          ),
        ),
      ),
    );
    fc.assert(
      fc.property(fc.oneof(styleish, fc.anything(), fc.string()), (input) => {
        const s = normaliseCustomStyles(input);
        expect(customStylesStrictSchema.safeParse(s).success).toBe(true);
        for (const g of [s.data, s.city, s.venue]) {
          expect(FONT_FAMILIES).toContain(g.fontFamily);
          expect(FONT_SIZES).toContain(g.fontSize);
        }
        expect(BORDER_RADII).toContain(s.buttons.borderRadius);
        const values = [s.data, s.city, s.venue, s.buttons, s.background].flatMap((g) => Object.values(g));
        for (const v of values) expect(v).toMatch(/^[#\w. -]+$/);
      }),
    );
  });
  it('customStylesSchema normalises instead of rejecting', () => {
    const r = customStylesSchema.safeParse('{"background":{"color":"#fff"}}');
    expect(r.success && r.data.background.color).toBe('#FFFFFF');
    expect(customStylesSchema.safeParse(null).success).toBe(true);
  });
});

describe('presets', () => {
  it('meet WCAG AA (4.5:1) for every text and the button label', () => {
    for (const [name, { styles: s }] of Object.entries(STYLE_PRESETS)) {
      for (const g of [s.data, s.city, s.venue]) {
        expect(contrastRatio(g.color, s.background.color), `${name} text`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrastRatio(s.buttons.textColor, s.buttons.backgroundColor), `${name} button`).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(customStylesStrictSchema.safeParse(s).success).toBe(true);
    }
    expect(Object.values(STYLE_PRESETS).map((p) => p.label)).toEqual(['Light', 'Dark', 'Blue', 'Red']);
  });
});

describe('line height steps', () => {
  it('steps at 1, 1.5, 2.5, 4 and 6 rem', () => {
    expect(lineHeightFor('0.875rem')).toBe('1.6');
    expect(lineHeightFor('1rem')).toBe('1.5');
    expect(lineHeightFor('1.25rem')).toBe('1.5');
    expect(lineHeightFor('1.5rem')).toBe('1.3');
    expect(lineHeightFor('2.5rem')).toBe('1.15');
    expect(lineHeightFor('4rem')).toBe('1.05');
    expect(lineHeightFor('6rem')).toBe('1');
  });
});

describe('fonts', () => {
  it('19 families, Poppins first, four categories', () => {
    expect(FONTS).toHaveLength(19);
    expect(FONTS[0]?.family).toBe('Poppins');
    expect(new Set(FONTS.map((f) => f.category))).toEqual(new Set(['sans', 'serif', 'condensed', 'display']));
    expect(new Set(FONTS.map((f) => f.id)).size).toBe(19);
  });
  it('every face offered ships in its @fontsource package (latin woff2)', () => {
    for (const { font, weight, style } of allFontFaces()) {
      const file = fileURLToPath(
        new URL(
          `../../node_modules/@fontsource/${font.id}/files/${font.id}-latin-${weight}-${style}.woff2`,
          import.meta.url,
        ),
      );
      expect(existsSync(file), file).toBe(true);
    }
  });
  it('findFont reads stacks and ids, rejects the rest', () => {
    expect(findFont('"DM Sans", sans-serif')?.id).toBe('dm-sans');
    expect(findFont('bebas-neue')?.family).toBe('Bebas Neue');
    expect(findFont('Arial')).toBeNull();
    expect(findFont(undefined)).toBeNull();
  });
  it('fontFaceCss dedups and only points at /fonts/', () => {
    const css = fontFaceCss([
      { family: 'Poppins', weight: '400', style: 'normal' },
      { family: 'Poppins', weight: '400', style: 'normal' },
      { family: 'Anton', weight: '700', style: 'italic' },
      { family: 'Evil</style>', weight: '400', style: 'normal' },
    ]);
    expect(css.match(/@font-face/g)).toHaveLength(2);
    expect(css).toContain('url(/fonts/anton-400-normal.woff2)');
    expect(css).not.toContain('Evil');
    expect(fontStack('Lora')).toMatch(/^"Lora", Georgia/);
  });
});
