// The junk of the junk-requests test: random paths over every route of the app, broken
// percent-encodings, bodies, content types and who sends them, as fast-check arbitraries.
import fc from 'fast-check';
import { API_PREFIX } from '../../src/core/api-paths';
import { GIF, PNG, concat } from './media-fixtures';
import { uniqueSlug } from './helpers';

export const COMPANY = 'Junk Live';
export const SLUG = uniqueSlug('junk');
export const OBJECT = `dati/${SLUG}/1.abc.png`;

// Paths

const PERCENT_JUNK = [
  '%',
  '%%',
  '%E0',
  '%e0%80',
  '%zz',
  '%G1',
  '%C0%AF',
  '%C0%80',
  '%E0%80%AF',
  '%ED%A0%80',
  '%F4%90%80%80',
  '%F8%88%80%80%80',
  '%FF',
  '%FE%FF',
  '%00',
  '%0A',
  '%0D%0A',
  '%25',
  '%25E0',
  '%2F',
  '%5C',
  '%2e%2e',
  '%u00e0',
  '%EF%BF%BD',
  '%3F',
  '%23',
];

const piece = fc.oneof(
  { arbitrary: fc.constantFrom(...PERCENT_JUNK), weight: 3 },
  { arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent), weight: 1 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 4 }), weight: 1 },
  { arbitrary: fc.stringMatching(/^[a-z0-9._~-]{1,12}$/), weight: 2 },
);

const segment = fc.oneof(
  { arbitrary: fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join('')), weight: 4 },
  {
    arbitrary: fc.constantFrom(SLUG, 'demo', 'admin', 'api', 'dati', '1', '0', '-1', '1.5', '9'.repeat(30), ''),
    weight: 2,
  },
  { arbitrary: fc.constant('x'.repeat(3000)), weight: 1 },
);

type PathMaker = (s: string, x: string, id: string) => string;
export const P = API_PREFIX.pages;
const ROUTES: PathMaker[] = [
  () => '/',
  () => '/home',
  () => '/verify-email',
  () => '/pending',
  () => '/auth/login',
  () => '/auth/register',
  () => '/auth/jwt/login',
  () => '/auth/jwt/logout',
  () => '/auth/verify',
  () => '/auth/request-verify-token',
  () => '/auth/forgot-password',
  () => '/auth/reset-password',
  (_s, x) => `/auth/${x}`,
  () => '/users/me',
  (_s, x) => `/users/${x}`,
  () => '/api/test',
  () => `${API_PREFIX.admin}/companies`,
  () => `${API_PREFIX.admin}/users/pending`,
  () => `${API_PREFIX.admin}/users/all`,
  () => `${API_PREFIX.admin}/stats`,
  (_s, _x, id) => `${API_PREFIX.admin}/users/${id}`,
  (_s, _x, id) => `${API_PREFIX.admin}/users/${id}/approve`,
  (_s, _x, id) => `${API_PREFIX.admin}/users/${id}/ban`,
  (_s, _x, id) => `${API_PREFIX.admin}/users/${id}/unban`,
  (_s, _x, id) => `${API_PREFIX.admin}/users/${id}/history`,
  (_s, _x, id) => `${API_PREFIX.admin}/users/${id}/make-admin`,
  (_s, _x, id) => `${API_PREFIX.admin}/users/${id}/remove-admin`,
  (_s, _x, id) => `${API_PREFIX.admin}/users/${id}/company`,
  (_s, x) => `${API_PREFIX.admin}/${x}`,
  () => P,
  () => `${P}/`,
  (s) => `${P}/${s}`,
  (s) => `${P}/${s}/upload-image`,
  (s) => `${P}/${s}/upload-poster`,
  (s) => `${P}/${s}/upload-button-images`,
  (s, x) => `${P}/${s}/button-image/${x}`,
  (s) => `${P}/${s}/image-proxy`,
  (s) => `${P}/${s}/company`,
  (s) => `${P}/${s}/visibility`,
  (s, _x, id) => `${P}/${s}/buttons/${id}/click`,
  (s, x) => `${P}/${s}/buttons/${x}/click?k=${x}&u=${x}&r=${x}`,
  (s, x) => `${P}/${s}/stats?days=${x}`,
  (s, x) => `${P}/${s}/stats.csv?days=${x}`,
  (s) => `${P}/${s}/fans/alerts`,
  (s, _x, id) => `${P}/${s}/fans/alerts/${id}/send`,
  (s, _x, id) => `${P}/${s}/fans/alerts/${id}/cancel`,
  () => '/api/fans/webhook',
  (_s, x) => `${API_PREFIX.admin}/stats?days=${x}`,
  (s, x) => `${P}/${s}/${x}`,
  (s) => `/api/db/public/landing/${s}`,
  (_s, x) => `/api/db/public/${x}`,
  () => '/api/track-url',
  () => '/proxy-image',
  () => `/${OBJECT}`,
  (s, x) => `/dati/${s}/${x}`,
  (_s, x) => `/dati/${x}`,
  (s) => `/${s}`,
  (s) => `/${s}/`,
  (s) => `/${s}/fans`,
  (s) => `/${s}/fans/confirm`,
  (s) => `/${s}/fans/unsubscribe`,
  (s) => `/${s}/fans/erase`,
  (_s, x) => `/${x}`,
  (s, x) => `/${s}/${x}/${x}`,
  () => '/dev/mailbox',
  () => '/api/dev/mailbox',
  (_s, x) => `/dev/${x}`,
  () => '/robots.txt',
  () => '/sitemap.xml',
  (_s, x) => `/admin/${x}`,
  (_s, x) => `/user/${x}`,
  (_s, x) => `/stores/${x}`,
];

