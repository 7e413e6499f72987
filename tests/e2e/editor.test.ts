// The editor in Chromium, as organisers use it: build pages, preview, save, see them live,
// reorder, hide, delete; every validation message from bad input; a regular organiser sees only
// their company's pages and no admin-only controls. Each test opens the editor with a session of
// its own (the login screen has tests of its own).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminToken } from './api';
import { DESKTOP, openBrowser, shot } from './browser';
import { coveredControls, createTextPageApi, editorPage, expectNotice } from './editor-helpers';
import { uniqueSlug } from './pages-api';
import {
  BUTTON_PNG,
  HEADER_PNG,
  addButtonClick,
  closeSidebar,
  fillEvent,
  openSidebar,
  poll,
  publicStatus,
  save,
} from './editor-helpers';

describe('the editor, as an admin at 1280 px', () => {
  let ctx: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ctx = await openBrowser(DESKTOP);
  });
  beforeEach(async () => {
    page = await editorPage(ctx, await adminToken(), '/admin');
  });
  afterEach(async () => {
    await page?.close();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows every validation message for bad input', { timeout: 120_000 }, async () => {
    const takenSlug = uniqueSlug('taken');
    await createTextPageApi(await adminToken(), takenSlug, `Titolo Preso ${takenSlug}`, 'Torino');

    // nothing filled in
    await save(page);
    await expectNotice(page, 'Inserisci uno slug per la landing');

    // the slug input strips and lowercases, says why, and follows the title in create mode
    const slug = page.locator('#ed-slug');
    await page.getByLabel('Titolo', { exact: true }).fill('Notte Bianca');
    await poll(() => slug.inputValue()).toBe('nottebianca');
    await slug.fill('Bad Slug!');
    expect(await slug.inputValue()).toBe('badslug');
    await page.getByText('Lo slug può contenere solo lettere minuscole e numeri').waitFor();
    await slug.fill('');
    await slug.blur();
    await page.getByText('Lo slug è obbligatorio').waitFor();

    // duplicates, checked against the list after 500 ms
    await openSidebar(page);
    await page.locator(`.ed-page[data-slug="${takenSlug}"]`).waitFor();
    await closeSidebar(page);
    await slug.fill(takenSlug);
    await page.getByText(`Lo slug "${takenSlug}" è già utilizzato dalla landing "Titolo Preso ${takenSlug}"`).waitFor();
    await slug.fill('liberoslug');
    await page.getByLabel('Titolo', { exact: true }).fill(`titolo preso ${takenSlug}`);
    await page
      .getByText(`Il titolo "titolo preso ${takenSlug}" è già utilizzato dalla landing "${takenSlug}"`)
      .waitFor();
    await page.getByLabel('Titolo', { exact: true }).fill('');
    await slug.fill('liberoslug');
    await save(page);
    await expectNotice(page, 'Inserisci un titolo');
    await page.getByLabel('Titolo', { exact: true }).fill('Notte Bianca');
    await slug.fill(uniqueSlug('nb'));
    await save(page);
    await expectNotice(page, "È necessario fornire un'immagine o video di testata");

    // header checks happen before any upload
    const header = page.locator('#ed-header');
    await header.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1),
    });
    await expectNotice(page, "L'immagine non può superare i 5MB");
    const dir = mkdtempSync(join(tmpdir(), 'palco-video-'));
    const bigVideo = join(dir, 'big.mp4');
    writeFileSync(bigVideo, Buffer.alloc(50 * 1024 * 1024 + 10, 0));
    await header.setInputFiles(bigVideo);
    await expectNotice(page, 'Il video non può superare i 50MB');
    await header.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('ciao') });
    await expectNotice(page, 'Formato non supportato. Usa JPG, PNG, WebP o MP4');
    await header.setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: HEADER_PNG });
    await page.locator('.ed-header__media img').waitFor();
    await save(page);
    await expectNotice(page, 'Aggiungi almeno un pulsante');

    // text button: every field on add
    await addButtonClick(page);
    await expectNotice(page, 'Inserisci la data');
    await page.getByLabel('Data', { exact: true }).fill('3 marzo 2099');
    await addButtonClick(page);
    await expectNotice(page, 'Inserisci la città');
    await page.getByLabel('Città', { exact: true }).fill('Bari');
    await addButtonClick(page);
    await expectNotice(page, 'Inserisci la venue');
    await page.getByLabel('Venue', { exact: true }).fill('Teatro Petruzzelli');
    // the last CTA row cannot be removed
    await poll(() => page.getByRole('button', { name: 'Rimuovi CTA 1' }).isDisabled()).toBe(true);
    await addButtonClick(page);
    await expectNotice(page, 'Pulsante aggiunto con successo');

    // a CTA without a link fails the final validation, prefixed with the button number
    await save(page);
    await expectNotice(page, 'Pulsante 1: Almeno un pulsante CTA deve avere un link');

    // mode is locked once buttons exist
    await page.locator('label.ed-seg__opt', { hasText: 'Immagine' }).click();
    await expectNotice(page, 'Non puoi cambiare modalità dopo aver creato pulsanti');
    expect(await page.locator('input[name="ed-mode"][value="text"]').isChecked()).toBe(true);

    // image-mode messages on a fresh form
    await page.locator('.ed-row__delete').first().click();
    await page.locator('label.ed-seg__opt', { hasText: 'Immagine' }).click();
    await addButtonClick(page);
    await expectNotice(page, "Seleziona un'immagine per il pulsante");
    await page
      .locator('#ed-image-file')
      .setInputFiles({ name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await expectNotice(page, 'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF');
    await page
      .locator('#ed-image-file')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10, 1) });
    await expectNotice(page, "L'immagine non può superare i 5MB");

    // the session is gone: saving asks to log in again
    await page.getByRole('button', { name: 'Logo Spotify' }).click();
    await addButtonClick(page);
    await page.evaluate(() => localStorage.removeItem('auth_token'));
    await save(page);
    await expectNotice(page, 'Devi essere autenticato per creare una landing page. Effettua il login.');
    await shot(page, 'editor-validation-1280', false);
  });

  it('creates a text page with a header and two events, previews it at 375 px, publishes, reorders and updates it', {
    timeout: 180_000,
  }, async () => {
    const slug = uniqueSlug('tour');
    const title = `Tour Inverno ${slug.slice(-5)}`;
    await page.getByLabel('Titolo', { exact: true }).fill(title);
    await page.locator('#ed-slug').fill(slug);
    await page.locator('label.ed-seg__opt', { hasText: 'Dark' }).click();
    await page.locator('#ed-header').setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: HEADER_PNG });
    await page.locator('.ed-header__media img').waitFor();

    // event 1: sold out
    await fillEvent(page, '12 gennaio 2099', 'Milano', 'Alcatraz');
    await page.getByLabel('Testo CTA 1').selectOption('soldout');
    await page.getByLabel('Link CTA 1').fill('https://example.com/milano');
    await addButtonClick(page);
    await expectNotice(page, 'Pulsante aggiunto con successo');

    // event 2: two CTAs, the first on a ticket host (tracked), the second custom
    await fillEvent(page, '20 gennaio 2099', 'Roma', 'Atlantico');
    await page.getByLabel('Link CTA 1').fill('https://www.ticketone.it/evento/roma');
    await page.getByLabel('Link CTA 1').blur();
    await page.locator('.ed-track--tracked').waitFor();
    expect(await page.getByLabel('Link CTA 1').inputValue()).toContain('utm_source=palco');
    await page.getByRole('button', { name: 'Aggiungi CTA' }).click();
    await page.getByLabel('Testo CTA 2').selectOption('custom');
    // leaving an empty custom text keeps its field (nothing moves on blur); an add makes it 'biglietti'
    await page.getByLabel('Testo personalizzato CTA 2').focus();
    await page.getByLabel('Testo personalizzato CTA 2').blur();
    expect(await page.getByLabel('Testo CTA 2').inputValue()).toBe('custom');
    await page.getByLabel('Testo personalizzato CTA 2').fill('VIP');
    await page.getByLabel('Link CTA 2').fill('https://example.com/vip');
    await addButtonClick(page);
    await expectNotice(page, 'Pulsante aggiunto con successo');
    await poll(() => page.locator('[data-testid="button-row"]').count()).toBe(2);
    await shot(page, 'editor-text-filled-1280');

    // preview at 375 px: the shared renderer in an iframe of that width
    await page.getByRole('button', { name: 'Anteprima' }).click();
    await page.locator('dialog.ed-preview[open]').waitFor();
    await page.getByLabel('Dispositivo').selectOption({ label: 'Telefono · 375px' });
    const frame = page.frameLocator('.ed-device iframe');
    // the city of the event (the 'Avvisami' block lists it too, as a choice)
    await frame.locator('.c', { hasText: 'Roma' }).waitFor();
    expect(await page.locator('.ed-device iframe').getAttribute('width')).toBe('375');
    // the sign-up form is there, inert: nothing to post to, a plain button
    expect(await frame.locator('section.fs form').getAttribute('action')).toBeNull();
    expect(await frame.getByRole('button', { name: 'Avvisami' }).getAttribute('type')).toBe('button');
    expect(await frame.locator('.b.off').count()).toBe(1);
    expect(await frame.getByText('VIP').count()).toBe(1);
    const innerWidth = await frame.locator('body').evaluate(() => window.innerWidth);
    expect(innerWidth).toBe(375);
    await shot(page, 'editor-preview-375-1280', false);
    // every preview device width is offered; the desktop one is 450 px
    const widths = await page.getByLabel('Dispositivo').locator('option').allTextContents();
    expect(widths.map((w) => Number(w.match(/(\d+)px/)![1]))).toEqual([450, 375, 414, 390, 428, 360, 411, 360, 344]);
    await page.getByLabel('Dispositivo').selectOption({ label: 'Desktop · 450px' });
    await poll(() => frame.locator('body').evaluate(() => window.innerWidth)).toBe(450);
    await shot(page, 'editor-preview-450-1280', false);
    await page.getByRole('button', { name: "Chiudi l'anteprima" }).click();

    // save: page, then header upload
    await save(page);
    await expectNotice(page, 'Landing page generata con successo!');
    // after a create the form resets, and the public link stays offered
    expect(await page.getByLabel('Titolo', { exact: true }).inputValue()).toBe('');
    expect(await page.locator('[data-testid="button-row"]').count()).toBe(0);
    expect(await page.getByTestId('share-url').textContent()).toContain(`/${slug}`);

    // live at /{slug}
    const pub = await ctx.newPage();
    await pub.goto(`/${slug}`);
    await pub.getByRole('heading', { name: title }).waitFor({ state: 'attached' });
    const cities = await pub.locator('li.e .c').allTextContents();
    expect(cities).toEqual(['Milano', 'Roma']);
    expect(await pub.locator('header.hd img').getAttribute('src')).toMatch(new RegExp(`^/dati/${slug}/`));

    // load it from the sidebar, reorder by keyboard, add an event, save
    await openSidebar(page);
    await shot(page, 'editor-sidebar-1280', false);
    await page.getByRole('button', { name: `Apri "${title}" per la modifica` }).click();
    await expectNotice(page, 'Landing page caricata per la modifica');
    // the message sits below the view tabs and covers none of them (the public page opened
    // above left this tab in the background, where Chromium holds animations: bring it back)
    await page.bringToFront();
    expect(await coveredControls(page)).toEqual([]);
    await shot(page, 'editor-notice-1280', false);
    await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
    await poll(() => page.locator('[data-testid="button-row"]').count()).toBe(2);
    expect(await page.locator('#ed-slug').inputValue()).toBe(slug);
    const handle = page.getByRole('button', { name: 'Trascina per riordinare il pulsante 2' });
    const live = page.locator('[id^="DndLiveRegion"]');
    await handle.focus();
    await page.keyboard.press('Space');
    await live.getByText('Pulsante 2 sopra la posizione 2 di 2.').waitFor({ state: 'attached' });
    // dnd-kit measures the list after the lift; on a busy machine the first arrow can come early
    const movedUp = live.getByText('Pulsante 2 sopra la posizione 1 di 2.');
    for (let i = 0; i < 5 && !(await movedUp.count()); i++) {
      await page.waitForTimeout(200);
      await page.keyboard.press('ArrowUp');
      await movedUp.waitFor({ state: 'attached', timeout: 2000 }).catch(() => undefined);
    }
    await page.keyboard.press('Space');
    await live.getByText('Pulsante 2 lasciato in posizione 1 di 2.').waitFor({ state: 'attached' });
    await poll(() => page.locator('.ed-row__city').allTextContents()).toEqual(['Roma', 'Milano']);

    await fillEvent(page, '2 febbraio 2099', 'Napoli', 'Casa della Musica');
    await page.getByLabel('Link CTA 1').fill('example.com/napoli');
    await addButtonClick(page);
    await expectNotice(page, 'Pulsante aggiunto con successo');
    await save(page);
    await expectNotice(page, 'Landing page aggiornata con successo!');
    // after an update the form stays
    expect(await page.getByLabel('Titolo', { exact: true }).inputValue()).toBe(title);
    await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
    await shot(page, 'editor-edit-1280');

    await pub.reload();
    await poll(() => pub.locator('li.e .c').allTextContents()).toEqual(['Roma', 'Milano', 'Napoli']);
    expect(await pub.locator('li.e').nth(2).locator('a.b').getAttribute('href')).toBe('//example.com/napoli');

    // edit an event in place
    await page.getByRole('button', { name: 'Modifica il pulsante 2' }).click();
    expect(await page.getByLabel('Città', { exact: true }).inputValue()).toBe('Milano');
    await page.getByLabel('Venue', { exact: true }).fill('Fabrique');
    await addButtonClick(page);
    await expectNotice(page, 'Pulsante aggiornato con successo');
    await save(page);
    await expectNotice(page, 'Landing page aggiornata con successo!');
    await pub.reload();
    await poll(() => pub.locator('li.e .v').allTextContents()).toEqual(['Atlantico', 'Fabrique', 'Casa della Musica']);

    // 'Annulla modifica' asks first
    await page.getByRole('button', { name: 'Annulla modifica' }).click();
    await page.locator('dialog.confirm-dialog[open]').getByRole('button', { name: 'Annulla modifica' }).click();
    await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
    await pub.close();
  });

  it('builds an image page with a store logo and an uploaded image, hides it (404) and deletes it', {
    timeout: 180_000,
  }, async () => {
    const slug = uniqueSlug('store');
    const title = `Nuovo Album ${slug.slice(-5)}`;
    await page.getByLabel('Titolo', { exact: true }).fill(title);
    await page.locator('#ed-slug').fill(slug);
    await page.locator('label.ed-seg__opt', { hasText: 'Immagine' }).click();
    await page.locator('#ed-header').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: HEADER_PNG });

    await page.getByRole('button', { name: 'Logo Spotify' }).click();
    expect(await page.getByTestId('image-source').textContent()).toBe('Logo store selezionato');
    await page.getByLabel('Link (facoltativo)').fill('https://open.spotify.com/album/x');
    await addButtonClick(page);
    await expectNotice(page, 'Pulsante aggiunto con successo');

    await page
      .locator('#ed-image-file')
      .setInputFiles({ name: 'merch.png', mimeType: 'image/png', buffer: BUTTON_PNG });
    await poll(() => page.getByTestId('image-source').textContent()).toBe('Nuova immagine, caricata al salvataggio');
    await addButtonClick(page);
    await expectNotice(page, 'Pulsante aggiunto con successo');
    await shot(page, 'editor-image-1280');

    await save(page);
    await expectNotice(page, 'Landing page generata con successo!');
    const pub = await ctx.newPage();
    await pub.goto(`/${slug}`);
    const images = await pub.locator('ul.ib img').evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    expect(images[0]).toBe('/stores/spotify.svg');
    expect(images[1]).toMatch(new RegExp(`^/dati/${slug}/`));
    await pub.close();

    // loaded for editing, a saved image button is in the 'existing' state, a logo in 'store'
    await openSidebar(page);
    await page.getByRole('button', { name: `Apri "${title}" per la modifica` }).click();
    await expectNotice(page, 'Landing page caricata per la modifica');
    await page.getByRole('button', { name: 'Modifica il pulsante 2' }).click();
    await poll(() => page.getByTestId('image-source').textContent()).toBe('Immagine attuale');
    await page.getByRole('button', { name: 'Modifica il pulsante 1' }).click();
    await poll(() => page.getByTestId('image-source').textContent()).toBe('Logo store selezionato');
    expect(await page.getByRole('button', { name: 'Logo Spotify' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Annulla', exact: true }).click();

    // hide → 404; show again → 200
    await openSidebar(page);
    const item = page.locator(`.ed-page[data-slug="${slug}"]`);
    await item.getByRole('switch').click();
    await expectNotice(page, 'Landing page nascosta');
    await poll(() => publicStatus(slug)).toBe(404);
    await item.getByRole('switch').click();
    await expectNotice(page, 'Landing page visibile');
    await poll(() => publicStatus(slug)).toBe(200);

    // admin: company inline edit, Escape cancels, Enter saves
    await item.getByRole('button', { name: `Modifica la company di "${title}"` }).click();
    await item.getByLabel(`Company di "${title}"`).fill('Scartata');
    await page.keyboard.press('Escape');
    expect(await item.locator('.ed-page__company-name').textContent()).not.toBe('Scartata');
    expect(await page.locator('dialog.ed-drawer[open]').count()).toBe(1);
    await item.getByRole('button', { name: `Modifica la company di "${title}"` }).click();
    await item.getByLabel(`Company di "${title}"`).fill('Etichetta Nord');
    await page.keyboard.press('Enter');
    await expectNotice(page, 'Company aggiornata');
    await poll(() => item.locator('.ed-page__company-name').textContent()).toBe('Etichetta Nord');

    // delete to the trash, with confirmation
    await item.getByRole('button', { name: `Elimina "${title}"` }).click();
    await page.locator('dialog.confirm-dialog[open]').getByRole('button', { name: 'Sposta nel cestino' }).click();
    await expectNotice(page, `"${title}" è nel cestino: puoi ripristinarla per 30 giorni`);
    await poll(() => page.locator(`.ed-page[data-slug="${slug}"]`).count()).toBe(0);
    await poll(() => publicStatus(slug)).toBe(404);
    // the page being edited was deleted: the editor is back in create mode
    await closeSidebar(page);
    await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
  });
});
