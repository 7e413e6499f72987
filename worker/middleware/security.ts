import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { BASELINE_HEADERS, FALLBACK_PAGE_CSP, NON_PAGE_CSP } from '../../src/core/security-headers';

/**
 * Headers every Worker answer carries. A route's own policy always wins: the published page and
 * uploaded media set a CSP of their own, and a site page fetched through env.ASSETS arrives with
 * the site's headers (the build's _headers file), which are kept as they are. An answer with no
 * policy gets one that frames nothing and is framed by no one.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  let h = c.res.headers;
  try {
    h.set('x-content-type-options', h.get('x-content-type-options') ?? 'nosniff');
  } catch {
    // headers of a fetched Response are immutable: answer with a copy
    c.res = new Response(c.res.body, c.res);
    h = c.res.headers;
  }
  for (const [name, value] of Object.entries(BASELINE_HEADERS)) {
    if (!h.has(name)) h.set(name, value);
  }
  if (!h.has('content-security-policy')) {
    const html = (h.get('content-type') ?? '').toLowerCase().startsWith('text/html');
    h.set('content-security-policy', html ? FALLBACK_PAGE_CSP : NON_PAGE_CSP);
  }
  if (!h.has('x-frame-options') && /frame-ancestors 'none'/.test(h.get('content-security-policy') ?? '')) {
    h.set('x-frame-options', 'DENY');
  }
});
