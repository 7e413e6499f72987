/**
 * Look-alikes of the operator's company name, by the confusable skeleton of Unicode TR39
 * (UTS #39, section 4): two strings that look alike have equal skeletons. Cyrillic 'Pаlco',
 * 'PaIco' with a capital i, 'PALC0' with a zero all have the skeleton of 'Palco'.
 *
 * A name is only ever compared with ONE skeleton, the operator's, so the table is the part of
 * Unicode's confusables.txt that can make a name reach it (operator-confusables.ts, generated
 * from the full table by scripts/gen-operator-confusables.mjs; a unit test checks it against the
 * full table): a few hundred entries instead of 6,000, about 2 KB in the Worker instead of 34 KB.
 * The site needs none of it: the server's 422 explains a refusal.
 */
import { DEFAULT_COMPANY } from './constants';
import { cleanCompanyName, companyKey } from './company';
import { OPERATOR_CONFUSABLES } from './operator-confusables';

/**
 * The case-blind skeleton as far as the operator's name is concerned:
 * lower(NFD(each character of NFD(X) replaced by its prototype)). A character that cannot be
 * part of a look-alike of the operator's name maps to itself or to U+0000, never to one of its
 * letters, so the comparison below answers as the full skeleton would.
 */
function operatorSkeleton(text: string): string {
  return [...text.normalize('NFD')]
    .map((ch) => OPERATOR_CONFUSABLES[ch] ?? ch)
    .join('')
    .normalize('NFD')
    .toLowerCase();
}

const OPERATOR = operatorSkeleton(DEFAULT_COMPANY);

/**
 * True for a name that looks like the operator's ('Palco') in any case: its skeleton, or the
 * skeleton of its key (src/core/company.ts), is the operator name's, ignoring case. Both are
 * taken because some look-alikes exist in one case only ('I' is confused with 'l', 'i' is not).
 * The operator's exact name in any case is one of them.
 */
export function isOperatorLookalike(name: string): boolean {
  const clean = cleanCompanyName(name);
  return operatorSkeleton(clean) === OPERATOR || operatorSkeleton(companyKey(clean)) === OPERATOR;
}
