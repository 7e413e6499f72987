// Every page of the site, in Chromium, is served with a strict Content-Security-Policy (scripts
// only from our origin or by hash, never framed), HSTS, nosniff and a referrer policy, and still
// works under it: no policy violation anywhere, islands hydrate, fonts load, login and the
// editor's preview (whose srcdoc inherits the editor's policy) run. A page of another site that
// frames /login gets nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Page, Response } from 'playwright-core';
import { PHONE, openBrowser, ready, shot } from './browser';
import { uiLogin } from './editor-helpers';
import { makePng } from './media';

/** Every page of the static site, and the paths the Worker answers first with a redirect to one. */
const PAGES = [
  '/home',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/about',
  '/terms',
  '/privacy',
  '/api-reference',
  '/404',
  '/admin',
  '/admin/users',
  '/user',
  '/no-such-page-anywhere',
];
const GUARDED = ['/admin', '/admin/users', '/user'];
const REDIRECTS = ['/', '/pending', '/verify-email', '/admin/nothing-here', '/user/nothing-here'];

const REFERRER_POLICIES = ['strict-origin-when-cross-origin', 'strict-origin', 'same-origin', 'no-referrer'];

let ctx: BrowserContext;
/** CSP violations and page errors seen in any frame of any page of the context. */
const problems: string[] = [];

