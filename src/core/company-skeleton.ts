/**
 * Look-alikes of the operator's company name, by the confusable skeleton of Unicode TR39
 * (UTS #39, section 4): two strings that look alike have equal skeletons. Cyrillic 'Pаlco',
 * 'PaIco' with a capital i, 'PALC0' with a zero all have the skeleton of 'Palco'.
 *
 * The prototypes come from Unicode's confusables.txt as packaged by unhomoglyph (each
 * character mapped to the one it is confused with, 'm' to 'rn'); the skeleton wraps that map
 * in the two NFD steps TR39 asks for. Only the Worker imports this module, and loads the
 * table on first use (about 34 KB gzip in the bundle): a page view never evaluates it, and
 * the site never carries it (the server's 422 explains a refusal).
 */
import { DEFAULT_COMPANY } from './constants';
import { cleanCompanyName, companyKey } from './company';

type Prototypes = (text: string) => string;
let prototypes: Promise<Prototypes> | undefined;

function loadPrototypes(): Promise<Prototypes> {
  prototypes ??= import('unhomoglyph').then((module) => module.default);
  return prototypes;
}

/** skeleton(X) = NFD(each character of NFD(X) replaced by its prototype). */
export async function skeleton(text: string): Promise<string> {
  const toPrototypes = await loadPrototypes();
  return toPrototypes(text.normalize('NFD')).normalize('NFD');
}

/** Skeletons compare case-blind here: the operator's name is reserved in every case. */
async function foldedSkeleton(text: string): Promise<string> {
  return (await skeleton(text)).toLowerCase();
}

/**
 * True for a name that looks like the operator's ('Palco') in any case: its skeleton, or the
 * skeleton of its key (src/core/company.ts), is the operator name's, ignoring case. Both are
 * taken because some look-alikes exist in one case only ('I' is confused with 'l', 'i' is not).
 * The operator's exact name in any case is one of them.
 */
export async function isOperatorLookalike(name: string): Promise<boolean> {
  const clean = cleanCompanyName(name);
  const operator = await foldedSkeleton(DEFAULT_COMPANY);
  return (await foldedSkeleton(clean)) === operator || (await foldedSkeleton(companyKey(clean))) === operator;
}
