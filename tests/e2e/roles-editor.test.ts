// The roles inside the editor (docs/behaviour.md#teams): what a role cannot do is not offered. A
// Lettore (phone, touch) reads pages, preview, statistics, fan counts and history, with no create,
// save, hide/show, delete, availability or alert action, and is told once that the role is
// read-only; an Editor (desktop) saves and hides but does not delete; the fans' addresses (list,
// CSV) only with the 'Dati dei fan' right; a Titolare deletes.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken } from './api';
import { DESKTOP, openBrowser, PHONE, shot } from './browser';
import { createTextPageApi, editorPage, openSavedPage, settleAnimations } from './editor-helpers';
import { uniqueSlug } from './pages-api';
import { companyOwner, memberOf } from './members-api';

/** The sidebar's row of a page, with the sidebar open. */
async function sidebarRow(page: Page, slug: string, press: 'tap' | 'click') {
  await page.getByRole('button', { name: /^Landing Pages/ })[press]();
  const row = page.locator(`dialog.ed-drawer[open] .ed-page[data-slug="${slug}"]`);
  await row.waitFor();
  await settleAnimations(page, 'dialog.ed-drawer[open]');
  return row;
}

describe('roles in the editor', () => {
  it('a Lettore reads everything and changes nothing, and is told so once', { timeout: 120_000 }, async () => {
    const owner = await companyOwner();
    const viewer = await memberOf(owner, 'viewer', { fansAccess: true, fullName: 'Lia Lettrice' });
    const slug = uniqueSlug('lettore');
    await createTextPageApi(owner.token, slug, `Tour ${slug}`, 'Milano');

    const ctx = await openBrowser(PHONE, undefined, { touch: true });
    try {
      const page = await editorPage(ctx, viewer.token, '/user');
      // no create form: a card that leads to the pages, and the note said once
      await page.getByTestId('pick-page').waitFor();
      expect(await page.getByLabel('Titolo', { exact: true }).count()).toBe(0);
      expect(await page.locator('.ed-save').count()).toBe(0);
      expect(await page.getByTestId('readonly-note').count()).toBe(1);
      await shot(page, 'roles-viewer-phone-start');

      const row = await sidebarRow(page, slug, 'tap');
      expect(await row.getByRole('switch').count(), 'no hide/show').toBe(0);
      expect(await row.getByRole('button', { name: /^Elimina / }).count(), 'no delete').toBe(0);
      await page.getByTestId('trash').waitFor();
      await shot(page, 'roles-viewer-phone-sidebar');
      await page.getByRole('button', { name: 'Chiudi il pannello' }).tap();
      await openSavedPage(page, slug, 'tap');

      // the page, read-only: its fields disabled, no save, no button creator; the preview opens
      await expect.poll(() => page.getByLabel('Titolo', { exact: true }).inputValue()).toBe(`Tour ${slug}`);
      expect(await page.getByLabel('Titolo', { exact: true }).isDisabled()).toBe(true);
      expect(await page.locator('.ed-save').count()).toBe(0);
      expect(await page.locator('#ed-creator-title').count()).toBe(0);
      expect(await page.getByTestId('sale-badge').first().isDisabled()).toBe(true);
      expect(await page.getByTestId('readonly-note').count()).toBe(1);
      await shot(page, 'roles-viewer-phone-page');
      await page.getByRole('button', { name: 'Anteprima', exact: true }).tap();
      await page.frameLocator('dialog.ed-preview iframe').getByText('Milano').first().waitFor();
      await page.getByRole('button', { name: "Chiudi l'anteprima" }).tap();

      // every reading view is offered; the fan counts without the addresses
      const tabs = await page.getByRole('tab').allTextContents();
      expect(tabs.map((x) => x.trim())).toEqual(['Modifica', 'Statistiche', 'Fan', 'Cronologia']);
      await page.getByRole('tab', { name: 'Fan' }).tap();
      await page.getByTestId('fans-view').locator('.xs-kpi-value').first().waitFor();
      expect(await page.getByRole('button', { name: 'Scarica CSV' }).count()).toBe(0);
      expect(await page.getByTestId('fans-list').count()).toBe(0);
      await shot(page, 'roles-viewer-phone-fans');
    } finally {
      await ctx.close();
    }
  });

  it('an Editor saves and hides but does not delete; the fans addresses need the right', {
    timeout: 120_000,
  }, async () => {
    const owner = await companyOwner();
    const editor = await memberOf(owner, 'editor', { fullName: 'Edo Editor' });
    const trusted = await memberOf(owner, 'editor', { fansAccess: true, fullName: 'Fede Fan' });
    const slug = uniqueSlug('editor');
    await createTextPageApi(owner.token, slug, `Tour ${slug}`, 'Roma');

    const ctx = await openBrowser(DESKTOP);
    try {
      const page = await editorPage(ctx, editor.token, '/user');
      expect(await page.getByTestId('readonly-note').count()).toBe(0);
      expect(await page.locator('.ed-save').count(), 'an Editor creates').toBe(1);
      const row = await sidebarRow(page, slug, 'click');
      expect(await row.getByRole('switch').count()).toBe(1);
      expect(await row.getByRole('button', { name: /^Elimina / }).count(), 'no delete').toBe(0);
      await shot(page, 'roles-editor-desktop-sidebar');
      await page.getByRole('button', { name: 'Chiudi il pannello' }).click();
      await openSavedPage(page, slug, 'click');
      expect(await page.getByLabel('Titolo', { exact: true }).isDisabled()).toBe(false);
      await page.getByRole('tab', { name: 'Fan' }).click();
      await page.getByTestId('fans-view').locator('.xs-kpi-value').first().waitFor();
      expect(await page.getByRole('button', { name: 'Scarica CSV' }).count(), 'no addresses').toBe(0);
      await page.close();

      // with 'Dati dei fan' the export is there
      const withRight = await editorPage(ctx, trusted.token, '/user');
      await openSavedPage(withRight, slug, 'click');
      await withRight.getByRole('tab', { name: 'Fan' }).click();
      await withRight.getByRole('button', { name: 'Scarica CSV' }).waitFor();
      await withRight.close();

      // the Titolare deletes
      const own = await editorPage(ctx, owner.token, '/user');
      const ownRow = await sidebarRow(own, slug, 'click');
      await ownRow.getByRole('button', { name: `Elimina "Tour ${slug}"` }).waitFor();
    } finally {
      await ctx.close();
    }
  });

  it('an administrator has every view and every action, five tabs on a phone', { timeout: 90_000 }, async () => {
    const owner = await companyOwner();
    const slug = uniqueSlug('admin');
    await createTextPageApi(owner.token, slug, `Tour ${slug}`, 'Bari');
    const ctx = await openBrowser(PHONE, undefined, { touch: true });
    try {
      const page = await editorPage(ctx, await adminToken(), '/admin');
      const row = await sidebarRow(page, slug, 'tap');
      await row.getByRole('switch').waitFor();
      await row.getByRole('button', { name: `Elimina "Tour ${slug}"` }).waitFor();
      await page.getByRole('button', { name: 'Chiudi il pannello' }).tap();
      await openSavedPage(page, slug, 'tap');
      const tabs = await page.getByRole('tab').allTextContents();
      expect(tabs.map((x) => x.trim())).toEqual(['Modifica', 'Codice', 'Statistiche', 'Fan', 'Cronologia']);
      expect(await page.getByTestId('readonly-note').count()).toBe(0);
      await page.getByRole('tab', { name: 'Cronologia' }).tap();
      await page.getByTestId('history-view').locator('.hs-version').first().waitFor();
      await shot(page, 'roles-admin-phone-history', false);
    } finally {
      await ctx.close();
    }
  });
});
