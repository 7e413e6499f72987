// A page as GET /api/db/landing-pages/{slug} answers it, for the editor's store tests.
import type { PageAsReceived, ButtonAsReceived } from '../../src/stores/editor/core';
import { ON_SALE_NOW } from '../../src/core/on-sale';

/** A saved text event with one CTA per label in `ctas` (none: `null`). */
export function savedEvent(
  text: string,
  id = 1,
  position = 1,
  ctas: string[] | null = ['biglietti'],
): ButtonAsReceived {
  return {
    id,
    position,
    type: 'text',
    text,
    image_path: null,
    url: 'https://example.com/t',
    click_count: 0,
    cta_buttons: ctas ? ctas.map((buttonText) => ({ url: 'https://example.com/t', buttonText, ...ON_SALE_NOW })) : null,
  };
}

/** The on-sale instant of `presaleEvent`'s CTA: 12 May 2099, 10:00 in Rome. */
export const PRESALE_SALE = '2099-05-12T08:00:00Z';

/** A saved date in `city` going on sale at PRESALE_SALE, with its presale (absent: the field left out). */
export function presaleEvent(id: number, city: string, presale?: ButtonAsReceived['presale']): ButtonAsReceived {
  return {
    ...savedEvent(`12/05/2099 - ${city} - Alcatraz|biglietti`, id, id),
    url: 'https://t.example/1',
    cta_buttons: [
      { url: 'https://t.example/1', buttonText: 'biglietti', on_sale_at: PRESALE_SALE, availability: 'on_sale' },
    ],
    ...(presale === undefined ? {} : { presale }),
  };
}

/** The saved page 'tour' of company Palco: visible, light, no window; `patch` sets the rest. */
export function savedPage(patch: Partial<PageAsReceived> = {}): PageAsReceived {
  return {
    id: 7,
    folder_name: 'tour',
    title: 'Tour',
    display_title: 'Tour',
    company: 'Palco',
    visible: true,
    mode: 'text',
    style: 'light',
    custom_styles: null,
    header: '/dati/tour/tour.jpg',
    header_poster: '',
    show_past: false,
    fan_signup: true,
    sale_reminder: true,
    visible_from: null,
    visible_until: null,
    view_page: 0,
    created_at: '2026-01-01 00:00:00',
    updated_at: '2026-01-01 00:00:00',
    buttons: [],
    ...patch,
  };
}
