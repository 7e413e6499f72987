// 'Gestione Utenti' on a phone (cards, the panel as a full sheet, toasts above the panel) and
// the screen as a non-admin or an anonymous visitor meets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { adminPage, allRow, confirmBox, openPanel } from '../admin-users-helpers';
import { activeUser, login, register } from '../api';
import { DESKTOP, PHONE, openBrowser, pageWithSession, shot } from '../browser';
import { pngPixels } from '../media';

/** Mean brightness (0-255) of a strip inside the right padding of a toast, as painted. */
async function paintedBrightness(page: Page, toast: Locator): Promise<number> {
  const box = (await toast.boundingBox())!;
  const clip = { x: box.x + box.width - 10, y: box.y + box.height / 2 - 3, width: 4, height: 6 };
  const pixels = pngPixels(await page.screenshot({ clip }));
  let sum = 0;
  for (const v of pixels) sum += v;
  return sum / pixels.length;
}

/** The painted colour at the centre of a success toast's check icon. */
async function iconColor(page: Page, toast: Locator): Promise<[number, number, number]> {
  const box = (await toast.locator(':scope > div').first().boundingBox())!;
  const clip = { x: box.x + 3, y: box.y + box.height / 2 - 1, width: 2, height: 2 };
  const pixels = pngPixels(await page.screenshot({ clip }));
  return [pixels[0]!, pixels[1]!, pixels[2]!];
}

/** On top: the white toast body unshaded and its green check icon drawn. */
async function expectOnTop(page: Page, toast: Locator): Promise<void> {
  expect(await paintedBrightness(page, toast)).toBeGreaterThan(230);
  const [r, g, b] = await iconColor(page, toast);
  expect(g, `icon colour ${r},${g},${b}`).toBeGreaterThan(r + 40);
  expect(g).toBeGreaterThan(b + 20);
}

describe('Gestione Utenti (phone, 375 px)', () => {
  let ctx: BrowserContext;
  beforeAll(async () => {
    ctx = await openBrowser(PHONE);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows cards instead of a table and the panel as a full sheet', async () => {
    await register({ fullName: 'Chiara Telefono', company: 'Mobile Srl' });
    const page = await adminPage(ctx);
    const pendingCard = page.getByTestId('pending-section').locator('tbody tr').first();
    await pendingCard.waitFor();
    // cards: no header row visible, each row a block as wide as the list
    await expect(pendingCard.evaluate((el) => getComputedStyle(el).display)).resolves.toBe('grid');
    const box = await pendingCard.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, 'admin-users-375');

    await page
      .getByTestId('all-section')
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Gestisci / })
      .click();
    await page
      .locator('dialog.us-panel[open] .us-timeline, dialog.us-panel[open] .us-panel-section p.hint')
      .first()
      .waitFor();
    await shot(page, 'admin-users-panel-375', false);
  });

  it('a toast raised while the user panel (a modal dialog) is open is painted above its backdrop', async () => {
    const user = await activeUser({ fullName: 'Tina Toast' });
    const page = await adminPage(ctx);
    const panel = await openPanel(page, user);
    await panel.getByRole('button', { name: 'Sospendi' }).click();
    await confirmBox(page).getByRole('button', { name: 'Sospendi' }).click();
    const toast = page.locator('.toast').filter({ hasText: `Account di ${user.full_name} sospeso.` });
    await toast.waitFor();
    await page.waitForTimeout(400); // the enter animation
    expect(await panel.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    // under the panel (a full-height sheet on phones) nothing of the toast would show
    await expectOnTop(page, toast);
    await shot(page, 'admin-users-toast-over-panel-375', false);

    // a confirmation opened while the toast is up: the toast rises above it too
    await panel.getByRole('button', { name: 'Riattiva' }).click();
    await confirmBox(page).waitFor();
    await page.waitForTimeout(300);
    expect(await toast.isVisible()).toBe(true); // success toasts last 3 s
    // under the confirmation's dark backdrop the white toast would be dimmed to ~110
    await expectOnTop(page, toast);
    await shot(page, 'admin-users-toast-over-confirm-375', false);
    // the layer never catches clicks: the dialog under it still works
    await confirmBox(page).getByRole('button', { name: 'Riattiva' }).click();
    await page
      .locator('.toast')
      .filter({ hasText: `Account di ${user.full_name} riattivato.` })
      .waitFor();
    await allRow(page, user.email).locator('[data-status="active"]').waitFor();
    await panel.getByRole('button', { name: 'Chiudi' }).click();
    await panel.waitFor({ state: 'hidden' });
    await page.close();
  });
});

describe('a non-admin at /admin/users', () => {
  it("sees 'Accesso Negato'", async () => {
    const user = await activeUser({ fullName: 'Ugo Utente' });
    const ctx = await openBrowser(PHONE);
    try {
      const page = await pageWithSession(ctx, await login(user.email));
      await page.goto('/admin/users');
      await page.getByRole('heading', { name: 'Accesso Negato' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/admin/users');
      await expect(page.getByRole('heading', { name: 'Gestione Utenti' }).count()).resolves.toBe(0);
      await shot(page, 'admin-users-denied-375');
    } finally {
      await ctx.close();
    }
  });

  it('is sent to /login when not logged in', async () => {
    const ctx = await openBrowser(DESKTOP);
    try {
      const page = await ctx.newPage();
      await page.goto('/admin/users');
      await page.waitForURL((url) => url.pathname === '/login');
    } finally {
      await ctx.close();
    }
  });
});
