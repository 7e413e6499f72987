import { describe, expect, it } from 'vitest';
import { savedPage } from './saved-page';
import { payloadOf } from '../../src/stores/editor/extras';
import type { PageAsReceived, ButtonAsReceived } from '../../src/stores/editor/core';
import { ON_SALE_NOW } from '../../src/core/on-sale';

function button(id: number, position: number, clicks: number, over: Partial<ButtonAsReceived> = {}): ButtonAsReceived {
  return {
    id,
    position,
    type: 'text',
    text: `${id} maggio - Città ${id} - Club ${id}|biglietti`,
    image_path: null,
    url: `https://example.com/${id}`,
    click_count: clicks,
    cta_buttons: [{ url: `https://example.com/${id}`, buttonText: 'biglietti', ...ON_SALE_NOW }],
    ...over,
  };
}

function page(buttons: ButtonAsReceived[], views = 0): PageAsReceived {
  return savedPage({ id: 1, view_page: views, buttons });
}

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
