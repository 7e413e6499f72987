import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isSoldout } from '../../src/core/on-sale';
import { headerOf, toPublicButtons, toPublicView, viewModeOf } from '../../src/core/public-view';

const ev = (id: number, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  position: id,
  type: 'text',
  text,
  image_path: null,
  url: null,
  ...extra,
});

describe('toPublicButtons (text)', () => {
  it('gives each event its date, city, venue and CTAs from the codec and cta_buttons', () => {
    const [e] = toPublicButtons(
      [
        ev(5, '12 marzo 2099 - Milano - Alcatraz|biglietti', {
          url: 'ticketone.it/x',
          cta_buttons: [
            { url: 'ticketone.it/x', buttonText: 'biglietti' },
            { url: '  ', buttonText: 'VIP' },
          ],
        }),
      ],
      'text',
    );
    expect(e).toEqual({
      type: 'text',
      data: '12 marzo 2099',
      city: 'Milano',
      venue: 'Alcatraz',
      id: 5,
      url: '//ticketone.it/x',
      buttonText: 'biglietti',
      ctaButtons: [
        { url: '//ticketone.it/x', buttonText: 'biglietti', availability: 'on_sale' },
        { buttonText: 'VIP', availability: 'on_sale' },
      ],
    });
  });
  it('without cta_buttons the own url and label are the single CTA; blank label → BIGLIETTI', () => {
    const [a, b] = toPublicButtons(
      [
        ev(1, 'd - c - v|tickets', { url: 'https://x.it' }),
        ev(2, 'd - c - v', { cta_buttons: [{ url: '', buttonText: '' }] }),
      ],
      'text',
    );
    expect(a).toMatchObject({
      url: 'https://x.it',
      buttonText: 'tickets',
      ctaButtons: [{ url: 'https://x.it', buttonText: 'tickets' }],
    });
    expect(b).toMatchObject({ buttonText: 'BIGLIETTI', ctaButtons: [{ buttonText: 'BIGLIETTI' }] });
    expect(b).not.toHaveProperty('url');
  });
  it('accepts cta_buttons as a JSON string and orders by position', () => {
    const out = toPublicButtons(
      [
        { ...ev(9, 'b - B - b'), position: 2, cta_buttons: '[{"url":"https://b.it","buttonText":"x"}]' },
        { ...ev(8, 'a - A - a'), position: 1, cta_buttons: 'not json' },
      ],
      'text',
    );
    expect(out.map((b) => b.id)).toEqual([8, 9]);
    expect(out[1]).toMatchObject({ url: 'https://b.it' });
  });
  it('drops unsafe schemes, keeps http(s) and protocol-relative', () => {
    const urls = [
      'javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'java\tscript:x',
      'file:///etc/passwd',
      '/relative',
    ];
    for (const url of urls) {
      const [e] = toPublicButtons([ev(1, 'a - b - c', { cta_buttons: [{ url, buttonText: 'go' }] })], 'text');
      expect(e!.type === 'text' && e!.ctaButtons[0]).toEqual({ buttonText: 'go', availability: 'on_sale' });
    }
    const [e] = toPublicButtons(
      [
        ev(1, 'a - b - c', {
          cta_buttons: [
            { url: '//x.it', buttonText: 'go' },
            { url: 'http://y.it', buttonText: 'go' },
          ],
        }),
      ],
      'text',
    );
    expect(e!.type === 'text' && e!.ctaButtons.map((c) => c.url)).toEqual(['//x.it', 'http://y.it']);
  });
  it('property: every url leaving is http(s) or protocol-relative', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (url, label) => {
        const [e] = toPublicButtons([ev(1, 'a - b - c', { cta_buttons: [{ url, buttonText: label }] })], 'text');
        const out = e!.type === 'text' ? e!.ctaButtons[0]!.url : undefined;
        if (out !== undefined) expect(out).toMatch(/^(https?:|\/\/)/i);
      }),
    );
  });
});

describe('soldout', () => {
  it('is case-insensitive', () => {
    expect(isSoldout('soldout')).toBe(true);
    expect(isSoldout('SoldOut')).toBe(true);
    expect(isSoldout(' SOLD OUT ')).toBe(true);
    expect(isSoldout('biglietti')).toBe(false);
    expect(isSoldout('soldout domani')).toBe(false);
  });
});

describe('image buttons and the preview rule', () => {
  const img = (id: number, image: string | null, url: string | null = null) => ({
    id,
    position: id,
    type: 'image',
    text: 'Spotify',
    image_path: image,
    url,
  });
  it('keeps safe images, url only when present', () => {
    const out = toPublicButtons(
      [img(1, '/stores/spotify.svg', 'open.spotify.com/x'), img(2, 'https://cdn.example/a.png')],
      'image',
    );
    expect(out).toEqual([
      { type: 'image', image: '/stores/spotify.svg', id: 1, buttonText: 'Spotify', url: '//open.spotify.com/x' },
      { type: 'image', image: 'https://cdn.example/a.png', id: 2, buttonText: 'Spotify' },
    ]);
  });
  it('preview drops buttons without image or with a blob: image', () => {
    const buttons = [img(1, null), img(2, 'blob:http://localhost/abc'), img(3, '/dati/x/3.png')];
    expect(toPublicButtons(buttons, 'image', { preview: true }).map((b) => b.id)).toEqual([3]);
  });
  it('unsafe image refs never reach the view', () => {
    const out = toPublicButtons([img(1, 'javascript:alert(1)'), img(2, '/dati/../etc'), img(3, '"><svg>')], 'image');
    expect(out).toEqual([]);
  });
  it('buttons of the other type are left out', () => {
    expect(toPublicButtons([img(1, '/stores/a.svg'), ev(2, 'a - b - c')], 'text')).toHaveLength(1);
  });
});

describe('mode, style and header', () => {
  it('mode from the page, else the first button, else text; style default light', () => {
    expect(viewModeOf('image', [])).toBe('image');
    expect(viewModeOf(null, [{ type: 'image' }])).toBe('image');
    expect(viewModeOf(undefined, [])).toBe('text');
    const v = toPublicView({ title: 'T', buttons: [] }, 'abc');
    expect(v.style).toBe('light');
    expect(v.mode).toBe('text');
    expect(v.displayTitle).toBe('T');
    expect(toPublicView({ title: 'T', style: 'weird' }, 'abc').style).toBe('light');
  });
  it('header: fallback /dati/{slug}/{slug}.jpg, mp4 is a video, unsafe → fallback', () => {
    expect(headerOf('', 'tour')).toEqual({ kind: 'image', src: '/dati/tour/tour.jpg' });
    expect(headerOf('/dati/tour/tour.v2.mp4', 'tour')).toEqual({ kind: 'video', src: '/dati/tour/tour.v2.mp4' });
    expect(headerOf('javascript:alert(1)', 'tour').src).toBe('/dati/tour/tour.jpg');
    expect(headerOf('blob:http://x/1', 'tour').src).toBe('/dati/tour/tour.jpg');
    expect(headerOf('blob:http://x/1', 'tour', null, { preview: true, headerType: 'video' })).toEqual({
      kind: 'video',
      src: 'blob:http://x/1',
    });
  });
});