function watch(page: Page): Page {
  page.on('console', (m: ConsoleMessage) => {
    const text = m.text();
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)|Permissions-Policy/i.test(text)) {
      problems.push(`${page.url()}: console ${m.type()}: ${text}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`${page.url()}: ${err.message}`));
  return page;
}

async function newPage(): Promise<Page> {
  return watch(await ctx.newPage());
}

/** The violations the page itself reported (securitypolicyviolation events, top frame). */
async function reported(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

function expectSecurityHeaders(res: Response, label: string) {
  const h = res.headers();
  const csp = h['content-security-policy'] ?? '';
  expect(csp, `${label}: CSP`).toMatch(/frame-ancestors 'none'/);
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1];
  expect(scriptSrc, `${label}: script-src`).toBeTruthy();
  expect(scriptSrc, `${label}: script-src`).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(h['strict-transport-security'], `${label}: HSTS`).toBe('max-age=63072000; includeSubDomains');
  expect(h['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(REFERRER_POLICIES, `${label}: referrer-policy`).toContain(h['referrer-policy']);
  expect(h['permissions-policy'], `${label}: permissions-policy`).toMatch(/camera=\(\)/);
}

beforeAll(async () => {
  ctx = await openBrowser(PHONE);
  // runs before any page script; the page's own CSP does not apply to it
  await ctx.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
});
// each test answers only for the pages it opened
beforeEach(() => {
  problems.length = 0;
});
afterAll(async () => {
  await ctx?.close();
});

describe('security headers on every page of the site', () => {
  it('each page and each redirect to one: strict CSP never framed, HSTS, nosniff, referrer policy; no violation, islands hydrate, fonts load', {
    timeout: 180_000,
  }, async () => {
    for (const path of PAGES) {
      const page = await newPage();
      const res = await page.goto(path);
      expect(res, path).not.toBeNull();
      expect(res!.headers()['content-type'], path).toMatch(/^text\/html/);
      expectSecurityHeaders(res!, path);
      // guarded screens send an anonymous visitor to /login: check the page it settles on
      if (GUARDED.includes(path)) await page.waitForURL((url) => url.pathname === '/login');
      await ready(page);
      await page.evaluate(() => document.fonts.ready);
      const fonts = await page.evaluate(
        () =>
          [...document.fonts].filter((f) => f.family.replaceAll('"', '') === 'Poppins' && f.status === 'loaded').length,
      );
      expect(fonts, `${path}: Poppins loaded`).toBeGreaterThan(0);
      expect(await reported(page), path).toEqual([]);
      await page.close();
    }
    for (const path of REDIRECTS) {
      const page = await newPage();
      const res = await page.goto(path);
      const first = res!.request().redirectedFrom();
      expect(first, `${path} redirects`).not.toBeNull();
      expectSecurityHeaders((await first!.response())!, `${path} (redirect)`);
      expectSecurityHeaders(res!, `${path} → ${new URL(page.url()).pathname}`);
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  it('a page of another site that frames /login gets nothing: the frame is refused', async () => {
    const base = inject('baseURL');
    // another origin on this machine (a routed fake host would be refused for reaching a local
    // address, whatever the headers say): a tiny server of its own
    const framer = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>framer</title><iframe src="${base}/login" width="375" height="600"></iframe>`);
    });
    await new Promise<void>((resolve) => framer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = framer.address() as AddressInfo;
      const page = await ctx.newPage();
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.waitForLoadState('load');
      const frame = page.frames().find((f) => f !== page.mainFrame());
      expect(frame).toBeTruthy();
      // Chromium replaces a refused frame with its error page: the login screen never renders there
      await expect.poll(() => frame!.url(), { timeout: 10_000 }).toMatch(/^chrome-error:/);
      expect(await frame!.locator('input').count()).toBe(0);
      await page.close();
    } finally {
      framer.close();
    }
  });

  it('the login form works under the policy, and the editor preview runs its script inside the editor policy', {
    timeout: 120_000,
  }, async () => {
    const admin = inject('admin');
    const page = watch(await uiLogin(ctx, admin.email, admin.password, '/admin'));
    await shot(page, 'site-headers-editor-375');
    expect(await reported(page)).toEqual([]);

    // a page with a title, one event and a header picked but not uploaded yet (a blob: URL)
    await page.getByLabel('Titolo', { exact: true }).fill('Tour sotto CSP');
    await page.locator('#ed-header').setInputFiles({
      name: 'header.png',
      mimeType: 'image/png',
      buffer: makePng(600, 300, [214, 36, 110], [19, 17, 31]),
    });
    await page.locator('.ed-header__media img').waitFor();
    await page.getByLabel('Data', { exact: true }).fill('12 gennaio 2099');
    await page.getByLabel('Città', { exact: true }).fill('Milano');
    await page.getByLabel('Venue', { exact: true }).fill('Alcatraz');
    await page.getByLabel('Link CTA 1').fill('https://example.com/milano');
    await page.getByRole('button', { name: 'Aggiungi pulsante', exact: true }).click();
    await page.locator('[data-testid="button-row"]').first().waitFor();
    await page.getByRole('button', { name: 'Anteprima', exact: true }).click();
    await page.locator('dialog.ed-preview[open]').waitFor();
    const frame = page.frameLocator('dialog.ed-preview iframe');
    const header = frame.locator('img[data-h]');
    await expect
      .poll(() => header.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await header.getAttribute('src')).toMatch(/^blob:/);
    // the preview carries the published page's policy itself
    expect(await frame.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).toMatch(
      /script-src 'sha256-/,
    );
    await shot(page, 'site-headers-preview-375', false);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.ed-preview[open]').count()).toBe(0);

    // a header that cannot be decoded: the page's inline script swaps in the placeholder, so it ran
    await page
      .locator('#ed-header')
      .setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await page.getByRole('button', { name: 'Anteprima', exact: true }).click();
    await page.locator('dialog.ed-preview[open]').waitFor();
    await expect
      .poll(() => frame.locator('img[data-h]').getAttribute('src'), { timeout: 10_000 })
      .toBe('/placeholder-header.svg');
    await page.keyboard.press('Escape');

    expect(await reported(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the login screen at 375 px looks as designed under the policy', async () => {
    const page = await newPage();
    await page.goto('/login');
    await ready(page);
    await page.evaluate(() => document.fonts.ready);
    // the stylesheet applied: the ink tone paints the page, not the browser's white default
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
    expect(background).not.toBe('rgb(255, 255, 255)');
    await shot(page, 'site-headers-login-375');
    expect(await reported(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
