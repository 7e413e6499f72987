import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';

/** Headers every Worker answer carries; routes may set a stricter CSP of their own. */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const h = c.res.headers;
  if (!h.has('x-content-type-options')) h.set('x-content-type-options', 'nosniff');
  if (!h.has('referrer-policy')) h.set('referrer-policy', 'strict-origin-when-cross-origin');
  if (!h.has('x-frame-options') && !h.has('content-security-policy')) {
    h.set('x-frame-options', 'SAMEORIGIN');
  }
});
