// Ticket drops on the published page (docs/behaviour.md#ticket-drops), on a phone at 375 px with
// touch: a CTA going on sale a few seconds ahead counts down and turns into its link on that
// second without a reload; the same page without JavaScript names the day and shows the link once
// the scheduled republish has run; 'Avvisami' chooses the event's city. Screenshots of the
// waiting, countdown, limited and sold-out states, light and dark, at 375 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from './api';
import { baseURL, DESKTOP, openBrowser, PHONE, shot, PHONE_UA } from './browser';
import { posterPng } from './media';
import { createPage, textPageBody, uniqueSlug, uploadHeader } from './pages-api';

const DAY = 24 * 3600_000;

/** A whole second `ms` from now: on-sale instants are kept to the second. */
function secondAhead(ms: number): number {
  return Math.ceil((Date.now() + ms) / 1000) * 1000;
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** Four dates: waiting for a day ahead, counting down to `soon`, few tickets left, sold out. */
function dropButtons(soon: number) {
  const ticket = `${baseURL()}/about`;
  const event = (text: string, cta: Record<string, unknown>) => ({
    type: 'text',
    text,
    cta_buttons: [{ url: ticket, buttonText: 'biglietti', ...cta }],
  });
  return [
    event('Ven 12 marzo 2099 - Milano - Alcatraz|biglietti', { on_sale_at: iso(secondAhead(3 * DAY)) }),
    event('Sab 13 marzo 2099 - Roma - Atlantico|biglietti', { on_sale_at: iso(soon) }),
    event('Ven 19 marzo 2099 - Bologna - Estragon|biglietti', { availability: 'limited' }),
    event('Sab 20 marzo 2099 - Torino - Hiroshima Mon Amour|biglietti', { availability: 'sold_out' }),
  ];
}

/** The event block of a city. */
function eventOf(page: Page, city: string) {
  return page.locator('li.e').filter({ has: page.locator('p.c', { hasText: city }) });
}

describe('ticket drops on the published page', () => {
  let phone: BrowserContext;
  let token: string;
  let poster: Buffer;

  beforeAll(async () => {
    phone = await openBrowser(PHONE, PHONE_UA, { touch: true });
    [token, poster] = await Promise.all([adminToken(), posterPng(phone)]);
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('counts down and turns into the link on the second; without JavaScript, after the republish', async () => {
    // near enough to keep the test short, far enough to see the countdown tick
    const soon = secondAhead(12_000);
    const slug = uniqueSlug('drop');
    await createPage(token, textPageBody(slug, `Drop ${slug}`, dropButtons(soon)));
    await uploadHeader(token, slug, poster, 'poster.png', 'image/png');

    const page = await phone.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    // every countdown text, and the instant the CTA switched, as the page saw them
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { drops: unknown }).drops = { seen, switchedAt: 0 };
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target instanceof Element ? r.target : r.target.parentElement;
          const timer = el?.closest('[role=timer]');
          if (timer) seen.push(timer.textContent ?? '');
          if (r.type === 'attributes' && r.attributeName === 'data-w' && !(r.target as Element).hasAttribute('data-w'))
            (window as unknown as { drops: { switchedAt: number } }).drops.switchedAt ||= Date.now();
        }
      }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await page.goto(`/${slug}`);

    const far = eventOf(page, 'Milano');
    const near = eventOf(page, 'Roma');
    // a day ahead: the day and the Rome time, not a link; 'Avvisami' under it
    await expect(far.locator('.wd').textContent()).resolves.toMatch(
      // 'dall'8', 'dall'11', and the year when the day falls in the next one
      /^In vendita (dal |dall')\d+ [a-z]+( \d{4})? alle \d\d:\d\d$/,
    );
    await expect(far.locator('.wd').isVisible()).resolves.toBe(true);
    await expect(far.locator('a.b').isVisible()).resolves.toBe(false);
    // the last day: a countdown, a timer for assistive technologies
    const timer = near.getByRole('timer');
    await expect(timer.isVisible()).resolves.toBe(true);
    await expect(timer.textContent()).resolves.toMatch(/^Apre tra 00:00:(0\d|1[0-3])$/);
    await expect(near.locator('.wd').isVisible()).resolves.toBe(false);
    await expect(near.locator('a.b').isVisible()).resolves.toBe(false);
    // few tickets left: the tag in the link; sold out: no link
    await expect(eventOf(page, 'Bologna').locator('a.b .tg').textContent()).resolves.toBe('Ultimi biglietti');
    await expect(eventOf(page, 'Torino').locator('.b.off').textContent()).resolves.toBe('Sold out');
    await near.scrollIntoViewIfNeeded();
    await shot(page, 'drops-countdown-375', false);

    // 'Avvisami' under a waiting date: to the sign-up block, with its city chosen
    const notify = far.getByRole('link', { name: 'Avvisami per Milano' });
    expect((await notify.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await notify.tap();
    await expect(page.locator('#fs-c').inputValue()).resolves.toBe('Milano');
    await expect(page.evaluate(() => location.hash)).resolves.toBe('#fs-h');

    // the same document without JavaScript, in the same browser: the day, no link, no countdown
    const still = await phone.newPage();
    const cdp = await phone.newCDPSession(still);
    await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
    await still.goto(`/${slug}`);
    const stillNear = eventOf(still, 'Roma');
    await expect(stillNear.locator('.wd').textContent()).resolves.toMatch(
      // 'dall'8', 'dall'11', and the year when the day falls in the next one
      /^In vendita (dal |dall')\d+ [a-z]+( \d{4})? alle \d\d:\d\d$/,
    );
    await expect(stillNear.locator('.wd').isVisible()).resolves.toBe(true);
    await expect(stillNear.getByRole('timer').isVisible()).resolves.toBe(false);
    await expect(stillNear.locator('a.b').isVisible()).resolves.toBe(false);

    // the instant: the link appears without a reload, within 2 s, never before
    const link = near.locator('a.b');
    await link.waitFor({ state: 'visible', timeout: soon - Date.now() + 5000 });
    const seenAt = Date.now();
    const drops = await page.evaluate(
      () => (window as unknown as { drops: { seen: string[]; switchedAt: number } }).drops,
    );
    expect(drops.switchedAt).toBeGreaterThanOrEqual(soon);
    expect(drops.switchedAt - soon).toBeLessThan(2000);
    expect(seenAt - soon).toBeLessThan(2000);
    await expect(link.getAttribute('href')).resolves.toBe(`${baseURL()}/about`);
    await expect(near.locator('.ws').isVisible()).resolves.toBe(false);
    // it counted down second by second to 00:00:01, never showing 00:00:00
    expect(drops.seen).toContain('Apre tra 00:00:01');
    expect(drops.seen).toContain('Apre tra 00:00:02');
    expect(drops.seen).not.toContain('Apre tra 00:00:00');
    // its 'Avvisami' went with the wait; the other date still waits
    await expect(near.locator('.ak').isVisible()).resolves.toBe(false);
    await expect(far.locator('.ak').isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);

    // without JavaScript nothing moved; the scheduled republish turns the page over
    await expect(stillNear.locator('a.b').isVisible()).resolves.toBe(false);
    const cron = await api('/cdn-cgi/handler/scheduled?cron=*+*+*+*+*');
    expect(cron.status).toBe(200);
    await still.reload();
    await expect(stillNear.locator('a.b').isVisible()).resolves.toBe(true);
    await expect(stillNear.locator('.ws').count()).resolves.toBe(0);
    await expect(still.locator('.wd').count()).resolves.toBe(1);
    await still.close();
    await page.close();
  });

  it('screenshots: waiting, countdown, limited and sold out, light and dark, 375 and 1280 px', async () => {
    const page = await phone.newPage();
    for (const style of ['light', 'dark'] as const) {
      const slug = uniqueSlug(`drop${style}`);
      await createPage(token, { ...textPageBody(slug, `Drop ${slug}`, dropButtons(secondAhead(2 * 3600_000))), style });
      await uploadHeader(token, slug, poster, 'poster.png', 'image/png');
      await page.setViewportSize(PHONE);
      await page.goto(`/${slug}`);
      await expect(page.getByRole('timer').first().textContent()).resolves.toMatch(/^Apre tra 0[12]:\d\d:\d\d$/);
      await shot(page, `drops-${style}-375`);
      await page.setViewportSize(DESKTOP);
      await shot(page, `drops-${style}-1280`, true);
    }
    await page.close();
  });
});
