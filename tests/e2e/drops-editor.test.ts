// Ticket drops in the editor (docs/behaviour.md#ticket-drops-in-the-editor), in Chromium. On a
// phone with touch at 375 px: the creator's 'In vendita dal' and availability saved with the page;
// at the venue, one tap on a date's badge opens the availability choice (axe: 0 violations, at
// 375 and 1280 px, nothing covering it), 'Sold out' is saved alone, the list shows it, the other
// unsaved edit stays unsaved, and the published page shows it at once. Screenshots of the creator
// and the choice at both widths.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Gate, dialogFocusFindings, expectAccessible, setWidth } from './a11y';
import { api, organiser } from './api';
import { PHONE_UA, phoneAndDesktop, shot } from './browser';
import { editorPage, expectNotice, openSavedPage } from './editor-helpers';
import { createPage, textPageBody, uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

const UPDATED = 'Landing page aggiornata con successo!';

function event(position: number, city: string) {
  const url = `https://example.com/${city.toLowerCase()}`;
  return {
    position,
    type: 'text',
    text: `12 maggio 2099 - ${city} - Teatro|biglietti`,
    image_path: '',
    url,
    cta_buttons: [{ url, buttonText: 'biglietti' }],
  };
}

async function savedCtas(token: string, slug: string): Promise<any[][]> {
  const res = await api(`${API_PREFIX.pages}/${slug}`, { token });
  const page = (await res.json()) as { buttons: Array<{ cta_buttons: any[] }> };
  return page.buttons.map((b) => b.cta_buttons);
}

function row(page: Page, city: string) {
  return page.getByTestId('button-row').filter({ hasText: city });
}

const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });
let token: string;

beforeAll(async () => {
  token = (await organiser({ company: 'Drop Live' })).token;
});

