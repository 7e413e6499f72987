import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import jsQR from 'jsqr';
import { api, organiser } from './api';
import { baseURL, downloaded, openBrowser, PHONE, shot } from './browser';
import { editorPage, expectNotice } from './editor-helpers';
import { uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';
import {
  adminEditors,
  canvasPixels,
  createPage,
  openInEditor,
  type PageJson,
  shotOf,
  view,
} from './editor-extras-helpers';

describe('editor extras, as an admin', () => {
  const e = adminEditors();

  it('shows the JSON of the page and reloads, copies and downloads it', { timeout: 90_000 }, async () => {
    const slug = uniqueSlug('xscode');
    await createPage(e.token, slug, 'custom');
    await openInEditor(e.page, '/admin', slug);
    await view(e.page, 'Codice');
    const viewer = e.page.getByTestId('json-viewer');
    await viewer.waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText (the text as rendered), not the DOM property
    const shown = JSON.parse(await viewer.innerText()) as PageJson;
    expect(shown.folder_name).toBe(slug);
    expect(shown.buttons).toHaveLength(3);

    await e.page.getByRole('button', { name: 'Ricarica' }).click();
    await expectNotice(e.page, 'Dati della landing page ricaricati');

    await e.page.getByRole('button', { name: 'Copia', exact: true }).click();
    await expectNotice(e.page, 'JSON copiato negli appunti!');
    const copied = JSON.parse(await e.page.evaluate(() => navigator.clipboard.readText())) as PageJson;
    expect(copied).toEqual(shown);

    const [download] = await Promise.all([
      e.page.waitForEvent('download'),
      e.page.getByRole('button', { name: 'Scarica', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${slug}.json`);
    const file = JSON.parse((await downloaded(download)).toString('utf8')) as PageJson;
    expect(file).toEqual(shown);
    await expectNotice(e.page, 'JSON scaricato con successo!');
    await shotOf(e.page, 'code-view', 'editor-extras-code-1280');

    await openInEditor(e.phonePage, '/admin', slug);
    await view(e.phonePage, 'Codice');
    await e.phonePage.getByTestId('json-viewer').waitFor();
    await shotOf(e.phonePage, 'code-view', 'editor-extras-code-375');

    // the page is gone: a reload says so instead of showing stale data
    const gone = await api(`${API_PREFIX.pages}/${slug}`, { method: 'DELETE', token: e.token });
    expect(gone.status).toBeLessThan(300);
    await e.page.getByRole('button', { name: 'Ricarica' }).click();
    await expectNotice(e.page, 'Errore nel caricamento dei dati JSON');
  });

  it('draws a QR code that decodes to the public URL with utm_source=qr, and downloads it as PNG and SVG', {
    timeout: 90_000,
  }, async () => {
    const slug = uniqueSlug('xsqr');
    await createPage(e.token, slug, 'light');
    await openInEditor(e.page, '/admin', slug);
    await e.page.getByRole('button', { name: 'QR code della pagina' }).click();
    const canvas = e.page.getByTestId('qr-canvas');
    await canvas.waitFor();
    const pixels = await canvasPixels(e.page, '[data-testid="qr-canvas"]');
    const onScreen = jsQR(pixels.data, pixels.width, pixels.height);
    expect(onScreen?.data).toBe(`${baseURL()}/${slug}?utm_source=qr`);

    const [png] = await Promise.all([
      e.page.waitForEvent('download'),
      e.page.getByRole('button', { name: 'Scarica PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe(`${slug}-qr.png`);
    const pngBytes = await downloaded(png);
    // decode the downloaded file itself: Chromium reads the PNG back into a canvas
    await e.page.evaluate(async (b64) => {
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
    const decoded = await canvasPixels(e.page, '#xs-test-png');
    expect(decoded.width).toBeGreaterThanOrEqual(400);
    expect(jsQR(decoded.data, decoded.width, decoded.height)?.data).toBe(`${baseURL()}/${slug}?utm_source=qr`);

    const [svg] = await Promise.all([
      e.page.waitForEvent('download'),
      e.page.getByRole('button', { name: 'Scarica SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe(`${slug}-qr.svg`);
    const svgText = (await downloaded(svg)).toString('utf8');
    expect(svgText).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    expect(svgText).toContain('<path fill="#000" d="M');
    await shot(e.page, 'editor-extras-qr-1280', false);
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
    expect(tabs.map((s) => s.trim())).toEqual(['Modifica', 'Statistiche', 'Fan', 'Cronologia']);
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
