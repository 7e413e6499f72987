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
