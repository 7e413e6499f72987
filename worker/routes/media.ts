/**
 * Uploaded media at /dati/… straight from R2: the stored type, nosniff and a CSP that lets
 * nothing run even if a file is opened directly, immutable caching (names carry a version),
 * and byte ranges (phones play MP4 headers only with 206 answers). Also GET /proxy-image.
 */
import { createRoute } from '@hono/zod-openapi';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, type PlainRoute, SESSION } from '../openapi';
import { t } from '../../src/core/messages';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { z } from '../../src/core/zod';
import { proxyImage } from '../services/media/image-proxy';
import { MEDIA_KEY_RE } from '../services/media/media-types';

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

const binary = { schema: { type: 'string' as const, format: 'binary' } };

/** /dati/* is a plain route (byte ranges, conditional requests): described by hand. */
const MEDIA_FILE: PlainRoute = {
  method: 'get',
  path: '/dati/{slug}/{file}',
  tags: ['Media'],
  summary: 'An uploaded file of a page, straight from storage (also HEAD)',
  description:
    'The stored content type, `nosniff`, a CSP that lets nothing run, immutable caching (names carry ' +
    'a version), an ETag (`If-None-Match` answers 304) and one byte range (`Range: bytes=a-b`, 206).',
  request: {
    params: z.object({
      slug: z.string().meta({ description: 'The page the file belongs to', example: 'estate-live' }),
      file: z.string().meta({ description: "The file's stored name", example: 'header.3.jpg' }),
    }),
  },
  responses: {
    200: { description: 'The whole file', content: { 'application/octet-stream': binary } },
    206: { description: 'The byte range asked for', content: { 'application/octet-stream': binary } },
    304: { description: 'Unchanged since the ETag given' },
    404: jsonAnswer(errorAnswerSchema, 'No such file'),
    416: { description: 'The range is outside the file' },
  },
};

/** What the image proxy answers (services/media/image-proxy.ts), here and for a page's header. */
export const PROXY_ANSWERS = {
  200: { description: 'The image', content: { 'image/*': binary } },
  ...errorAnswers(401, 403, 404, 413, 422),
  415: jsonAnswer(errorAnswerSchema, 'Not a JPG, PNG, WebP or GIF image'),
  502: jsonAnswer(errorAnswerSchema, 'The image server failed'),
  504: jsonAnswer(errorAnswerSchema, 'The image server did not answer in time'),
};

/** `?url=`: the image's address (its checks and their messages are in services/media/image-proxy.ts). */
const proxyQuerySchema = z.object({
  url: z
    .string({ error: () => t('proxy.urlInvalid') })
    .meta({ description: 'An http(s) image URL, or a /dati/ path', example: 'https://example.com/a.png' }),
});

const proxyRoute = createRoute({
  method: 'get',
  path: '/proxy-image',
  tags: ['Media'],
  summary: "Another site's image read through the Worker, so the editor's canvas may read its palette",
  description:
    'http(s) only, default ports, no private or local host; redirects re-checked, a byte cap and a ' +
    'timeout; only JPG, PNG, WebP or GIF by their bytes come back.',
  security: SESSION,
  middleware: [requireActive],
  request: { query: proxyQuerySchema },
  responses: PROXY_ANSWERS,
});

const described = describedRoutes();
described.openAPIRegistry.registerPath(MEDIA_FILE);

export const media = described
  .openapi(proxyRoute, (c) => proxyImage(c, c.req.valid('query').url))

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
  });
