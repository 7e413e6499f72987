// The 'Cronologia' tab (docs/behaviour.md#in-the-editor-history-trash-and-roles): an Editor's saves
// are listed newest first with who and what changed, a version opens in the preview, and
// 'Ripristina' brings the first one back, published, as the new current version. A Lettore reads
// the list without 'Ripristina'. On a phone with touch, and at 1280 px.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, openBrowser, PHONE, shot } from './browser';
import { createTextPageApi, editorPage, expectNotice, openSavedPage, poll } from './editor-helpers';
import { api } from './api';
import { uniqueSlug } from './pages-api';
import { companyOwner, memberOf } from './members-api';

/** Retitles the page in the form and saves it through the save bar. */
async function retitle(page: Page, title: string, press: 'tap' | 'click'): Promise<void> {
  await page.getByLabel('Titolo', { exact: true }).fill(title);
  await page.locator('.ed-save')[press]();
  await expectNotice(page, 'Landing page aggiornata con successo!');
}

/** The versions listed, newest first: [kind badge, current?, summary]. */
function versions(page: Page): Promise<[string, boolean, string][]> {
  return page
    .getByTestId('history-view')
    .locator('.hs-version')
    .evaluateAll((rows) =>
      rows.map((row): [string, boolean, string] => [
        row.querySelector('.badge')?.textContent?.trim() ?? '',
        row.classList.contains('is-current'),
        row.querySelector('.hs-version__summary')?.textContent?.trim() ?? '',
      ]),
    );
}

async function publicTitle(slug: string): Promise<string> {
  const html = await (await api(`/${slug}`)).text();
  return /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
}

describe('Cronologia', () => {
  it('lists an Editor’s saves and restores the first version', { timeout: 150_000 }, async () => {
    const owner = await companyOwner();
    const editor = await memberOf(owner, 'editor', { fullName: 'Elena Editor' });
    const slug = uniqueSlug('cronologia');
    const first = `Primo ${slug}`;
    await createTextPageApi(owner.token, slug, first, 'Milano');

    const ctx = await openBrowser(PHONE, undefined, { touch: true });
    try {
      const page = await editorPage(ctx, editor.token, '/user');
      await openSavedPage(page, slug, 'tap');
      await retitle(page, `Secondo ${slug}`, 'tap');
      await retitle(page, `Terzo ${slug}`, 'tap');

      await page.getByRole('tab', { name: 'Cronologia' }).tap();
      const view = page.getByTestId('history-view');
      await poll(async () => (await versions(page)).length).toBe(3);
      const listed = await versions(page);
      expect(listed.map(([kind, current]) => [kind, current])).toEqual([
        ['Salvata', true],
        ['Salvata', false],
        ['Creata', false],
      ]);
      expect(listed[0]![2]).toMatch(/titolo/i);
      // who saved: the Editor, by name; the current version offers no 'Ripristina'
      const newest = view.locator('.hs-version').first();
      await newest.getByText('di Elena Editor').waitFor();
      expect(await newest.getByRole('button', { name: /^Ripristina/ }).count()).toBe(0);
      await shot(page, 'history-phone-list');

      // the first version in the preview: its own title
      const oldest = view.locator('.hs-version').last();
      await oldest.getByRole('button', { name: /^Apri la versione/ }).tap();
      const preview = page.locator('dialog.ed-preview[open]');
      await preview.getByRole('heading', { name: /^Versione salvata/ }).waitFor();
      await page.frameLocator('dialog.ed-preview iframe').getByText('Milano').first().waitFor();
      expect(await page.frameLocator('dialog.ed-preview iframe').locator('title').textContent()).toContain(first);
      await shot(page, 'history-phone-preview', false);
      await page.getByRole('button', { name: "Chiudi l'anteprima" }).tap();

      // restore it: asked first, then published as the new current version
      await oldest.getByRole('button', { name: /^Ripristina la versione/ }).tap();
      const confirm = page.locator('dialog.confirm-dialog[open]');
      await confirm.getByText('viene pubblicata subito, come nuova versione').waitFor();
      await shot(page, 'history-phone-confirm', false);
      await confirm.getByRole('button', { name: 'Ripristina' }).tap();
      await expectNotice(page, /ripristinata e pubblicata/);
      await poll(async () => (await versions(page)).map(([kind, current]) => [kind, current])).toEqual([
        ['Ripristinata', true],
        ['Salvata', false],
        ['Salvata', false],
        ['Creata', false],
      ]);
      await poll(() => publicTitle(slug)).toContain(first);
      // the editor holds the restored page, with nothing left to save
      await page.getByRole('tab', { name: 'Modifica' }).tap();
      expect(await page.getByLabel('Titolo', { exact: true }).inputValue()).toBe(first);
    } finally {
      await ctx.close();
    }
  });

  it('a Lettore reads the versions, with no Ripristina', { timeout: 90_000 }, async () => {
    const owner = await companyOwner();
    const viewer = await memberOf(owner, 'viewer', { fullName: 'Luca Lettore' });
    const slug = uniqueSlug('cronolettore');
    await createTextPageApi(owner.token, slug, `Uno ${slug}`, 'Torino');
    const res = await api(`/api/db/landing-pages/${slug}`, { token: owner.token });
    const saved = (await res.json()) as Record<string, unknown>;
    const put = await api(`/api/db/landing-pages/${slug}`, {
      method: 'PUT',
      token: owner.token,
      json: { ...saved, title: `Due ${slug}` },
    });
    expect(put.status, await put.clone().text()).toBe(200);

    const ctx = await openBrowser(DESKTOP);
    try {
      const page = await editorPage(ctx, viewer.token, '/user');
      await openSavedPage(page, slug, 'click');
      await page.getByRole('tab', { name: 'Cronologia' }).click();
      await poll(async () => (await versions(page)).length).toBe(2);
      expect(
        await page
          .getByTestId('history-view')
          .getByRole('button', { name: /^Ripristina/ })
          .count(),
      ).toBe(0);
      expect(
        await page
          .getByTestId('history-view')
          .getByRole('button', { name: /^Apri la versione/ })
          .count(),
      ).toBe(2);
      await shot(page, 'history-desktop-viewer');
    } finally {
      await ctx.close();
    }
  });
});
