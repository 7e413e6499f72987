// The company name rules of src/core (docs/behaviour.md#companies): no hidden characters, and
// no look-alike of the operator's name by the Unicode TR39 confusable skeleton.
import { describe, expect, it } from 'vitest';
import { cleanCompanyName, companyKey, hasHiddenCharacter } from '../../src/core/company';
import { isOperatorLookalike } from '../../src/core/company-skeleton';
import { OPERATOR_CONFUSABLES } from '../../src/core/operator-confusables';
import { DEFAULT_COMPANY } from '../../src/core/constants';
import { fullFoldedSkeleton, operatorConfusables } from '../../scripts/lib/operator-confusables.mjs';
import { t } from '../../src/core/messages';
import { companyBodySchema } from '../../src/core/schemas/admin';
import { companyPayloadSchema, pagePayloadSchema } from '../../src/core/schemas/page';
import { registerBodySchema, signupFormSchema } from '../../src/core/schemas/user';

const HIDDEN: [string, string][] = [
  ['NUL (Cc)', 'Acme\u0000'],
  ['escape (Cc)', 'Acme\u001B[0m'],
  ['delete (Cc)', 'Ac\u007Fme'],
  ['C1 control (Cc)', 'Ac\u0085me'],
  ['zero-width space (Cf)', 'Pal\u200Bco'],
  ['zero-width non-joiner (Cf)', 'Pal\u200Cco'],
  ['zero-width joiner (Cf)', 'Pal\u200Dco'],
  ['word joiner (Cf)', 'Pal\u2060co'],
  ['soft hyphen (Cf)', 'Palco\u00AD'],
  ['inner byte order mark (Cf)', 'Pal\uFEFFco'],
  ['left-to-right mark (bidi)', 'Acme\u200E'],
  ['right-to-left mark (bidi)', 'Acme\u200F'],
  ['Arabic letter mark (bidi)', 'Acme\u061C'],
  ['right-to-left override (bidi)', '\u202EPalco'],
  ['left-to-right embedding (bidi)', '\u202AAcme\u202C'],
  ['first strong isolate (bidi)', '\u2068Acme\u2069'],
  ['right-to-left isolate (bidi)', '\u2067Acme\u2069'],
  ['Mongolian vowel separator (Cf)', 'Ac\u180Eme'],
  ['interlinear annotation (Cf)', 'Ac\uFFF9me'],
  ['tag character (Cf)', 'Acme\u{E0041}'],
  ['lone surrogate (Cs)', 'Acme\uD800'],
  ['Hangul filler (drawn as nothing)', 'Acme\u3164'],
  ['combining grapheme joiner (drawn as nothing)', 'Ac\u034Fme'],
];

const VISIBLE = [
  'Acme Eventi',
  'Caffè Concerto',
  'Straße Events',
  'Ｐａｌｃｏ Live',
  'Amici \u2764\uFE0F Live',
  'Кино Москва',
  '東京ライブ',
  'موسيقى حية',
  'Teatro (Nord) & Co. – 2026',
  '<script>alert(1)</script>',
  '=HYPERLINK("https://x.it","x")',
];

describe('hidden characters', () => {
  it.each(HIDDEN)('%s is refused', (_name, text) => {
    expect(hasHiddenCharacter(text)).toBe(true);
  });

  it.each(VISIBLE)('%j holds none', (text) => {
    expect(hasHiddenCharacter(text)).toBe(false);
  });
});

describe("the operator's confusables table", () => {
  it('is what the full TR39 table gives for the operator name (else run scripts/gen-operator-confusables.mjs)', () => {
    expect(OPERATOR_CONFUSABLES).toEqual(operatorConfusables(DEFAULT_COMPANY));
  });

  it('answers as the full skeleton for every confusable of its letters, and for names made of them', () => {
    const full = fullFoldedSkeleton(DEFAULT_COMPANY);
    const sources = Object.keys(OPERATOR_CONFUSABLES);
    const names = ['m', 'rn', 'Caff\u00E8', 'Caffe\u0300', 'P\u0430lco', 'Pa|co', 'Pa\u2113co', ...sources];
    // names built from the table's own characters, a few per position
    for (let i = 0; i < 400; i++) {
      const pick = () => sources[(i * 7919 + names.length * 31) % sources.length]!;
      names.push(`${pick()}a${sources[i % sources.length]}c${sources[(i * 13) % sources.length]}`);
      names.push(
        ['P', 'a', 'l', 'c', 'o'].map((ch, k) => ((i >> k) & 1 ? sources[(i + k * 97) % sources.length] : ch)).join(''),
      );
    }
    for (const name of names) {
      const clean = cleanCompanyName(name);
      const expected = fullFoldedSkeleton(clean) === full || fullFoldedSkeleton(companyKey(clean)) === full;
      expect(isOperatorLookalike(name), JSON.stringify(name)).toBe(expected);
    }
  });
});

