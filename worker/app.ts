import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import italian from 'zod/v4/locales/it.js';
import type { AppEnv } from './env';
import { t } from '../src/core/messages';
import { securityHeaders } from './middleware/security';
import { redirects } from './routes/redirects';
import { auth } from './routes/auth';
import { users } from './routes/users';
import { admin } from './routes/admin';
import { dev } from './routes/dev';
import { pages } from './routes/pages';
import { uploads } from './routes/uploads';
import { tracking } from './routes/tracking';
import { publicRoutes } from './routes/public';

// Only the Italian locale: `z.locales` would pull every language into the edge bundle.
z.config(italian());

export function createApp() {
  const app = new Hono<AppEnv>()
    .use('*', securityHeaders)
    .get('/api/test', (c) => c.json({ status: 'ok', message: t('success.serverReady') }))
    .route('/', redirects)
    .route('/auth', auth)
    .route('/users', users)
    .route('/api/admin', admin)
    .route('/', dev)
    .route('/api/db/landing-pages', uploads)
    .route('/api/db/landing-pages', pages)
    .route('/', tracking)
    // last: it owns the catch-all /{slug}
    .route('/', publicRoutes);

  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      if (err.res) return err.res;
      // Hono's body parsers throw 400 on malformed JSON/form: an invalid body is a 422 here.
      if (err.status === 400) return c.json({ detail: 'Corpo della richiesta non valido' }, 422);
      return c.json({ detail: err.message || 'Errore' }, err.status);
    }
    console.error('unexpected error', c.req.method, c.req.path, err);
    return c.json({ detail: 'Errore interno del server' }, 500);
  });

  app.notFound((c) => c.json({ detail: 'Not Found' }, 404));
  return app;
}

export type AppType = ReturnType<typeof createApp>;
