import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** SPEC 2 route table: real redirects that keep the query string. */
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

// Inside the guarded areas anything unknown goes back to the area's home (SPEC 2). Known
// screens (/admin, /admin/users, /user) are static files and never reach the Worker.
redirects.get('/admin/*', (c) => c.redirect('/admin', 302));
redirects.get('/user/*', (c) => c.redirect('/user', 302));
