import { createRoute } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import italian from 'zod/v4/locales/it.js';
import { API_PREFIX, fanPaths, OPENAPI_PATH } from '../src/core/api-paths';
import { t } from '../src/core/messages';
import { securityHeaders } from './middleware/security';
import { PAGE_BODY_MAX_BYTES, SMALL_BODY_MAX_BYTES, bodyLimits } from './middleware/body-limit';
import { redirects } from './routes/redirects';
import { auth } from './routes/auth';
import { users } from './routes/users';
import { admin } from './routes/admin';
import { adminMedia } from './routes/admin-media';
import { company } from './routes/company';
import { dev } from './routes/dev';
import { pages } from './routes/pages';
import { trash } from './routes/trash';
import { pageButtons } from './routes/page-buttons';
import { ticketChangeRoutes } from './routes/ticket-change';
import { PRESALE_CODES_BODY_MAX_BYTES, presaleRoutes } from './routes/presale';
import { versions } from './routes/versions';
import { stats } from './routes/stats';
import { adminFans, fansOwner } from './routes/fans/owner';
import { fanAlerts, fanWebhook } from './routes/fans/alerts';
import { presaleExport } from './routes/presale-export';
import { uploads } from './routes/uploads';
import {
  BUTTON_UPLOAD_MAX_BYTES,
  HEADER_UPLOAD_MAX_BYTES,
  POSTER_UPLOAD_MAX_BYTES,
  TOO_MANY_FILES,
} from './services/media/upload-forms';
import { media } from './routes/media';
import { keptFiles } from './routes/kept-files';
import { tracking } from './routes/public/tracking';
import { ticketImport } from './routes/ticket-import';
import { icsRoutes } from './routes/public/ics';
import { tourFeedRoutes } from './routes/public/tour-feeds';
import { fansPublic } from './routes/fans/public';
import { embedRoutes } from './routes/public/embed';
import { publicRoutes } from './routes/public/page';
import { DOCUMENT_CONFIG, describedRoutes, jsonAnswer, registerSecurity } from './openapi';
import { healthAnswerSchema } from '../src/core/schemas/health';

// Only the Italian locale: `z.locales` would pull every language into the edge bundle.
z.config(italian());

const PAGES = API_PREFIX.pages;

/** Byte caps of request bodies by route, first match wins (worker/middleware/body-limit.ts). */
const BODY_LIMITS = bodyLimits([
  {
    path: new RegExp(`^${PAGES}/[^/]+/upload-image$`),
    maxSize: HEADER_UPLOAD_MAX_BYTES,
    detail: t('upload.videoTooLarge'),
    streamed: true,
  },
  {
    path: new RegExp(`^${PAGES}/[^/]+/upload-poster$`),
    maxSize: POSTER_UPLOAD_MAX_BYTES,
    detail: t('upload.imageTooLarge'),
    streamed: true,
  },
  {
    path: new RegExp(`^${PAGES}/[^/]+/upload-button-images$`),
    maxSize: BUTTON_UPLOAD_MAX_BYTES,
    detail: TOO_MANY_FILES,
    streamed: true,
  },
  // a date's one-time presale codes, as text or CSV (docs/api.md#presales)
  {
    path: new RegExp(`^${PAGES}/[^/]+/buttons/\\d+/presale-codes$`),
    maxSize: PRESALE_CODES_BODY_MAX_BYTES,
    detail: t('presale.bodyTooLarge'),
  },
  // create (POST /) and update (PUT /{slug}) carry a whole page
  { path: new RegExp(`^${PAGES}(/[^/]+)?/?$`), maxSize: PAGE_BODY_MAX_BYTES, detail: t('pages.bodyTooLarge') },
  // /auth/*, /users/*, /api/admin/*, tracking, the rest of the pages API, and every other path
  { path: /^/, maxSize: SMALL_BODY_MAX_BYTES, detail: t('request.bodyTooLarge') },
]);

const healthRoute = createRoute({
  method: 'get',
  path: '/api/test',
  tags: ['Health'],
  summary: 'The Worker answers',
  responses: { 200: jsonAnswer(healthAnswerSchema, 'Ready') },
});

export function createApp() {
  const app = describedRoutes();
  registerSecurity(app);
  app.use('*', securityHeaders).use('*', BODY_LIMITS);
  app.openapi(healthRoute, (c) => c.json({ status: 'ok' as const, message: t('success.serverReady') }, 200));
  app
    .route('/', redirects)
    .route(API_PREFIX.auth, auth)
    .route(API_PREFIX.users, users)
    .route(API_PREFIX.admin, admin)
    .route(API_PREFIX.admin, adminMedia)
    .route(API_PREFIX.admin, adminFans)
    .route(API_PREFIX.company, company)
    .route('/', dev)
    .route(PAGES, uploads)
    .route(PAGES, pages)
    .route(PAGES, pageButtons)
    .route(PAGES, ticketChangeRoutes)
    .route(PAGES, presaleRoutes)
    .route(PAGES, versions)
    .route(PAGES, stats)
    .route(PAGES, fansOwner)
    .route(PAGES, fanAlerts)
    .route(PAGES, presaleExport)
    .route(API_PREFIX.trash, trash)
    .route(fanPaths.webhook, fanWebhook)
    .route('/', media)
    .route('/', keptFiles)
    .route('/', tracking)
    .route('/', ticketImport)
    .route('/', icsRoutes)
    .route('/', tourFeedRoutes)
    .route('/', fansPublic)
    .route('/', embedRoutes);
  // before the catch-all /{slug}; the document is built when asked for, from every route
  app.doc31(OPENAPI_PATH, DOCUMENT_CONFIG);
  // last: it owns the catch-all /{slug}
  app.route('/', publicRoutes);

  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      if (err.res) return err.res;
      // Hono's body parsers throw 400 on malformed JSON/form, and a described route's body check
      // 415 on a body that is not JSON: an invalid body is a 422 here (docs/api.md#errors).
      if (err.status === 400 || err.status === 415) return c.json({ detail: t('request.invalidBody') }, 422);
      return c.json({ detail: err.message || t('request.failed') }, err.status);
    }
    console.error('unexpected error', c.req.method, c.req.path, err);
    return c.json({ detail: t('request.internalError') }, 500);
  });

  app.notFound((c) => c.json({ detail: t('request.notFound') }, 404));
  return app;
}
