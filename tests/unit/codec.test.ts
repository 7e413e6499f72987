import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cleanEventPart,
  cleanLabel,
  decodeEventText,
  encodeEventText,
  splitEventText,
} from '../../src/core/button-codec';

describe('button codec', () => {
  it('decodes: the label after the first |, then at most three parts split at the dashes', () => {
    expect(decodeEventText('12/05 - Milano - Alcatraz|tickets')).toEqual({
      date: '12/05',
      city: 'Milano',
      venue: 'Alcatraz',
      label: 'tickets',
    });
    expect(decodeEventText('12/05 - Milano - Alcatraz - Sala 2|a|b')).toEqual({
      date: '12/05',
      city: 'Milano',
      venue: 'Alcatraz - Sala 2',
      label: 'a|b',
    });
    expect(decodeEventText('12/05 - Milano')).toEqual({ date: '12/05', city: 'Milano', venue: '', label: 'biglietti' });
    expect(decodeEventText('solo data|')).toEqual({ date: 'solo data', city: '', venue: '', label: 'biglietti' });
    expect(decodeEventText('')).toEqual({ date: '', city: '', venue: '', label: 'biglietti' });
    expect(decodeEventText(null)).toEqual({ date: '', city: '', venue: '', label: 'biglietti' });
  });

  it('encodes and cleans what would break decoding', () => {
    expect(encodeEventText({ date: '12/05', city: 'Milano', venue: 'Alcatraz' }, 'tickets')).toBe(
      '12/05 - Milano - Alcatraz|tickets',
    );
    expect(encodeEventText({ date: '10 - 11 maggio', city: 'Roma', venue: 'A|B' }, '')).toBe(
      '10 – 11 maggio - Roma - A/B|biglietti',
    );
    expect(encodeEventText({ date: 'a -', city: '- b', venue: 'c' })).toBe('a – - - b - c|biglietti');
    expect(decodeEventText('a – - - b - c|biglietti')).toMatchObject({ date: 'a –', city: '- b', venue: 'c' });
  });

  const asWritten = { date: ' 12/05\n', city: 'Mil\u0085ano', venue: 'Club - A\t', label: 'VIP\r' };
  it.each([
    [' 12/05\n - Mil\u0085ano - Club - A\t|VIP\r', asWritten],
    ['solo data', { date: 'solo data', city: '', venue: '', label: '' }],
  ])('splitEventText(%j) gives the parts as written, control characters and edge spaces kept', (text, parts) => {
    expect(splitEventText(text)).toEqual(parts);
  });

  it('encoding turns every control character into a space', () => {
    expect(encodeEventText({ date: '12\u0000/05', city: 'Ro\u0085ma', venue: 'A\u007F' }, 'x\u0001y')).toBe(
      '12 /05 - Ro ma - A|x y',
    );
  });

  const part = fc.string({ unit: fc.constantFrom('a', 'B', ' ', '-', '|', '–', '\t', '\n', '1', 'è') });

  it('decode(encode(x)) gives back the cleaned parts (property)', () => {
    fc.assert(
      fc.property(part, part, part, fc.option(part), (date, city, venue, label) => {
        const decoded = decodeEventText(encodeEventText({ date, city, venue }, label));
        expect(decoded).toEqual({
          date: cleanEventPart(date),
          city: cleanEventPart(city),
          venue: cleanEventPart(venue, true),
          label: cleanLabel(label),
        });
      }),
      { numRuns: 2000 },
    );
  });

  it('encode is stable on decoded text (property)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const d = decodeEventText(text);
        const again = encodeEventText(d, d.label);
        expect(encodeEventText(decodeEventText(again), decodeEventText(again).label)).toBe(again);
      }),
      { numRuns: 1000 },
    );
  });
});
