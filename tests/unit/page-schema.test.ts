import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseButtons, pagePayloadSchema, type PagePayload } from '../../src/core/schemas/page';
import { validateEventForm, validatePage } from '../../src/core/page-validation';
import { ON_SALE_NOW } from '../../src/core/on-sale';

const ev = (text = '1/6 - Torino - Hiroshima|biglietti', url = 'https://t.example') => ({
  type: 'text' as const,
  text,
  url,
});
const base = (extra: Partial<PagePayload> = {}): PagePayload => ({
  folder_name: 'tour',
  title: 'Tour',
  header: '/dati/tour/tour.x.jpg',
  mode: 'text',
  buttons: [ev()],
  ...extra,
});

describe('validatePage', () => {
  it('passes a good page', () => {
    expect(validatePage(base(), { isCreate: true })).toBeNull();
  });

  it.each([
    ['slug', base({ folder_name: '' }), 'Inserisci uno slug per la landing'],
    ['title', base({ title: '' }), 'Inserisci un titolo'],
    ['header', base({ header: '' }), "È necessario fornire un'immagine o video di testata"],
    ['buttons', base({ buttons: [] }), 'Aggiungi almeno un pulsante'],
    [
      'mixed',
      base({ buttons: [ev(), { type: 'image', image_path: '/stores/a.svg' }] }),
      'Tutti i pulsanti devono essere dello stesso tipo',
    ],
    ['mismatch', base({ mode: 'image' }), 'I pulsanti di tipo testo non sono compatibili con la modalità immagine'],
    [
      'image missing',
      base({ mode: 'image', buttons: [{ type: 'image', image_path: '/stores/a.svg' }, { type: 'image' }] }),
      "Pulsante 2: Seleziona un'immagine per il pulsante",
    ],
    ['no cta', base({ buttons: [{ ...ev(), cta_buttons: [] }] }), 'Pulsante 1: Aggiungi almeno un pulsante CTA'],
    [
      'no cta url',
      base({ buttons: [ev(), ev('a - b - c|soldout', '')] }),
      'Pulsante 2: Almeno un pulsante CTA deve avere un link',
    ],
  ])('%s', (_n, payload, message) => {
    expect(validatePage(payload, { isCreate: true })).toBe(message);
  });

  it('an update needs no slug; pending uploads excuse header and images', () => {
    expect(validatePage(base({ folder_name: undefined }), { isCreate: false })).toBeNull();
    expect(validatePage(base({ header: '' }), { isCreate: true, headerPending: true })).toBeNull();
    const img = base({ mode: 'image', buttons: [{ type: 'image' }] });
    expect(validatePage(img, { isCreate: true, imagePending: (i) => i === 0 })).toBeNull();
  });

  it('mode defaults to the first button type', () => {
    expect(
      validatePage(base({ mode: undefined, buttons: [{ type: 'image', image_path: '/stores/a.svg' }] }), {
        isCreate: true,
      }),
    ).toBeNull();
  });

  it('never throws and answers a string or null for any parsed payload (property)', () => {
    const anyButton = fc.record({
      id: fc.option(fc.oneof(fc.integer(), fc.string())),
      type: fc.constantFrom('text', 'image'),
      text: fc.option(fc.string()),
      image_path: fc.option(fc.string()),
      url: fc.option(fc.string()),
      cta_buttons: fc.option(fc.array(fc.record({ url: fc.option(fc.string()), buttonText: fc.option(fc.string()) }))),
    });
    fc.assert(
      fc.property(
        fc.record({
          title: fc.option(fc.string()),
          folder_name: fc.option(fc.string()),
          header: fc.option(fc.string()),
          mode: fc.option(fc.constantFrom('text', 'image')),
          buttons: fc.option(fc.array(anyButton, { maxLength: 5 })),
        }),
        fc.boolean(),
        (raw, isCreate) => {
          const parsed = pagePayloadSchema.safeParse(raw);
          expect(parsed.success).toBe(true);
          const out = validatePage(parsed.data!, { isCreate });
          expect(out === null || typeof out === 'string').toBe(true);
          if (out === null) {
            // whatever passes stores only safe URLs
            for (const b of normaliseButtons(parsed.data!.buttons ?? [])) {
              for (const u of [b.url, ...(b.cta_buttons ?? []).map((c) => c.url)]) {
                expect(/^\s*(javascript|data|vbscript):/i.test(u ?? '')).toBe(false);
              }
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('validateEventForm (editor add/update)', () => {
  it.each([
    [{ date: '', city: 'a', venue: 'b' }, 'Inserisci la data'],
    [{ date: 'a', city: ' ', venue: 'b' }, 'Inserisci la città'],
    [{ date: 'a', city: 'b', venue: '' }, 'Inserisci la venue'],
    [{ date: 'a', city: 'b', venue: 'c', ctaButtons: [] }, 'Aggiungi almeno un pulsante CTA'],
    [{ date: 'a', city: 'b', venue: 'c', ctaButtons: [{}] }, null],
  ])('%j → %s', (form, message) => {
    expect(validateEventForm(form)).toBe(message);
  });
});

describe('normaliseButtons', () => {
  it('names a store badge after its store when it has no text', () => {
    const [a, b] = normaliseButtons([
      { type: 'image', image_path: '/stores/tidal.svg', text: '' },
      { type: 'image', image_path: '/dati/x/1.a.png', text: null },
    ]);
    expect(a!.text).toBe('TIDAL');
    expect(b!.text).toBe('');
  });

  it('re-encodes text with the first CTA label and url; positions follow the array', () => {
    const [b] = normaliseButtons([
      {
        type: 'text',
        id: '7',
        text: 'd - c - v|old',
        cta_buttons: [
          { url: ' https://x ', buttonText: ' VIP ' },
          { url: '', buttonText: '' },
        ],
      },
    ]);
    expect(b).toEqual({
      clientId: 7,
      position: 1,
      type: 'text',
      text: 'd - c - v|VIP',
      image_path: null,
      url: 'https://x',
      cta_buttons: [
        { url: 'https://x', buttonText: 'VIP', ...ON_SALE_NOW },
        { url: '', buttonText: 'biglietti', ...ON_SALE_NOW },
      ],
    });
  });
});
