// Type, then one tap: the primary actions of the editor and the users screen take the first tap
// (touch at 375 px) or click (mouse at 1280 px) right after typing in a field, without a blur
// first. Nothing may move under the pointer between press and release (docs/behaviour.md#links-and-urls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { organiser } from './api';
import { DESKTOP, PHONE, openBrowser, shot } from './browser';
import { editorPage } from './editor-helpers';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface Width {
  name: string;
  ctx: BrowserContext;
  /** one tap on a phone, one click with a mouse */
  press(target: Locator): Promise<void>;
}

const widths: Width[] = [];

beforeAll(async () => {
  const [phone, desktop] = await Promise.all([openBrowser(PHONE, PHONE_UA, { touch: true }), openBrowser(DESKTOP)]);
  widths.push(
    { name: '375', ctx: phone, press: (l) => l.tap() },
    { name: '1280', ctx: desktop, press: (l) => l.click() },
  );
});
afterAll(async () => {
  await Promise.all(widths.map((w) => w.ctx.close()));
});

async function typeEvent(page: Page, city: string): Promise<void> {
  await page.getByLabel('Data', { exact: true }).fill('12 aprile 2027');
  await page.getByLabel('Città', { exact: true }).fill(city);
  await page.getByLabel('Venue', { exact: true }).fill('Teatro Verdi');
  const link = page.getByLabel('Link CTA 1', { exact: true });
  await link.click();
  await link.pressSequentially(`https://www.ticketone.it/${city.toLowerCase()}-tour/`);
}

describe('type, then one tap', () => {
  it('adds an event right after typing a ticket link', { timeout: 60_000 }, async () => {
    const { token } = await organiser({ company: 'Tap Band' });
    for (const w of widths) {
      const page = await editorPage(w.ctx, token, '/user');
      await typeEvent(page, `Roma${w.name}`);
      await w.press(page.getByRole('button', { name: 'Aggiungi pulsante', exact: true }));
      const row = page.getByTestId('button-row').filter({ hasText: `Roma${w.name}` });
      await row
        .first()
        .waitFor({ timeout: 3000 })
        .catch(() => undefined);
      await shot(page, `one-tap-add-${w.name}`);
      expect.soft(await row.count(), `the event at ${w.name} px`).toBe(1);
      await page.close();
    }
  });
});
