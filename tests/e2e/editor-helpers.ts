// Helpers for the editor's browser tests: the editor with a session, pages made through the API,
// and small page actions.
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './api';
import { makePng } from './media';
import { pageWithSession, ready } from './browser';
import { createPage, textPageBody } from './pages-api';

const EDITOR_HEADING = { level: 1, name: 'CREAZIONE LANDING' } as const;

/** The editor of this area, empty, on a new page holding this session (no login screen). */
export async function editorPage(ctx: BrowserContext, token: string, area: '/admin' | '/user'): Promise<Page> {
  const page = await pageWithSession(ctx, token);
  await page.goto(area);
  await ready(page);
  await page.getByRole('heading', EDITOR_HEADING).waitFor();
  return page;
}

/** Logs in through the login screen, as an organiser would. */
export async function uiLogin(
  ctx: BrowserContext,
  email: string,
  password: string,
  area: '/admin' | '/user',
): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/login');
  await ready(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL((url) => url.pathname === area || url.pathname === `${area}.html`);
  await page.getByRole('heading', EDITOR_HEADING).waitFor();
  return page;
}

/**
 * Waits until the notification bar shows this text. A notice comes after the server's answer (a
 * create with its header upload is two requests): 15 s, as a loaded machine once needed more than 8.
 */
export async function expectNotice(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ed-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

/** Loads a saved page into the editor from the sidebar, with a tap (phone) or a click. */
export async function openSavedPage(page: Page, slug: string, press: 'tap' | 'click'): Promise<void> {
  await page.getByRole('button', { name: /^Landing Pages/ })[press]();
  await page.locator(`.ed-page[data-slug="${slug}"] button`).first()[press]();
  await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
  await page.locator('dialog.ed-drawer[open]').waitFor({ state: 'detached' });
}

/**
 * A ranked list's rows (`.xs-rank-row` under this test id) as [text, figure]: the text of the
 * `text` element and the number in the `figure` data attribute (the row's data, not its wording).
 */
export async function rankRows(page: Page, testId: string, text: string, figure: string): Promise<[string, number][]> {
  return page
    .getByTestId(testId)
    .locator('.xs-rank-row')
    .evaluateAll(
      (rows, [text, figure]) =>
        rows.map((row): [string, number] => [
          row.querySelector(text)?.textContent?.trim() ?? '',
          Number(row.querySelector(`[${figure}]`)?.getAttribute(figure)),
        ]),
      [text, figure] as const,
    );
}

/** A minimal text page created through the API (set-up for ownership checks). */
export async function createTextPageApi(token: string, slug: string, title: string, city: string): Promise<void> {
  await createPage(
    token,
    textPageBody(slug, title, [
      {
        position: 1,
        type: 'text',
        text: `1 gennaio 2099 - ${city} - Teatro|biglietti`,
        image_path: '',
        url: 'https://example.com/t',
        cta_buttons: [{ url: 'https://example.com/t', buttonText: 'biglietti' }],
      },
    ]),
  );
}

/**
 * With a message in the notification bar, every control above the form (the view tabs, the
 * header buttons) still gets the click: the element at its centre is the control itself.
 * Returns the labels of the covered ones (none expected).
 */
export async function coveredControls(page: Page): Promise<string[]> {
  await page.locator('.ed-notice').first().waitFor();
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    if (!document.querySelector('.ed-notice')) return ['(no notice showing)'];
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.ed-views__tab, .ed-head__actions .btn')) {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !el.contains(hit)) covered.push(el.textContent?.trim() ?? el.className);
    }
    return covered;
  });
}

/** What a tab close would do now: true when the page asks first (unsaved changes). */
export async function asksBeforeUnload(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

/** Resolves when every animation running in the element (and inside it) has finished. */
export async function settleAnimations(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))));
}

/** expect.poll with room for a busy machine (image resizing, lazy chunks, publishing). */
export function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 10_000, interval: 100 });
}

export const HEADER_PNG = makePng(900, 420, [214, 36, 110], [19, 17, 31]);
export const BUTTON_PNG = makePng(600, 200, [245, 165, 36], [31, 95, 191]);

export async function fillEvent(page: Page, date: string, city: string, venue: string): Promise<void> {
  await page.getByLabel('Data', { exact: true }).fill(date);
  await page.getByLabel('Città', { exact: true }).fill(city);
  await page.getByLabel('Venue', { exact: true }).fill(venue);
}

export async function addButtonClick(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^(Aggiungi|Aggiorna) pulsante$/ }).click();
}

export async function save(page: Page): Promise<void> {
  await page.locator('.ed-save').click();
}

export async function openSidebar(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Landing Pages/ }).click();
  await page.locator('dialog.ed-drawer[open] .ed-pages, dialog.ed-drawer[open] .ed-empty').first().waitFor();
  // let the slide-in finish before anyone looks (or takes a screenshot)
  await settleAnimations(page, 'dialog.ed-drawer[open]');
}

export async function closeSidebar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Chiudi il pannello' }).click();
  await page
    .locator('dialog.ed-drawer[open]')
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  await poll(() => page.locator('dialog.ed-drawer[open]').count()).toBe(0);
}

export async function publicStatus(slug: string): Promise<number> {
  const res = await api(`/${slug}`);
  await res.arrayBuffer();
  return res.status;
}
