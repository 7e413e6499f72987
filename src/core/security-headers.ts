/**
 * Security headers shared by the static site (scripts/site-headers.mjs writes them into the
 * build's _headers) and the Worker (worker/middleware/security.ts adds them to its answers).
 * Plain constants only: the build script loads this file with Node's type stripping.
 */

/** Two years, subdomains included: the site is only ever served over https in production. */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** Powerful features no screen of the site uses are switched off for it and for any frame in it. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()';

/** What every answer carries, page or API, whatever else it sets. */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** The site's pages are never framed by anyone (click-jacking): the CSP's frame-ancestors plus the older header. */
export const SITE_PAGE_HEADERS: Readonly<Record<string, string>> = {
  ...BASELINE_HEADERS,
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * The policy of an answer that is not a page (JSON, redirects, plain text) and sets none of its
 * own: it loads nothing, runs nothing and is framed by no one.
 */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The policy of an HTML answer that arrives without one (a static file served without the build's
 * _headers): its inline scripts are unknown here, so it keeps at least the framing protection.
 */
export const FALLBACK_PAGE_CSP = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'";
