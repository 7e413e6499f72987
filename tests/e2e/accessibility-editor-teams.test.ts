// The accessibility gate (WCAG 2.2 AA, tests/e2e/a11y.ts) on the editor's team states
// (docs/behaviour.md#in-the-editor-history-trash-and-roles), at 375 and 1280 px: a Lettore's
// editor (the card that waits for a page, a page read-only with its note, the sidebar with the
// Cestino) with a keyboard walk of the read-only page; a Titolare's 'Cronologia', a version in
// the preview, the restore confirmation, the Cestino unfolded and 'Elimina definitivamente'.
// Every dialog takes the focus. Any critical, serious or moderate finding fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { type AuditReport, Gate, WIDTHS, expectAccessible, expectKeyboardUsable, setWidth } from './a11y';
import { api } from './api';
import { DESKTOP, openBrowser } from './browser';
import { createTextPageApi, editorPage, openSavedPage, poll } from './editor-helpers';
import { uniqueSlug } from './pages-api';
import { companyOwner, type Member, memberOf } from './members-api';

async function openSidebarWithTrash(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Landing Pages/ }).focus();
  await page.keyboard.press('Enter');
  const toggle = page.locator('dialog.ed-drawer[open] .ed-trash__toggle');
  await toggle.waitFor();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator('dialog.ed-drawer[open] .ed-trash__body:not([hidden])').waitFor();
}

async function closeDialog(page: Page, selector: string): Promise<void> {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.locator(selector).count()).toBe(0);
}

/** Waits until the load notice has gone, so every state is audited in one layout. */
async function noticeGone(page: Page): Promise<void> {
  await poll(() => page.locator('.ed-notice').count()).toBe(0);
}

describe('accessibility of the editor for teams', () => {
  let ctx: BrowserContext;
  let owner: Member;
  let viewer: Member;
  let slug: string;
  let trashed: string;
  const gate = new Gate();

  beforeAll(async () => {
    owner = await companyOwner(undefined, 'Titolare Accessibile');
    viewer = await memberOf(owner, 'viewer', { fullName: 'Lettore Accessibile' });
    slug = uniqueSlug('a11yteam');
    trashed = uniqueSlug('a11ycestino');
    await createTextPageApi(owner.token, slug, `Accessibile ${slug}`, 'Milano');
    await createTextPageApi(owner.token, trashed, `Nel cestino ${trashed}`, 'Roma');
    const saved = (await (await api(`/api/db/landing-pages/${slug}`, { token: owner.token })).json()) as object;
    await api(`/api/db/landing-pages/${slug}`, {
      method: 'PUT',
      token: owner.token,
      json: { ...saved, title: `Accessibile due ${slug}` },
    });
    await api(`/api/db/landing-pages/${trashed}`, { method: 'DELETE', token: owner.token });
    ctx = await openBrowser(DESKTOP);
  });
  afterAll(async () => {
    console.log(gate.summary('editor for teams'));
    await ctx?.close();
  });

  it('a Lettore’s editor passes axe and reflow, and the read-only page by keyboard', { timeout: 240_000 }, async () => {
    const reports: AuditReport[] = [];
    const page = await editorPage(ctx, viewer.token, '/user');
    await page.getByTestId('pick-page').waitFor();
    reports.push(...(await gate.audit(page, 'editor of a Lettore, no page open')));
    for (const width of WIDTHS) {
      await setWidth(page, width);
      await openSidebarWithTrash(page);
      reports.push(
        ...(await gate.auditDialog(page, 'Lettore: sidebar with the Cestino', 'dialog.ed-drawer[open]', width)),
      );
      await closeDialog(page, 'dialog.ed-drawer[open]');
    }
    await openSavedPage(page, slug, 'click');
    await noticeGone(page);
    reports.push(...(await gate.audit(page, 'editor of a Lettore, page read-only')));
    reports.push(...(await gate.walk(page, 'the read-only page of a Lettore', { minStops: 8, maxTabs: 120 })));
    expectAccessible(reports.filter((r) => r.kind === 'axe'));
    expectKeyboardUsable(reports.filter((r) => r.kind === 'keyboard'));
    await page.close();
  });

  it('Cronologia, a version in the preview and the restore confirmation pass axe and reflow', {
    timeout: 240_000,
  }, async () => {
    const reports: AuditReport[] = [];
    const page = await editorPage(ctx, owner.token, '/user');
    await openSavedPage(page, slug, 'click');
    await noticeGone(page);
    await page.getByRole('tab', { name: 'Cronologia' }).click();
    await poll(() => page.locator('.hs-version').count()).toBe(2);
    reports.push(...(await gate.audit(page, 'editor, Cronologia view')));

    const oldest = page.locator('.hs-version').last();
    for (const width of WIDTHS) {
      await setWidth(page, width);
      await oldest.getByRole('button', { name: /^Apri la versione/ }).click();
      await page.frameLocator('dialog.ed-preview iframe').locator('footer').waitFor();
      reports.push(...(await gate.auditDialog(page, 'a version in the preview', 'dialog.ed-preview[open]', width)));
      await closeDialog(page, 'dialog.ed-preview[open]');

      await oldest.getByRole('button', { name: /^Ripristina la versione/ }).click();
      await page.locator('dialog.confirm-dialog[open]').waitFor();
      reports.push(...(await gate.auditDialog(page, 'the restore confirmation', 'dialog.confirm-dialog[open]', width)));
      await closeDialog(page, 'dialog.confirm-dialog[open]');
    }
    expectAccessible(reports);
    await page.close();
  });

  it('the Cestino with a page and its delete for ever pass axe and reflow', { timeout: 240_000 }, async () => {
    const reports: AuditReport[] = [];
    const page = await editorPage(ctx, owner.token, '/user');
    for (const width of WIDTHS) {
      await setWidth(page, width);
      await openSidebarWithTrash(page);
      await page.locator(`.ed-trash-item[data-slug="${trashed}"]`).waitFor();
      reports.push(
        ...(await gate.auditDialog(page, 'Titolare: sidebar with the Cestino', 'dialog.ed-drawer[open]', width)),
      );
      await page
        .locator(`.ed-trash-item[data-slug="${trashed}"]`)
        .getByRole('button', { name: /^Elimina definitivamente/ })
        .click();
      await page.locator('dialog.confirm-dialog[open] input').waitFor();
      reports.push(
        ...(await gate.auditDialog(
          page,
          'Elimina definitivamente, slug to type',
          'dialog.confirm-dialog[open]',
          width,
        )),
      );
      await closeDialog(page, 'dialog.confirm-dialog[open]');
      await closeDialog(page, 'dialog.ed-drawer[open]');
    }
    expectAccessible(reports);
    await page.close();
  });
});
