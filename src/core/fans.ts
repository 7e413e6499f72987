/**
 * Fans of a page (docs/behaviour.md#fans-and-alerts): the rules the public sign-up form, the
 * Worker and the editor share. A fan follows one page's cities (or all its dates) and hears by
 * e-mail when a date lands there. Pure functions and constants: no I/O.
 */
import { decodeEventText } from './button-codec';
import { eventDay, romeToday } from './schedule';

/** A new date's alert leaves this long after the save that added it ('Invia ora' skips the wait). */
export const FAN_GRACE_MINUTES = 10;
/**
 * At most one confirmation e-mail per mailbox (mailboxKey) and page in this many hours, and at
 * most FAN_CONFIRM_MAILBOX_DAILY per mailbox across all pages in the same window
 * (docs/behaviour.md#signing-up).
 */
export const FAN_CONFIRM_RESEND_HOURS = 24;
/** At most this many confirmation e-mails per mailbox (all pages) in FAN_CONFIRM_RESEND_HOURS. */
export const FAN_CONFIRM_MAILBOX_DAILY = 5;
/** Sign-ups never confirmed are deleted this many days after they were made. */
export const FAN_PENDING_DAYS = 7;
/**
 * The version of the consent line a fan agreed to (stored with the fan). Change it whenever the
 * consent text (fans.public.consent in the catalogue) changes.
 */
export const FAN_CONSENT_VERSION = '2026-11-27';
/**
 * The first consent version whose text covers the on-sale e-mails (docs/behaviour.md#on-sale-e-mails):
 * a fan who agreed to an older one (new dates only) gets the new-date alerts alone. Versions are
 * dates, so they compare as text.
 */
export const FAN_SALE_CONSENT_VERSION = '2026-11-27';
/** The consent version before the on-sale e-mails: 'email sulle nuove date'. */
export const FAN_CONSENT_VERSION_NEW_DATES = '2026-11-25';

/** The city value of 'Tutte le date': the fan hears of every new date of the page. */
export const ALL_CITIES = '*';
/** The city value of 'Un'altra città': the fan types the city in the free-text field. */
export const OTHER_CITY = '+';

/** An address at most this long, after its domain is converted to ASCII (RFC 5321's path limit). */
export const FAN_EMAIL_MAX = 254;
/** The part before the '@' at most this long (RFC 5321). */
export const FAN_EMAIL_LOCAL_MAX = 64;
/** A city typed under 'Un'altra città' at most this many characters. */
export const FAN_CITY_MAX = 60;

/**
 * Exonyms and other spellings of common cities → the one name their key is made of: a fan who
 * types 'Milan', 'Mailand' or 'MILANO ' follows the same dates. Keys are already folded
 * (cityKey without aliases), values too.
 */
const CITY_ALIASES: Readonly<Record<string, string>> = {
  milan: 'milano',
  mailand: 'milano',
  rome: 'roma',
  rom: 'roma',
  florence: 'firenze',
  florenz: 'firenze',
  naples: 'napoli',
  neapel: 'napoli',
  turin: 'torino',
  venice: 'venezia',
  venedig: 'venezia',
  venise: 'venezia',
  genoa: 'genova',
  genua: 'genova',
  genes: 'genova',
  padua: 'padova',
  mantua: 'mantova',
  syracuse: 'siracusa',
  leghorn: 'livorno',
  bozen: 'bolzano',
  'san remo': 'sanremo',
  'reggio emilia': 'reggio nell emilia',
  'reggio calabria': 'reggio di calabria',
  london: 'londra',
  paris: 'parigi',
  munich: 'monaco di baviera',
  munchen: 'monaco di baviera',
  wien: 'vienna',
  berlin: 'berlino',
  lisbon: 'lisbona',
  lisboa: 'lisbona',
  barcelona: 'barcellona',
  brussels: 'bruxelles',
  brussel: 'bruxelles',
  zurich: 'zurigo',
  geneva: 'ginevra',
  geneve: 'ginevra',
  athens: 'atene',
  prague: 'praga',
  praha: 'praga',
  warsaw: 'varsavia',
  moscow: 'mosca',
  cologne: 'colonia',
  koln: 'colonia',
  'the hague': 'l aia',
  'den haag': 'l aia',
  copenhagen: 'copenaghen',
  kobenhavn: 'copenaghen',
  stockholm: 'stoccolma',
  edinburgh: 'edimburgo',
  dublin: 'dublino',
  marseille: 'marsiglia',
  seville: 'siviglia',
  sevilla: 'siviglia',
  antwerp: 'anversa',
  antwerpen: 'anversa',
};

/**
 * The key a city is compared by: compatibility form, accents folded, case folded, every run of
 * anything but letters and digits one space, trimmed, then the alias list ('Forlì' and 'forli',
 * 'Reggio-Emilia' and 'reggio emilia', 'Milan' and 'Milano' match). '' for a name with no letter.
 */
