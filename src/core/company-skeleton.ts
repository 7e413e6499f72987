/**
 * Look-alikes of the operator's company name, by the confusable skeleton of Unicode TR39
 * (UTS #39, section 4): two strings that look alike have equal skeletons. Cyrillic 'Pаlco',
 * 'PaIco' with a capital i, 'PALC0' with a zero all have the skeleton of 'Palco'. The skeleton
 * is folded further (docs/behaviour.md#companies): diacritics, overlay marks and middle dots are
 * dropped, and the Latin letters with a stroke or bar are their letter, so 'Pălco', 'Pałco',
 * 'Pâlcó' and 'PAŁCO' are look-alikes too (TR39 maps 'ł' to 'l' and an overlay stroke; the few
 * stroked letters it leaves out are added by the generator).
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
 * Folded away: nonspacing marks (accents, and the overlays of TR39's prototypes of letters with
 * a stroke or bar) and the middle dot (NFKC makes 'l·' of 'ŀ'; TR39's prototype of the dots).
 */
const DROPPED = /[\p{Mn}\u00B7]/gu;

/**
 * The case-blind folded skeleton as far as the operator's name is concerned:
 * lower(NFD(each character of NFD(X) replaced by its prototype)) without its DROPPED signs.
 * A character that cannot be part of a look-alike of the operator's name maps to itself or to
 * U+0000, never to one of its letters, so the comparison below answers as the full table would.
 */
function operatorSkeleton(text: string): string {
  return [...text.normalize('NFD')]
    .map((ch) => OPERATOR_CONFUSABLES[ch] ?? ch)
    .join('')
    .normalize('NFD')
    .toLowerCase()
    .replace(DROPPED, '');
}

const OPERATOR = operatorSkeleton(DEFAULT_COMPANY);

/**
 * True for a name that looks like the operator's ('Palco') in any case and with any accents: its
 * skeleton, or the skeleton of its key (src/core/company.ts), equals the operator name's. Both
 * are taken because some look-alikes exist in one case only ('I' is confused with 'l', 'i' is
 * not). The operator's exact name in any case is one of them. The skeletons must be equal: a
 * longer name holding a look-alike ('Pałco Eventi') is not one, as 'Palco Eventi' is not.
 */
export function isOperatorLookalike(name: string): boolean {
  const clean = cleanCompanyName(name);
  return operatorSkeleton(clean) === OPERATOR || operatorSkeleton(companyKey(clean)) === OPERATOR;
}
