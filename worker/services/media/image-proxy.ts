/**
 * The image proxy (`GET /proxy-image?url=` and `…/{slug}/image-proxy`): lets the editor
 * read pixels of an image on another origin (palette extraction). Never a general-purpose
 * proxy: http(s) only, default ports only, no loopback or private hosts, redirects followed by
 * hand and re-checked, a byte cap while streaming, a timeout, and only JPG/PNG/WebP/GIF by
 * magic bytes come back (never SVG or HTML). Our own /dati/ objects are read straight from R2.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../../env';
import { fail } from '../../errors';
import { t } from '../../../src/core/messages';
import { MAX_IMAGE_BYTES } from '../../../src/core/constants';
import { CONTENT_TYPES, MEDIA_KEY_RE, isImageKind, sniff, type ImageKind, type MediaKind } from './media-types';
import { readCapped } from '../bytes';

const TIMEOUT_MS = 8000;
const MAX_REDIRECTS = 4;

function ipv4Blocked(h: string): boolean {
  const parts = h.split('.').map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return true;
  const [a, b] = parts as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/** Loopback, private, link-local and local-only names. The URL parser has already normalised
 * numeric hosts (2130706433, 0x7f.1 → 127.0.0.1). */
export function isBlockedHost(hostname: string): boolean {
  const h = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (!h) return true;
  if (h === 'localhost' || /\.(localhost|local|internal|lan|home|arpa)$/.test(h)) return true;
  if (h.includes(':')) {
    return (
      h === '::' ||
      h === '::1' ||
      /^f[cd]/.test(h) ||
      /^fe[89ab]/.test(h) ||
      h.startsWith('::ffff:') ||
      h.startsWith('64:ff9b') ||
      h.startsWith('2002:') ||
      h.startsWith('::')
    );
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(h)) return ipv4Blocked(h);
  return !h.includes('.');
}

function imageResponse(bytes: Uint8Array, kind: MediaKind): Response {
  return new Response(bytes, {
    headers: {
      'content-type': CONTENT_TYPES[kind],
      'content-length': String(bytes.length),
      'cache-control': 'private, max-age=300',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    },
  });
}

function checkImage(bytes: Uint8Array): ImageKind {
  const kind = sniff(bytes.subarray(0, 16));
  if (!isImageKind(kind)) fail(415, t('proxy.notImage'));
  return kind;
}

async function fromBucket(c: Context<AppEnv>, path: string): Promise<Response> {
  let key: string;
  try {
    key = decodeURIComponent(path).slice(1);
  } catch {
    fail(404, t('upload.fileNotFound')); // a broken escape names no object of ours
  }
  if (!MEDIA_KEY_RE.test(key)) fail(404, t('upload.fileNotFound'));
  const obj = await c.env.BUCKET.get(key);
  if (!obj) fail(404, t('upload.fileNotFound'));
  if (obj.size > MAX_IMAGE_BYTES) {
    await obj.body.cancel();
    fail(413, t('proxy.tooLarge'));
  }
  const bytes = new Uint8Array(await obj.arrayBuffer());
  return imageResponse(bytes, checkImage(bytes));
}

function checkTarget(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') fail(422, t('proxy.urlInvalid'));
  if (url.username || url.password) fail(422, t('proxy.urlInvalid'));
  if (url.port && url.port !== '80' && url.port !== '443') fail(403, t('proxy.blocked'));
  if (isBlockedHost(url.hostname)) fail(403, t('proxy.blocked'));
}

export interface ProxyOptions {
  /** the network: tests pass a fake one */
  fetcher?: typeof fetch;
  timeoutMs?: number;
}

/** Answers the image at `ref` (a /dati/ path of ours or an http(s) URL), or a {detail} error. */
export async function proxyImage(c: Context<AppEnv>, ref: string, options: ProxyOptions = {}): Promise<Response> {
  const fetcher = options.fetcher ?? fetch;
  const raw = ref.trim();
  if (!raw || raw.length > 4096) fail(422, t('proxy.urlInvalid'));
  const self = new URL(c.req.url);
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    if (raw.startsWith('/dati/')) return fromBucket(c, raw);
    fail(415, t('proxy.notImage')); // /stores/ badges are SVG: never proxied
  }
  let url: URL;
  try {
    url = new URL(raw.startsWith('//') ? `https:${raw}` : raw);
  } catch {
    fail(422, t('proxy.urlInvalid'));
  }
  if (url.origin === self.origin && url.pathname.startsWith('/dati/')) return fromBucket(c, url.pathname);

  const deadline = AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS);
  for (let hop = 0; ; hop++) {
    checkTarget(url);
    if (url.origin === self.origin) fail(403, t('proxy.blocked'));
    let res: Response;
    try {
      res = await fetcher(url.toString(), {
        redirect: 'manual',
        signal: deadline,
        headers: { accept: 'image/webp,image/png,image/jpeg,image/gif;q=0.9' },
      });
    } catch (err) {
      if (deadline.aborted) fail(504, t('proxy.timeout'));
      console.error('proxy fetch failed', url.host, err);
      fail(502, t('error.imageDownload'));
    }
    if (res.status >= 300 && res.status < 400 && res.headers.get('location')) {
      await res.body?.cancel();
      if (hop >= MAX_REDIRECTS) fail(502, t('proxy.tooManyRedirects'));
      try {
        url = new URL(res.headers.get('location')!, url);
      } catch {
        fail(502, t('error.imageDownload'));
      }
      continue;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      fail(502, t('error.imageDownload'));
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > MAX_IMAGE_BYTES) {
      await res.body.cancel();
      fail(413, t('proxy.tooLarge'));
    }
    const type = (res.headers.get('content-type') ?? '').toLowerCase();
    if (type && !type.startsWith('image/') && !type.startsWith('application/octet-stream')) {
      await res.body.cancel();
      fail(415, t('proxy.notImage'));
    }
    let bytes: Uint8Array;
    try {
      bytes = await readCapped(res.body, MAX_IMAGE_BYTES, () => fail(413, t('proxy.tooLarge')));
    } catch (err) {
      if (deadline.aborted) fail(504, t('proxy.timeout'));
      throw err;
    }
    return imageResponse(bytes, checkImage(bytes));
  }
}
