/**
 * Company identity. A company is known by one key, stored beside its name in every table
 * that names a company and used by every comparison (SQL and code): two spellings are the
 * same company exactly when their keys are equal.
 *
 * The key is the name in Unicode compatibility form (NFKC, so the Kelvin sign is a K and a
 * decomposed 'é' is the composed one), trimmed, with inner white space collapsed to one
 * space, and case-folded ('ß' and 'SS' fold alike). SQLite's NOCASE folds ASCII only, so no
 * comparison may rely on it for companies.
 */
import { DEFAULT_COMPANY } from './constants';

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
