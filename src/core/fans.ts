/**
 * Fans of a page (docs/behaviour.md#fans-and-alerts): the rules the public sign-up form, the
 * Worker and the editor share. A fan follows one page's cities (or all its dates) and hears by
 * e-mail when a date lands there. Pure functions and constants: no I/O.
 */
import { decodeEventText } from './button-codec';
import { eventDay, romeToday } from './schedule';

/** A new date's alert leaves this long after the save that added it ('Invia ora' skips the wait). */
export const FAN_GRACE_MINUTES = 10;
/** At most one confirmation e-mail per address and page in this many hours. */
export const FAN_CONFIRM_RESEND_HOURS = 24;
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

export const FAN_EMAIL_MAX = 254;
export const FAN_CITY_MAX = 80;

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

/** A city as a fan typed it, for display: trimmed, inner white space collapsed, at most FAN_CITY_MAX. */
export function cleanCityName(name: string): string {
  return [...name.normalize('NFKC').replace(/\s+/gu, ' ').trim()].slice(0, FAN_CITY_MAX).join('').trim();
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

/**
 * A plausible address: one '@', a dot in the domain, no space or control character, at most
 * FAN_EMAIL_MAX characters. The confirmation e-mail is the real check.
 */
export function isFanEmail(email: string): boolean {
  const value = normaliseEmail(email);
  return (
    value.length <= FAN_EMAIL_MAX &&
    /^[^\s@\p{Cc}\p{Cf}]+@[^\s@\p{Cc}\p{Cf}]+\.[^\s@\p{Cc}\p{Cf}]+$/u.test(value) &&
    !value.includes('..')
  );
}

/**
 * New-date alerts of one page that may reach its fans in 24 hours; a further one waits until
 * the oldest of them leaves the 24 hours (docs/behaviour.md#alerts).
 */
export const FAN_ALERTS_PER_DAY = 3;
