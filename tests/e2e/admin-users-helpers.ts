// Helpers for the 'Gestione Utenti' browser tests: the admin's users screen and its parts.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { User } from '../../src/core/schemas/user';
import { adminToken } from './api';
import { pageWithSession } from './browser';

/** The users screen on a new page holding the admin's session. */
export async function adminPage(ctx: BrowserContext): Promise<Page> {
  const page = await pageWithSession(ctx, await adminToken());
  await page.goto('/admin/users');
  try {
    await page.getByRole('heading', { level: 1, name: 'Gestione Utenti' }).waitFor();
  } catch (err) {
    const text = await page
      .locator('body')
      .textContent()
      .catch(() => '');
    throw new Error(`no 'Gestione Utenti' at ${page.url()}:\n${(text ?? '').slice(0, 800)}`, { cause: err });
  }
  return page;
}

export function pendingRow(page: Page, email: string): Locator {
  return page.getByTestId('pending-section').locator(`tr[data-email="${email}"]`);
}

export function allRow(page: Page, email: string): Locator {
  return page.getByTestId('all-section').locator(`tr[data-email="${email}"]`);
}

/** Narrows the all-users list to one address through the search box. */
export async function search(page: Page, text: string): Promise<void> {
  await page.getByLabel('Cerca per nome o email').fill(text);
}

/** Opens a user's panel from the all-users list (searched by e-mail). */
export async function openPanel(page: Page, user: Pick<User, 'email'>): Promise<Locator> {
  await search(page, user.email);
  const row = allRow(page, user.email);
  await row.getByRole('button', { name: /^Gestisci / }).click();
  const panel = page.locator('dialog.us-panel');
  await panel.waitFor();
  return panel;
}

/** The confirmation dialog on top (the shell's ConfirmDialog or the company dialog). */
export function confirmBox(page: Page): Locator {
  return page.locator('dialog[open].confirm-dialog');
}
