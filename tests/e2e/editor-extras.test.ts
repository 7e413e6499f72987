// The editor's extras in Chromium: the custom style panel (preset, font, palette colour, invalid
// colour, save, published page's computed styles), the admin-only JSON code view, the organiser's
// statistics and fan tabs, and the QR code decoded back to the URL (stats.test.ts has the statistics,
// fans-editor.test.ts the fans).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import jsQR from 'jsqr';
import { adminToken, api, organiser } from './api';
import { DESKTOP, PHONE, baseURL, openBrowser, ready, shot } from './browser';
import { editorPage, expectNotice } from './editor-helpers';
import { createPage as createPageAs, uniqueSlug, uploadHeader } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

interface PageJson {
  id: number;
  folder_name: string;
  style: string;
  view_page: number;
  custom_styles: Record<string, Record<string, string>>;
  buttons: { id: number; position: number; click_count: number }[];
}

/** Three flat colour blocks (60 % crimson, 25 % blue, 15 % amber) as a PNG, drawn by Chromium. */
async function blockPng(ctx: BrowserContext): Promise<Buffer> {
  const page = await ctx.newPage();
  const b64 = await page.evaluate(async () => {
    const c = document.createElement('canvas');
    c.width = 400;
    c.height = 200;
    const g = c.getContext('2d')!;
    g.fillStyle = '#C8143C';
    g.fillRect(0, 0, 240, 200);
    g.fillStyle = '#1428C8';
    g.fillRect(240, 0, 100, 200);
    g.fillStyle = '#F5A524';
    g.fillRect(340, 0, 60, 200);
    const blob = await new Promise<Blob>((resolve) => c.toBlob((b) => resolve(b!), 'image/png'));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s);
  });
  await page.close();
  return Buffer.from(b64, 'base64');
}

async function createPage(token: string, slug: string, style: 'light' | 'custom' = 'light'): Promise<PageJson> {
  const event = (date: string, city: string, venue: string, url: string) => ({
    type: 'text',
    text: `${date} - ${city} - ${venue}|biglietti`,
    url,
    cta_buttons: [{ url, buttonText: 'biglietti' }],
  });
  return createPageAs<PageJson>(token, {
    title: `Tour ${slug}`,
    display_title: `Tour ${slug}`,
    folder_name: slug,
    mode: 'text',
    style,
    custom_styles: {},
    header: '',
    buttons: [
      event('14 giugno', 'Milano', 'Alcatraz', 'https://example.com/mi'),
      event('20 giugno', 'Roma', 'Atlantico', 'https://example.com/rm'),
      event('28 giugno', 'Bologna', 'Estragon', 'https://example.com/bo'),
    ],
  });
}

