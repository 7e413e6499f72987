// Dates and publishing windows in the editor (docs/behaviour.md#in-the-editor), in Chromium. On a
// phone with touch at 375 px: past dates marked 'Passata', 'Ordina per data', 'Rimuovi date
// passate', an invalid window refused, a window in the future → 'Programmata' and the page 404.
// On a desktop with a mouse at 1280 px: a window in the past → 'Scaduta'; cleared → 'Visibile', 200.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from './api';
import { DESKTOP, PERSON_UA, PHONE, openBrowser, shot, PHONE_UA } from './browser';
import { editorPage, expectNotice } from './editor-helpers';
import { createPage, uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

const WINDOW_INVALID = "La fine della pubblicazione deve venire dopo l'inizio";
const UPDATED = 'Landing page aggiornata con successo!';

function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 10_000, interval: 100 });
}

function event(position: number, date: string, city: string) {
  return {
    position,
    type: 'text',
    text: `${date} - ${city} - Teatro|biglietti`,
    image_path: '',
    url: 'https://example.com/t',
    cta_buttons: [{ url: 'https://example.com/t', buttonText: 'biglietti' }],
  };
}

async function textPage(token: string, slug: string, dates: Array<[string, string]>): Promise<void> {
  await createPage(token, {
    title: `Orari ${slug}`,
    display_title: `Orari ${slug}`,
    folder_name: slug,
    mode: 'text',
    style: 'light',
    custom_styles: {},
    header: 'https://example.com/header.jpg',
    buttons: dates.map(([date, city], i) => event(i + 1, date, city)),
  });
}

/** Resolves once the element's own animations (a slide-in) have finished. */
function settled(el: Locator): Promise<unknown> {
  return el.evaluate((node) =>
    Promise.all(node.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
}

async function openSidebar(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Landing Pages/ }).click();
  const drawer = page.locator('dialog.ed-drawer[open]');
  await drawer.locator('.ed-pages').waitFor();
  await settled(drawer);
  return drawer;
}

async function closeSidebar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Chiudi il pannello' }).click();
  await poll(() => page.locator('dialog.ed-drawer[open]').count()).toBe(0);
}

/** The sidebar's entry of a page, its labels as shown (after a fresh list). */
async function sidebarLabels(page: Page, slug: string): Promise<string[]> {
  const drawer = await openSidebar(page);
  const item = drawer.locator(`.ed-page[data-slug="${slug}"]`);
  await item.waitFor();
  return [
    ...(await item.locator('.ed-page__badges .badge').allTextContents()),
    ...(await item.locator('.ed-switch__text').allTextContents()),
  ];
}

async function loadFromSidebar(page: Page, slug: string, touch: boolean): Promise<void> {
  const drawer = await openSidebar(page);
  const entry = drawer.locator(`.ed-page[data-slug="${slug}"] .ed-page__main`);
  await (touch ? entry.tap() : entry.click());
  await expectNotice(page, 'Landing page caricata per la modifica');
  await poll(() => page.locator('dialog.ed-drawer[open]').count()).toBe(0);
}

async function publicStatus(slug: string): Promise<number> {
  const res = await api(`/${slug}`);
  await res.arrayBuffer();
  return res.status;
}

async function savedWindow(token: string, slug: string): Promise<unknown> {
  const res = await api(`${API_PREFIX.pages}/${slug}`, { token });
  const page = (await res.json()) as { visible_from: unknown; visible_until: unknown };
  return { visible_from: page.visible_from, visible_until: page.visible_until };
}

const cities = (page: Page) => page.locator('[data-testid="button-row"] .ed-row__city').allTextContents();

