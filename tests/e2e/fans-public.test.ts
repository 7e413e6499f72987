// The 'Avvisami' block as fans use it, on a phone (375 px, touch): signing up without JavaScript
// (a plain form answered by a page with a link back) and with it (the answer in place), the
// confirmation from the dev mailbox, leaving through the unsubscribe page. Screenshots of the
// block (light, dark; 375 and 1280 px) and of the fans' pages go to /tmp/fans-shots.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { t } from '../../src/core/messages';
import { adminCall, adminToken, api, uniqueEmail } from './api';
import { DESKTOP, PHONE, openBrowser, PHONE_UA } from './browser';
import {
  FAN_COMPANY,
  confirmLinkPath,
  fanCityRows,
  fanRows,
  fanTourPage,
  signUpByApi,
  unsubscribePath,
} from './fans-api';
import { API_PREFIX } from '../../src/core/api-paths';

const SHOTS = '/tmp/fans-shots';
let phone: BrowserContext;
let noScript: BrowserContext;
let desktop: BrowserContext;
let token: string;
let light: string;
let dark: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  token = await adminToken();
  [phone, noScript, desktop, light, dark] = await Promise.all([
    openBrowser(PHONE, PHONE_UA, { touch: true }),
    openBrowser(PHONE, PHONE_UA, { touch: true, javaScript: false }),
    openBrowser(DESKTOP),
    fanTourPage(token, 'light'),
    fanTourPage(token, 'dark'),
  ]);
});

afterAll(async () => {
  await Promise.all([phone?.close(), noScript?.close(), desktop?.close()]);
});

function block(page: Page) {
  return page.locator('section.fs');
}