const id = fc.oneof(fc.integer({ min: 0, max: 40 }).map(String), segment);
export const path = fc
  .tuple(fc.constantFrom(...ROUTES), fc.oneof(fc.constant(SLUG), segment), segment, id)
  .map(([route, s, x, i]) => route(s, x, i));

// Image-proxy targets: ours (/dati/, same origin), refused ones, and junk. Never a public
// host: the property must not depend on the network.
const proxyTarget = fc.oneof(
  fc.tuple(segment, segment).map(([a, b]) => `/dati/${a}/${b}`),
  segment.map((s) => `/dati/${SLUG}/${s}`),
  segment.map((s) => `http://localhost/dati/${SLUG}/${s}`),
  segment.map((s) => `http://127.0.0.1/${s}`),
  segment.map((s) => `https://10.0.0.1/${s}`),
  segment.map((s) => `/stores/${s}`),
  segment.map((s) => `javascript:${s}`),
  segment.map((s) => `x${s}`),
);
const queryValue = fc.oneof(
  segment,
  fc.tuple(proxyTarget, fc.boolean()).map(([v, encode]) => (encode ? encodeURIComponent(v) : v)),
  fc.constantFrom('true', 'false', '1', '0', '-1', '1e9', 'NaN', 'null'),
);
const queryKey = fc.oneof(
  fc.constantFrom('url', 'visible', 'page', 'page_size', 'search', 'q', 'status', 'sort', 'order', 'to', 'token'),
  piece,
);
export const query = fc.option(
  fc
    .array(fc.tuple(queryKey, queryValue), { minLength: 1, maxLength: 3 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`),
  { nil: '' },
);

// Bodies

interface Body {
  type: string | null;
  data: string | Uint8Array | null;
}

const KEYS = [
  'username',
  'password',
  'email',
  'token',
  'url',
  'slug',
  'campaign',
  'title',
  'display_title',
  'folder_name',
  'company',
  'visible',
  'mode',
  'style',
  'header',
  'buttons',
  'custom_styles',
  'action',
  'reason',
  'full_name',
  'cta_buttons',
  'city',
  'other_city',
  'website',
  'List-Unsubscribe',
];
const printable = fc.stringMatching(/^[\x20-\x7e]{0,60}$/);
// values the routes look for, so junk also reaches past their first checks
const meaningful = fc.constantFrom(
  'approve',
  'reject',
  'text',
  'image',
  'light',
  'dark',
  'custom',
  true,
  false,
  0,
  1,
  'https://www.ticketone.it/x',
  'vivaticket.com/y',
  `/dati/${SLUG}/1.abc.png`,
  '/stores/spotify.svg',
  'a@b.it',
  'Segreta123',
  '12/05/2099 - Milano - Alcatraz|biglietti',
  '*',
  '+',
  'Milano',
  'One-Click',
);
const value = fc.oneof(fc.jsonValue({ maxDepth: 2 }), segment, meaningful);
const jsonish = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 }));
// A page payload that mostly passes validation, with junk in its texts, links and styles.
const junkText = fc.oneof(segment, meaningful.map(String), fc.string({ unit: 'grapheme', maxLength: 40 }));
const junkUrl = fc.oneof(
  junkText.map((x) => `https://x.example/${x}`),
  junkText.map((x) => `vivaticket.com/${x}?a=${x}`),
  junkText,
);
// media links: ours, hosts the proxy refuses, and junk (a remote one meets the fake network below)
const junkMedia = fc.oneof(
  segment.map((x) => `/dati/${SLUG}/${x}`),
  segment.map((x) => `http://localhost/dati/${SLUG}/${x}`),
  junkText.map((x) => `https://127.0.0.1/${x}.png`),
  fc.constantFrom('/stores/spotify.svg', ''),
  junkText,
);
const eventButton = fc.record({
  id: fc.option(fc.oneof(fc.integer(), segment), { nil: undefined }),
  type: fc.constant('text'),
  text: fc.tuple(junkText, junkText, junkText, junkText).map(([d, c, v, l]) => `${d} - ${c} - ${v}|${l}`),
  cta_buttons: fc.array(fc.record({ url: junkUrl, buttonText: junkText }), { minLength: 1, maxLength: 3 }),
});
const imageButton = fc.record({
  id: fc.option(fc.oneof(fc.integer(), segment), { nil: undefined }),
  type: fc.constant('image'),
  text: junkText,
  image_path: junkMedia,
  url: junkUrl,
});
export const styles = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  junkText,
  fc.record(
    {
      data: fc.dictionary(fc.constantFrom('fontFamily', 'fontSize', 'fontWeight', 'color', 'fontStyle'), value),
      city: fc.dictionary(fc.constantFrom('fontFamily', 'fontSize', 'fontWeight', 'color', 'fontStyle'), value),
      buttons: fc.dictionary(fc.constantFrom('backgroundColor', 'textColor', 'borderRadius', 'fontSize'), value),
      background: fc.dictionary(fc.constant('color'), fc.oneof(value, fc.constantFrom('#123456', '#zzzzzz', 'red'))),
    },
    { requiredKeys: [] },
  ),
);
export const pagePayload = fc
  .record({
    folder_name: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9]{2,20}$/), segment),
    title: junkText.map((x) => `T ${x}`),
    display_title: junkText,
    header: junkMedia,
    style: fc.constantFrom('light', 'dark', 'custom'),
    custom_styles: styles,
    mode: fc.constantFrom('text', 'image'),
    events: fc.array(eventButton, { minLength: 1, maxLength: 4 }),
    images: fc.array(imageButton, { minLength: 1, maxLength: 4 }),
  })
  .map(({ events, images, ...page }) => ({ ...page, buttons: page.mode === 'text' ? events : images }));

