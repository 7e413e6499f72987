// The made-up traffic of a stats flood (docs/behaviour.md, Statistics): sources no one would send
// twice and forged countries that are no country. Shared by the hostile-content test and
// bench/stats-flood.mjs, so the test floods as the bench does; no Worker imports, Node reads it too.

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const word = () =>
  Math.random()
    .toString(36)
    .slice(2, 3 + Math.floor(Math.random() * 10));

/** A utm_source no one would type twice: ASCII, emoji, bidi and zero-width marks, or all of them. */
export const randomSource = (): string =>
  pick([
    () => word(),
    () => `${word()} ${word().toUpperCase()}`,
    () => `🎸${word()}👩‍🎤${'🔥'.repeat(30)}`,
    () => `\u202e${word()}\u200b${word()}\u2066`,
    () => '🎸🎶'.repeat(25),
    () => `ｆｕｌｌ${word()}`,
    () => `${word()}${'x'.repeat(60)}`,
  ])();

/** What a forged CF-IPCountry may say: none of these is a country; `also` adds some that are. */
export const randomCountry = (also: readonly string[] = []): string =>
  pick([...also, 'T1', 'EU', 'AP', 'ZZ', 'QX', 'A1', 'ITA', 'it-IT', 'I', `${word()}!`]);
