import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { romeBucket, addDays } from '../../src/core/traffic';
import { sqlExec } from './d1';
import { type AuditReport, Gate, expectAccessible, setWidth } from './a11y';
import { adminToken, api } from './api';
import { downloaded, openBrowser, pageWithSession, PHONE, ready, shot } from './browser';
import { editorPage, expectNotice, rankRows } from './editor-helpers';
import { createPage, textPageBody, uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

/** A phone's Chrome: counted as a visit, and as a smartphone. */
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36';

/** The flush delay is at most 10 s locally; the view must show a visit within this. */
const COUNTED_WITHIN_MS = 15_000;

interface Saved {
  buttons: { id: number; position: number }[];
}

/** Two events, the first with two calls to action. */
async function seedPage(token: string, slug: string): Promise<Saved> {
  const event = (text: string, ctas: [string, string][]) => ({
    type: 'text',
    text,
    url: ctas[0]![1],
    cta_buttons: ctas.map(([buttonText, url]) => ({ buttonText, url })),
  });
  return createPage<Saved>(
    token,
    textPageBody(slug, `Statistiche ${slug}`, [
      event('14 giugno - Milano - Alcatraz|biglietti', [
        ['biglietti', 'https://example.com/mi'],
        ['VIP', 'https://example.com/mi-vip'],
      ]),
      event('20 giugno - Roma - Atlantico|biglietti', [['biglietti', 'https://example.com/rm']]),
    ]),
  );
}

/** Loads a saved page into the editor from the sidebar and opens its statistics. */
async function openStats(page: Page, slug: string): Promise<void> {
  await page.getByRole('button', { name: /^Landing Pages/ }).click();
  await page.locator(`.ed-page[data-slug="${slug}"] button`).first().click();
  await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
  await expect.poll(() => page.locator('dialog.ed-drawer[open]').count()).toBe(0);
  await page.getByRole('tab', { name: 'Statistiche' }).click();
  await page.getByTestId('stats-view').waitFor();
}

/** A breakdown's rows as [label, views] (views from the row's data, not its wording). */
function rowsOf(page: Page, testId: string): Promise<[string, number][]> {
  return rankRows(page, testId, '.xs-rank-label', 'data-views');
}

/** A breakdown's rows as [label, sign-ups], from the rows' data. */
function signupsOf(page: Page, testId: string): Promise<[string, number][]> {
  return rankRows(page, testId, '.xs-rank-label', 'data-signups');
}

/**
 * Fan sign-ups of today, by source, straight into the server's page_stats: on the view rows, as
 * the counting pipeline writes them.
 */
async function seedSignups(slug: string, bySource: Record<string, number>): Promise<void> {
  const { day, hour } = romeBucket(Date.now());
  const sources = Object.entries(bySource)
    .map(([source, n]) => `SELECT '${source}' AS source, ${n} AS n`)
    .join(' UNION ALL ');
  await sqlExec(
    `INSERT INTO page_stats (page_id, day, hour, button_id, cta, source, device, country, views, clicks, signups)
     SELECT p.id, '${day}', ${hour}, 0, 0, s.source, 'mobile', 'IT', 0, 0, s.n
     FROM landing_pages p, (${sources}) s WHERE p.folder_name = '${slug}'
     ON CONFLICT DO UPDATE SET signups = signups + excluded.signups`,
  );
}

async function kpi(page: Page, name: 'views' | 'clicks' | 'ctr' | 'signups'): Promise<string> {
  return (await page.getByTestId('stats-view').locator(`[data-kpi="${name}"] .xs-kpi-value`).textContent()) ?? '';
}

describe('statistics view', () => {
  let ctx: BrowserContext;
  let token: string;

  beforeAll(async () => {
    token = await adminToken();
    ctx = await openBrowser(PHONE, PHONE_UA);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows a visit from Instagram and one from the QR code within seconds, by source, day and event', {
    timeout: 150_000,
  }, async () => {
    const slug = uniqueSlug('stats');
    const saved = await seedPage(token, slug);
    const [first, second] = saved.buttons.sort((a, b) => a.position - b.position);

    const visitor = await ctx.newPage();
    const fromInstagram = await visitor.goto(`/${slug}`, { referer: 'https://l.instagram.com/' });
    expect(fromInstagram?.status()).toBe(200);
    const fromQr = await visitor.goto(`/${slug}?utm_source=qr`);
    expect(fromQr?.status()).toBe(200);
    await visitor.close();
    // and fans who signed up: two from Instagram, one from the QR code, one from a newsletter whose
    // visit fell in another period
    await seedSignups(slug, { instagram: 2, qr: 1, 'newsletter-marzo': 1 });

    const page = await editorPage(ctx, token, '/admin');
    await openStats(page, slug);
    const view = page.getByTestId('stats-view');
    await expect
      .poll(
        async () => {
          if ((await kpi(page, 'views')) !== '2') {
            await view.getByRole('button', { name: 'Aggiorna' }).click();
            await expect.poll(() => view.getAttribute('aria-busy')).toBe('false');
          }
          return rowsOf(page, 'stats-sources');
        },
        { timeout: COUNTED_WITHIN_MS, interval: 1000 },
      )
      .toEqual(
        expect.arrayContaining([
          ['Instagram', 1],
          ['Codice QR', 1],
        ]),
      );
    expect(await rowsOf(page, 'stats-sources')).toEqual([
      ['Instagram', 1],
      ['Codice QR', 1],
      ['newsletter-marzo', 0],
    ]);
    expect([await kpi(page, 'views'), await kpi(page, 'clicks'), await kpi(page, 'ctr')]).toEqual(['2', '0', '0,0%']);
    // the sign-ups: a headline figure, and each source's beside its clicks
    expect(await kpi(page, 'signups')).toBe('4');
    expect(await signupsOf(page, 'stats-sources')).toEqual([
      ['Instagram', 2],
      ['Codice QR', 1],
      ['newsletter-marzo', 1],
    ]);
    expect(await page.getByTestId('stats-sources').locator('[data-signups="2"]').textContent()).toBe('2 iscrizioni');
    // the sign-ups were seeded in Italy, the visits came from wherever this machine is: a country
    // with sign-ups only has nothing to show in a list without them
    expect((await rowsOf(page, 'stats-countries')).every(([, views]) => views > 0)).toBe(true);
    expect(await page.getByTestId('stats-countries').locator('[data-signups]').count()).toBe(0);
    expect(await rowsOf(page, 'stats-devices')).toEqual([['Smartphone', 2]]);

    // the chart says it in words, and its table has today's two views (the last row of 30)
    const today = romeBucket(Date.now()).day;
    expect(await page.getByTestId('stats-chart').getAttribute('aria-label')).toContain('2 visite e 0 clic');
    await view.getByRole('button', { name: 'Mostra come tabella' }).click();
    const table = page.getByTestId('stats-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(30);
    // views, clicks and the fan sign-ups seeded today
    expect(await table.locator('tbody tr').last().locator('td').allTextContents()).toEqual(['2', '0', '4']);

    // each event with its clicks; the first one's two links each on a line of their own
    const buttons = page.getByTestId('stats-buttons');
    expect(
      await buttons
        .locator(':scope > ol > li')
        .evaluateAll((rows) =>
          rows.map((r) => [r.getAttribute('data-button-id'), r.querySelectorAll('[data-cta]').length]),
        ),
    ).toEqual([
      [String(first!.id), 2],
      [String(second!.id), 0],
    ]);
    expect(await buttons.locator('[data-cta] .xs-rank-label').allTextContents()).toEqual(['biglietti', 'VIP']);

    for (const width of [375, 1280] as const) {
      await setWidth(page, width);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `stats-${width}`);
    }

    // the period's CSV, with the session: a row per day, today's visits in the last one
    await page.locator('label', { hasText: '7 giorni' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(7);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      view.getByRole('button', { name: 'Scarica CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${slug}-stats-${addDays(today, -6)}-${today}.csv`);
    const lines = (await downloaded(download)).toString('utf8').trim().split(/\r?\n/);
    expect(lines).toHaveLength(8);
    expect(lines[0]).toBe('date,views,clicks,signups');
    expect(lines.at(-1)).toBe(`${today},2,0,4`);

    const gate = new Gate();
    const reports: AuditReport[] = await gate.audit(page, 'statistics view with figures and the day table');
    expectAccessible(reports);

    // the administrators' screen has the last 30 days across every page, these two visits among them
    const users = await pageWithSession(ctx, token);
    await users.goto('/admin/users');
    await ready(users);
    const periodViews = users.locator('[data-stat="period-views"]');
    await periodViews.waitFor();
    const text = (await periodViews.textContent()) ?? '';
    expect(text).toMatch(/^[\d.]+ negli ultimi 30 giorni$/);
    expect(Number(text.split(' ')[0]!.replace(/\./g, ''))).toBeGreaterThanOrEqual(2);
    expect(await users.locator('[data-stat="period-clicks"]').textContent()).toMatch(/ negli ultimi 30 giorni$/);
    await users.close();

    // the page is gone: a refresh says so, and another period shows the error with a retry
    const gone = await api(`${API_PREFIX.pages}/${slug}`, { method: 'DELETE', token });
    expect(gone.status).toBeLessThan(300);
    await view.getByRole('button', { name: 'Aggiorna' }).click();
    await expectNotice(page, 'Errore nel caricamento delle statistiche');
    await page.locator('label', { hasText: '90 giorni' }).click();
    await view.getByRole('alert').filter({ hasText: 'Errore nel caricamento delle statistiche' }).waitFor();
    expect(await view.getByRole('button', { name: 'Riprova' }).isVisible()).toBe(true);
    await page.close();
  });

  it('shows a new page’s empty state with a rate of —; Tutto is the page’s life: today', {
    timeout: 60_000,
  }, async () => {
    const slug = uniqueSlug('statsnone');
    await seedPage(token, slug);
    const page = await editorPage(ctx, token, '/admin');
    await openStats(page, slug);
    await page.getByTestId('stats-empty').getByText('Ancora nessuna visita').waitFor();
    expect([await kpi(page, 'views'), await kpi(page, 'clicks'), await kpi(page, 'ctr')]).toEqual(['0', '0', '—']);
    await page.getByRole('radio', { name: /^Tutto/ }).check();
    const longToday = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' }).format(
      new Date(`${romeBucket(Date.now()).day}T12:00:00Z`),
    );
    await expect.poll(() => page.getByTestId('stats-range').textContent()).toContain(`Oggi, ${longToday}`);
    await page.close();
  });
});