describe('dates and publishing windows in the editor', () => {
  let phone: BrowserContext;
  let desktop: BrowserContext;
  let token: string;

  beforeAll(async () => {
    [phone, desktop, token] = await Promise.all([
      openBrowser(PHONE, PHONE_UA, { touch: true }),
      openBrowser(DESKTOP, PERSON_UA),
      adminToken(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([phone?.close(), desktop?.close()]);
  });

  it('phone, touch: past dates, sorting, and a window in the future → Programmata and 404', async () => {
    const slug = uniqueSlug('sched');
    await textPage(token, slug, [
      ['12 maggio 2099', 'Roma'],
      ['1 gennaio 2020', 'Milano'],
      ['data da annunciare', 'Bari'],
      ['3 marzo 2098', 'Torino'],
    ]);
    const page = await editorPage(phone, token, '/admin');
    await loadFromSidebar(page, slug, true);

    // the past event is marked, the others are not
    const past = page.getByTestId('past-badge');
    await expect(past.count()).resolves.toBe(1);
    await expect(past.textContent()).resolves.toBe('Passata');
    await expect(
      page.getByTestId('button-row').filter({ hasText: 'Milano' }).getByTestId('past-badge').count(),
    ).resolves.toBe(1);

    // 'Ordina per data': by day, the undated last
    const sort = page.getByRole('button', { name: 'Ordina per data' });
    expect((await sort.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await sort.tap();
    await poll(() => cities(page)).toEqual(['Milano', 'Torino', 'Roma', 'Bari']);
    // the actions row fits the phone's width
    const overflow = await page.locator('.ed-list-head').evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.locator('.ed-list-head').scrollIntoViewIfNeeded();
    await shot(page, 'schedule-list-375', false);

    // 'Rimuovi date passate' in one tap, saying how many; the focus goes to the list's title
    const remove = page.getByRole('button', { name: /^Rimuovi date passate/ });
    expect((await remove.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await remove.tap();
    await expectNotice(page, 'Rimossa 1 data passata');
    await poll(() => cities(page)).toEqual(['Torino', 'Roma', 'Bari']);
    await expect(past.count()).resolves.toBe(0);
    await expect(remove.count()).resolves.toBe(0);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('ed-list-title');

    // a window that ends before it starts is refused, under the fields and at save
    const from = page.getByLabel('Pubblica dal', { exact: true });
    const until = page.getByLabel('Fino al', { exact: true });
    await from.fill('2099-07-01T21:00');
    await until.fill('2099-07-01T20:00');
    const group = page.locator('.ed-window');
    await group.getByRole('alert').getByText(WINDOW_INVALID).waitFor();
    await expect(until.getAttribute('aria-invalid')).resolves.toBe('true');
    await group.scrollIntoViewIfNeeded();
    await shot(page, 'schedule-window-invalid-375', false);
    await page.locator('.ed-save').tap();
    await expectNotice(page, WINDOW_INVALID);

    // cleared with its button: the message goes; saved, the page waits for its window
    await page.getByRole('button', { name: 'Svuota «Fino al»' }).tap();
    await expect(until.inputValue()).resolves.toBe('');
    await poll(() => group.getByRole('alert').count()).toBe(0);
    await page.locator('.ed-save').tap();
    await expectNotice(page, UPDATED);
    // 21:00 Rome summer time is 19:00 UTC
    await expect(savedWindow(token, slug)).resolves.toEqual({
      visible_from: '2099-07-01T19:00:00Z',
      visible_until: null,
    });
    await expect(sidebarLabels(page, slug)).resolves.toEqual(['In modifica', 'Programmata', 'Visibile']);
    await shot(page, 'schedule-sidebar-375', false);
    await closeSidebar(page);
    await expect(publicStatus(slug)).resolves.toBe(404);
    await page.close();
  });

  it('desktop, mouse: a window in the past → Scaduta and 404; cleared → Visibile and 200', async () => {
    const slug = uniqueSlug('schedd');
    await textPage(token, slug, [['12 maggio 2099', 'Roma']]);
    const page = await editorPage(desktop, token, '/admin');
    await loadFromSidebar(page, slug, false);
    // one event: nothing to sort, nothing past
    await expect(page.getByRole('button', { name: 'Ordina per data' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: /^Rimuovi date passate/ }).count()).resolves.toBe(0);

    const from = page.getByLabel('Pubblica dal', { exact: true });
    const until = page.getByLabel('Fino al', { exact: true });
    // winter time: 10:00 in Rome is 09:00 UTC
    await from.fill('2020-01-10T10:00');
    await until.fill('2021-01-10T10:00');
    await page.locator('.ed-window').scrollIntoViewIfNeeded();
    await shot(page, 'schedule-window-1280', false);
    await page.locator('.ed-save').click();
    await expectNotice(page, UPDATED);
    await expect(savedWindow(token, slug)).resolves.toEqual({
      visible_from: '2020-01-10T09:00:00Z',
      visible_until: '2021-01-10T09:00:00Z',
    });
    await expect(sidebarLabels(page, slug)).resolves.toEqual(['In modifica', 'Scaduta', 'Visibile']);
    await shot(page, 'schedule-sidebar-1280', false);
    await closeSidebar(page);
    await expect(publicStatus(slug)).resolves.toBe(404);

    // both cleared: open again, at once after the save
    await page.getByRole('button', { name: 'Svuota «Pubblica dal»' }).click();
    await page.getByRole('button', { name: 'Svuota «Fino al»' }).click();
    await expect(from.inputValue()).resolves.toBe('');
    await page.locator('.ed-save').click();
    await expectNotice(page, UPDATED);
    await expect(savedWindow(token, slug)).resolves.toEqual({ visible_from: null, visible_until: null });
    await expect(sidebarLabels(page, slug)).resolves.toEqual(['In modifica', 'Visibile']);
    await closeSidebar(page);
    await expect(publicStatus(slug)).resolves.toBe(200);
    await page.close();
  });
});
