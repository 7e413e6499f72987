// The API reference (/api-reference, docs/api.md#the-reference): built with the site from the
// Worker's OpenAPI document, it shows at least the statistics operation with its parameters and
// answers, every in-page link (contents, `$ref`s) lands on something, the raw document it links
// to is served, nothing scrolls sideways at 375 or 1280 px, and the site's footer links to it.
import { describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../src/core/api-paths';
import { go, phoneAndDesktop, shot } from './browser';

const PATH = '/api-reference';
const STATS = '#op-get-api-db-landing-pages-slug-stats';

describe('the API reference page', () => {
  const browsers = phoneAndDesktop();

  it('renders the document: the statistics operation, working links, no sideways scroll', async () => {
    for (const [ctx, width] of browsers.both()) {
      const page = await ctx.newPage();
      await go(page, PATH);
      expect(await page.getByRole('heading', { level: 1, name: 'Riferimento API' }).isVisible()).toBe(true);

      const stats = page.locator(STATS);
      await stats.scrollIntoViewIfNeeded();
      expect(await stats.getByRole('heading', { level: 3 }).textContent()).toMatch(
        /^\s*GET\s*\/api\/db\/landing-pages\/\{slug\}\/stats\s*$/,
      );
      expect(await stats.getByText('Richiede una sessione').isVisible()).toBe(true);
      // the parameters table names the path's slug and the period's ?days
      expect(await stats.locator('table.api-params tbody th .api-param-name').allTextContents()).toEqual([
        'slug',
        'days',
      ]);
      // answers by status, the success one first
      const statuses = await stats.locator('.api-answers .api-status').allTextContents();
      expect(statuses[0]).toBe('200');
      expect(statuses).toContain('422');
      // a `$ref` is a link to its component
      expect(await stats.getByRole('link', { name: 'Error' }).first().getAttribute('href')).toBe('#schema-error');

      // every in-page link (contents, component links, back to the contents) has its target
      const missing = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="#"]')]
          .map((a) => a.getAttribute('href')!.slice(1))
          .filter((id) => !document.getElementById(id)),
      );
      expect(missing).toEqual([]);

      // long paths wrap and tables stack: the page never scrolls sideways
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);

      // the raw document it points to, and the footer's way in
      expect(await page.getByRole('link', { name: OPENAPI_PATH }).getAttribute('href')).toBe(OPENAPI_PATH);
      const raw = await page.request.get(OPENAPI_PATH);
      expect(raw.status()).toBe(200);
      expect(((await raw.json()) as { openapi: string }).openapi).toBe('3.1.0');
      expect(await page.getByRole('contentinfo').getByRole('link', { name: 'API' }).getAttribute('href')).toBe(PATH);

      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `api-reference-${width}`);
      await page.goto(`${PATH}${STATS}`);
      await shot(page, `api-reference-stats-${width}`, false);
      await page.close();
    }
  });
});
