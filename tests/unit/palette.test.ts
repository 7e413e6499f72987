import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { extractPalette, PALETTE_SIZE } from '../../src/lib/palette';

type RGBA = [number, number, number, number];

/** RGBA bytes made of `n` copies of each colour, in order. */
function pixels(parts: [RGBA, number][]): Uint8ClampedArray {
  const total = parts.reduce((sum, [, n]) => sum + n, 0);
  const data = new Uint8ClampedArray(total * 4);
  let i = 0;
  for (const [rgba, n] of parts) {
    for (let k = 0; k < n; k++) {
      data.set(rgba, i);
      i += 4;
    }
  }
  return data;
}

describe('extractPalette', () => {
  it('finds the distinct colours of an image, most common first, as #RRGGBB', () => {
    const data = pixels([
      [[200, 20, 60, 255], 500],
      [[20, 40, 200, 255], 300],
      [[10, 10, 10, 255], 200],
      [[250, 200, 0, 255], 100],
      [[0, 160, 80, 255], 50],
    ]);
    expect(extractPalette(data)).toEqual(['#C8143C', '#1428C8', '#0A0A0A', '#FAC800', '#00A050']);
  });

  it('skips transparent and near-white pixels however many there are', () => {
    const data = pixels([
      [[255, 255, 255, 255], 5000],
      [[245, 248, 250, 255], 3000],
      [[10, 200, 30, 0], 5000],
      [[90, 10, 120, 100], 2000],
      [[120, 30, 30, 255], 10],
    ]);
    expect(extractPalette(data)).toEqual(['#781E1E']);
  });

  it('keeps light colours that are not near white (a pale yellow stays)', () => {
    const data = pixels([[[250, 240, 150, 255], 10]]);
    expect(extractPalette(data)).toEqual(['#FAF096']);
  });

  it('gives an empty palette for an empty, all-white or all-transparent image', () => {
    expect(extractPalette(new Uint8ClampedArray(0))).toEqual([]);
    expect(extractPalette(pixels([[[255, 255, 255, 255], 100]]))).toEqual([]);
    expect(extractPalette(pixels([[[0, 0, 0, 0], 100]]))).toEqual([]);
  });

  it('does not let a handful of stray pixels take a swatch from a real area', () => {
    const data = pixels([
      [[220, 30, 30, 255], 4000],
      [[30, 30, 220, 255], 3000],
      [[30, 200, 30, 255], 2000],
      [[240, 180, 20, 255], 1500],
      [[60, 60, 60, 255], 1000],
      [[0, 255, 255, 255], 2], // two cyan specks
    ]);
    const palette = extractPalette(data);
    expect(palette).toHaveLength(5);
    expect(palette).not.toContain('#00FFFF');
    expect(palette[0]).toBe('#DC1E1E');
  });

  it('leaves out colours covering under 1 % of the counted pixels (edges, specks)', () => {
    const data = pixels([
      [[200, 0, 0, 255], 5000],
      [[0, 0, 200, 255], 3000],
      [[0, 150, 0, 255], 79], // 0.98 %
      [[255, 255, 255, 255], 90_000], // skipped: does not count towards the total
    ]);
    expect(extractPalette(data)).toEqual(['#C80000', '#0000C8']);
    const enough = pixels([
      [[200, 0, 0, 255], 5000],
      [[0, 0, 200, 255], 3000],
      [[0, 150, 0, 255], 90], // 1.1 %
    ]);
    expect(extractPalette(enough)).toEqual(['#C80000', '#0000C8', '#009600']);
  });

  it('returns fewer colours when the image has fewer, and honours a smaller count with real colours', () => {
    const data = pixels([
      [[200, 0, 0, 255], 10],
      [[0, 0, 200, 255], 5],
    ]);
    expect(extractPalette(data)).toEqual(['#C80000', '#0000C8']);
    expect(extractPalette(data, 1)).toEqual(['#C80000']);
    expect(extractPalette(data, 0)).toEqual([]);
  });

  it('merges shades of one colour instead of offering five near-identical swatches', () => {
    const data = pixels([
      [[200, 10, 10, 255], 100],
      [[215, 25, 5, 255], 100],
      [[10, 10, 200, 255], 100],
    ]);
    const palette = extractPalette(data, 2);
    expect(palette).toHaveLength(2);
    expect(palette[0]).toBe('#C80A0A');
    expect(palette[1]).toBe('#0A0AC8');
  });

  it('always gives at most five distinct, valid colours, none of them near white (property)', () => {
    const channel = fc.integer({ min: 0, max: 255 });
    const pixel = fc.tuple(channel, channel, channel, channel);
    fc.assert(
      fc.property(fc.array(pixel, { maxLength: 400 }), (list) => {
        const data = new Uint8ClampedArray(list.flat());
        const palette = extractPalette(data);
        expect(palette.length).toBeLessThanOrEqual(PALETTE_SIZE);
        expect(new Set(palette).size).toBe(palette.length);
        for (const colour of palette) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
        const usable = list.filter(([r, g, b, a]) => a >= 125 && !(r >= 240 && g >= 240 && b >= 240));
        if (usable.length === 0) expect(palette).toEqual([]);
        else expect(palette.length).toBeGreaterThan(0);
        // the same pixels always give the same palette
        expect(extractPalette(data)).toEqual(palette);
      }),
      { numRuns: 200 },
    );
  });

  it('samples very large images instead of scanning every pixel', () => {
    const data = pixels([
      [[30, 60, 90, 255], 300_000],
      [[200, 100, 0, 255], 300_000],
    ]);
    const started = performance.now();
    expect(extractPalette(data)).toEqual(['#1E3C5A', '#C86400']);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
