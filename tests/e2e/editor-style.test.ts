// The editor's custom style panel in Chromium: preset, font, palette colour, invalid colour, save,
// and the published page's computed styles; saving styles of a page not saved yet is refused.
import { describe, expect, it } from 'vitest';
import { ready, shot } from './browser';
import { expectNotice } from './editor-helpers';
import { uniqueSlug, uploadHeader } from './pages-api';
import {
  adminEditors,
  blockPng,
  chooseCustomTheme,
  click,
  createPage,
  openInEditor,
  readPage,
  shotOf,
} from './editor-extras-helpers';

describe('the style panel, as an admin', () => {
  const e = adminEditors();

  it('styles a page with a preset, a font and a palette colour; the published page uses them', {
    timeout: 120_000,
  }, async () => {
    const slug = uniqueSlug('xsstyle');
    const created = await createPage(e.token, slug, 'light');
    await click(e.token, slug, created.buttons[0]!.id);
    await uploadHeader(e.token, slug, await blockPng(e.ctx));
    await openInEditor(e.page, '/admin', slug);

    // the panel exists only for text mode with the Custom theme
    expect(await e.page.getByTestId('style-panel').count()).toBe(0);
    await chooseCustomTheme(e.page);
    const panel = e.page.getByTestId('style-panel');
    await panel.waitFor();

    // the header's palette, in order of area, next to every colour input
    const swatches = panel.locator('[data-field="city-color"] [data-colour]');
    await expect
      .poll(() => swatches.evaluateAll((els) => els.map((e) => e.getAttribute('data-colour'))))
      .toEqual(['#C8143C', '#1428C8', '#F5A524']);
    expect(await panel.locator('.xs-color').count()).toBe(6);
    expect(await panel.locator('.xs-color:has(.xs-swatches)').count()).toBe(6);

    // preset Blue, then Playfair Display for the city and the crimson of the header
    await panel.locator('[data-preset="blue"]').click();
    const cityHex = panel.locator('[data-field="city-color"] input[type="text"]');
    await expect.poll(() => cityHex.inputValue()).toBe('#FFFFFF');
    await panel.locator('[data-field="city-family"] button').click();
    const option = panel.locator('[role="option"][data-family="Playfair Display"]');
    await option.click();
    await expect
      .poll(() => panel.locator('[data-field="city-family"] button').getAttribute('data-family'))
      .toBe('Playfair Display');
    // the picker shows every family in its own face, from the self-hosted files
    await expect
      .poll(() =>
        e.page.evaluate(() =>
          [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Anton' && f.status === 'loaded'),
        ),
      )
      .toBe(true);
    await panel.locator('[data-field="city-color"] [data-colour="#C8143C"]').click();
    await expect.poll(() => cityHex.inputValue()).toBe('#C8143C');

    // typed colours are normalised on blur: short hex expands, anything invalid is #000000
    const venueHex = panel.locator('[data-field="venue-color"] input[type="text"]');
    await venueHex.fill('verde!');
    await venueHex.press('Tab');
    await expect.poll(() => venueHex.inputValue()).toBe('#000000');
    // by keyboard: italic venue, then a display face that has one weight and no italic
    const venue = panel.locator('[data-group="venue"]');
    await venue.getByRole('radio', { name: 'Luogo – Corsivo' }).check();
    const venueFont = venue.locator('[data-field="venue-family"] button');
    await venueFont.focus();
    await e.page.keyboard.press('ArrowDown');
    await venue.getByRole('listbox').waitFor();
    await expect.poll(() => e.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox');
    await e.page.keyboard.press('End');
    await e.page.keyboard.press('Enter');
    await expect.poll(() => venueFont.getAttribute('data-family')).toBe('Abril Fatface');
    expect(await venue.locator('select[name="venue-weight"] option').allInnerTexts()).toEqual(['Regular']);
    expect(await venue.getByRole('radio', { name: 'Luogo – Corsivo' }).isDisabled()).toBe(true);
    expect(await venue.getByRole('radio', { name: 'Luogo – Normale' }).isChecked()).toBe(true);
    expect(await e.page.evaluate(() => document.activeElement?.getAttribute('data-family'))).toBe('Abril Fatface');

    const bgHex = panel.locator('[data-field="background-color"] input[type="text"]');
    expect(await bgHex.inputValue()).toBe('#0B1F4D');
    const dataHex = panel.locator('[data-field="data-color"] input[type="text"]');
    await dataHex.fill('fe0');
    await dataHex.press('Enter');
    await expect.poll(() => dataHex.inputValue()).toBe('#FFEE00');

    // the live sample follows the store at once
    const sampleCity = panel.locator('.xs-sample-c');
    await expect
      .poll(() => sampleCity.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).fontFamily]))
      .toEqual(['rgb(200, 20, 60)', expect.stringContaining('Playfair Display')]);

    // the editor's preview renders the page from the same store, before anything is saved
    await e.page.getByRole('button', { name: 'Anteprima', exact: true }).click();
    const frame = e.page.frameLocator('dialog.ed-preview iframe');
    // the preview's frame renders after the dialog opens: a loaded machine took over 5 s
    await expect
      .poll(
        () =>
          frame
            .locator('.c')
            .first()
            .evaluate((el) => getComputedStyle(el).color),
        { timeout: 20_000 },
      )
      .toBe('rgb(200, 20, 60)');
    expect(await frame.locator('.pg').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(11, 31, 77)');
    await e.page.keyboard.press('Escape');
    await expect.poll(() => e.page.locator('dialog.ed-preview[open]').count()).toBe(0);

    await panel.getByRole('button', { name: 'Salva stili' }).click();
    await expectNotice(e.page, 'Stili custom aggiornati con successo!');
    await shotOf(e.page, 'style-panel', 'editor-extras-panel-1280');

    const saved = await readPage(e.token, slug);
    expect(saved.style).toBe('custom');
    expect(saved.custom_styles.city).toMatchObject({
      color: '#C8143C',
      fontFamily: 'Playfair Display',
      fontWeight: '700',
    });
    expect(saved.custom_styles.venue).toMatchObject({
      color: '#000000',
      fontFamily: 'Abril Fatface',
      fontStyle: 'normal',
    });
    expect(saved.custom_styles.data!.color).toBe('#FFEE00');
    expect(saved.custom_styles.background!.color).toBe('#0B1F4D');
    // saving the styles keeps the buttons, their ids and their click counts
    expect(saved.buttons.map((b) => [b.id, b.click_count])).toEqual(
      created.buttons.map((b, i) => [b.id, i === 0 ? 1 : 0]),
    );

    // the published page, as a visitor's browser computes it
    const visitor = await e.ctx.newPage();
    await visitor.goto(`/${slug}`);
    const styleOf = (selector: string, prop: string) =>
      visitor
        .locator(selector)
        .first()
        .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
    expect(await styleOf('.c', 'color')).toBe('rgb(200, 20, 60)');
    expect(await styleOf('.c', 'font-family')).toMatch(/^"?Playfair Display"?,/);
    expect(await styleOf('.c', 'font-weight')).toBe('700');
    expect(await styleOf('.v', 'color')).toBe('rgb(0, 0, 0)');
    expect(await styleOf('.v', 'font-family')).toMatch(/^"?Abril Fatface"?,/);
    expect(await styleOf('.v', 'font-style')).toBe('normal');
    expect(await styleOf('.d', 'color')).toBe('rgb(255, 238, 0)');
    expect(await styleOf('.pg', 'background-color')).toBe('rgb(11, 31, 77)');
    expect(await styleOf('a.b', 'background-color')).toBe('rgb(255, 209, 102)');
    await visitor.evaluate(() => document.fonts.ready);
    expect(
      await visitor.evaluate(() =>
        [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Playfair Display' && f.status === 'loaded'),
      ),
    ).toBe(true);
    await shot(visitor, 'editor-extras-published-1280');
    await visitor.close();

    // the same panel on a phone
    await openInEditor(e.phonePage, '/admin', slug);
    await e.phonePage.getByTestId('style-panel').waitFor();
    await e.phonePage.locator('[data-field="city-color"] [data-colour]').first().waitFor();
    await shotOf(e.phonePage, 'style-panel', 'editor-extras-panel-375');
  });

  it('refuses to save custom styles for a page not saved yet', async () => {
    await e.page.goto('/admin');
    await ready(e.page);
    await e.page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
    await chooseCustomTheme(e.page);
    const panel = e.page.getByTestId('style-panel');
    await panel.waitFor();
    await panel.getByText('Salva la landing page per poter salvare gli stili.').waitFor();
    await panel.getByRole('button', { name: 'Salva stili' }).click();
    await expectNotice(e.page, 'Salva prima la landing page per poter aggiornare gli stili custom');
  });
});
