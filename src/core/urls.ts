/**
 * Button and media URLs (docs/behaviour.md#links-and-urls).
 * Only web links are ever stored: javascript:, data:, vbscript:, file: and every other
 * non-http(s) scheme are refused, so no user URL can run script on the published page.
 */
import { TICKET_HOSTS } from './constants';
import type { TrackedUrl } from './schemas/tracking';

export const URL_MAX = 2048;

const SCHEME_RE = /^([a-z][a-z0-9+.-]*):/i;
// Anything a browser would strip or choke on inside a URL (tabs and newlines hide 'java\nscript:').
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's whole purpose
const CONTROL_RE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

/**
 * The scheme of a URL, or null when it has none. 'example.com:8080/x' has a port, not a scheme:
 * a dotted name followed by digits is a host.
 */
export function urlScheme(value: string): string | null {
  const m = SCHEME_RE.exec(value);
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  const after = value.slice(m[0].length);
  const hostLike = scheme.includes('.') || scheme === 'localhost';
  if (hostLike && /^\d/.test(after)) return null; // host:port
  return scheme;
}

/**
 * A link a visitor may follow: empty (no link), or http(s), protocol-relative or scheme-less
 * (which gets '//' when shown). Returns false for anything else.
 */
export function isSafeLinkUrl(value: string | null | undefined): boolean {
  const url = String(value ?? '').trim();
  if (!url) return true;
  if (url.length > URL_MAX || CONTROL_RE.test(url) || url.includes('\\')) return false;
  const scheme = urlScheme(url);
  if (scheme === null) return !url.startsWith('/') || url.startsWith('//');
  return scheme === 'http' || scheme === 'https';
}

/**
 * The href the public view uses: '' when blank (not clickable), scheme-less URLs get the
 * protocol-relative '//' prefix, unsafe ones become ''.
 */
export function publicHref(value: string | null | undefined): string {
  const url = String(value ?? '').trim();
  if (!url || !isSafeLinkUrl(url)) return '';
  if (url.startsWith('//') || urlScheme(url) !== null) return url;
  return `//${url}`;
}

/** Absolute http(s) URL or null (for server-side fetching and parsing). */
export function parseHttpUrl(value: string | null | undefined): URL | null {
  let url = String(value ?? '').trim();
  if (!url || CONTROL_RE.test(url)) return null;
  if (url.startsWith('//')) url = `https:${url}`;
  else if (urlScheme(url) === null && !url.startsWith('/')) url = `https://${url}`;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A media reference a page may show (header, image button): an object of ours (/dati/…),
 * a shipped image (/stores/…, /demo/…) or an absolute http(s) URL.
 */
export function isSafeMediaRef(value: string | null | undefined): boolean {
  const ref = String(value ?? '').trim();
  if (!ref || ref.length > URL_MAX || CONTROL_RE.test(ref) || ref.includes('\\')) return false;
  if (/^\/(dati|stores|demo)\//.test(ref)) {
    return !ref.split('/').some((seg) => seg === '..' || seg === '.') && !/["'<>`]/.test(ref);
  }
  const scheme = urlScheme(ref);
  if (scheme !== 'http' && scheme !== 'https') return false;
  return parseHttpUrl(ref) !== null;
}

export function isTicketHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return TICKET_HOSTS.some((h) => host === h || host === `www.${h}`);
}

/**
 * Links to the two ticket hosts get utm_source=palco, utm_medium=landing and
 * utm_campaign={slug}; every other link comes back unchanged. success is false only when the
 * URL is not a usable web link.
 */
export function trackUrl(value: string, campaign: string): TrackedUrl {
  const original = String(value ?? '').trim();
  if (!original || !isSafeLinkUrl(original)) return { success: false, tracked_url: original };
  const parsed = parseHttpUrl(original);
  if (!parsed || !isTicketHost(parsed.hostname)) return { success: true, tracked_url: original };
  parsed.searchParams.set('utm_source', 'palco');
  parsed.searchParams.set('utm_medium', 'landing');
  parsed.searchParams.set('utm_campaign', campaign || 'palco');
  // keep how the organiser wrote it: scheme-less stays scheme-less-looking via '//' → https
  return { success: true, tracked_url: parsed.toString() };
}
