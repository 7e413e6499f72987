// The presale rule (src/core/presale.ts, docs/behaviour.md#presales): when a presale is open, what
// a save may set, and how a pasted list or CSV of codes is read.
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { parseCodes, presaleBoundaries, presaleProblem, presaleState } from '../../src/core/presale';

const SALE = '2099-05-12T08:00:00Z';
const ctas = [{ buttonText: 'biglietti', on_sale_at: SALE, availability: 'on_sale' }];
const presale = {
  starts_at: '2099-05-10T08:00:00Z',
  ends_at: null,
  url: 'https://presale.example/x',
  shared_code: null,
};
const at = (iso: string) => Date.parse(iso);

describe('presaleState', () => {
  it('opens at its start, to the second, and closes at the general sale or its own end', () => {
    expect(presaleState(presale, ctas, at('2099-05-10T07:59:59Z'))).toBe('before');
    expect(presaleState(presale, ctas, at('2099-05-10T08:00:00Z'))).toBe('open');
    expect(presaleState(presale, ctas, at('2099-05-12T07:59:59Z'))).toBe('open');
    expect(presaleState(presale, ctas, at(SALE))).toBe('over');
    const ends = { ...presale, ends_at: '2099-05-11T08:00:00Z' };
    expect(presaleState(ends, ctas, at('2099-05-11T08:00:00Z'))).toBe('over');
    expect(presaleBoundaries(ends, ctas)).toEqual([at(presale.starts_at), at(ends.ends_at)]);
    // a sold-out CTA never opens: its instant is no general sale
    expect(presaleState(presale, [{ ...ctas[0]!, availability: 'sold_out' }], at('2099-05-10T09:00:00Z'))).toBe('over');
    expect(presaleState(ends, [{ ...ctas[0]!, availability: 'sold_out' }], at('2099-05-10T09:00:00Z'))).toBe('over');
  });
});

describe('presaleProblem', () => {
  it('wants a link and a start before the general sale; an end after the start and by the sale', () => {
    expect(presaleProblem(presale, ctas)).toBeNull();
    expect(presaleProblem({ ...presale, url: '' }, ctas)).toBe(t('presale.urlMissing'));
    expect(presaleProblem({ ...presale, url: 'javascript:x' }, ctas)).toBe(t('presale.urlInvalid'));
    expect(presaleProblem({ ...presale, starts_at: SALE }, ctas)).toBe(t('presale.startAfterSale'));
    expect(presaleProblem({ ...presale, ends_at: presale.starts_at }, ctas)).toBe(t('presale.endBeforeStart'));
    expect(presaleProblem({ ...presale, ends_at: '2099-05-12T08:00:01Z' }, ctas)).toBe(t('presale.endAfterSale'));
    expect(presaleProblem(presale, [{ buttonText: 'biglietti', on_sale_at: null }])).toBe(t('presale.noGeneralSale'));
    expect(presaleProblem({ ...presale, shared_code: 'x'.repeat(65) }, ctas)).toBe(
      t('presale.codeTooLong', { max: 64 }),
    );
    // a shared code goes into every e-mail: no line break, tab or invisible character in it
    for (const code of ['FAN\nCLUB', 'FAN\tCLUB', 'FAN\u200bCLUB', '\u0007FAN']) {
      expect(presaleProblem({ ...presale, shared_code: code }, ctas), JSON.stringify(code)).toBe(
        t('presale.sharedCodeInvalid'),
      );
    }
  });
});

describe('parseCodes', () => {
  it('reads one a line, trims, drops blanks and repeats, and counts them', () => {
    expect(parseCodes('\uFEFFA1\r\n  A2 \n\nA1\r\nA3\n')).toEqual({
      codes: ['A1', 'A2', 'A3'],
      duplicates: 1,
      blanks: 1,
      problem: null,
    });
    expect(parseCodes('')).toEqual({ codes: [], duplicates: 0, blanks: 0, problem: null });
  });

  it("reads a CSV's column headed codice (or code), else its first", () => {
    expect(parseCodes('nome;codice\nAnna;X1\n"Bo; Ba";X2\n').codes).toEqual(['X1', 'X2']);
    expect(parseCodes('Code,Email\nY1,a@b.it\nY2,c@d.it').codes).toEqual(['Y1', 'Y2']);
    expect(parseCodes('Z1\tuno\nZ2\tdue').codes).toEqual(['Z1', 'Z2']);
  });

  it('a list whose first code holds a comma stays a list; a CSV is a CSV by its header or its shape', () => {
    expect(parseCodes('AB,12\nCD34\nEF56\n').codes).toEqual(['AB,12', 'CD34', 'EF56']);
    expect(parseCodes('AB;12\n').codes).toEqual(['AB;12']);
    expect(parseCodes('X1,a@b.it\nX2,c@d.it\nX3,e@f.it').codes).toEqual(['X1', 'X2', 'X3']);
    expect(parseCodes('codice\nQ1\nQ2').codes).toEqual(['Q1', 'Q2']);
    expect(parseCodes('codice,nota\nR1,x\nR2').codes).toEqual(['R1', 'R2']);
  });

  it('names the line of a code too long or with a control character', () => {
    expect(parseCodes(`A\n${'x'.repeat(65)}`).problem).toBe(t('presale.codeTooLongAt', { line: 2, max: 64 }));
    expect(parseCodes(`A\n${'x'.repeat(64)}`).problem).toBeNull();
    expect(parseCodes('A\u200bB').problem).toBe(t('presale.codeInvalidAt', { line: 1 }));
  });
});