async function readPage(token: string, slug: string): Promise<PageJson> {
  const res = await api(`${API_PREFIX.pages}/${slug}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PageJson;
}

/** A tap on a button, awaited until the counting pipeline has written it (the flush delay). */
async function click(token: string, slug: string, buttonId: number): Promise<void> {
  const countOf = async () => (await readPage(token, slug)).buttons.find((b) => b.id === buttonId)?.click_count;
  const before = await countOf();
  const res = await api(`${API_PREFIX.pages}/${slug}/buttons/${buttonId}/click`, { method: 'POST', json: {} });
  expect(res.status, await res.clone().text()).toBe(202);
  await expect.poll(countOf, { timeout: 15_000, interval: 500 }).toBe((before ?? 0) + 1);
}

/** Loads a page into the editor from the sidebar, as an organiser does. */
async function openInEditor(page: Page, area: '/admin' | '/user', slug: string): Promise<void> {
  await page.goto(area);
  await ready(page);
  await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
  await page.getByRole('button', { name: /^Landing Pages/ }).click();
  await page.locator(`.ed-page[data-slug="${slug}"] button`).first().click();
  await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
  await expect.poll(() => page.locator('dialog.ed-drawer[open]').count()).toBe(0);
}

/** The page form's theme 'Custom' (its radio is visually hidden: the label is what people click). */
async function chooseCustomTheme(page: Page): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name: 'Custom' }) }).click();
  await expect.poll(() => page.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
}

/** Switches the editor's view: the edit form, the code view or the statistics. */
async function view(page: Page, name: 'Modifica' | 'Codice' | 'Statistiche'): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

/**
 * A full-page screenshot with this element in the layout (an element shot would scroll, and the
 * sticky navbar, notice and live sample would land on top of it).
 */
async function shotOf(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  // from the top, so sticky parts (navbar, notice, live sample) sit where they belong
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/** RGBA pixels of a canvas, moved as base64 (a JSON array of a million numbers is slow). */
async function canvasPixels(
  page: Page,
  selector: string,
): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const { width, height, b64 } = await page.locator(selector).evaluate((el) => {
    const c = el as HTMLCanvasElement;
    const bytes = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { width: c.width, height: c.height, b64: btoa(s) };
  });
  return { width, height, data: new Uint8ClampedArray(Buffer.from(b64, 'base64')) };
}

describe('editor extras, as an admin', () => {
  let ctx: BrowserContext;
  let phone: BrowserContext;
  let page: Page;
  let phonePage: Page;
  let token: string;

  beforeAll(async () => {
    token = await adminToken();
    ctx = await openBrowser(DESKTOP);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    page = await editorPage(ctx, token, '/admin');
    phone = await openBrowser(PHONE);
    phonePage = await editorPage(phone, token, '/admin');
  });
  afterAll(async () => {
    await ctx?.close();
    await phone?.close();
  });

  it('styles a page with a preset, a font and a palette colour; the published page uses them', {
    timeout: 120_000,
  }, async () => {
    const slug = uniqueSlug('xsstyle');
    const created = await createPage(token, slug, 'light');
    await click(token, slug, created.buttons[0]!.id);
    await uploadHeader(token, slug, await blockPng(ctx));
    await openInEditor(page, '/admin', slug);

    // the panel exists only for text mode with the Custom theme
    expect(await page.getByTestId('style-panel').count()).toBe(0);
    await chooseCustomTheme(page);
    const panel = page.getByTestId('style-panel');
    await panel.waitFor();

    // the header's palette, in order of area, next to every colour input
    const swatches = panel.locator('[data-field="city-color"] [data-colour]');
    await expect
      .poll(() => swatches.evaluateAll((els) => els.map((e) => e.getAttribute('data-colour'))))
      .toEqual(['#C8143C', '#1428C8', '#F5A524']);
    expect(await panel.locator('.xs-color').count()).toBe(6);
    expect(await panel.locator('.xs-color:has(.xs-swatches)').count()).toBe(6);

    // preset Blue, then Playfair Display for the city and the crimson of the header
    await panel.locator('[data-preset="blue"]').click();
    const cityHex = panel.locator('[data-field="city-color"] input[type="text"]');
    await expect.poll(() => cityHex.inputValue()).toBe('#FFFFFF');
    await panel.locator('[data-field="city-family"] button').click();
    const option = panel.locator('[role="option"][data-family="Playfair Display"]');
    await option.click();
    await expect
      .poll(() => panel.locator('[data-field="city-family"] button').getAttribute('data-family'))
      .toBe('Playfair Display');
    // the picker shows every family in its own face, from the self-hosted files
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Anton' && f.status === 'loaded'),
        ),
      )
      .toBe(true);
    await panel.locator('[data-field="city-color"] [data-colour="#C8143C"]').click();
    await expect.poll(() => cityHex.inputValue()).toBe('#C8143C');

    // typed colours are normalised on blur: short hex expands, anything invalid is #000000
    const venueHex = panel.locator('[data-field="venue-color"] input[type="text"]');
    await venueHex.fill('verde!');
    await venueHex.press('Tab');
    await expect.poll(() => venueHex.inputValue()).toBe('#000000');
    // by keyboard: italic venue, then a display face that has one weight and no italic
    const venue = panel.locator('[data-group="venue"]');
    await venue.getByRole('radio', { name: 'Luogo – Corsivo' }).check();
    const venueFont = venue.locator('[data-field="venue-family"] button');
    await venueFont.focus();
    await page.keyboard.press('ArrowDown');
    await venue.getByRole('listbox').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(() => venueFont.getAttribute('data-family')).toBe('Abril Fatface');
    expect(await venue.locator('select[name="venue-weight"] option').allInnerTexts()).toEqual(['Regular']);
    expect(await venue.getByRole('radio', { name: 'Luogo – Corsivo' }).isDisabled()).toBe(true);
    expect(await venue.getByRole('radio', { name: 'Luogo – Normale' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-family'))).toBe('Abril Fatface');

    const bgHex = panel.locator('[data-field="background-color"] input[type="text"]');
    expect(await bgHex.inputValue()).toBe('#0B1F4D');
    const dataHex = panel.locator('[data-field="data-color"] input[type="text"]');
    await dataHex.fill('fe0');
    await dataHex.press('Enter');
    await expect.poll(() => dataHex.inputValue()).toBe('#FFEE00');

    // the live sample follows the store at once
    const sampleCity = panel.locator('.xs-sample-c');
    await expect
      .poll(() => sampleCity.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).fontFamily]))
      .toEqual(['rgb(200, 20, 60)', expect.stringContaining('Playfair Display')]);

    // the editor's preview renders the page from the same store, before anything is saved
    await page.getByRole('button', { name: 'Anteprima', exact: true }).click();
    const frame = page.frameLocator('dialog.ed-preview iframe');
    await expect
      .poll(() =>
        frame
          .locator('.c')
          .first()
          .evaluate((el) => getComputedStyle(el).color),
      )
      .toBe('rgb(200, 20, 60)');
    expect(await frame.locator('.pg').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 31, 77)');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('dialog.ed-preview[open]').count()).toBe(0);

    await panel.getByRole('button', { name: 'Salva stili' }).click();
    await expectNotice(page, 'Stili custom aggiornati con successo!');
    await shotOf(page, 'style-panel', 'editor-extras-panel-1280');

    const saved = await readPage(token, slug);
    expect(saved.style).toBe('custom');
    expect(saved.custom_styles.city).toMatchObject({
      color: '#C8143C',
      fontFamily: 'Playfair Display',
      fontWeight: '700',
    });
    expect(saved.custom_styles.venue).toMatchObject({
      color: '#000000',
      fontFamily: 'Abril Fatface',
      fontStyle: 'normal',
    });
    expect(saved.custom_styles.data!.color).toBe('#FFEE00');
    expect(saved.custom_styles.background!.color).toBe('#0B1F4D');
    // saving the styles keeps the buttons, their ids and their click counts
    expect(saved.buttons.map((b) => [b.id, b.click_count])).toEqual(
      created.buttons.map((b, i) => [b.id, i === 0 ? 1 : 0]),
    );

    // the published page, as a visitor's browser computes it
    const visitor = await ctx.newPage();
    await visitor.goto(`/${slug}`);
    const styleOf = (selector: string, prop: string) =>
      visitor
        .locator(selector)
        .first()
        .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
    expect(await styleOf('.c', 'color')).toBe('rgb(200, 20, 60)');
    expect(await styleOf('.c', 'font-family')).toMatch(/^"?Playfair Display"?,/);
    expect(await styleOf('.c', 'font-weight')).toBe('700');
    expect(await styleOf('.v', 'color')).toBe('rgb(0, 0, 0)');
    expect(await styleOf('.v', 'font-family')).toMatch(/^"?Abril Fatface"?,/);
    expect(await styleOf('.v', 'font-style')).toBe('normal');
    expect(await styleOf('.d', 'color')).toBe('rgb(255, 238, 0)');
    expect(await styleOf('.pg', 'background-color')).toBe('rgb(11, 31, 77)');
    expect(await styleOf('a.b', 'background-color')).toBe('rgb(255, 209, 102)');
    await visitor.evaluate(() => document.fonts.ready);
    expect(
      await visitor.evaluate(() =>
        [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Playfair Display' && f.status === 'loaded'),
      ),
    ).toBe(true);
    await shot(visitor, 'editor-extras-published-1280');
    await visitor.close();

    // the same panel on a phone
    await openInEditor(phonePage, '/admin', slug);
    await phonePage.getByTestId('style-panel').waitFor();
    await phonePage.locator('[data-field="city-color"] [data-colour]').first().waitFor();
    await shotOf(phonePage, 'style-panel', 'editor-extras-panel-375');
  });

  it('refuses to save custom styles for a page not saved yet', async () => {
    await page.goto('/admin');
    await ready(page);
    await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
    await chooseCustomTheme(page);
    const panel = page.getByTestId('style-panel');
    await panel.waitFor();
    await panel.getByText('Salva la landing page per poter salvare gli stili.').waitFor();
    await panel.getByRole('button', { name: 'Salva stili' }).click();
    await expectNotice(page, 'Salva prima la landing page per poter aggiornare gli stili custom');
  });

  it('shows the JSON of the page and reloads, copies and downloads it', { timeout: 90_000 }, async () => {
    const slug = uniqueSlug('xscode');
    await createPage(token, slug, 'custom');
    await openInEditor(page, '/admin', slug);
    await view(page, 'Codice');
    const viewer = page.getByTestId('json-viewer');
    await viewer.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the text as rendered), not the DOM property
    const shown = JSON.parse(await viewer.innerText()) as PageJson;
    expect(shown.folder_name).toBe(slug);
    expect(shown.buttons).toHaveLength(3);

    await page.getByRole('button', { name: 'Ricarica' }).click();
    await expectNotice(page, 'Dati della landing page ricaricati');

    await page.getByRole('button', { name: 'Copia', exact: true }).click();
    await expectNotice(page, 'JSON copiato negli appunti!');
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as PageJson;
    expect(copied).toEqual(shown);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${slug}.json`);
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as PageJson;
    expect(file).toEqual(shown);
    await expectNotice(page, 'JSON scaricato con successo!');
    await shotOf(page, 'code-view', 'editor-extras-code-1280');

    await openInEditor(phonePage, '/admin', slug);
    await view(phonePage, 'Codice');
    await phonePage.getByTestId('json-viewer').waitFor();
    await shotOf(phonePage, 'code-view', 'editor-extras-code-375');

    // the page is gone: a reload says so instead of showing stale data
    const gone = await api(`${API_PREFIX.pages}/${slug}`, { method: 'DELETE', token });
    expect(gone.status).toBeLessThan(300);
    await page.getByRole('button', { name: 'Ricarica' }).click();
    await expectNotice(page, 'Errore nel caricamento dei dati JSON');
  });

  it('draws a QR code that decodes to the public URL with utm_source=qr, and downloads it as PNG and SVG', {
    timeout: 90_000,
  }, async () => {
    const slug = uniqueSlug('xsqr');
    await createPage(token, slug, 'light');
    await openInEditor(page, '/admin', slug);
    await page.getByRole('button', { name: 'QR code della pagina' }).click();
    const canvas = page.getByTestId('qr-canvas');
    await canvas.waitFor();
    const pixels = await canvasPixels(page, '[data-testid="qr-canvas"]');
    const onScreen = jsQR(pixels.data, pixels.width, pixels.height);
    expect(onScreen?.data).toBe(`${baseURL()}/${slug}?utm_source=qr`);

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`${slug}-qr.png`);
    const pngBytes = readFileSync((await png.path())!);
    // decode the downloaded file itself: Chromium reads the PNG back into a canvas
    await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.id = 'xs-test-png';
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      c.getContext('2d')!.drawImage(img, 0, 0);
      c.style.display = 'none';
      document.body.append(c);
    }, pngBytes.toString('base64'));
    const decoded = await canvasPixels(page, '#xs-test-png');
    expect(decoded.width).toBeGreaterThanOrEqual(400);
    expect(jsQR(decoded.data, decoded.width, decoded.height)?.data).toBe(`${baseURL()}/${slug}?utm_source=qr`);

    const [svg] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Scarica SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe(`${slug}-qr.svg`);
    const svgText = readFileSync((await svg.path())!, 'utf8');
    expect(svgText).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(svgText).toContain('<path fill="#000" d="M');
    await shot(page, 'editor-extras-qr-1280', false);
  });
});

describe('editor extras, as a regular organiser', () => {
  let ctx: BrowserContext;

  beforeAll(async () => {
    ctx = await openBrowser(PHONE);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('has no code view, but has the statistics of their own page', { timeout: 90_000 }, async () => {
    const { token } = await organiser({ fullName: 'Giulia Extra', company: `Extra Live ${Date.now().toString(36)}` });
    const slug = uniqueSlug('xsorg');
    await createPage(token, slug, 'light');
    const page = await editorPage(ctx, token, '/user');
    await openInEditor(page, '/user', slug);
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs.map((s) => s.trim())).toEqual(['Modifica', 'Statistiche', 'Fan']);
    expect(await page.getByTestId('code-view').count()).toBe(0);
    await view(page, 'Statistiche');
    // their own page's statistics open: nobody has visited it yet
    await page.getByTestId('stats-view').getByText('Ancora nessuna visita').waitFor();
    // the JSON is the admins' tool: the page itself has no trace of it
    expect(await page.getByRole('tab', { name: 'Codice' }).count()).toBe(0);
    // and the fans of their own page: none yet
    await page.getByRole('tab', { name: 'Fan' }).click();
    await page.getByTestId('fans-empty').getByText('Ancora nessun fan').waitFor();
  });
});
