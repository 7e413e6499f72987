// The accessibility gate for the editor (WCAG 2.2 AA): axe-core with the wcag2a/2aa/21a/21aa/22aa
// and best-practice rules plus a reflow check, at 375 and 1280 px, on every state an organiser
// meets (new page in text and image mode, a page loaded in each mode, the custom style panel,
// the font list, the sidebar, the delete confirmation, the preview, the QR code, the statistics
// and the admins' code view); every dialog takes the keyboard focus; a keyboard walk of the
// editor in text mode with the custom style panel, and in image mode. Any critical, serious or
// moderate finding fails; every finding is printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { type AuditReport, Gate, WIDTHS, expectAccessible, expectKeyboardUsable, setWidth } from './a11y';
import { adminToken } from './api';
import { DESKTOP, openBrowser, pageWithSession, ready } from './browser';
import { makePng } from './media';
import { presetStyles } from '../../src/core/styles';
import { createPage, uniqueSlug, uploadHeader } from './pages-api';

const HEADER_PNG = makePng(1200, 600, [30, 16, 70], [214, 36, 110]);

interface Seed {
  mode: 'text' | 'image';
  style: 'light' | 'dark' | 'custom';
  custom_styles?: unknown;
}

/** A page with an uploaded header, made through the API; returns its slug. */
async function seedPage(token: string, seed: Seed): Promise<string> {
  const slug = uniqueSlug(`a11yed${seed.mode}`);
  const buttons =
    seed.mode === 'text'
      ? [
          ['Ven 12 marzo 2099', 'Milano', 'Alcatraz', 'https://example.com/mi'],
          ['Sab 13 marzo 2099', 'Bologna', 'Estragon', 'https://example.com/bo'],
        ].map(([date, city, venue, url], i) => ({
          position: i + 1,
          type: 'text',
          text: `${date} - ${city} - ${venue}|biglietti`,
          image_path: '',
          url,
          cta_buttons: [{ url, buttonText: 'biglietti' }],
        }))
      : [
          ['spotify', 'Ascolta su Spotify'],
          ['applemusic', 'Ascolta su Apple Music'],
        ].map(([name, text], i) => ({
          position: i + 1,
          type: 'image',
          text,
          image_path: `/stores/${name}.svg`,
          url: `https://example.com/${name}`,
        }));
  await createPage(token, {
    title: `Editor accessibile ${slug}`,
    display_title: 'Le Vibrazioni Notturne',
    folder_name: slug,
    mode: seed.mode,
    style: seed.style,
    custom_styles: seed.custom_styles ?? {},
    header: '',
    buttons,
  });
  await uploadHeader(token, slug, HEADER_PNG);
  return slug;
}

/** The editor at /admin, empty (create mode), with the admin's session. */
async function freshEditor(page: Page): Promise<void> {
  await page.goto('/admin');
  await ready(page);
  await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
}

async function openSidebar(page: Page): Promise<void> {
  // by keyboard, as its focus handling is part of what is checked
  await page.getByRole('button', { name: /^Landing Pages/ }).focus();
  await page.keyboard.press('Enter');
  await page.locator('dialog.ed-drawer[open] .ed-pages, dialog.ed-drawer[open] .ed-empty').first().waitFor();
}

async function closeSidebar(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator('dialog.ed-drawer[open]').count()).toBe(0);
}

/**
 * Loads a saved page from the sidebar. Its notice 'Landing page caricata per la modifica' leaves
 * by itself after 3 s and everything under it moves up by its height: an audit or a walk across
 * that moment met two layouts (a row of store logos slid under the sticky action bar at 1280
 * px: target-size). The page catches the notice the moment it shows, where no round trip can
 * lose the race: `held` focuses its × (the notice stays while it has the focus, and is audited),
 * `closed` presses the ×.
 */
async function loadPage(page: Page, slug: string, notice: 'held' | 'closed' = 'closed'): Promise<void> {
  await freshEditor(page);
  await openSidebar(page);
  const caught = page.evaluate(
    (close) =>
      new Promise<void>((resolve) => {
        const look = (): void => {
          // the page's own bar, not the sidebar's copy; focus it once the sidebar has closed
          // (closing hands the focus back to the button that opened it)
          const x = [...document.querySelectorAll<HTMLButtonElement>('.ed-notice__close')].find(
            (b) => !b.closest('dialog'),
          );
          if (!x || (!close && document.querySelector('dialog[open]'))) {
            requestAnimationFrame(look);
            return;
          }
          if (close) x.click();
          else x.focus({ focusVisible: true } as FocusOptions);
          resolve();
        };
        look();
      }),
    notice === 'closed',
  );
  await page.locator(`.ed-page[data-slug="${slug}"] button`).first().click();
  await caught;
  await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
  await expect.poll(() => page.locator('dialog.ed-drawer[open]').count()).toBe(0);
  // (the sidebar keeps a copy of the bar: there are two)
  if (notice === 'closed') await expect.poll(() => page.locator('.ed-notice').count()).toBe(0);
  else {
    await page.locator('.ed-notice').getByText('Landing page caricata per la modifica').first().waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('ed-notice__close'))).toBe(true);
  }
}

/** Closes a held notice (loadPage) with its focused ×, so the states after it have one layout. */
async function closeNotice(page: Page): Promise<void> {
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.ed-notice').count()).toBe(0);
}

