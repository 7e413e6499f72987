/**
 * Company identity. A company is known by one key, stored beside its name in every table
 * that names a company and used by every comparison (SQL and code): two spellings are the
 * same company exactly when their keys are equal.
 *
 * The key is the name in Unicode compatibility form (NFKC, so the Kelvin sign is a K and a
 * decomposed 'é' is the composed one), trimmed, with inner white space collapsed to one
 * space, and case-folded ('ß' and 'SS' fold alike). SQLite's NOCASE folds ASCII only, so no
 * comparison may rely on it for companies.
 *
 * A name must also be what it shows (docs/behaviour.md#companies): no hidden characters
 * (hasHiddenCharacter), and no look-alike of the operator's name (company-skeleton.ts, which
 * only the Worker imports: its confusables table stays out of the site).
 */
import { DEFAULT_COMPANY } from './constants';
import { hasControlCharacter } from './plain-text';

/** The spelling kept for display: compatibility form, trimmed, inner white space collapsed. */
export function cleanCompanyName(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ');
}

/** The one key a company is compared by ('' for a name that is only white space). */
export function companyKey(name: string): string {
  // upper then lower approximates Unicode full case folding (ß → SS → ss, ς → Σ → σ);
  // NFKC again because case mapping may leave a non-normalised sequence, and the last
  // toLowerCase guarantees no ASCII capital survives (see OPERATOR_COMPANY_KEY).
  return cleanCompanyName(name).toUpperCase().toLowerCase().normalize('NFKC').toLowerCase();
}

/**
 * The key of the operator's own company, owner of the pages an administrator creates
 * without naming a company. companyKey() never returns an ASCII capital, so no name anyone
 * can type maps to it: the operator's pages are out of reach of every organiser.
 */
export const OPERATOR_COMPANY_KEY = 'OPERATOR';

/**
 * True for a name whose key is the operator company's display name ('Palco', 'PALCO',
 * ' palco '): organisers may not take it, administrators who type it mean the operator.
 */
export function isOperatorCompanyName(name: string): boolean {
  return companyKey(name) === companyKey(DEFAULT_COMPANY);
}

// Controls (Cc: NUL, tab, escape…), format characters (Cf: zero-width spaces and joiners, the
// soft hyphen, the bidi controls U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C), lone
// surrogates (Cs: no valid text holds one) and the other characters drawn as nothing
// (Default_Ignorable_Code_Point: Hangul fillers, the combining grapheme joiner…), except the
// variation selectors, which only pick how the character before them is drawn (❤️).
const HIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}]|(?!\p{Variation_Selector})\p{Default_Ignorable_Code_Point}/u;

/**
 * True for a name holding a character that is invisible or controls the text around it: two
 * such names look alike on screen ('Pal\u200Bco' is 'Palco', '\u202EPalco' is drawn backwards)
 * while their keys differ, so a company name may hold none.
 */
export function hasHiddenCharacter(name: string): boolean {
  return HIDDEN_CHARACTER.test(name);
}

/**
 * True for a company name as typed that may not be taken: a control character anywhere, before
 * any cleaning (a line break or a tab would otherwise become a space: docs/behaviour.md#companies),
 * or a hidden character once cleaned (a byte order mark at either end is trimmed, not refused).
 */
export function hasHiddenCharacterAsTyped(typed: string): boolean {
  return hasControlCharacter(typed) || hasHiddenCharacter(cleanCompanyName(typed));
}