describe("look-alikes of the operator's name", () => {
  it.each([
    'Palco',
    'PALCO',
    ' palco ',
    'P\u0430lco',
    '\u0420\u0410LC\u041E',
    '\u03A1ALCO',
    'PaIco',
    'PAICO',
    'Pa1co',
    'PALC0',
    'Pa\u{1D425}co',
    'Ｐａｌｃｏ',
    // diacritics and letters with a stroke or bar fold to their letter
    'P\u0103lco',
    'Pa\u0142co',
    'P\u00E2lc\u00F3',
    'PA\u0141CO',
    'Palc\u00F3',
    'P\u00C0LC\u00D2',
    'Pa\u0300lco',
    'Pa\u0140co',
    'PA\u013FCO',
    'Pal\u00B7co',
    'Pa\u019Aco',
    'Pa\u026Bco',
    'Pa\u023Dco',
    'Pa\u2C61co',
    'PA\u2C62CO',
    'Pa\uA749co',
    'Pal\u023Co',
    'PAL\u023BO',
    'Pal\uA793o',
    'PAL\uA792O',
    'Palc\u00F8',
    'PALC\u00D8',
    'Palc\u01FF',
    'Palc\u0275',
    'P\u2C65lco',
    'P\u023ALCO',
    '\u1D7Dalco',
    '\u2C63ALCO',
    '\uA751alco',
    '\uA750ALCO',
    'P\u0105\u0142\u00E7\u00F6',
  ])('%j is one', (name) => {
    expect(isOperatorLookalike(name)).toBe(true);
  });

  it.each([
    'Palco Eventi',
    'Pal co',
    'Paico',
    'Polco',
    'Balco',
    'Acme',
    'Citt\u00E0 Live',
    'P\u00E0lcoscenico',
    'Pa\u0142co Eventi',
    'Pa\u0142ko',
    'B\u0103lco',
    'P\u00F3lca',
    'Pal.co',
  ])('%j is not', (name) => {
    expect(isOperatorLookalike(name)).toBe(false);
  });
});

describe('the schemas that take a company name refuse hidden characters', () => {
  const message = t('validation.company.hidden');
  const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues[0]?.message;

  it('the signup form, as the register body and an administrator’s change of an account', () => {
    const form = {
      fullName: 'Mario Rossi',
      company: 'Pal\u200Bco Live',
      email: 'a@b.it',
      password: 'Segreta123',
      confirmPassword: 'Segreta123',
    };
    expect(first(signupFormSchema.safeParse(form))).toBe(message);
    expect(first(registerBodySchema.safeParse({ email: 'a@b.it', password: 'x', company: '\u202EAcme' }))).toBe(
      message,
    );
    expect(first(companyBodySchema.safeParse({ company: 'Acme\u0000' }))).toBe(message);
    expect(signupFormSchema.safeParse({ ...form, company: 'Acme Live' }).success).toBe(true);
  });

  it("a page's company, on create and on a move", () => {
    expect(first(companyPayloadSchema.safeParse({ company: 'Acme\u00AD' }))).toBe(message);
    expect(first(pagePayloadSchema.safeParse({ company: 'Ac\u200Dme' }))).toBe(message);
    expect(companyPayloadSchema.safeParse({ company: ' Acme ' }).success).toBe(true);
    expect(pagePayloadSchema.safeParse({ company: null }).success).toBe(true);
  });

  it.each([
    ['a line feed', 'Acme\nLive'],
    ['a carriage return at the end', 'Acme Live\r'],
    ['a tab', 'Acme\tLive'],
  ])('%s, which cleaning would turn into a space, is refused as typed', (_name, company) => {
    const form = {
      fullName: 'Mario Rossi',
      company,
      email: 'a@b.it',
      password: 'Segreta123',
      confirmPassword: 'Segreta123',
    };
    expect(first(signupFormSchema.safeParse(form))).toBe(message);
    expect(first(registerBodySchema.safeParse({ email: 'a@b.it', password: 'x', company }))).toBe(message);
    expect(first(companyBodySchema.safeParse({ company }))).toBe(message);
    expect(first(companyPayloadSchema.safeParse({ company }))).toBe(message);
    expect(first(pagePayloadSchema.safeParse({ company }))).toBe(message);
  });

  it('a byte order mark at either end is trimmed away, not refused', () => {
    expect(registerBodySchema.parse({ email: 'a@b.it', password: 'x', company: '\uFEFFAcme\uFEFF' }).company).toBe(
      'Acme',
    );
  });
});
