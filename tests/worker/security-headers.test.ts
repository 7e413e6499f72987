// Every answer of the Worker carries the security headers: its own answers on the paths it runs
// first for (redirects, JSON, robots, the dev mailbox, published pages), and the site's static
// pages it serves through env.ASSETS keep the site's policy (the build's _headers) untouched.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createApp } from '../../worker/app';
import type { AppEnv } from '../../worker/env';
import { securityHeaders } from '../../worker/middleware/security';
import { publishPage } from '../../worker/services/pages/publish';
import { HSTS, PERMISSIONS_POLICY } from '../../src/core/security-headers';
import { call } from './helpers';
import { seedPage, slugFor } from './public-helpers';

function expectBaseline(res: Response, path: string) {
  expect(res.headers.get('strict-transport-security'), path).toBe(HSTS);
  expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('permissions-policy'), path).toBe(PERMISSIONS_POLICY);
}

function expectNeverFramed(res: Response, path: string) {
  expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
  expect(res.headers.get('x-frame-options'), path).toBe('DENY');
}

/** The site's headers as Workers static assets add them from the build's _headers. */
const SITE_CSP =
  "default-src 'self'; script-src 'self' 'sha256-AAAA'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'";

/** The app with env.ASSETS answering every path with `page` (status 200, or 404 for /404's callers). */
function appWithAssets(page: (path: string) => Response) {
  const app = createApp();
  const assets = {
    fetch: async (input: RequestInfo | URL) => page(new URL(input instanceof Request ? input.url : input).pathname),
  };
  return (path: string) =>
    app.request(`http://localhost${path}`, { redirect: 'manual' }, { ...env, ASSETS: assets as unknown as Fetcher });
}

function htmlAsset(status: number, headers: Record<string, string>): Response {
  return new Response('<!doctype html><title>x</title>', {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  });
}

describe("the Worker's own answers carry the security headers", () => {
  it('redirects of the paths it runs first for: HSTS, nosniff, referrer and permissions policies, never framed', async () => {
    for (const path of ['/', '/pending', '/verify-email', '/auth/login', '/admin/nope', '/user/nope']) {
      const res = await call(path);
      expect(res.status, path).toBe(302);
      expectBaseline(res, path);
      expectNeverFramed(res, path);
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'none'");
    }
  });

  it('JSON, robots.txt, sitemap.xml and the dev mailbox', async () => {
    for (const path of ['/api/test', '/users/me', '/robots.txt', '/sitemap.xml', '/dev/mailbox', '/api/nope']) {
      const res = await call(path);
      expectBaseline(res, path);
      expectNeverFramed(res, path);
    }
  });

  it('a published page keeps its own hash policy (framed by no one) and gains the rest', async () => {
    const slug = slugFor('hdr');
    await seedPage(slug);
    await publishPage(env, slug);
    const res = await call(`/${slug}`);
    expect(res.status).toBe(200);
    expectBaseline(res, slug);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'sha256-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('site pages served through env.ASSETS keep the site policy', () => {
  const siteHeaders = { 'content-security-policy': SITE_CSP, 'x-frame-options': 'DENY' };

  it('/admin/users and /user/... screens: the asset answer with its CSP, untouched, plus the baseline', async () => {
    const fetch = appWithAssets(() => htmlAsset(200, siteHeaders));
    for (const path of ['/admin/users', '/user/anything']) {
      const res = await fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toBe(SITE_CSP);
      expectBaseline(res, path);
      expectNeverFramed(res, path);
    }
  });

  it('the 404 page for an unknown path: the site policy with status 404', async () => {
    const fetch = appWithAssets(() => htmlAsset(200, siteHeaders));
    const res = await fetch('/no-such-page-here');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toBe(SITE_CSP);
    expectBaseline(res, '/no-such-page-here');
  });

  it('an HTML asset that arrives without a policy still refuses to be framed', async () => {
    const fetch = appWithAssets(() => htmlAsset(200, {}));
    const res = await fetch('/admin/users');
    expect(res.status).toBe(200);
    expectBaseline(res, '/admin/users');
    expectNeverFramed(res, '/admin/users');
    // its inline scripts are unknown here: no script restriction that would break the page
    expect(res.headers.get('content-security-policy')).not.toContain('script-src');
  });
});

describe('the header middleware', () => {
  it('copies an answer whose headers are immutable (Response.redirect) instead of failing', async () => {
    const app = new Hono<AppEnv>()
      .use('*', securityHeaders)
      .get('/x', () => Response.redirect('http://localhost/y', 302));
    const res = await app.request('http://localhost/x', {}, env);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('http://localhost/y');
    expectBaseline(res, '/x');
    expectNeverFramed(res, '/x');
  });
});
