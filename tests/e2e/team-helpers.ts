// Helpers of the Team browser tests: the screen on a page holding a session, its sections and
// rows, and the confirmation on top.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { go, pageWithSession } from './browser';

/** The Team screen on a new page holding this session, once its activity log is on screen. */
export async function teamPage(ctx: BrowserContext, token: string): Promise<Page> {
  const page = await pageWithSession(ctx, token);
  await go(page, '/team');
  try {
    await page.getByTestId('team-activity').waitFor({ timeout: 15_000 });
  } catch (err) {
    const text = await page
      .locator('body')
      .textContent()
      .catch(() => '');
    throw new Error(`no Team screen at ${page.url()}:\n${(text ?? '').slice(0, 800)}`, { cause: err });
  }
  return page;
}

export function section(page: Page, name: 'members' | 'requests' | 'invitations' | 'activity'): Locator {
  return page.getByTestId(`team-${name}`);
}

/** A row of a section, by the e-mail it shows. */
export function row(page: Page, name: 'members' | 'requests' | 'invitations', email: string): Locator {
  return section(page, name).locator(`li[data-email="${email}"]`);
}

/** The open confirmation or role dialog. */
export function dialog(page: Page): Locator {
  return page.locator('dialog[open].confirm-dialog');
}

/** The outcome of the last act, above the lists. */
export function notice(page: Page): Locator {
  return page.getByTestId('team-notice');
}

/** Presses a control as the device would: a tap on a touch screen, a click elsewhere. */
export async function press(target: Locator, touch: boolean): Promise<void> {
  if (touch) await target.tap();
  else await target.click();
}
