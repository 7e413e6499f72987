// The part of Unicode's confusables table (TR39, as packaged by unhomoglyph) that can matter
// when a name is compared with ONE target, the operator's company name: see
// src/core/operator-confusables.ts. Shared by the generator and the unit test that checks the
// committed table is still what the full table gives.
//
// The skeleton compared is TR39's, folded further (docs/behaviour.md#companies): diacritics and
// overlays are dropped (every nonspacing mark after NFD: 'Pàlco', 'Pălco', and TR39's own
// prototypes of letters with a stroke, 'ł' → 'l' + U+0338), so is the middle dot (NFKC makes
// 'l·' of 'ŀ'; TR39's prototype of every dot-like sign), and the Latin letters with a stroke or
// bar that TR39 leaves out are their letter (STROKED_LETTERS).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const unicode = require('unhomoglyph/data.json');

/** The code point that stands for "cannot be part of the operator's name". */
export const NEVER = '\u0000';

/**
 * Latin letters with a stroke, bar or belt that do not decompose and that Unicode's table maps
 * to nothing: each is its letter. The ones TR39 already maps to a letter and an overlay mark
 * (ł ƚ ɫ ȼ ø ɵ ᵽ đ ħ …) need no entry: the marks are dropped; nor does 'ŀ' ('l·').
 */
export const STROKED_LETTERS = {
  '\u023A': 'A', // Ⱥ A with stroke
  '\u2C65': 'a', // ⱥ
  '\u023B': 'C', // Ȼ C with stroke
  '\uA792': 'C', // Ꞓ C with bar
  '\uA793': 'c', // ꞓ
  '\u20B5': 'C', // ₵ cedi sign, a C with a stroke (¢ is in TR39's table)
  '\u023D': 'L', // Ƚ L with bar
  '\u2C60': 'L', // Ⱡ L with double bar
  '\u2C61': 'l', // ⱡ
  '\u2C62': 'L', // Ɫ L with middle tilde (ɫ is in TR39's table)
  '\uA748': 'L', // Ꝉ L with high stroke
  '\uA749': 'l', // ꝉ
  '\u026C': 'l', // ɬ l with belt
  '\u2C63': 'P', // Ᵽ P with stroke (ᵽ is in TR39's table)
  '\uA750': 'P', // Ꝑ P with stroke through descender
  '\uA751': 'p', // ꝑ
};

const full = { ...unicode, ...STROKED_LETTERS };

/** Folded away: nonspacing marks and the middle dot. */
const DROPPED = /[\p{Mn}\u00B7]/gu;

function toPrototypes(text) {
  return [...text].map((ch) => full[ch] ?? ch).join('');
}

/** The case-blind folded skeleton with the full table. */
export function fullFoldedSkeleton(text) {
  return toPrototypes(text.normalize('NFD')).normalize('NFD').toLowerCase().replace(DROPPED, '');
}

/**
 * Entries whose prototype is made only of the target skeleton's letters and dropped signs (kept as they
 * are), and entries whose own letters are the target's but whose prototype is not (mapped to
 * NEVER). Any other character maps, in both tables, to something outside the target's letters,
 * so the comparison with the target gives the same answer with this table as with the full one.
 */
export function operatorConfusables(target) {
  const letters = new Set(fullFoldedSkeleton(target));
  const fold = (text) => text.normalize('NFD').toLowerCase().replace(DROPPED, '');
  const within = (text) => [...fold(text)].every((ch) => letters.has(ch));
  const table = {};
  for (const [source, prototype] of Object.entries(full)) {
    // left out, as they change nothing: a character no NFD text holds (the skeleton maps the
    // text's NFD), and one whose prototype folds as it does itself (a mark for a mark)
    if (source.normalize('NFD') !== source || fold(source) === fold(prototype)) continue;
    if (within(prototype)) table[source] = prototype;
    else if (within(source)) table[source] = NEVER;
  }
  return table;
}
