/**
 * Slugs (docs/behaviour.md#slugs): lowercase letters and digits only. Every first path segment the site
 * or the Worker uses is reserved, so a page can never shadow a screen, an API or an asset.
 */
export const SLUG_MAX = 64;

/**
 * First path segments in use. Astro pages (src/pages), the Worker's route prefixes
 * (worker/app.ts and its sub-apps), files and folders in public/ and the build output,
 * plus a few names kept back for the future. tests/unit/slug.test.ts checks that every
 * src/pages file, public/ entry and Worker route prefix is listed.
 */
export const RESERVED_SLUGS: readonly string[] = [
  // site screens (src/pages)
  'home',
  'login',
  'signup',
  'admin',
  'user',
  'users',
  'pending',
  'about',
  'terms',
  'privacy',
  'forgotpassword',
  'resetpassword',
  'verifyemail',
  'apireference',
  // the Team screen (docs/behaviour.md#teams)
  'team',
  '404',
  '500',
  'index',
  // Worker prefixes (hyphenated segments can never be typed as a slug, but the
  // hyphen-less spellings would look like them)
  'auth',
  'api',
  'dati',
  'proxyimage',
  'dev',
  'robots',
  'sitemap',
  'preview',
  'public',
  'landing',
  'landingpages',
  'db',
  // static files and folders
  'stores',
  'fonts',
  'demo',
  'favicon',
  'astro',
  'assets',
  'static',
  'media',
  'images',
  'img',
  'manifest',
  'sw',
  'wellknown',
  // kept back
  'www',
  'app',
  'dashboard',
  'settings',
  'account',
  'logout',
  'register',
  'new',
  'edit',
  'null',
  'undefined',
  'palco',
  'help',
  'support',
  'status',
  'health',
  'test',
];

/** The raw first segments (with hyphens, underscores, dots) the routing really uses. */
export const RESERVED_SEGMENTS: readonly string[] = [
  'forgot-password',
  'reset-password',
  'verify-email',
  'api-reference',
  'proxy-image',
  '_astro',
  'robots.txt',
  'sitemap.xml',
  // the embed's loader (src/core/embed.ts)
  'embed.js',
  'favicon.svg',
  'favicon.ico',
  '.well-known',
  'landing-pages',
  'placeholder-header.svg',
  'placeholder',
];

// A segment is reserved as typed-without-punctuation, with and without its file extension.
const RESERVED = new Set<string>([
  ...RESERVED_SLUGS,
  ...RESERVED_SEGMENTS.flatMap((s) => [sanitiseSlug(s), sanitiseSlug(s.replace(/\.[a-z0-9]+$/i, ''))]),
]);

/** The letters without their accents ('Forlì' → 'Forli'). */
export function foldAccents(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** What the slug input does while typing: lowercase, accents folded, everything else dropped. */
export function sanitiseSlug(value: string): string {
  return foldAccents(value.toLowerCase())
    .replace(/[^a-z0-9]/g, '')
    .slice(0, SLUG_MAX);
}

/** Create mode: the slug derived from the title when the slug is left empty. */
export function slugify(title: string): string {
  return sanitiseSlug(title);
}

export function isValidSlugFormat(value: string): boolean {
  return /^[a-z0-9]+$/.test(value);
}

export function isReservedSlug(value: string): boolean {
  return RESERVED.has(value) || RESERVED.has(sanitiseSlug(value));
}
