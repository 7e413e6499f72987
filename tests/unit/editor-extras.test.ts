import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MIN_BAR_PERCENT, buttonLabel, computeStats, formatShare, payloadOf } from '../../src/stores/editor-extras';
import type { FullPage, ReceivedButton } from '../../src/stores/editor-core';

function button(id: number, position: number, clicks: number, over: Partial<ReceivedButton> = {}): ReceivedButton {
  return {
    id,
    position,
    type: 'text',
    text: `${id} maggio - Città ${id} - Club ${id}|biglietti`,
    image_path: null,
    url: `https://example.com/${id}`,
    click_count: clicks,
    cta_buttons: [{ url: `https://example.com/${id}`, buttonText: 'biglietti' }],
    ...over,
  };
}

function page(buttons: ReceivedButton[], views = 0): FullPage {
  return {
    id: 1,
    folder_name: 'tour',
    title: 'Tour',
    display_title: 'Tour',
    company: 'Palco',
    visible: true,
    mode: 'text',
    style: 'light',
    custom_styles: null,
    header: '/dati/tour/tour.jpg',
    view_page: views,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
    buttons,
  };
}

describe('computeStats', () => {
  it('totals views, clicks and buttons, and gives each button its share in position order', () => {
    const stats = computeStats(page([button(9, 2, 1), button(4, 1, 3), button(7, 3, 0)], 12));
    expect(stats.views).toBe(12);
    expect(stats.clicks).toBe(4);
    expect(stats.buttonCount).toBe(3);
    expect(stats.buttons.map((b) => [b.id, b.clicks, b.share, b.bar])).toEqual([
      [4, 3, 75, 75],
      [9, 1, 25, 25],
      [7, 0, 0, MIN_BAR_PERCENT],
    ]);
  });

  it('keeps every bar at least 2 % wide and never divides by zero', () => {
    const stats = computeStats(page([button(1, 1, 0), button(2, 2, 0)]));
    expect(stats.clicks).toBe(0);
    expect(stats.buttons.map((b) => [b.share, b.bar])).toEqual([
      [0, 2],
      [0, 2],
    ]);
    const tiny = computeStats(page([button(1, 1, 999), button(2, 2, 1)]));
    expect(tiny.buttons[1]!.share).toBeCloseTo(0.1);
    expect(tiny.buttons[1]!.bar).toBe(2);
  });

  it('treats missing or nonsense counters as zero', () => {
    const odd = [
      button(1, 1, -5),
      button(2, 2, Number.NaN),
      button(3, 3, 2.7),
      { ...button(4, 4, 0), click_count: undefined as unknown as number },
    ];
    const stats = computeStats({ view_page: -1, buttons: odd });
    expect(stats.views).toBe(0);
    expect(stats.buttons.map((b) => b.clicks)).toEqual([0, 0, 2, 0]);
    expect(stats.clicks).toBe(2);
  });

  it('shares always add up to 100 when there are clicks (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 10_000 }), { minLength: 1, maxLength: 30 }), (counts) => {
        const stats = computeStats(page(counts.map((c, i) => button(i + 1, i + 1, c))));
        const total = counts.reduce((a, b) => a + b, 0);
        expect(stats.clicks).toBe(total);
        const sum = stats.buttons.reduce((a, b) => a + b.share, 0);
        if (total > 0) expect(sum).toBeCloseTo(100, 6);
        for (const b of stats.buttons) {
          expect(b.bar).toBeGreaterThanOrEqual(MIN_BAR_PERCENT);
          expect(b.bar).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});

describe('formatShare', () => {
  it('shows one decimal, Italian style', () => {
    expect(formatShare(75)).toBe('75,0%');
    expect(formatShare(100 / 3)).toBe('33,3%');
    expect(formatShare(100 / 6)).toBe('16,7%');
    expect(formatShare(0)).toBe('0,0%');
    expect(formatShare(100)).toBe('100,0%');
  });
});

describe('buttonLabel', () => {
  it('reads an event as date · city · venue and names other buttons by position', () => {
    expect(buttonLabel(button(1, 1, 0))).toBe('1 maggio · Città 1 · Club 1');
    expect(buttonLabel({ type: 'text', text: '', position: 2 })).toBe('Evento 2');
    expect(buttonLabel({ type: 'image', text: '', position: 3 })).toBe('Pulsante immagine 3');
  });
});

describe('payloadOf', () => {
  it('writes back a saved page unchanged: ids, positions, CTAs, header', () => {
    const saved = page([
      button(8, 2, 5, { cta_buttons: null }),
      button(3, 1, 1),
      { ...button(5, 3, 0), type: 'image', text: '', image_path: '/dati/tour/3.png', url: null, cta_buttons: null },
    ]);
    const payload = payloadOf(saved);
    expect(payload.folder_name).toBeUndefined();
    expect(payload.header).toBe('/dati/tour/tour.jpg');
    expect(payload.buttons!.map((b) => [b.id, b.position, b.type])).toEqual([
      [3, 1, 'text'],
      [8, 2, 'text'],
      [5, 3, 'image'],
    ]);
    // null, not []: an empty list would mean 'no call to action' and fail validation
    expect(payload.buttons![1]!.cta_buttons).toBeNull();
    expect(payload.buttons![2]!.image_path).toBe('/dati/tour/3.png');
  });
});
