// 10,000 users: the screen pages and searches on the server, so it stays responsive. The users
// are inserted by SQL into the server's own local D1 (one recursive INSERT, no API round trips),
// and removed again afterwards so other test files see the database as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { sqlExec } from '../d1';
import { DESKTOP, PHONE, openBrowser, shot } from '../browser';
import { adminPage, allRow, search } from '../admin-users-helpers';
import { adminCall } from '../api';
import { API_PREFIX } from '../../../src/core/api-paths';

const SEEDED = 10_000;
const DOMAIN = 'seed.palco.test';
const SURNAMES = ['Rossi', 'Bianchi', 'Verdi', 'Neri', 'Russo', 'Ferrari', 'Esposito', 'Romano'];

function seedSql(): string {
  const surname = `CASE n % ${SURNAMES.length} ${SURNAMES.map((s, i) => `WHEN ${i} THEN '${s}'`).join(' ')} END`;
  // no pending users among them: the pending table of other tests stays as it was
  return `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${SEEDED})
INSERT INTO users (email, hashed_password, full_name, company, company_key, status, is_active, is_verified, created_at)
SELECT 'seed' || n || '@${DOMAIN}', 'seed-no-login', 'Seed ' || n || ' ' || ${surname},
  'Seed Agenzia ' || (n % 40), 'seed agenzia ' || (n % 40),
  CASE n % 10 WHEN 0 THEN 'rejected' WHEN 1 THEN 'approved' WHEN 2 THEN 'banned' ELSE 'active' END,
  CASE n % 10 WHEN 2 THEN 0 ELSE 1 END,
  CASE WHEN n % 10 IN (0, 1) THEN 0 ELSE 1 END,
  strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || n || ' minutes')
FROM seq;
INSERT INTO companies (name, key) SELECT 'Seed Agenzia ' || n, 'seed agenzia ' || n FROM (WITH RECURSIVE s(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM s WHERE n < 39) SELECT n FROM s) WHERE true ON CONFLICT DO NOTHING;`;
}

/** Time from an action to a condition in the page, in ms. */
async function timed(action: () => Promise<unknown>, until: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await action();
  await until();
  return Math.round(performance.now() - start);
}

describe('Gestione Utenti with 10,000 users', () => {
  let ctx: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const started = performance.now();
    await sqlExec(seedSql());
    console.log(`[users-screen] seeded ${SEEDED} users by SQL in ${Math.round(performance.now() - started)} ms`);
    ctx = await openBrowser(DESKTOP);
  }, 180_000);

  afterAll(async () => {
    await ctx?.close();
    await sqlExec(
      `DELETE FROM users WHERE email LIKE '%@${DOMAIN}'; DELETE FROM companies WHERE name LIKE 'Seed Agenzia %';`,
    );
  }, 180_000);

  it('loads, searches, filters and pages quickly', async () => {
    const res = await adminCall(`${API_PREFIX.admin}/users/all?q=${DOMAIN}&page_size=1`);
    expect(((await res.json()) as { total: number }).total).toBe(SEEDED);

    const results = () => page.getByTestId('results');
    const firstLoad = await timed(
      async () => {
        page = await adminPage(ctx);
      },
      () => page.getByTestId('all-section').locator('tbody tr').nth(49).waitFor(),
    );
    await expect(results().textContent()).resolves.toMatch(/^1–50 di 10\.0\d\d/);
    // the stats count every status of the whole base
    await expect(page.locator('[data-stat="total"]').textContent()).resolves.toMatch(/^10\.0\d\d$/);

    // one user out of ten thousand, by a part of the name (debounce included)
    const searchOne = await timed(
      () => search(page, 'Seed 7777'),
      () => allRow(page, `seed7777@${DOMAIN}`).waitFor(),
    );
    await expect.poll(() => results().textContent(), { timeout: 15_000 }).toMatch(/^1–1 di 1 /);

    // a broad search: every seeded Rossi (1,250; other tests may add a few more)
    const searchMany = await timed(
      () => search(page, 'rossi'),
      () => expect.poll(() => results().textContent(), { timeout: 15_000 }).toMatch(/^1–50 di 1\.2\d\d /),
    );

    // page 2 of the same search
    const nextPage = await timed(
      () => page.getByRole('button', { name: 'Successiva' }).click(),
      () => expect.poll(() => results().textContent(), { timeout: 15_000 }).toMatch(/^51–100 di 1\.2\d\d /),
    );
    await page.getByText(/^Pagina 2 di 2\d$/).waitFor();

    // status and company filters (every 'Seed Agenzia 12' user is banned: n % 40 = 12)
    await page.getByRole('button', { name: 'Cancella ricerca' }).click();
    const filtered = await timed(
      async () => {
        await page.getByLabel('Stato', { exact: true }).selectOption('banned');
        await page.getByLabel('Azienda', { exact: true }).selectOption('Seed Agenzia 12');
      },
      () => expect.poll(() => results().textContent(), { timeout: 15_000 }).toMatch(/^1–50 di 250 /),
    );
    const statuses = await page
      .getByTestId('all-section')
      .locator('tbody [data-status]')
      .evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-status')))]);
    expect(statuses).toEqual(['banned']);

    // sort by name, ascending
    await page.getByLabel('Stato', { exact: true }).selectOption('');
    await page.getByLabel('Azienda', { exact: true }).selectOption('');
    const sorted = await timed(
      () => page.getByRole('button', { name: 'Ordina per Nome completo' }).click(),
      () => page.locator('th[aria-sort="ascending"]', { hasText: 'Nome completo' }).waitFor(),
    );
    await shot(page, 'admin-users-10k-1280', false);

    console.log(
      `[users-screen] 10k users, time to results (ms): first load ${firstLoad}, search one ${searchOne}, ` +
        `search 1,250 ${searchMany}, next page ${nextPage}, status+company ${filtered}, sort ${sorted}`,
    );
    // a generous sanity bound on a shared, busy machine; the numbers above are the measure
    for (const ms of [firstLoad, searchOne, searchMany, nextPage, filtered, sorted]) expect(ms).toBeLessThan(15_000);
  }, 120_000);

  it('stays usable on a phone with the full list', async () => {
    const phone = await openBrowser(PHONE);
    try {
      const p = await adminPage(phone);
      await p.getByTestId('all-section').locator('tbody tr').nth(49).waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await shot(p, 'admin-users-10k-375', false);
    } finally {
      await phone.close();
    }
  }, 60_000);
});