describe('accessibility of the editor', () => {
  let ctx: BrowserContext;
  let page: Page;
  let textSlug: string;
  let imageSlug: string;
  let customSlug: string;
  const gate = new Gate();

  beforeAll(async () => {
    const token = await adminToken();
    [textSlug, imageSlug, customSlug] = await Promise.all([
      seedPage(token, { mode: 'text', style: 'light' }),
      seedPage(token, { mode: 'image', style: 'light' }),
      seedPage(token, {
        mode: 'text',
        style: 'custom',
        custom_styles: presetStyles('blue'),
      }),
    ]);
    ctx = await openBrowser(DESKTOP);
    page = await pageWithSession(ctx, token);
  });
  afterAll(async () => {
    console.log(gate.summary('editor'));
    await ctx?.close();
  });

  it('a new page, the sidebar and the delete confirmation pass axe and reflow; dialogs take the focus', {
    timeout: 180_000,
  }, async () => {
    const reports: AuditReport[] = [];
    await freshEditor(page);
    reports.push(...(await gate.audit(page, 'editor, new page in text mode')));
    await page.locator('label.ed-seg__opt', { hasText: 'Immagine' }).click();
    await page.locator('#ed-image-file').waitFor({ state: 'attached' });
    reports.push(...(await gate.audit(page, 'editor, new page in image mode')));

    for (const width of WIDTHS) {
      await setWidth(page, width);
      await freshEditor(page);
      await openSidebar(page);
      reports.push(...(await gate.auditDialog(page, 'editor with the sidebar open', 'dialog.ed-drawer[open]', width)));

      await page
        .locator(`.ed-page[data-slug="${textSlug}"]`)
        .getByRole('button', { name: /^Elimina / })
        .click();
      await page.locator('dialog[open].confirm-dialog').waitFor();
      reports.push(
        ...(await gate.auditDialog(
          page,
          'editor with the delete confirmation open',
          'dialog[open].confirm-dialog',
          width,
        )),
      );
      await page.locator('dialog[open].confirm-dialog').getByRole('button', { name: 'Annulla' }).click();
      await expect.poll(() => page.locator('dialog[open].confirm-dialog').count()).toBe(0);
      await closeSidebar(page);
    }
    expectAccessible(reports);
  });

  it('a loaded text page, its preview, QR code, statistics and code view pass axe and reflow', {
    timeout: 180_000,
  }, async () => {
    const reports: AuditReport[] = [];
    await loadPage(page, textSlug, 'held');
    reports.push(...(await gate.audit(page, 'editor, text page loaded, with its notice')));
    await closeNotice(page);

    await page.getByRole('button', { name: 'QR code della pagina' }).click();
    await page.getByTestId('qr-canvas').waitFor();
    reports.push(...(await gate.audit(page, 'editor with the QR code open')));

    for (const width of WIDTHS) {
      await setWidth(page, width);
      await page.getByRole('button', { name: 'Anteprima', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.locator('dialog.ed-preview[open] iframe').waitFor();
      await page.frameLocator('dialog.ed-preview iframe').locator('footer').waitFor();
      reports.push(...(await gate.auditDialog(page, 'editor with the preview open', 'dialog.ed-preview[open]', width)));
      await page.keyboard.press('Escape');
      await expect.poll(() => page.locator('dialog.ed-preview[open]').count()).toBe(0);
    }

    await page.getByRole('tab', { name: 'Statistiche' }).click();
    await page.getByTestId('stats-view').locator('.xs-kpi-value').first().waitFor();
    reports.push(...(await gate.audit(page, 'editor, statistics view')));

    await page.getByRole('tab', { name: 'Fan' }).click();
    await page.getByTestId('fans-view').locator('.xs-kpi-value').first().waitFor();
    reports.push(...(await gate.audit(page, 'editor, fan view')));

    await page.getByRole('tab', { name: 'Codice' }).click();
    await page.getByTestId('json-viewer').waitFor();
    reports.push(...(await gate.audit(page, 'editor, code view (admins only)')));
    expectAccessible(reports);
  });

  it('a loaded image page and the custom style panel pass axe and reflow', { timeout: 180_000 }, async () => {
    const reports: AuditReport[] = [];
    await loadPage(page, imageSlug);
    reports.push(...(await gate.audit(page, 'editor, image page loaded')));

    await loadPage(page, customSlug);
    const panel = page.getByTestId('style-panel');
    await panel.waitFor();
    reports.push(...(await gate.audit(page, 'editor, custom style panel open')));

    const fontButton = panel.locator('[data-field="city-family"] button');
    await fontButton.click();
    await panel.getByRole('listbox').waitFor();
    // the rest of the panel was audited above; while the list is open it lies over the controls
    // below it, which take no pointer input until it closes
    reports.push(
      ...(await gate.audit(page, 'editor, custom style panel with the font list open', {
        scope: '[data-field="city-family"]',
      })),
    );
    await page.keyboard.press('Escape');
    expectAccessible(reports);
  });

  it('the editor can be used by keyboard: every focus stop visible and in view, in text mode with the custom style panel and in image mode', {
    timeout: 240_000,
  }, async () => {
    const reports: AuditReport[] = [];
    for (const [name, slug] of [
      ['text mode with the custom style panel', customSlug],
      ['image mode', imageSlug],
    ] as const) {
      await loadPage(page, slug);
      if (slug === customSlug) await page.getByTestId('style-panel').locator('[data-colour]').first().waitFor();
      reports.push(...(await gate.walk(page, `the editor, ${name}`, { minStops: 20, maxTabs: 200 })));
    }
    expectKeyboardUsable(reports);
  });
});
