import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pagePaths } from '../../src/core/api-paths';
import { api, organiser } from './api';
import { phoneAndDesktop, shot } from './browser';
import { editorPage, openSavedPage } from './editor-helpers';
import { createPage, textPageBody, uniqueSlug } from './pages-api';

/**
 * The presales in the Fan view (docs/behaviour.md#presales-in-the-fan-view) on a phone with
 * touch: a Milano date whose presale is open, with two one-time codes loaded through the API; the
 * view shows its figures, and 'Aggiungi codici' with one more moves the count. The rules behind
 * each figure are the Worker tests' (presale-codes, presale-export); the words the unit tests'.
 */

const DAY = 24 * 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const TICKETS = 'https://example.com/biglietti';

interface Saved {
  buttons: { id: number; position: number }[];
}

function figure(page: Page, id: number, name: string): Promise<string | null> {
  return page.locator(`[data-button-id="${id}"] [data-figure="${name}"] dd`).getAttribute('data-value');
}

describe('the presales in the Fan view', () => {
  const browsers = phoneAndDesktop({ touch: true });

  it("phone, touch: the figures of an open presale, then 'Aggiungi codici' adds one", {
    timeout: 120_000,
  }, async () => {
    const { token } = await organiser({ fullName: 'Prevendita Organizzatrice', company: `Prevendite ${Date.now()}` });
    const slug = uniqueSlug('presale');
    const onSale = Date.now() + 10 * DAY;
    const saved = await createPage<Saved>(
      token,
      textPageBody(slug, `Tour in prevendita ${slug}`, [
        {
          type: 'text',
          text: '12/05/2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [{ url: TICKETS, buttonText: 'biglietti', on_sale_at: iso(onSale) }],
          presale: { starts_at: iso(Date.now() - 60_000), url: `${TICKETS}/presale` },
        },
        { type: 'text', text: '13/05/2099 - Roma - Atlantico|biglietti', url: TICKETS },
      ]),
    );
    const milano = [...saved.buttons].sort((a, b) => a.position - b.position)[0]!.id;
    const loaded = await api(pagePaths.presaleCodes(slug, milano), {
      method: 'POST',
      token,
      headers: { 'content-type': 'text/plain' },
      body: 'PRE-0001\nPRE-0002\n',
    });
    expect(loaded.status, await loaded.clone().text()).toBe(200);

    const page = await editorPage(browsers.phone, token, '/user');
    await openSavedPage(page, slug, 'tap');
    await page.getByRole('tab', { name: 'Fan' }).tap();
    const card = page.getByTestId('fans-presales');
    await card.waitFor();
    const row = card.locator(`[data-button-id="${milano}"]`);
    expect(await row.getAttribute('data-state')).toBe('open');
    expect(await row.locator('.xs-fan-alert-what').textContent()).toBe('12/05/2099 · Milano');
    await expect.poll(() => figure(page, milano, 'loaded')).toBe('2');
    expect(await figure(page, milano, 'left')).toBe(String(2 - Number(await figure(page, milano, 'sent'))));
    // only the date with a presale is listed
    expect(await card.locator('[data-button-id]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'presale-fans-375');

    await row.getByRole('button', { name: 'Aggiungi codici' }).tap();
    const box = row.getByLabel('Codici monouso');
    await box.fill('PRE-0003\nPRE-0001\n');
    await expect.poll(() => row.locator('[data-count]').getAttribute('data-count')).toBe('2');
    // open: no replacing any more, only adding
    expect(await row.getByRole('button', { name: 'Sostituisci i codici' }).count()).toBe(0);
    await shot(page, 'presale-fans-form-375');
    await row.getByRole('button', { name: 'Aggiungi', exact: true }).tap();
    await row.getByTestId('presale-result').getByText('Caricato 1 codice, 1 doppio scartato: ora sono 3').waitFor();
    await expect.poll(() => figure(page, milano, 'loaded')).toBe('3');
    expect(await box.count()).toBe(0);
    await shot(page, 'presale-fans-added-375');

    if (process.env.E2E_SHOTS === '1') {
      // the desktop look, for the eye only
      const wide = await editorPage(browsers.desktop, token, '/user');
      await openSavedPage(wide, slug, 'click');
      await wide.getByRole('tab', { name: 'Fan' }).click();
      await wide.getByTestId('fans-presales').locator('[data-figure="loaded"] dd[data-value="3"]').waitFor();
      await shot(wide, 'presale-fans-1280');
      await wide.close();
    }
    await page.close();
  });
});
