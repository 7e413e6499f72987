/**
 * What a view or a click is counted as (docs/behaviour.md#counting-views-and-clicks): its source,
 * the visitor's device class and country, the Europe/Rome day and hour of its bucket, and whether
 * it is counted at all (bots, crawlers, link previews and prefetches are not). Pure functions: the
 * Worker classifies every request with them and the unit tests pin them down. Nothing here keeps
 * the User-Agent, the IP or the full referrer: each is reduced to a short class on the spot.
 */
import { COUNTRY_CODES, UNKNOWN_COUNTRY } from './countries';
import { foldAccents } from './slug';

/** Referrer hosts that have a name of their own; any other host is 'other'. */
export const NAMED_SOURCES = [
  'instagram',
  'facebook',
  'tiktok',
  'whatsapp',
  'telegram',
  'youtube',
  'google',
  'x',
  'linktree',
] as const;

/** utm_source of the page's QR code: the editor's QR opens the page URL with ?utm_source=qr. */
export const QR_SOURCE = 'qr';

/**
 * Source of the views and clicks of a page's embed (GET /{slug}/embed inside another site): the
 * embed's script sends it as the click's `u`, the Worker gives it to the embed's views.
 */
export const EMBED_SOURCE = 'embed';

/**
 * A source is a named referrer, 'other', 'direct', or the page URL's own utm_source: lower-case
 * `[a-z0-9._-]`, at most 40 characters (utmSource).
 */
export const SOURCE_MAX = 40;

/**
 * The bucket of whatever is past a cap: a page's sources beyond SOURCES_PER_DAY on one day (when
 * written), and a breakdown's rows beyond BREAKDOWN_TOP (when read). The editor calls it
 * 'Altre fonti' among the sources and 'Altri paesi' among the countries.
 */
export const FOLDED = 'altro';

/**
 * Sources that are always kept by name, whatever the cap: the named referrers, the QR code,
 * 'other', 'direct' and FOLDED itself. A flood of made-up utm_source values cannot push them out.
 */
export const FIXED_SOURCES: readonly string[] = [...NAMED_SOURCES, QR_SOURCE, EMBED_SOURCE, 'other', 'direct', FOLDED];

/**
 * A page keeps at most this many sources of its own (utm_source values not among FIXED_SOURCES)
 * per Europe/Rome day; later new ones on that day are counted under FOLDED
 * (docs/behaviour.md#counting-views-and-clicks). The consumer applies it in its D1 transaction.
 */
export const SOURCES_PER_DAY = 50;

/** A stats answer lists at most this many rows per breakdown, then FOLDED with the rest. */
export const BREAKDOWN_TOP = 20;

/** Referrer host suffix → source. A host matches its suffix exactly or as a subdomain of it. */
const HOST_SOURCES: ReadonlyArray<readonly [string, (typeof NAMED_SOURCES)[number]]> = [
  ['instagram.com', 'instagram'],
  ['facebook.com', 'facebook'],
  ['fb.com', 'facebook'],
  ['fb.me', 'facebook'],
  ['messenger.com', 'facebook'],
  ['tiktok.com', 'tiktok'],
  ['whatsapp.com', 'whatsapp'],
  ['whatsapp.net', 'whatsapp'],
  ['wa.me', 'whatsapp'],
  ['telegram.org', 'telegram'],
  ['telegram.me', 'telegram'],
  ['t.me', 'telegram'],
  ['youtube.com', 'youtube'],
  ['youtu.be', 'youtube'],
  ['twitter.com', 'x'],
  ['x.com', 'x'],
  ['t.co', 'x'],
  ['linktr.ee', 'linktree'],
  ['linktree.com', 'linktree'],
];

function hostOf(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return null;
  }
}

function isGoogle(host: string): boolean {
  // google.com, google.it, google.co.uk, www.google.de, news.google.com ...
  return /(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$/.test(host);
}

/** A referrer host reduced to its source: a named one, or 'other'. */
export function referrerSource(host: string): string {
  for (const [suffix, source] of HOST_SOURCES) {
    if (host === suffix || host.endsWith(`.${suffix}`)) return source;
  }
  return isGoogle(host) ? 'google' : 'other';
}

/**
 * utm_source as recorded, or null when nothing is left: NFKC (full-width and styled letters
 * become plain ones), lower-cased, accents folded ('Università' → 'universita'); controls,
 * format characters (bidi marks, zero-width spaces, soft hyphens) and other invisible characters
 * dropped; every run of anything else outside [a-z0-9._-] (spaces, emoji, other scripts) one
 * '-'; no '-', '.' or '_' at either end; at most SOURCE_MAX characters. Only ASCII is left when
 * it is cut, so no character (an emoji's surrogate pair) can be cut in half.
 */
export function utmSource(value: string | null | undefined): string | null {
  const cleaned = foldAccents(
    (value ?? '')
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, ''),
  )
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-._]+/, '')
    .slice(0, SOURCE_MAX)
    .replace(/[-._]+$/, '');
  return cleaned === '' ? null : cleaned;
}

