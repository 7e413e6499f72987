// Presales on the published page (docs/behaviour.md#presales-on-the-published-page), on a phone at
// 375 px with touch: a presale opening a few seconds ahead turns the date's row into 'Prevendita
// per gli iscritti' and 'Iscriviti per ricevere il codice' on that second, without a reload; the
// link chooses the date's city in the sign-up block. Screenshots before and during.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from './api';
import { baseURL, openBrowser, PHONE, shot } from './browser';
import { posterPng } from './media';
import { createPage, textPageBody, uniqueSlug, uploadHeader } from './pages-api';

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** A whole second `ms` from now, as an ISO instant: instants are kept to the second. */
function secondAhead(ms: number): { at: number; iso: string } {
  const at = Math.ceil((Date.now() + ms) / 1000) * 1000;
  return { at, iso: new Date(at).toISOString().replace('.000Z', 'Z') };
}

describe('a presale on the published page', () => {
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

  it('turns the row into the presale on the second, and its link chooses the city', async () => {
    const start = secondAhead(8000);
    const sale = secondAhead(2 * 24 * 3600_000);
    const ticket = `${baseURL()}/about`;
    const slug = uniqueSlug('presale');
    await createPage(
      token,
      textPageBody(slug, `Prevendita ${slug}`, [
        {
          type: 'text',
          text: 'Ven 12 marzo 2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [{ url: ticket, buttonText: 'biglietti', on_sale_at: sale.iso }],
          presale: { starts_at: start.iso, url: 'https://presale.example/segreto', shared_code: 'SEGRETO' },
        },
        {
          type: 'text',
          text: 'Sab 13 marzo 2099 - Roma - Atlantico|biglietti',
          cta_buttons: [{ url: ticket, buttonText: 'biglietti' }],
        },
      ]),
    );
    await uploadHeader(token, slug, poster, 'poster.png', 'image/png');

    const page = await phone.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`/${slug}`);
    const row = page.locator('li.e').filter({ has: page.locator('p.c', { hasText: 'Milano' }) });
    const badge = row.getByText('Prevendita per gli iscritti');
    const signup = row.getByRole('link', { name: /^Iscriviti per ricevere il codice/ });

    // before: as a waiting date, with 'Avvisami'
    await expect(badge.isVisible()).resolves.toBe(false);
    await expect(signup.isVisible()).resolves.toBe(false);
    await expect(row.getByRole('link', { name: 'Avvisami per Milano' }).isVisible()).resolves.toBe(true);
    await row.scrollIntoViewIfNeeded();
    await shot(page, 'presale-before-375', false);

    // the start: the presale shows without a reload, within 2 s, never before
    await badge.waitFor({ state: 'visible', timeout: start.at - Date.now() + 5000 });
    expect(Date.now()).toBeGreaterThanOrEqual(start.at);
    expect(Date.now() - start.at).toBeLessThan(2000);
    await expect(signup.isVisible()).resolves.toBe(true);
    await expect(row.getByRole('link', { name: 'Avvisami per Milano' }).isVisible()).resolves.toBe(false);
    // the general sale's time, as the waiting CTA says it
    await expect(row.locator('.wd').textContent()).resolves.toMatch(/^In vendita (dal |dall')\d+ [a-z]+( \d{4})? alle/);
    expect((await signup.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'presale-open-375', false);

    await signup.tap();
    await expect(page.locator('#fs-c').inputValue()).resolves.toBe('Milano');
    await expect(page.evaluate(() => location.hash)).resolves.toBe('#fs-h');
    // neither the presale's link nor its code is in the document
    const html = await page.content();
    expect(html).not.toContain('presale.example');
    expect(html).not.toContain('SEGRETO');
    expect(problems).toEqual([]);
    await page.close();
  });
});
