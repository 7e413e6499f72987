// Accounts' helpers shared by accounts.test.ts and accounts-forms.test.ts.
import type { BrowserContext, Page } from 'playwright-core';
import { PASSWORD } from './api';
import { pageWithSession } from './browser';

/** A fresh page with no session (each test starts logged out). */
export function freshPage(ctx: BrowserContext): Promise<Page> {
  return pageWithSession(ctx, null);
}

export async function fillSignup(
  page: Page,
  fields: { fullName: string; email: string; password: string; confirm: string },
) {
  await page.getByLabel('Nome completo').fill(fields.fullName);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Password', { exact: true }).fill(fields.password);
  await page.getByLabel('Conferma Password').fill(fields.confirm);
}

export async function loginUi(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}