const enc = new TextEncoder();
function joinBytes(parts: Array<string | Uint8Array>): Uint8Array {
  return concat(...parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p)));
}

const multipart: fc.Arbitrary<Body> = fc
  .record({
    boundary: fc.stringMatching(/^[A-Za-z0-9'()+_,-./:=?]{1,40}$/),
    parts: fc.array(
      fc.record({
        name: fc.oneof(fc.constantFrom('image', 'button_images', 'image_mapping', 'username', 'password'), printable),
        filename: fc.option(printable, { nil: null }),
        data: fc.oneof(
          fc.constantFrom(PNG, GIF, enc.encode('{"0":0}'), enc.encode('{"0":"x"}')),
          fc.uint8Array({ maxLength: 200 }),
          fc.string({ maxLength: 50 }),
        ),
      }),
      { maxLength: 4 },
    ),
    cut: fc.option(fc.nat({ max: 400 }), { nil: null }),
    header: fc.constantFrom('ok', 'no boundary', 'other boundary'),
  })
  .map(({ boundary, parts, cut, header }) => {
    const chunks: Array<string | Uint8Array> = [];
    for (const p of parts) {
      const file = p.filename === null ? '' : `; filename="${p.filename}"`;
      chunks.push(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file}\r\n\r\n`, p.data, '\r\n');
    }
    chunks.push(`--${boundary}--\r\n`);
    let data = joinBytes(chunks);
    if (cut !== null) data = data.slice(0, Math.max(0, data.length - cut));
    const type =
      header === 'ok'
        ? `multipart/form-data; boundary=${boundary}`
        : header === 'no boundary'
          ? 'multipart/form-data'
          : 'multipart/form-data; boundary=zz';
    return { type, data };
  });

export const contentType = fc.oneof(
  fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary="open',
    'text/plain',
    'image/png',
    '*/*',
  ),
  printable,
);

export const body: fc.Arbitrary<Body> = fc.oneof(
  fc.constant({ type: null, data: null }),
  jsonish.map((v) => ({ type: 'application/json', data: JSON.stringify(v) ?? 'null' })),
  pagePayload.map((v) => ({ type: 'application/json', data: JSON.stringify(v) })),
  fc.string({ maxLength: 100 }).map((s) => ({ type: 'application/json', data: s })),
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), piece), segment), { maxLength: 4 }).map((pairs) => ({
    type: 'application/x-www-form-urlencoded',
    data: pairs.map(([k, v]) => `${k}=${v}`).join('&'),
  })),
  multipart,
  fc
    .tuple(contentType, fc.oneof(fc.string({ maxLength: 100 }), fc.uint8Array({ maxLength: 300 })))
    .map(([type, data]) => ({ type, data })),
  fc.uint8Array({ maxLength: 300 }).map((data) => ({ type: null, data })),
);

// Requests

const WHO = ['anonymous', 'admin', 'organiser', 'pending', 'forged', 'malformed'] as const;
export type Who = (typeof WHO)[number];

export interface JunkRequest {
  method: string;
  path: string;
  query: string;
  body: Body;
  who: Who;
  range: string | null;
}

export const request: fc.Arbitrary<JunkRequest> = fc.record({
  method: fc.oneof(
    { arbitrary: fc.constantFrom('GET', 'POST'), weight: 4 },
    { arbitrary: fc.constantFrom('HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PURGE'), weight: 2 },
  ),
  path,
  query,
  body,
  who: fc.constantFrom(...WHO),
  range: fc.option(
    fc.oneof(
      fc.constantFrom(
        'bytes=0-1',
        'bytes=-5',
        'bytes=5-1',
        'bytes=abc',
        'bytes=99999999999999999999-',
        'bytes=0-0,2-3',
        'bytes=-0',
      ),
      printable,
    ),
    { nil: null },
  ),
});
