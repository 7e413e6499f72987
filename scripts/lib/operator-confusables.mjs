// The part of Unicode's confusables table (TR39, as packaged by unhomoglyph) that can matter
// when a name is compared with ONE target, the operator's company name: see
// src/core/operator-confusables.ts. Shared by the generator and the unit test that checks the
// committed table is still what the full table gives.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const full = require('unhomoglyph/data.json');

/** The code point that stands for "cannot be part of the operator's name". */
export const NEVER = '\u0000';

function toPrototypes(text) {
  return [...text].map((ch) => full[ch] ?? ch).join('');
}

/** The case-blind TR39 skeleton with the full table. */
export function fullFoldedSkeleton(text) {
  return toPrototypes(text.normalize('NFD')).normalize('NFD').toLowerCase();
}

/**
 * Entries whose prototype is made only of the target skeleton's letters (kept as they are), and
 * entries whose own letters are the target's but whose prototype is not (mapped to NEVER). Any
 * other character maps, in both tables, to something outside the target's letters, so the
 * comparison with the target gives the same answer with this table as with the full one.
 */
export function operatorConfusables(target) {
  const letters = new Set(fullFoldedSkeleton(target));
  const within = (text) => [...text.normalize('NFD').toLowerCase()].every((ch) => letters.has(ch));
  const table = {};
  for (const [source, prototype] of Object.entries(full)) {
    if (within(prototype)) table[source] = prototype;
    else if (within(source)) table[source] = NEVER;
  }
  return table;
}
