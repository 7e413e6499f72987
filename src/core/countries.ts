/**
 * The countries a view or a click can be counted in (docs/behaviour.md#counting-views-and-clicks):
 * the 249 officially assigned ISO 3166-1 alpha-2 codes, plus XK (Kosovo: user-assigned, but the
 * code Cloudflare's CF-IPCountry gives it). Anything else (Tor's T1, EU, AP, a made-up pair) is
 * counted as unknown, 'XX', so a page has at most 251 countries whatever a request claims.
 */

/** The 249 officially assigned ISO 3166-1 alpha-2 codes, two letters each, alphabetical. */
const ISO_3166_ALPHA_2 =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCRCUCVCWCXCYCZ' +
  'DEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHUIDIEILIMINIOIQIRISIT' +
  'JEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQMRMSMTMUMVMWMXMYMZNANCNENFNGNI' +
  'NLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSISJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTK' +
  'TLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSYEYTZAZMZW';

/** Every code a country bucket may hold besides UNKNOWN_COUNTRY. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set([...(ISO_3166_ALPHA_2.match(/../g) ?? []), 'XK']);

/** The country of a request whose country is not known (or not a country). */
export const UNKNOWN_COUNTRY = 'XX';
