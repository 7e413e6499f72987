import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken } from './api';
import { downloaded, phoneAndDesktop, shot, PHONE_UA } from './browser';

/** Resolves once the dialog's own animations (its opening) have finished. */
function settled(dialog: Locator): Promise<unknown> {
  return dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
}
import { editorPage, expectNotice } from './editor-helpers';

const PASTED = [
  '12/05/2099\tMilano\tAlcatraz\thttps://www.ticketone.it/event/palco-tour-milano\tbiglietti',
  '13/05/2099\tRoma\tAtlantico, "Sala A"\thttps://www.vivaticket.com/it/ticket/palco-roma/1\tsoldout',
  '14/05/2099\tForlì\tVidia Club\thttps://example.com/palco-forli\tUltimi posti',
  '15/05/2099\t\tEstragon\thttps://www.ticketone.it/event/palco-tour-bologna',
].join('\n');

async function download(page: Page, press: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), press()]);
  return { name: file.suggestedFilename(), text: (await downloaded(file)).toString('utf8') };
}

/** The dialog's horizontal overflow in px (0 when everything fits its width). */
function overflowX(page: Page): Promise<number> {
  return page.evaluate(() => {
    const d = document.querySelector('dialog.ed-import')!;
    return d.scrollWidth - d.clientWidth;
  });
}

describe('importing and exporting dates', () => {
  const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });
  let exported = '';

  it('phone, touch: 3 good rows and 1 bad import 3 dates with tracked links; the export downloads them', async () => {
    const page = await editorPage(browsers.phone, await adminToken(), '/admin');
    // nothing to export on an empty page
    await expect(page.getByRole('button', { name: 'Esporta CSV' }).count()).resolves.toBe(0);
    const open = page.getByRole('button', { name: 'Importa date' });
    expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await open.tap();

    const dialog = page.getByRole('dialog', { name: 'Importa date' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: /^Importa \d+ dat[ae]$/ });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Righe da importare').fill(PASTED);

    await dialog.getByTestId('import-bad').getByText('Riga 4: manca la città').waitFor();
    await expect(dialog.getByTestId('import-good').locator('li').allInnerTexts()).resolves.toEqual([
      expect.stringContaining('12/05/2099 – Milano – Alcatraz – biglietti'),
      expect.stringContaining('13/05/2099 – Roma – Atlantico, "Sala A" – soldout'),
      expect.stringContaining('14/05/2099 – Forlì – Vidia Club – Ultimi posti'),
    ]);
    await expect(confirm.textContent()).resolves.toBe('Importa 3 date');
    await expect(confirm.isEnabled()).resolves.toBe(true);
    await expect(overflowX(page)).resolves.toBeLessThanOrEqual(0);
    await settled(dialog); // the opening animation, for the screenshot only
    await shot(page, 'import-dates-375', false);

    await confirm.tap();
    await dialog.waitFor({ state: 'detached' });
    await expectNotice(page, 'Aggiunte 3 date');
    // the focus is back on the control that opened the dialog
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Importa date');
    await expect(page.getByTestId('button-count').textContent()).resolves.toBe('3 pulsanti');
    await expect(page.locator('.ed-list').textContent()).resolves.toMatch(/Milano[\s\S]*Roma[\s\S]*Forlì/);
    await page.locator('.ed-list-head').scrollIntoViewIfNeeded();
    await shot(page, 'import-dates-list-375', false);

    const file = await download(page, () => page.getByRole('button', { name: 'Esporta CSV' }).tap());
    expect(file.name).toBe('date-date.csv');
    const lines = file.text.split('\r\n');
    expect(lines[0]).toBe('\uFEFFData;Città;Locale;Link;Etichetta;In vendita dal');
    expect(lines).toHaveLength(4);
    // ticket-host links are tracked as when typed; other links are left alone
    expect(lines[1]).toMatch(
      /^12\/05\/2099;Milano;Alcatraz;https:\/\/www\.ticketone\.it\/event\/palco-tour-milano\?utm_source=palco&utm_medium=landing&utm_campaign=palco;biglietti;$/,
    );
    expect(lines[2]).toMatch(
      /^13\/05\/2099;Roma;"Atlantico, ""Sala A""";https:\/\/www\.vivaticket\.com\/\S+utm_source=palco\S*;soldout;$/,
    );
    expect(lines[3]).toBe('14/05/2099;Forlì;Vidia Club;https://example.com/palco-forli;Ultimi posti;');
    await expectNotice(page, 'File CSV con 3 date scaricato');
    exported = file.text;
    await page.close();
  });

  it('desktop, mouse: the exported file imports back to the same events', async () => {
    expect(exported).not.toBe('');
    const page = await editorPage(browsers.desktop, await adminToken(), '/admin');
    await page.getByRole('button', { name: 'Importa date' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa date' });
    await dialog.getByLabel('Righe da importare').fill(exported);
    const confirm = dialog.getByRole('button', { name: 'Importa 3 date' });
    await confirm.waitFor();
    // the header row is skipped, nothing is bad
    await expect(dialog.getByTestId('import-bad').count()).resolves.toBe(0);
    await settled(dialog); // the opening animation, for the screenshot only
    await shot(page, 'import-dates-1280', false);
    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    await expectNotice(page, 'Aggiunte 3 date');

    const again = await download(page, () => page.getByRole('button', { name: 'Esporta CSV' }).click());
    expect(again.text).toBe(exported);

    // Escape closes the dialog without importing, and keeps what was pasted for the next time
    await page.getByRole('button', { name: 'Importa date' }).click();
    await dialog.getByLabel('Righe da importare').fill('16/05/2099;Bari;Demodè;https://example.com/bari');
    await dialog.getByRole('button', { name: 'Importa 1 data' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect(page.getByTestId('button-count').textContent()).resolves.toBe('3 pulsanti');
    await page.getByRole('button', { name: 'Importa date' }).click();
    await expect(dialog.getByLabel('Righe da importare').inputValue()).resolves.toBe(
      '16/05/2099;Bari;Demodè;https://example.com/bari',
    );
    await page.close();
  });
});