/**
 * The source of a view: the page URL's utm_source when present, else the referrer's host mapped
 * to a named source ('other' for the rest), else 'direct'. A referrer on the page's own host (a
 * visitor moving around the site) is 'direct' too.
 */
export function classifySource(utm: string | null | undefined, referrer: string | null | undefined, ownHost?: string) {
  const fromUtm = utmSource(utm);
  if (fromUtm) return fromUtm;
  const host = referrer ? hostOf(referrer) : null;
  if (!host || (ownHost && host === ownHost.toLowerCase())) return 'direct';
  return referrerSource(host);
}

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** Device class from the User-Agent (and the Sec-CH-UA-Mobile hint when a browser sends it). */
export function deviceClass(userAgent: string | null | undefined, mobileHint?: string | null): Device {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)|SM-T\d/i.test(ua)) return 'tablet';
  if (/Android/i.test(ua) && !/Mobile/i.test(ua)) return 'tablet';
  if (mobileHint === '?1') return 'mobile';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini|IEMobile/i.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * Crawlers, link-preview fetchers, monitors and command-line clients: never counted. Matched on
 * the User-Agent, case-insensitively. Headless browsers count as automation too.
 */
const BOT_PATTERN = new RegExp(
  [
    'bot\\b',
    'bot/',
    'crawl',
    'spider',
    'slurp',
    'scrap',
    'facebookexternalhit',
    'facebookcatalog',
    'meta-externalagent',
    // the preview fetchers, not the in-app browsers (Telegram's is 'Telegram-Android')
    'whatsapp/',
    'telegrambot',
    'discordbot',
    'skypeuripreview',
    'slackbot',
    'slack-imgproxy',
    'embedly',
    'quora link preview',
    'pinterest',
    'vkshare',
    'redditbot',
    'preview',
    'lighthouse',
    'pagespeed',
    'gtmetrix',
    'headless',
    'phantomjs',
    'puppeteer',
    'playwright',
    'selenium',
    'curl/',
    'wget/',
    'python-',
    'python/',
    'go-http-client',
    'java/',
    'okhttp',
    'axios/',
    'node-fetch',
    'libwww',
    'httpclient',
    'http_request',
    'ahrefs',
    'semrush',
    'mj12',
    'petalbot',
    'yandex',
    'baiduspider',
    'applebot',
    'google-inspectiontool',
    'feedfetcher',
    'mediapartners',
    'uptime',
    'pingdom',
    'statuscake',
    'monitor',
    'validator',
    'archive.org',
  ].join('|'),
  'i',
);

export function isBot(userAgent: string | null | undefined): boolean {
  return BOT_PATTERN.test(userAgent ?? '');
}

/** A speculative load (prefetch or prerender): the browser may never show the page. */
export function isPrefetch(headers: { get(name: string): string | null }): boolean {
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''} ${headers.get('x-purpose') ?? ''} ${headers.get('x-moz') ?? ''}`;
  return /prefetch|prerender|preview/i.test(purpose);
}

/**
 * Country from CF-IPCountry: an ISO 3166-1 alpha-2 code (src/core/countries.ts), any case;
 * anything else is 'XX', unknown (missing, Tor's 'T1', 'EU', a made-up pair).
 */
export function countryCode(value: string | null | undefined): string {
  const code = (value ?? '').trim().toUpperCase();
  return COUNTRY_CODES.has(code) ? code : UNKNOWN_COUNTRY;
}

/** Days and hours are Europe/Rome's: a promoter's "today" is Italian whatever the server's zone. */
export const STATS_TIME_ZONE = 'Europe/Rome';

const romeParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: STATS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The Europe/Rome day ('YYYY-MM-DD') and hour (0–23) of an instant. */
export function romeBucket(at: Date | number): { day: string; hour: number } {
  const parts = romeParts.formatToParts(typeof at === 'number' ? new Date(at) : at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) % 24 };
}

/** A 'YYYY-MM-DD' calendar day as the UTC midnight that starts it: no time zone can move it. */
export function dayDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

/** A 'YYYY-MM-DD' day moved by n calendar days (n may be negative). */
export function addDays(day: string, n: number): string {
  const date = dayDate(day);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The day `months` calendar months before `day`, clamped to that month's last day. */
export function monthsBefore(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - months, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 - months, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (0 for the same day, negative when `to` comes first). */
export function daysApart(from: string, to: string): number {
  return Math.round((dayDate(to).getTime() - dayDate(from).getTime()) / 86_400_000);
}

/** Every day from `from` to `to` inclusive, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The stats period: 1–400 days ending today (Europe/Rome), 30 by default. */
export const STATS_DAYS_DEFAULT = 30;
export const STATS_DAYS_MAX = 400;

/** The hourly buckets are kept this many days, then folded into daily ones. */
export const HOURLY_RETENTION_DAYS = 90;
/** Daily buckets are kept this many months, then deleted. */
export const DAILY_RETENTION_MONTHS = 25;