async function shotOf(page: Page, name: string, target?: ReturnType<typeof block>): Promise<void> {
  if (target) await target.screenshot({ path: `${SHOTS}/${name}.png` });
  else await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Nothing wider than the viewport (no sideways scrolling). */
async function expectNoOverflow(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe("'Avvisami' on the published page", () => {
  it('without JavaScript at 375 px: the form posts, a page answers with the link back; the mailed link confirms after a tap', async () => {
    const page = await noScript.newPage();
    const email = uniqueEmail('senzajs');
    await page.goto(`/${light}`);
    const form = block(page);
    await form.getByRole('heading', { name: t('fans.public.heading') }).waitFor();
    // without the script the other city's field is there, labelled for what it is
    await form.getByLabel(t('fans.public.otherCityLabel')).waitFor();
    await expect(
      form.getByText(t('fans.public.consent', { company: FAN_COMPANY, title: 'Le Vibrazioni Notturne' })).count(),
    ).resolves.toBe(1);
    await shotOf(page, 'block-nojs-375', form);

    await form.getByLabel(t('fans.public.email')).fill(email);
    await form.getByLabel(t('fans.public.city'), { exact: true }).selectOption('Roma');
    await Promise.all([page.waitForURL(`**/${light}/fans`), form.getByRole('button', { name: 'Avvisami' }).tap()]);
    await page.getByRole('heading', { name: t('fans.page.sentTitle') }).waitFor();
    await page.getByText(t('fans.public.checkMail')).waitFor();
    await expectNoOverflow(page);
    await shotOf(page, 'answer-nojs-375');
    await Promise.all([page.waitForURL(`**/${light}`), page.getByRole('link', { name: t('fans.page.back') }).tap()]);

    // the confirmation link from the dev mailbox: looking confirms nothing, the button does
    const link = await confirmLinkPath(email);
    await page.goto(link);
    await page.reload();
    await page.getByRole('heading', { name: t('fans.confirm.title') }).waitFor();
    expect(fanRows(light, email)).toEqual([{ id: expect.any(Number), confirmed_at: null }]);
    await expectNoOverflow(page);
    await shotOf(page, 'confirm-375');
    await page.getByRole('button', { name: t('fans.confirm.button') }).tap();
    await page.getByRole('heading', { name: t('fans.confirm.doneTitle') }).waitFor();
    await shotOf(page, 'confirmed-375');
    expect(fanRows(light, email)[0]!.confirmed_at).not.toBeNull();
    expect(fanCityRows(light, email)).toEqual([{ city_key: 'roma', city: 'Roma', requested: 0 }]);

    // used once: the link now says so
    const again = await page.goto(link);
    expect(again?.status()).toBe(404);
    await page.getByRole('heading', { name: t('fans.link.invalidTitle') }).waitFor();
    await page.close();
  });

  it('with JavaScript at 375 px: the answer shows in place, the page stays, the source goes along; errors too', async () => {
    const page = await phone.newPage();
    const email = uniqueEmail('conjs');
    await page.goto(`/${light}?utm_source=qr`);
    const form = block(page);
    const other = form.getByLabel(t('fans.public.otherCityLabel'));
    await expect(other.isVisible()).resolves.toBe(false);
    await form.getByLabel(t('fans.public.city'), { exact: true }).selectOption('+');
    await other.waitFor();
    await other.fill('Cagliari');
    await form.getByLabel(t('fans.public.email')).fill(email);
    await form.scrollIntoViewIfNeeded();
    await shotOf(page, 'block-other-city-375', form);

    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/${light}/fans`));
    await form.getByRole('button', { name: 'Avvisami' }).tap();
    const request = await sent;
    expect(request.headers().accept).toBe('application/json');
    const fields = new URLSearchParams(request.postData() ?? '');
    expect(Object.fromEntries(fields)).toMatchObject({
      email,
      city: '+',
      other_city: 'Cagliari',
      website: '',
      u: 'qr',
    });

    const status = form.getByRole('status');
    await status.getByText(t('fans.public.checkMail')).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${light}`);
    await expect(form.getByRole('button', { name: 'Avvisami' }).isEnabled()).resolves.toBe(true);
    // the focus is back on the button it was on (disabling it while sending had dropped it)
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Avvisami');
    await expect(form.getByLabel(t('fans.public.email')).inputValue()).resolves.toBe('');
    await shotOf(page, 'block-sent-375', form);
    expect(fanCityRows(light, email)).toEqual([{ city_key: 'cagliari', city: 'Cagliari', requested: 1 }]);

    // an error shows in the same line: the organiser turned the block off meanwhile
    const off = await adminCall(`${API_PREFIX.pages}/${light}`, { method: 'PATCH', json: { fan_signup: false } });
    expect(off.status).toBe(200);
    try {
      await form.getByLabel(t('fans.public.email')).fill(uniqueEmail('chiuso'));
      await form.getByLabel(t('fans.public.city'), { exact: true }).selectOption('Milano');
      await form.getByRole('button', { name: 'Avvisami' }).tap();
      await status.getByText(t('fans.public.closed')).waitFor();
      await expect(form.getByRole('button', { name: 'Avvisami' }).isEnabled()).resolves.toBe(true);
    } finally {
      await adminCall(`${API_PREFIX.pages}/${light}`, { method: 'PATCH', json: { fan_signup: true } });
    }
    // no cookie, ever
    expect(await phone.cookies()).toEqual([]);
    await page.close();
  });

  it('leaving: the unsubscribe page shows two buttons, looking deletes nothing, the tap leaves; one-click works too', async () => {
    const email = uniqueEmail('esce');
    expect(await signUpByApi(light, email, 'Milano')).toBe(202);
    const confirmed = await api(await confirmLinkPath(email), { method: 'POST' });
    expect(confirmed.status).toBe(200);
    const path = await unsubscribePath(light, email);

    const page = await phone.newPage();
    await page.goto(path);
    await page.getByRole('heading', { name: t('fans.unsubscribe.title') }).waitFor();
    await page.getByRole('button', { name: t('fans.unsubscribe.eraseButton') }).waitFor();
    await expectNoOverflow(page);
    await shotOf(page, 'unsubscribe-375');
    expect(fanRows(light, email)).toHaveLength(1);
    await page.getByRole('button', { name: t('fans.unsubscribe.button') }).tap();
    await page.getByRole('heading', { name: t('fans.unsubscribe.doneTitle') }).waitFor();
    await shotOf(page, 'unsubscribed-375');
    expect(fanRows(light, email)).toEqual([]);
    await page.close();

    // a mail client's one-click POST (RFC 8058): no page, no login, no cookie
    const other = uniqueEmail('unclick');
    await signUpByApi(light, other, 'Roma');
    const res = await api(await unsubscribePath(light, other), {
      method: 'POST',
      body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(t('fans.unsubscribe.doneTitle'));
    expect(fanRows(light, other)).toEqual([]);
  });

  it('screenshots: the block light and dark at 375 and 1280 px, the confirmation page at 1280 px', async () => {
    for (const [ctx, width] of [
      [phone, 375],
      [desktop, 1280],
    ] as const) {
      const page = await ctx.newPage();
      for (const [style, slug] of [
        ['light', light],
        ['dark', dark],
      ] as const) {
        await page.goto(`/${slug}`);
        const form = block(page);
        await form.scrollIntoViewIfNeeded();
        await page.evaluate(() => document.fonts.ready);
        // touch targets of at least 44 px
        for (const name of [t('fans.public.email'), t('fans.public.city')]) {
          expect((await form.getByLabel(name, { exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
        }
        expect((await form.getByRole('button', { name: 'Avvisami' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
        await expectNoOverflow(page);
        await shotOf(page, `block-${style}-${width}`, form);
        await shotOf(page, `page-${style}-${width}`);
      }
      await page.close();
    }
    const email = uniqueEmail('schermo');
    await signUpByApi(dark, email, '*');
    const page = await desktop.newPage();
    await page.goto(await confirmLinkPath(email));
    await shotOf(page, 'confirm-dark-1280');
    await page.close();
  });
});
