import { describe, expect, it } from 'vitest';
import { availabilityOf, isSoldout, saleState } from '../../src/core/on-sale';
import { buttonInputSchema, normaliseButtons } from '../../src/core/schemas/page';

const AT = '2027-05-12T08:00:00Z';
const at = Date.parse(AT);

describe('saleState', () => {
  it('waits before the instant and opens on it, to the millisecond', () => {
    const cta = { buttonText: 'biglietti', on_sale_at: AT, availability: 'on_sale' };
    expect(saleState(cta, at - 1)).toBe('waiting');
    expect(saleState(cta, at)).toBe('on_sale');
    expect(saleState(cta, at + 1)).toBe('on_sale');
  });

  it('keeps its availability once open; no instant means open now', () => {
    expect(saleState({ availability: 'limited', on_sale_at: AT }, at)).toBe('limited');
    expect(saleState({ availability: 'limited', on_sale_at: null }, 0)).toBe('limited');
    expect(saleState({}, 0)).toBe('on_sale');
  });

  it('sold out wins over a future instant, and the soldout label means sold out', () => {
    expect(saleState({ availability: 'sold_out', on_sale_at: AT }, at - 1)).toBe('sold_out');
    expect(saleState({ buttonText: 'Sold-Out', availability: 'on_sale', on_sale_at: AT }, at - 1)).toBe('sold_out');
  });

  it('unknown availabilities read as on sale', () => {
    expect(availabilityOf({ availability: 'maybe' })).toBe('on_sale');
    expect(availabilityOf({ buttonText: 'sold out' })).toBe('sold_out');
    expect(isSoldout('soldout')).toBe(true);
    expect(isSoldout('sold')).toBe(false);
  });
});

describe('CTA sale fields in a payload', () => {
  const parse = (cta: Record<string, unknown>) =>
    buttonInputSchema.safeParse({ type: 'text', text: 'd - c - v|x', cta_buttons: [{ url: 'https://x.it', ...cta }] });

  it('takes an instant with its zone and stores it in UTC to the second', () => {
    const r = parse({ buttonText: 'biglietti', on_sale_at: '2027-05-12T10:00:00.5+02:00', availability: 'limited' });
    expect(r.success).toBe(true);
    const [b] = normaliseButtons([r.data!]);
    expect(b!.cta_buttons).toEqual([
      { url: 'https://x.it', buttonText: 'biglietti', on_sale_at: AT, availability: 'limited' },
    ]);
  });

  it('empty or absent fields mean on sale now', () => {
    for (const cta of [{ on_sale_at: '' }, { on_sale_at: null, availability: null }, {}]) {
      const r = parse(cta);
      expect(r.success).toBe(true);
      expect(normaliseButtons([r.data!])[0]!.cta_buttons![0]).toMatchObject({
        on_sale_at: null,
        availability: 'on_sale',
      });
    }
  });

  it('the soldout label makes the CTA sold out', () => {
    const r = parse({ buttonText: 'soldout', availability: 'on_sale' });
    expect(normaliseButtons([r.data!])[0]!.cta_buttons![0]!.availability).toBe('sold_out');
  });

  it('refuses instants without a zone, impossible times and unknown availabilities', () => {
    for (const cta of [
      { on_sale_at: '2027-05-12T10:00' },
      { on_sale_at: '2027-02-30T10:00:00Z' },
      { on_sale_at: 'domani' },
      { on_sale_at: 12 },
      { availability: 'few' },
    ]) {
      expect(parse(cta).success, JSON.stringify(cta)).toBe(false);
    }
  });
});
