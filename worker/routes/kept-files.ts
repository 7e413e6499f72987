/**
 * GET /api/kept/{slug}/{file}?exp=…&sig=…: one kept file (docs/behaviour.md#history), for the
 * editor's preview of an older version. No session (an <img> in the preview's frame sends
 * none): the signed link, made only for a member who may read the page
 * (services/media/kept-links.ts), is the permission. Read-only, no byte ranges; answered with
 * the stored type, nosniff, the CSP of /dati/* and a private cache no longer than a link lives.
 * Anything else — a bad, missing or expired signature, a name the server never makes, a file
 * not in kept/ — is the same 404.
 */
import { API_PREFIX } from '../../src/core/api-paths';
import { KEPT_LINK_TTL_S } from '../../src/core/kept-links';
import { t } from '../../src/core/messages';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { z } from '../../src/core/zod';
import { fail } from '../errors';
import { describedRoutes, jsonAnswer, type PlainRoute } from '../openapi';
import { keptFolder } from '../services/media/kept-files';
import { keptLinkValid } from '../services/media/kept-links';

const binary = { schema: { type: 'string' as const, format: 'binary' } };

/** A plain route (its refusals are all one 404, never a 422): described by hand, as /dati/*. */
const KEPT_FILE: PlainRoute = {
  method: 'get',
  path: `${API_PREFIX.kept}/{slug}/{file}`,
  tags: ['Media'],
  summary: "A file only a page's older versions use, behind a signed link (for the preview of a version)",
  description:
    'The links come from `GET /api/db/landing-pages/{slug}/versions/{id}` and open their file for ' +
    `${KEPT_LINK_TTL_S / 60} minutes, without a session. The stored content type, \`nosniff\`, a CSP that ` +
    'lets nothing run, `private` caching. A bad, missing or expired signature, or no such kept file: 404.',
  request: {
    params: z.object({
      slug: z.string().meta({ description: 'The page the file belongs to', example: 'estatelive' }),
      file: z.string().meta({ description: "The file's stored name", example: 'estatelive.mb3k2x9a1.jpg' }),
    }),
    query: z.object({
      exp: z.string().meta({ description: 'When the link stops working (Unix seconds)', example: '1784563200' }),
      sig: z.string().meta({ description: 'The Worker’s signature of the slug, the file and exp' }),
    }),
  },
  responses: {
    200: { description: 'The whole file', content: { 'application/octet-stream': binary } },
    404: jsonAnswer(errorAnswerSchema, 'No such file, or not a valid link'),
  },
};

const PATH_RE = new RegExp(`^${API_PREFIX.kept}/([^/]+)/([^/]+)$`);

const described = describedRoutes();
described.openAPIRegistry.registerPath(KEPT_FILE);

export const keptFiles = described.get(`${API_PREFIX.kept}/*`, async (c) => {
  // two segments, each decoded on its own: an encoded '/' never joins or leaves a folder
  const m = PATH_RE.exec(new URL(c.req.url).pathname);
  let folder = '';
  let file = '';
  try {
    folder = decodeURIComponent(m?.[1] ?? '');
    file = decodeURIComponent(m?.[2] ?? '');
  } catch {
    fail(404, t('upload.fileNotFound'));
  }
  if (!(await keptLinkValid(c.env, folder, file, c.req.query('exp'), c.req.query('sig')))) {
    fail(404, t('upload.fileNotFound'));
  }
  const obj = await c.env.BUCKET.get(`${keptFolder(folder)}${file}`);
  if (!obj) fail(404, t('upload.fileNotFound'));
  const headers = new Headers({
    'content-type': obj.httpMetadata?.contentType ?? 'application/octet-stream',
    'content-length': String(obj.size),
    'cache-control': `private, max-age=${KEPT_LINK_TTL_S}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  });
  return new Response(obj.body, { status: 200, headers });
});
