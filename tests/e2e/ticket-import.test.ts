// 'Importa da link' as a new organiser lives it (docs/behaviour.md#in-the-editor-importa-da-link):
// a saved ticket list page of 12 dates served on this machine (the local trial reads http and
// loopback pages because the tests run with the dev mailbox), read in one paste at 375 px with
// touch: two dates already on the page are marked so, the sold-out one arrives sold out, a future
// sale start arrives as the on-sale instant. At 1280 px a page without dates says so.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import type { PageAsReceived } from '../../src/core/schemas/page';
import { api, organiser } from './api';
import { DESKTOP, openBrowser, PHONE, shot, PHONE_UA } from './browser';
import { editorPage, expectNotice, openSavedPage, save } from './editor-helpers';
import { createPage, textPageBody, uniqueSlug } from './pages-api';

const FIXTURES = new URL('../fixtures/ticket-pages/', import.meta.url);
let server: Server;
let site = '';
let phone: BrowserContext;
let desktop: BrowserContext;

beforeAll(async () => {
  // the ticket site: the saved pages, as `npm run ticket-pages` serves them
  server = createServer((req, res) => {
    try {
      const body = readFileSync(new URL(`.${req.url}`, FIXTURES));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>404</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  phone = await openBrowser(PHONE, PHONE_UA, { touch: true });
  desktop = await openBrowser(DESKTOP);
});

afterAll(async () => {
  await Promise.all([phone?.close(), desktop?.close()]);
  await new Promise((resolve) => server?.close(resolve));
});

async function openDialog(page: Page, press: 'tap' | 'click') {
  const open = page.getByRole('button', { name: t('ticketImport.open') });
  expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await open[press]();
  const dialog = page.getByRole('dialog', { name: t('ticketImport.open') });
  await dialog.waitFor();
  return dialog;
}

describe("'Importa da link'", () => {
  it('phone, touch: 12 dates in one paste, 2 already on the page; sold out and on-sale instant arrive', {
    timeout: 90_000,
  }, async () => {
    const { token } = await organiser({ company: `Tour Import ${Date.now()}` });
    const slug = uniqueSlug('tiximport');
    await createPage(token, {
      ...textPageBody(slug, `Band Test ${slug}`, [
        { type: 'text', text: 'Mer 12 maggio 2027 - Milano - Alcatraz|biglietti', url: 'https://example.com/milano' },
        { type: 'text', text: '14/05/2027 21:00 - Roma - Atlantico|biglietti', url: 'https://example.com/roma' },
      ]),
    });
    const page = await editorPage(phone, token, '/user');
    await openSavedPage(page, slug, 'tap');
    const dialog = await openDialog(page, 'tap');

    await dialog.getByLabel(t('ticketImport.label')).fill(`${site}/tour-12.html`);
    await dialog.getByRole('button', { name: t('ticketImport.read') }).tap();
    const fresh = dialog.getByTestId('link-new').locator('li');
    await fresh.nth(9).waitFor();
    await expect(fresh.count()).resolves.toBe(10);
    const duplicates = dialog.getByTestId('link-duplicate').locator('li');
    await expect(duplicates.allInnerTexts()).resolves.toEqual([
      expect.stringContaining('12/05/2027 21:00 · Milano · Alcatraz'),
      expect.stringContaining('14/05/2027 21:00 · Roma · Atlantico'),
    ]);
    // the new ones are chosen, the duplicates are not
    await expect(dialog.getByTestId('link-new').getByRole('checkbox', { checked: true }).count()).resolves.toBe(10);
    await expect(dialog.getByTestId('link-duplicate').getByRole('checkbox', { checked: false }).count()).resolves.toBe(
      2,
    );
    // the focus stayed in the dialog (on the button pressed), and the reader heard what was found
    await expect(dialog.evaluate((d) => d.contains(document.activeElement))).resolves.toBe(true);
    await expect(dialog.getByRole('status').textContent()).resolves.toBe(
      t('ticketImport.summary', { total: 12, chosen: 10, duplicate: 2, unusable: 0 }),
    );
    await expect(fresh.filter({ hasText: 'Firenze' }).textContent()).resolves.toContain(t('ticketImport.soldOut'));
    await expect(fresh.filter({ hasText: 'Napoli' }).textContent()).resolves.toContain(
      t('ticketImport.onSale', { when: '01/03/2027 10:00' }),
    );
    const confirm = dialog.getByRole('button', { name: t('ticketImport.confirm', { count: 10 }) });
    expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    const overflow = await page.evaluate(() => {
      const d = document.querySelector('dialog.ed-import')!;
      return d.scrollWidth - d.clientWidth;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'ticket-import-375', false);
    await duplicates.last().scrollIntoViewIfNeeded();
    await shot(page, 'ticket-import-duplicates-375', false);

    await confirm.tap();
    await dialog.waitFor({ state: 'detached' });
    await expectNotice(page, 'Aggiunte 10 date');
    await save(page);
    await expectNotice(page, 'Landing page aggiornata con successo!');
    await shot(page, 'ticket-import-list-375');

    const saved = (await (await api(pagePaths.page(slug), { token })).json()) as PageAsReceived;
    const rows = saved.buttons.filter((b) => b.type === 'text');
    expect(rows).toHaveLength(12);
    const firenze = rows.find((b) => b.text.includes('Firenze'))!;
    expect(firenze.text).toBe('18/05/2027 21:00 - Firenze - Tuscany Hall|soldout');
    expect(firenze.cta_buttons?.[0]).toMatchObject({
      availability: 'sold_out',
      url: `${site}/event/band-test-firenze-2027-05-18/`,
    });
    const napoli = rows.find((b) => b.text.includes('Napoli'))!;
    expect(napoli.cta_buttons?.[0]).toMatchObject({ on_sale_at: '2027-03-01T09:00:00Z', availability: 'on_sale' });
  });

  it('desktop: a page without dates says so, in the dialog, and nothing is added', async () => {
    const { token } = await organiser({ company: `Tour Vuoto ${Date.now()}` });
    const page = await editorPage(desktop, token, '/user');
    const dialog = await openDialog(page, 'click');
    await dialog.getByLabel(t('ticketImport.label')).fill(`${site}/none.html`);
    await dialog.getByLabel(t('ticketImport.label')).press('Enter');
    await expect(dialog.getByRole('alert').textContent()).resolves.toContain(t('ticketImport.noEvents'));
    await expect(dialog.getByRole('button', { name: t('ticketImport.confirmNone') }).isDisabled()).resolves.toBe(true);
    await shot(page, 'ticket-import-none-1280', false);
  });
});
