// Helpers of the editor-extras tests (editor-extras.test.ts and editor-style.test.ts).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { adminToken, api } from './api';
import { DESKTOP, PHONE, baseURL, openBrowser, ready, shot } from './browser';
import { editorPage } from './editor-helpers';
import { createPage as createPageAs } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

export interface PageJson {
  id: number;
  folder_name: string;
  style: string;
  view_page: number;
  custom_styles: Record<string, Record<string, string>>;
  buttons: { id: number; position: number; click_count: number }[];
}

/** Three flat colour blocks (60 % crimson, 25 % blue, 15 % amber) as a PNG, drawn by Chromium. */
export async function blockPng(ctx: BrowserContext): Promise<Buffer> {
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

export async function createPage(token: string, slug: string, style: 'light' | 'custom' = 'light'): Promise<PageJson> {
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

export async function readPage(token: string, slug: string): Promise<PageJson> {
  const res = await api(`${API_PREFIX.pages}/${slug}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as PageJson;
}

/** A tap on a button, awaited until the counting pipeline has written it (the flush delay). */
export async function click(token: string, slug: string, buttonId: number): Promise<void> {
  const countOf = async () => (await readPage(token, slug)).buttons.find((b) => b.id === buttonId)?.click_count;
  const before = await countOf();
  const res = await api(`${API_PREFIX.pages}/${slug}/buttons/${buttonId}/click`, { method: 'POST', json: {} });
  expect(res.status, await res.clone().text()).toBe(202);
  await expect.poll(countOf, { timeout: 15_000, interval: 500 }).toBe((before ?? 0) + 1);
}

/** Loads a page into the editor from the sidebar, as an organiser does. */
export async function openInEditor(page: Page, area: '/admin' | '/user', slug: string): Promise<void> {
  await page.goto(area);
  await ready(page);
  await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
  await page.getByRole('button', { name: /^Landing Pages/ }).click();
  await page.locator(`.ed-page[data-slug="${slug}"] button`).first().click();
  await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
  await expect.poll(() => page.locator('dialog.ed-drawer[open]').count()).toBe(0);
}

/** The page form's theme 'Custom' (its radio is visually hidden: the label is what people click). */
export async function chooseCustomTheme(page: Page): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name: 'Custom' }) }).click();
  await expect.poll(() => page.getByRole('radio', { name: 'Custom' }).isChecked()).toBe(true);
}

/** Switches the editor's view: the edit form, the code view or the statistics. */
export async function view(page: Page, name: 'Modifica' | 'Codice' | 'Statistiche'): Promise<void> {
  await page.getByRole('tab', { name }).click();
}

/**
 * A full-page screenshot with this element in the layout (an element shot would scroll, and the
 * sticky navbar, notice and live sample would land on top of it).
 */
export async function shotOf(page: Page, testId: string, name: string): Promise<void> {
  await page.getByTestId(testId).waitFor();
  // from the top, so sticky parts (navbar, notice, live sample) sit where they belong
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, name);
}

/** RGBA pixels of a canvas, moved as base64 (a JSON array of a million numbers is slow). */
export async function canvasPixels(
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

interface AdminEditors {
  ctx: BrowserContext;
  phone: BrowserContext;
  /** the editor at 1280 px, with the clipboard allowed */
  page: Page;
  /** the editor at 375 px */
  phonePage: Page;
  token: string;
}

/** The admin's editor at 1280 and 375 px, opened before the file's first test and closed after its last. */
export function adminEditors(): AdminEditors {
  const e = {} as AdminEditors;
  beforeAll(async () => {
    e.token = await adminToken();
    e.ctx = await openBrowser(DESKTOP);
    await e.ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    e.page = await editorPage(e.ctx, e.token, '/admin');
    e.phone = await openBrowser(PHONE);
    e.phonePage = await editorPage(e.phone, e.token, '/admin');
  });
  afterAll(async () => {
    await e.ctx?.close();
    await e.phone?.close();
  });
  return e;
}
