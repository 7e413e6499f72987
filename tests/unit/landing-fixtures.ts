import type { PageLike } from '../../src/core/public-view';

export const LINKS = { provider: '/about', terms: '/terms', privacy: '/privacy' };

function eventButton(
  id: number,
  date: string,
  city: string,
  venue: string,
  ctas: Array<{ url: string; buttonText: string }>,
) {
  return {
    id,
    position: id,
    type: 'text',
    text: `${date} - ${city} - ${venue}|${ctas[0]?.buttonText ?? 'biglietti'}`,
    image_path: null,
    url: ctas[0]?.url ?? null,
    cta_buttons: ctas,
  };
}

export function tourPage(n = 4, style = 'light', extra: Partial<PageLike> = {}): PageLike {
  const cities = ['Milano', 'Roma', 'Bologna', 'Torino', 'Firenze', 'Napoli', 'Bari', 'Padova', 'Verona', 'Genova'];
  const venues = [
    'Alcatraz',
    'Atlantico',
    'Estragon',
    'Hiroshima Mon Amour',
    'Tuscany Hall',
    'Casa della Musica',
    'Demodè',
    'Hall',
    'Teatro Romano',
    'RDS Stadium',
  ];
  const buttons = Array.from({ length: n }, (_, i) =>
    eventButton(
      i + 1,
      `${10 + i} marzo 2099`,
      cities[i % 10]!,
      venues[i % 10]!,
      i === 1
        ? [{ url: '', buttonText: 'soldout' }]
        : i === 2
          ? [
              { url: `https://www.ticketone.it/evento/${i}`, buttonText: 'biglietti' },
              { url: 'vivaticket.com/x', buttonText: 'VIP package' },
            ]
          : [{ url: `https://www.ticketone.it/evento/${i}`, buttonText: 'biglietti' }],
    ),
  );
  return {
    title: 'I Nomadi Elettrici',
    display_title: 'I Nomadi Elettrici – Tour 2099',
    header: '/demo/header.jpg',
    mode: 'text',
    style,
    custom_styles: null,
    buttons,
    ...extra,
  };
}

/** The render options of the page `tour` on the test origin. */
/** A text row as the landing render reads it, with its CTAs; `extra` adds what a test is about (a presale). */
export function textRow(
  id: number,
  text: string,
  ctas: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
) {
  return { id, position: id, type: 'text', text, image_path: null, url: null, cta_buttons: ctas, ...extra };
}

/** Aurora's page 'Tour' (text mode, light style) with these rows. */
export function auroraTour(buttons: unknown[], extra: Partial<PageLike> = {}): PageLike {
  return { title: 'Tour', mode: 'text', style: 'light', company: 'Aurora', buttons, ...extra } as PageLike;
}

export const OPTS = { slug: 'tour', origin: 'https://palco.test', links: LINKS };

/** The one `<style>` of a rendered document. */
export function styleOf(html: string): string {
  return /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
}
