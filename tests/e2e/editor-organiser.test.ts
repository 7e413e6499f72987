import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { PASSWORD, adminToken, api, organiser, register } from './api';
import { DESKTOP, PHONE, openBrowser, ready, shot } from './browser';
import * as ed from './editor-helpers';
import { uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

describe('the editor, when an upload is refused after the page is saved', () => {
  let ctx: BrowserContext;
  beforeAll(async () => {
    ctx = await openBrowser(DESKTOP);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('says the page was saved but the button images were not', { timeout: 120_000 }, async () => {
    const page = await ed.editorPage(ctx, await adminToken(), '/admin');
    const slug = uniqueSlug('partial');
    await page.getByLabel('Titolo', { exact: true }).fill(`Parziale ${slug.slice(-5)}`);
    await page.locator('#ed-slug').fill(slug);
    await page.locator('label.ed-seg__opt', { hasText: 'Immagine' }).click();
    await page.locator('#ed-header').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: ed.HEADER_PNG });
    // a file that claims to be a PNG but is not one: the browser cannot resize it, the server
    // checks the bytes and refuses it
    await page
      .locator('#ed-image-file')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a png at all') });
    await ed.poll(() => page.getByTestId('image-source').textContent()).toBe('Nuova immagine, caricata al salvataggio');
    await ed.addButtonClick(page);
    await ed.expectNotice(page, 'Pulsante aggiunto con successo');
    await ed.save(page);
    await ed.expectNotice(page, "Landing page salvata ma errore nell'upload delle immagini bottoni: ");
    const res = await api(`${API_PREFIX.pages}/${slug}`, { token: await adminToken() });
    expect(res.status).toBe(200);
  });
});

describe('the editor, as a regular organiser at 375 px', () => {
  let ctx: BrowserContext;

  beforeAll(async () => {
    ctx = await openBrowser(PHONE);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('sees only their company pages and no admin-only controls', { timeout: 180_000 }, async () => {
    const company = `Banda ${Date.now().toString(36)}`;
    const { token } = await organiser({ fullName: 'Giulia Verdi', company });
    const own = uniqueSlug('mia');
    const other = uniqueSlug('altrui');
    const page = await ed.editorPage(ctx, token, '/user');
    await shot(page, 'editor-empty-375');

    // no pages yet: the sidebar says so; the refresh button picks up new ones
    await ed.openSidebar(page);
    await page.getByText('Nessuna landing page creata').waitFor();
    await shot(page, 'editor-sidebar-empty-375', false);
    await ed.createTextPageApi(token, own, `Mia Pagina ${own}`, 'Genova');
    await ed.createTextPageApi(await adminToken(), other, `Pagina Altrui ${other}`, 'Pisa');
    await page.getByRole('button', { name: 'Aggiorna elenco' }).click();
    await page.locator(`.ed-page[data-slug="${own}"]`).waitFor();
    await ed.closeSidebar(page);

    // the admin area sends a non-admin to /user
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname.startsWith('/user'));
    await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();

    await ed.openSidebar(page);
    await page.locator(`.ed-page[data-slug="${own}"]`).waitFor();
    expect(await page.locator(`.ed-page[data-slug="${other}"]`).count()).toBe(0);
    expect(await page.locator('.ed-page__company').count()).toBe(0);
    await shot(page, 'editor-sidebar-375', false);

    await page.getByRole('button', { name: `Apri "Mia Pagina ${own}" per la modifica` }).click();
    await ed.expectNotice(page, 'Landing page caricata per la modifica');
    expect(await page.getByRole('tab', { name: 'Codice' }).count()).toBe(0);
    expect(await ed.coveredControls(page)).toEqual([]);
    await shot(page, 'editor-notice-375', false);

    // unsaved changes: the tab close and another load from the sidebar ask first
    expect(await ed.asksBeforeUnload(page)).toBe(false);
    await page.getByLabel('Titolo', { exact: true }).fill('Titolo non salvato');
    expect(await ed.asksBeforeUnload(page)).toBe(true);
    await ed.openSidebar(page);
    await page.getByRole('button', { name: `Apri "Mia Pagina ${own}" per la modifica` }).click();
    const ask = page.locator('dialog.confirm-dialog[open]');
    await ask.getByText('Ci sono modifiche non salvate').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'editor-discard-375', false);
    await ask.getByRole('button', { name: 'Continua a modificare' }).click();
    await ed.poll(() => ask.count()).toBe(0);
    await ed.closeSidebar(page);
    expect(await page.getByLabel('Titolo', { exact: true }).inputValue()).toBe('Titolo non salvato');
    await ed.openSidebar(page);
    await page.getByRole('button', { name: `Apri "Mia Pagina ${own}" per la modifica` }).click();
    await ask.getByRole('button', { name: 'Apri senza salvare' }).click();
    await ed.expectNotice(page, 'Landing page caricata per la modifica');
    await ed.poll(() => page.getByLabel('Titolo', { exact: true }).inputValue()).toBe(`Mia Pagina ${own}`);
    expect(await ed.asksBeforeUnload(page)).toBe(false);

    // builds and publishes a page from the phone
    await page.getByRole('button', { name: 'Annulla modifica' }).click();
    await page.locator('dialog.confirm-dialog[open]').getByRole('button', { name: 'Annulla modifica' }).click();
    await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
    const slug = uniqueSlug('phone');
    await page.getByLabel('Titolo', { exact: true }).fill(`Dal Telefono ${slug.slice(-4)}`);
    await page.locator('#ed-slug').fill(slug);
    await page.locator('#ed-header').setInputFiles({ name: 'h.png', mimeType: 'image/png', buffer: ed.HEADER_PNG });
    await ed.fillEvent(page, '9 maggio 2099', 'Firenze', 'Viper');
    await page.getByLabel('Link CTA 1').fill('https://example.com/firenze');
    await ed.addButtonClick(page);
    await ed.expectNotice(page, 'Pulsante aggiunto con successo');
    await ed.fillEvent(page, '11 maggio 2099', 'Siena', 'Piazza del Campo');
    await page.getByLabel('Link CTA 1').fill('https://example.com/siena');
    await ed.addButtonClick(page);
    await ed.expectNotice(page, 'Pulsante aggiunto con successo');

    // drag and drop with the pointer: the second event goes first
    const from = page.getByRole('button', { name: 'Trascina per riordinare il pulsante 2' });
    const to = page.getByRole('button', { name: 'Trascina per riordinare il pulsante 1' });
    await from.scrollIntoViewIfNeeded();
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 - 10, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2 - 12, { steps: 12 });
    await page.waitForTimeout(150);
    await page.mouse.up();
    // dnd-kit swallows every click for 50 ms after a drop (a timer it starts on pointerup): a
    // timer of the page's own, started after it, ends after it, however busy the machine
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await ed.poll(() => page.locator('.ed-row__city').allTextContents()).toEqual(['Siena', 'Firenze']);
    await shot(page, 'editor-filled-375');
    await shot(page, 'editor-viewport-375', false);
    await page.getByRole('button', { name: 'Anteprima' }).click();
    await page.frameLocator('.ed-device iframe').locator('.c', { hasText: 'Firenze' }).waitFor();
    expect(await page.locator('.ed-device iframe').getAttribute('width')).toBe('375');
    await shot(page, 'editor-preview-375', false);
    await page.getByRole('button', { name: "Chiudi l'anteprima" }).click();
    await ed.save(page);
    await ed.expectNotice(page, 'Landing page generata con successo!');
    await ed.poll(() => ed.publicStatus(slug)).toBe(200);

    // the server put the page in the organiser's company
    const res = await api(`${API_PREFIX.pages}/${slug}`, { token });
    expect(((await res.json()) as { company: string }).company).toBe(company);
  });
});

describe('the editor, for an organiser whose account is not active yet', () => {
  let ctx: BrowserContext;

  beforeAll(async () => {
    ctx = await openBrowser(PHONE);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('asks nothing of the pages API before the guard lets the editor in', { timeout: 60_000 }, async () => {
    const { email } = await register({ fullName: 'Paolo Attesa', company: 'Attesa Srl' });
    const page = await ctx.newPage();
    const pageRequests: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith(`${API_PREFIX.pages}`)) pageRequests.push(req.url());
    });
    await page.goto('/login');
    await ready(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/user'));
    await page.getByRole('heading', { name: 'Registrazione in Attesa' }).waitFor({ timeout: 15_000 });
    await ready(page);
    // give a stray module-level fetch time to show up
    await page.waitForTimeout(1500);
    expect(pageRequests).toEqual([]);
  });
});
