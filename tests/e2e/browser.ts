// Chromium through playwright-core: the run's one Debian Chromium (chromium-server.ts), a fresh
// browser context (profile: cookies, storage, cache) per openBrowser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

const SHOTS_DIR = join(import.meta.dirname, 'screenshots');

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

export function baseURL(): string {
  return inject('baseURL');
}

/**
 * Headless Chromium says 'HeadlessChrome' in its User-Agent, which the view and click counter
 * rightly takes for automation (src/core/traffic.ts): the tests play people, so they say Chrome.
 */
export const PERSON_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** A phone's Chrome (Android): what a test that plays a fan or an organiser on a phone says. */
export const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let browser: Promise<Browser> | undefined;

/** This file's connection to the run's Chromium, made on first use. */
function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.connect(inject('chromium'));
  return browser;
}

/**
 * A fresh browser context saying PERSON_UA, or another person's User-Agent (a phone's, say). `touch`
 * emulates a phone's touch screen: `page.tap()` then sends touch events, as a finger would.
 * `javaScript: false` browses with scripts off (the pages that must work without them).
 */
export async function openBrowser(
  viewport = DESKTOP,
  userAgent = PERSON_UA,
  options: { touch?: boolean; javaScript?: boolean } = {},
): Promise<BrowserContext> {
  return (await sharedBrowser()).newContext({
    viewport,
    userAgent,
    ...(options.touch ? { hasTouch: true, isMobile: true } : {}),
    ...(options.javaScript === false ? { javaScriptEnabled: false } : {}),
    baseURL: baseURL(),
    locale: 'it-IT',
  });
}

/**
 * Saves a screenshot to tests/e2e/screenshots/NAME.png (git-ignored) for a person to look at, in
 * a run with E2E_SHOTS=1 (docs/operations.md#tests). Nothing reads them in a test, and each costs
 * about 0.4 core-seconds (some 60 for the 145 of a whole run), so plain `npm test` takes none.
 */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  if (process.env.E2E_SHOTS !== '1') return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage });
}

interface Browsers {
  phone: BrowserContext;
  desktop: BrowserContext;
  /** Each browser with its width: the phone's, then the desktop's. */
  both(): [BrowserContext, number][];
}

/**
 * A phone (375 px) and a desktop (1280 px) browser for the tests of this file, opened before the
 * first test and closed after the last; read them inside tests. `phone` gives the phone another
 * User-Agent and a touch screen (see openBrowser); the desktop always says PERSON_UA.
 */
export function phoneAndDesktop(phone: { userAgent?: string; touch?: boolean } = {}): Browsers {
  const browsers: Browsers = {
    phone: undefined as unknown as BrowserContext,
    desktop: undefined as unknown as BrowserContext,
    both: () => [
      [browsers.phone, PHONE.width],
      [browsers.desktop, DESKTOP.width],
    ],
  };
  beforeAll(async () => {
    [browsers.phone, browsers.desktop] = await Promise.all([
      openBrowser(PHONE, phone.userAgent, { touch: phone.touch }),
      openBrowser(DESKTOP),
    ]);
  });
  afterAll(async () => {
    await Promise.all([browsers.phone?.close(), browsers.desktop?.close()]);
  });
  return browsers;
}

/** Waits until every island on the page has hydrated (Astro drops `ssr` from <astro-island>). */
export async function ready(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** page.goto, then wait for hydration: typing before React owns the inputs would be lost. */
export async function go(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await ready(page);
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Stores a session (or none) in the browser as the login screen would leave it. It is written on
 * a page without scripts: on an app page a session left by an earlier visit could be found revoked
 * (401) and redirect to /login while the test is already navigating elsewhere.
 */
export async function storeSession(page: Page, token: string | null): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate((value) => {
    localStorage.clear();
    if (value) localStorage.setItem('auth_token', value);
  }, token);
}

/** A new page of this browser holding this session (or none). */
export async function pageWithSession(ctx: BrowserContext, token: string | null): Promise<Page> {
  const page = await ctx.newPage();
  await storeSession(page, token);
  return page;
}

/**
 * The bytes of a download. The run's Chromium is shared over a connection (chromium-server.ts),
 * where a download has no local path: its bytes come over that connection.
 */
export async function downloaded(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