export function cityKey(name: string): string {
  const folded = name
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return CITY_ALIASES[folded] ?? folded;
}

/** A city as a fan typed it, for display: compatibility form, trimmed, inner white space collapsed. */
export function cleanCityName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/**
 * Whether a city typed under 'Un'altra città' is only a place name (docs/behaviour.md#signing-up):
 * letters of any alphabet with their combining marks, spaces, apostrophes (' and ’) and hyphens,
 * at most FAN_CITY_MAX characters. No digit, dot, slash, '@', ':' or control character, so the
 * text can carry no link, address or message. Checks the compatibility form, before white space
 * is tidied (a line break or tab is refused, not turned into a space).
 */
export function isPlaceName(typed: string): boolean {
  const value = typed.normalize('NFKC').trim();
  return [...value.replace(/ +/g, ' ')].length <= FAN_CITY_MAX && /^[\p{L}\p{M}'’ -]*$/u.test(value);
}

export interface TourCity {
  /** cityKey() of the name */
  key: string;
  /** the spelling of its first upcoming date */
  name: string;
}

/**
 * The cities of a page's upcoming dated events (text buttons whose date is today or later in
 * Europe/Rome), in date order, one per key: the choices of the sign-up form.
 */
export function upcomingCities(
  buttons: ReadonlyArray<{ type: string; text: string }>,
  now: Date = new Date(),
): TourCity[] {
  const today = romeToday(now);
  const dated: Array<{ day: string; city: string }> = [];
  for (const b of buttons) {
    if (b.type !== 'text') continue;
    const { date, city } = decodeEventText(b.text);
    const day = eventDay(date);
    if (day === null || day < today || cityKey(city) === '') continue;
    dated.push({ day, city: city.trim() });
  }
  dated.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const seen = new Map<string, TourCity>();
  for (const { city } of dated) {
    const key = cityKey(city);
    if (!seen.has(key)) seen.set(key, { key, name: city });
  }
  return [...seen.values()];
}

/** An e-mail address as stored and compared: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** RFC 5322 atext: the characters of a dot-atom's pieces (ASCII only). */
const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOT_ATOM = new RegExp(`^${ATEXT}(?:\\.${ATEXT})*$`);
/** One label of a host name in ASCII: letters, digits, inner hyphens, 1 to 63 characters. */
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A domain as the address will be mailed: lower-cased and in ASCII (IDNA, punycode), by the
 * WHATWG URL parser of the runtime (workerd, Node and browsers alike); null unless it is a host
 * name of two labels or more whose last holds a letter (no IP address, no port, no path).
 */
function asciiDomain(domain: string): string | null {
  // letters of any alphabet, digits, dots and hyphens only: nothing the URL parser would read
  // as a port, a path, an escape or an IP literal
  if (!/^[\p{L}\p{M}\p{N}.-]+$/u.test(domain)) return null;
  let host: string;
  try {
    host = new URL(`http://${domain}`).hostname;
  } catch {
    return null;
  }
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => ASCII_LABEL.test(l))) return null;
  return /[a-z]/.test(labels.at(-1)!) ? host : null;
}

/**
 * The address a fan typed, as it is stored, compared and mailed (docs/behaviour.md#signing-up), or
 * null when it is not a bare address `local@domain`: no display name, angle brackets, comments,
 * quotes, spaces or control characters. Spaces around it are dropped. The local part is an RFC 5322
 * dot-atom in ASCII (a letter beyond ASCII would need SMTPUTF8, which neither the provider nor
 * every receiving server is known to speak), at most FAN_EMAIL_LOCAL_MAX; the domain is converted
 * to ASCII (punycode); all lower-cased; at most FAN_EMAIL_MAX characters in all.
 */
export function fanAddress(typed: string): string | null {
  const value = typed.replace(/^ +| +$/g, '');
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1) return null;
  const local = value.slice(0, at);
  if (local.length > FAN_EMAIL_LOCAL_MAX || !DOT_ATOM.test(local)) return null;
  const domain = asciiDomain(value.slice(at + 1));
  if (domain === null) return null;
  const address = `${local.toLowerCase()}@${domain}`;
  return address.length <= FAN_EMAIL_MAX ? address : null;
}

/**
 * The mailbox an address reaches, which the confirmation caps count (docs/behaviour.md#signing-up):
 * lower-cased, its '+tag' (from the first '+' of the local part to the '@') removed, so
 * `t+1@x.it` and `T+2@x.it` are one mailbox. The stored address keeps its tag.
 */
export function mailboxKey(address: string): string {
  const value = address.toLowerCase();
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const plus = local.indexOf('+');
  return plus === -1 ? value : `${local.slice(0, plus)}${value.slice(at)}`;
}

/**
 * New-date alerts of one page that may reach its fans in 24 hours; a further one waits until
 * the oldest of them leaves the 24 hours (docs/behaviour.md#alerts).
 */
export const FAN_ALERTS_PER_DAY = 3;
