import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** The site's old and alias addresses: real redirects that keep the query string. */
const REDIRECTS: Record<string, string> = {
  '/': '/home',
  '/auth/login': '/login',
  '/verify-email': '/login',
  '/auth/verify-email': '/login',
  '/auth/register': '/signup',
  '/auth/pending': '/admin',
  '/pending': '/admin',
};

export const redirects = new Hono<AppEnv>();

for (const [from, to] of Object.entries(REDIRECTS)) {
  redirects.get(from, (c) => {
    const { search } = new URL(c.req.url);
    return c.redirect(to + search, 302);
  });
}

// Inside the guarded areas anything unknown goes back to the area's home. Known
// screens (/admin, /admin/users, /user) are static files and never reach the Worker.
// run_worker_first sends /admin/* here too, so a built screen (admin/users.html) is served first.
for (const area of ['/admin', '/user']) {
  redirects.get(`${area}/*`, async (c) => {
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    // a fresh Response: the middleware adds headers, and fetched ones are immutable
    if (asset.status !== 404 || c.req.path === area) return new Response(asset.body, asset);
    return c.redirect(area, 302);
  });
}
