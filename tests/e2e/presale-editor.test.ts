// A date's presale set in the editor (docs/behaviour.md#presales-in-the-editor), on a phone with
// touch at 375 px: the group opened, a presale starting tomorrow with three one-time codes pasted
// (counted before the save), saved with the page and its codes sent after it, checked through
// the API, and shown again after a reload. axe on the open group; screenshots at 375 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gate, expectAccessible, setWidth } from './a11y';
import { api, organiser } from './api';
import { PHONE, openBrowser, shot, PHONE_UA } from './browser';
import { editorPage, expectNotice, openSavedPage } from './editor-helpers';
import { createPage, textPageBody, uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';
import { utcToRomeLocal } from '../../src/core/schedule';

const DAY = 86_400_000;

async function openPresale(page: Page): Promise<void> {
  await page.getByTestId('button-row').first().getByRole('button', { name: 'Modifica il pulsante 1' }).tap();
  const toggle = page.locator('#ed-presale-toggle');
  expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await toggle.tap();
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
}

/** A screenshot with the group's head at the top, under the sticky bar. */
async function shotOfGroup(page: Page, name: string): Promise<void> {
  await page.locator('#ed-presale-toggle').evaluate((el) => {
    el.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  });
  await shot(page, name, false);
}

let token: string;
let phone: BrowserContext | undefined;
beforeAll(async () => {
  token = (await organiser({ company: 'Presale Live' })).token;
});
afterAll(async () => {
  await phone?.close();
});

describe('a presale in the editor', () => {
  it('phone: set a presale for tomorrow with 3 codes, save, the API has it, a reload shows it', {
    timeout: 120_000,
  }, async () => {
    const slug = uniqueSlug('presale');
    const sale = new Date(Date.now() + 5 * DAY).toISOString();
    const url = 'https://example.com/milano';
    await createPage(
      token,
      textPageBody(slug, `Prevendita ${slug}`, [
        {
          position: 1,
          type: 'text',
          text: '12 maggio 2099 - Milano - Alcatraz|biglietti',
          image_path: '',
          url,
          cta_buttons: [{ url, buttonText: 'biglietti', on_sale_at: sale }],
        },
      ]),
    );
    phone = await openBrowser(PHONE, PHONE_UA, { touch: true });
    const page = await editorPage(phone, token, '/user');
    await openSavedPage(page, slug, 'tap');
    await openPresale(page);

    const start = `${utcToRomeLocal(new Date(Date.now() + DAY).toISOString()).slice(0, 10)}T10:00`;
    await page.getByLabel('Inizio', { exact: true }).fill(start);
    await page.getByLabel('Link dei biglietti della prevendita', { exact: true }).fill('https://pre.example.com/mi');
    await expect(page.getByRole('radio', { name: 'Codici monouso' }).isChecked()).resolves.toBe(true);
    const codes = page.getByLabel('Incolla i codici, uno per riga', { exact: true });
    await codes.fill('PRE-1\nPRE-2\nPRE-3\nPRE-2\n');
    await expect(page.getByTestId('presale-count').textContent()).resolves.toBe('3 codici (1 doppio scartato)');
    await expect(page.getByTestId('presale-summary').textContent()).resolves.toMatch(
      /^Prevendita dal \d\d\/\d\d 10:00 · 3 codici da caricare al salvataggio$/,
    );
    await shotOfGroup(page, 'presale-editor-375');
    const gate = new Gate();
    expectAccessible(await gate.audit(page, 'presale group open', { scope: '.ed-presale' }));
    await setWidth(page, 1280);
    await shotOfGroup(page, 'presale-editor-1280');
    await setWidth(page, 375);

    await page.getByRole('button', { name: 'Aggiorna pulsante', exact: true }).tap();
    await expect(page.getByTestId('presale-note').textContent()).resolves.toContain('3 codici da caricare');
    await page.locator('.ed-save').tap();
    // the codes go right after the page: a failed upload would replace the success at once
    await expectNotice(page, /Landing page aggiornata con successo!|codici della prevendita/);
    await expect(page.locator('.ed-notice').first().textContent()).resolves.toContain(
      'Landing page aggiornata con successo!',
    );

    const saved = (await (await api(`${API_PREFIX.pages}/${slug}`, { token })).json()) as any;
    expect(saved.buttons[0].presale).toMatchObject({
      url: 'https://pre.example.com/mi',
      ends_at: null,
      shared_code: null,
      codes: 3,
    });
    expect(utcToRomeLocal(saved.buttons[0].presale.starts_at)).toBe(start);
    await expect(page.getByTestId('presale-note').textContent()).resolves.toContain('3 codici caricati');

    await page.reload();
    await openSavedPage(page, slug, 'tap');
    await openPresale(page);
    await expect(page.getByLabel('Inizio', { exact: true }).inputValue()).resolves.toBe(start);
    await expect(codes.inputValue()).resolves.toBe('');
    await expect(page.getByTestId('presale-loaded').textContent()).resolves.toBe('3 codici caricati');
    // before the start the codes may be replaced
    await expect(page.getByLabel('Sostituisci i codici').isVisible()).resolves.toBe(true);
    await shotOfGroup(page, 'presale-editor-loaded-375');
    await codes.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(page, 'presale-editor-codes-375', false);
  });
});
