// The sidebar's 'Cestino' (docs/behaviour.md#in-the-editor-history-trash-and-roles): a Titolare's
// delete says what goes and that it comes back, the page shows up in the Cestino with who deleted
// it, the days left and what it holds; 'Ripristina' brings it back published; 'Elimina
// definitivamente' asks for the slug first. An Editor sees the Cestino without its actions.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api } from './api';
import { DESKTOP, openBrowser, PHONE, shot } from './browser';
import {
  createTextPageApi,
  editorPage,
  expectNotice,
  openSidebar,
  poll,
  publicStatus,
  settleAnimations,
} from './editor-helpers';
import { uniqueSlug } from './pages-api';
import { companyOwner, memberOf } from './members-api';

/** The Cestino unfolded, in the open sidebar. */
async function openTrash(page: Page, press: 'tap' | 'click'): Promise<void> {
  const toggle = page.locator('dialog.ed-drawer[open] .ed-trash__toggle');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle[press]();
  await settleAnimations(page, 'dialog.ed-drawer[open]');
}

function trashRow(page: Page, slug: string) {
  return page.locator(`dialog.ed-drawer[open] .ed-trash-item[data-slug="${slug}"]`);
}

async function trashSlugs(token: string): Promise<string[]> {
  const res = await api('/api/db/trash', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { pages: { folder_name: string }[] }).pages.map((p) => p.folder_name);
}

describe('Cestino', () => {
  it('a deleted page waits in the Cestino, comes back, and goes for ever once its slug is typed', {
    timeout: 150_000,
  }, async () => {
    const owner = await companyOwner(undefined, 'Tina Titolare');
    const kept = uniqueSlug('cestino');
    const gone = uniqueSlug('pergiu');
    await createTextPageApi(owner.token, kept, `Torna ${kept}`, 'Milano');
    await createTextPageApi(owner.token, gone, `Via ${gone}`, 'Roma');

    const ctx = await openBrowser(DESKTOP);
    try {
      const page = await editorPage(ctx, owner.token, '/user');
      await openSidebar(page);
      // the delete dialog says what goes and that it comes back
      await page
        .locator(`.ed-page[data-slug="${kept}"]`)
        .getByRole('button', { name: `Elimina "Torna ${kept}"` })
        .click();
      const confirm = page.locator('dialog.confirm-dialog[open]');
      await confirm.getByText('esce subito dal sito pubblico').waitFor();
      await confirm.getByText('ripristinarla dal Cestino per 30 giorni').waitFor();
      await shot(page, 'trash-desktop-delete-dialog', false);
      await confirm.getByRole('button', { name: 'Sposta nel cestino' }).click();
      await expectNotice(page, /è nel cestino/);
      await poll(() => page.locator(`.ed-page[data-slug="${kept}"]`).count()).toBe(0);
      await poll(() => publicStatus(kept)).toBe(404);

      // in the Cestino: who, when, days left, what it holds
      await openTrash(page, 'click');
      const row = trashRow(page, kept);
      await row.waitFor();
      await row.getByText(/^Eliminata da Tina Titolare il \d\d\/\d\d\/\d{4} \d\d:\d\d$/).waitFor();
      await row.getByText(/^Ancora \d+ giorni$/).waitFor();
      await row.getByText(/^\d+ fan · \d+ visite$/).waitFor();
      await shot(page, 'trash-desktop-list');

      // 'Ripristina': back among the pages, published again
      await row.getByRole('button', { name: `Ripristina "Torna ${kept}"` }).click();
      await expectNotice(page, /è tornata tra le pagine/);
      await page.locator(`.ed-page[data-slug="${kept}"]`).waitFor();
      await poll(() => publicStatus(kept)).toBe(200);
      expect(await trashSlugs(owner.token)).not.toContain(kept);

      // 'Elimina definitivamente': the button waits for the slug
      const del = await api(`/api/db/landing-pages/${gone}`, { method: 'DELETE', token: owner.token });
      expect(del.status, await del.clone().text()).toBe(200);
      await page.getByRole('button', { name: 'Aggiorna elenco' }).click();
      await page.getByRole('button', { name: 'Chiudi il pannello' }).click();
      await openSidebar(page);
      await openTrash(page, 'click');
      await trashRow(page, gone)
        .getByRole('button', { name: `Elimina definitivamente "Via ${gone}"` })
        .click();
      const dialog = page.locator('dialog.confirm-dialog[open]');
      const forEver = dialog.getByRole('button', { name: 'Elimina definitivamente' });
      expect(await forEver.isDisabled()).toBe(true);
      const field = dialog.getByLabel(`Per confermare scrivi l’indirizzo della pagina: ${gone}`);
      await field.fill(gone.slice(0, -1));
      expect(await forEver.isDisabled()).toBe(true);
      await shot(page, 'trash-desktop-purge-dialog', false);
      await field.fill(gone);
      await forEver.click();
      await expectNotice(page, /eliminata definitivamente/);
      await poll(() => trashRow(page, gone).count()).toBe(0);
      expect(await trashSlugs(owner.token)).not.toContain(gone);
      expect(await publicStatus(gone)).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('an Editor sees the Cestino, with no action and no delete', { timeout: 90_000 }, async () => {
    const owner = await companyOwner();
    const editor = await memberOf(owner, 'editor');
    const slug = uniqueSlug('cestinoed');
    await createTextPageApi(owner.token, slug, `Cestinata ${slug}`, 'Napoli');
    const del = await api(`/api/db/landing-pages/${slug}`, { method: 'DELETE', token: owner.token });
    expect(del.status, await del.clone().text()).toBe(200);

    const ctx = await openBrowser(PHONE, undefined, { touch: true });
    try {
      const page = await editorPage(ctx, editor.token, '/user');
      await page.getByRole('button', { name: /^Landing Pages/ }).tap();
      await page.locator('dialog.ed-drawer[open] .ed-trash__toggle').waitFor();
      await openTrash(page, 'tap');
      const row = trashRow(page, slug);
      await row.waitFor();
      expect(await row.getByRole('button').count()).toBe(0);
      expect(await page.locator('dialog.ed-drawer[open] .ed-page__delete').count()).toBe(0);
      await shot(page, 'trash-phone-editor', false);
    } finally {
      await ctx.close();
    }
  });
});
