import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { openBrowser, shot, PHONE } from './browser';

describe('the stack serves the site', () => {
  let ctx: BrowserContext;
  beforeAll(async () => {
    ctx = await openBrowser(PHONE);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('redirects / to /home and renders it', async () => {
    const page = await ctx.newPage();
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/home');
    await shot(page, 'smoke-home-375');
  });
});