describe('ticket drops in the editor', () => {
  it('phone: the creator sets In vendita dal and the availability, saved with the page', async () => {
    const slug = uniqueSlug('dropc');
    await createPage(token, textPageBody(slug, `Drop ${slug}`, [event(1, 'Milano'), event(2, 'Roma')]));
    const page = await editorPage(browsers.phone, token, '/user');
    await openSavedPage(page, slug, 'tap');
    await expect(row(page, 'Milano').getByTestId('sale-badge').textContent()).resolves.toBe('In vendita');

    await row(page, 'Milano').getByRole('button', { name: 'Modifica il pulsante 1' }).tap();
    const when = page.getByLabel('In vendita dal (CTA 1)', { exact: true });
    await when.fill('2099-04-01T10:00');
    await page.locator('.ed-sale__opt', { hasText: 'Ultimi biglietti' }).tap();
    await expect(page.getByRole('radio', { name: 'Ultimi biglietti' }).isChecked()).resolves.toBe(true);
    // 'Sold out' and the 'soldout' label go together, and back
    await page.locator('.ed-sale__opt', { hasText: 'Sold out' }).tap();
    await expect(page.getByLabel('Testo CTA 1', { exact: true }).inputValue()).resolves.toBe('soldout');
    await page.locator('.ed-sale__opt', { hasText: 'Ultimi biglietti' }).tap();
    await expect(page.getByLabel('Testo CTA 1', { exact: true }).inputValue()).resolves.toBe('biglietti');
    await page.locator('.ed-sale').first().scrollIntoViewIfNeeded();
    await shot(page, 'drops-creator-375', false);

    await page.getByRole('button', { name: 'Aggiorna pulsante', exact: true }).tap();
    await expect(row(page, 'Milano').getByTestId('sale-badge').textContent()).resolves.toBe(
      'In vendita dal 01/04 10:00',
    );
    await page.locator('.ed-save').tap();
    await expectNotice(page, UPDATED);
    // 10:00 in Rome on 1 April (summer time) is 08:00 UTC
    const ctas = await savedCtas(token, slug);
    expect(ctas[0]).toEqual([
      {
        url: 'https://example.com/milano',
        buttonText: 'biglietti',
        on_sale_at: '2099-04-01T08:00:00Z',
        availability: 'limited',
      },
    ]);
    expect(ctas[1]![0]).toMatchObject({ on_sale_at: null, availability: 'on_sale' });

    // cleared with its button: on sale now
    await row(page, 'Milano').getByRole('button', { name: 'Modifica il pulsante 1' }).tap();
    await page.getByRole('button', { name: 'Svuota «In vendita dal» della CTA 1' }).tap();
    await expect(when.inputValue()).resolves.toBe('');
    await page.getByRole('button', { name: 'Aggiorna pulsante', exact: true }).tap();
    await expect(row(page, 'Milano').getByTestId('sale-badge').textContent()).resolves.toBe('Ultimi biglietti');
    await page.close();

    // the creator on a desktop, for a look
    const wide = await editorPage(browsers.desktop, token, '/user');
    await openSavedPage(wide, slug, 'click');
    await row(wide, 'Milano').getByRole('button', { name: 'Modifica il pulsante 1' }).click();
    await wide.locator('.ed-sale').first().scrollIntoViewIfNeeded();
    await shot(wide, 'drops-creator-1280', false);
    await wide.close();
  });

  it('phone: one tap on the badge marks a date Sold out, alone, and the published page shows it', async () => {
    const slug = uniqueSlug('dropb');
    await createPage(token, textPageBody(slug, `Badge ${slug}`, [event(1, 'Milano'), event(2, 'Roma')]));
    const before = await api(`/${slug}`);
    expect(await before.text()).not.toContain('Sold out');

    const page = await editorPage(browsers.phone, token, '/user');
    await openSavedPage(page, slug, 'tap');
    // an unsaved edit elsewhere in the form
    const title = page.getByLabel('Titolo', { exact: true });
    await title.fill(`Badge ${slug} – da salvare`);

    // the list's rows are drawn again once drag and drop has loaded: tap the row that stays
    await row(page, 'Roma').locator('.ed-row__handle').waitFor();
    const badge = row(page, 'Roma').getByTestId('sale-badge');
    const box = (await badge.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await badge.tap();
    const menu = page.locator('dialog.ed-sale-menu[open]');
    await menu.waitFor();
    const soldOut = menu.getByRole('button', { name: 'Sold out' });
    // nothing covers the choice: not the sticky save bar, not the navbar
    const covered = await soldOut.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.bottom <= window.innerHeight && hit && el.contains(hit) ? null : `${hit?.className}`;
    });
    expect(covered).toBeNull();
    expect((await soldOut.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expect(menu.getByRole('button', { name: 'In vendita' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await shot(page, 'drops-menu-375', false);

    // axe with the menu open, at both widths (the page behind it is inert: the dialog is audited)
    const gate = new Gate();
    const reports = await gate.audit(page, 'ticket-drop availability choice', {
      scope: 'dialog.ed-sale-menu',
      extra: (p) => dialogFocusFindings(p, 'dialog.ed-sale-menu'),
    });
    expectAccessible(reports);
    await setWidth(page, 1280);
    await shot(page, 'drops-menu-1280', false);
    await setWidth(page, 375);

    await soldOut.tap();
    await expectNotice(page, 'Roma, 12 maggio 2099: Sold out. Pagina aggiornata.');
    await menu.waitFor({ state: 'detached' });
    await expect(badge.textContent()).resolves.toBe('Sold out');
    await expect(row(page, 'Milano').getByTestId('sale-badge').textContent()).resolves.toBe('In vendita');
    await row(page, 'Milano').scrollIntoViewIfNeeded();
    await shot(page, 'drops-badges-375', false);
    // the focus is back on the badge, the other edit is still there and still unsaved
    await expect(badge.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(title.inputValue()).resolves.toBe(`Badge ${slug} – da salvare`);
    const saved = (await (await api(`${API_PREFIX.pages}/${slug}`, { token })).json()) as any;
    expect(saved.title).toBe(`Badge ${slug}`);
    expect(saved.buttons[1].cta_buttons[0]).toMatchObject({ buttonText: 'soldout', availability: 'sold_out' });

    // the published page, right after: Roma sold out, Milano still a link
    const published = await browsers.phone.newPage();
    await published.goto(`/${slug}`);
    const roma = published.locator('li.e', { hasText: 'Roma' });
    await expect(roma.locator('.b.off').textContent()).resolves.toMatch(/sold out/i);
    await expect(roma.locator('a.b').count()).resolves.toBe(0);
    await expect(published.locator('li.e', { hasText: 'Milano' }).locator('a.b').count()).resolves.toBe(1);
    await shot(published, 'drops-published-375', false);
    await published.close();
    await page.close();
  });

  it('desktop, keyboard: Enter on the badge opens the choice on the current state, Escape leaves it, Enter picks', async () => {
    const slug = uniqueSlug('dropk');
    await createPage(token, textPageBody(slug, `Tastiera ${slug}`, [event(1, 'Bari')]));
    const page = await editorPage(browsers.desktop, token, '/user');
    await openSavedPage(page, slug, 'click');
    // the list's rows are drawn again once drag and drop has loaded: focus the row that stays
    await row(page, 'Bari').locator('.ed-row__handle').waitFor();
    const badge = row(page, 'Bari').getByTestId('sale-badge');
    await expect(badge.getAttribute('aria-label')).resolves.toBe(
      'In vendita: cambia la disponibilità di Bari, 12 maggio 2099',
    );
    const menu = page.locator('dialog.ed-sale-menu[open]');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    // Enter on the badge as it is now: on a busy machine the editor may draw the list again
    // between the focus and the key (the badge replaced, focus on the body), so a key that
    // opened nothing is pressed again on the new badge; Enter on a badge only ever opens
    const openByKeyboard = async () => {
      for (let tries = 0; tries < 5 && !(await menu.isVisible()); tries += 1) {
        await badge.focus();
        await page.keyboard.press('Enter');
        await menu.waitFor({ timeout: 2000 }).catch(() => undefined);
      }
      await menu.waitFor();
    };

    await openByKeyboard();
    await expect(focused()).resolves.toBe('In vendita');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect(badge.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect((await savedCtas(token, slug))[0]![0].availability).toBe('on_sale');

    // the focus came back (above); the list may still be drawn again during the API read
    await openByKeyboard();
    await page.keyboard.press('Tab');
    await expect(focused()).resolves.toBe('Ultimi biglietti');
    await page.keyboard.press('Enter');
    await expectNotice(page, 'Bari, 12 maggio 2099: Ultimi biglietti. Pagina aggiornata.');
    await menu.waitFor({ state: 'detached' });
    await expect(badge.textContent()).resolves.toBe('Ultimi biglietti');
    expect((await savedCtas(token, slug))[0]![0]).toMatchObject({ buttonText: 'biglietti', availability: 'limited' });
    await page.close();
  });
});
