/**
 * Uploaded media at /dati/… straight from R2: the stored type, nosniff and a CSP that lets
 * nothing run even if a file is opened directly, immutable caching (names carry a version),
 * and byte ranges (phones play MP4 headers only with 206 answers). Also GET /proxy-image.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { t } from '../../src/core/messages';
import { proxyImage } from '../services/image-proxy';
import { MEDIA_KEY_RE } from '../services/media-types';

/** A single byte range: [start, end] inclusive; 'invalid' when unsatisfiable; null to ignore. */
export function parseRange(header: string | undefined, size: number): [number, number] | 'invalid' | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null; // multiple or odd ranges: answer the whole file
  const [, a, b] = m;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return 'invalid';
    return [Math.max(0, size - n), size - 1];
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return 'invalid';
  return [start, end];
}

export const media = new Hono<AppEnv>()
  .get('/dati/*', async (c) => {
    let key: string;
    try {
      key = decodeURIComponent(new URL(c.req.url).pathname).slice(1);
    } catch {
      fail(404, t('upload.fileNotFound'));
    }
    if (!MEDIA_KEY_RE.test(key)) fail(404, t('upload.fileNotFound'));
    const head = await c.env.BUCKET.head(key);
    if (!head) fail(404, t('upload.fileNotFound'));
    const headers = new Headers({
      'content-type': head.httpMetadata?.contentType ?? 'application/octet-stream',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'accept-ranges': 'bytes',
      etag: head.httpEtag,
    });
    if (c.req.header('if-none-match') === head.httpEtag) return new Response(null, { status: 304, headers });
    const range = parseRange(c.req.header('range'), head.size);
    if (range === 'invalid') {
      headers.set('content-range', `bytes */${head.size}`);
      return new Response(null, { status: 416, headers });
    }
    const isHead = c.req.method === 'HEAD';
    if (range) {
      const [start, end] = range;
      headers.set('content-range', `bytes ${start}-${end}/${head.size}`);
      headers.set('content-length', String(end - start + 1));
      if (isHead) return new Response(null, { status: 206, headers });
      const obj = await c.env.BUCKET.get(key, { range: { offset: start, length: end - start + 1 } });
      if (!obj) fail(404, t('upload.fileNotFound'));
      return new Response(obj.body, { status: 206, headers });
    }
    headers.set('content-length', String(head.size));
    if (isHead) return new Response(null, { status: 200, headers });
    const obj = await c.env.BUCKET.get(key);
    if (!obj) fail(404, t('upload.fileNotFound'));
    return new Response(obj.body, { status: 200, headers });
  })

  .get('/proxy-image', requireActive, (c) => proxyImage(c, c.req.query('url') ?? ''));
