// A presale as a new organiser lives it (docs/behaviour.md#presales), on a phone at 375 px with
// touch: three one-time codes loaded in the editor for a Milano date; four Milano fans and one
// Roma fan confirmed; the presale's start then brought forward to a few seconds ahead (the
// organiser's 'two minutes' would be the test's cost). At the start the public page turns
// without a reload; the per-minute run sends: three Milano fans get three different codes, the
// fourth the codes-gone e-mail, the Roma fan nothing; 'Aggiungi codici' in the Fan view with one
// more code sends it to the fourth, once.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import type { PageAsReceived } from '../../src/core/schemas/page';
import { api, organiser } from './api';
import { openBrowser, PHONE, shot, PHONE_UA } from './browser';
import { editorPage, expectNotice, openSavedPage } from './editor-helpers';
import { confirmLinkPath, type DevMail, mailsTo, signUpByApi } from './fans-api';
import { posterPng } from './media';
import { createPage, textPageBody, uniqueSlug, uploadHeader } from './pages-api';

const TITLE = 'Le Luci del Porto';
const CODE = /\bPRE-[A-Z0-9]+\b/g;

/** A whole second `ms` from now, as an ISO instant: instants are kept to the second. */
function secondAhead(ms: number): { at: number; iso: string } {
  const at = Math.ceil((Date.now() + ms) / 1000) * 1000;
  return { at, iso: new Date(at).toISOString().replace('.000Z', 'Z') };
}

/** The presale e-mails a fan got so far. */
async function presaleMails(email: string): Promise<DevMail[]> {
  const subject = t('presale.mail.subject', { title: TITLE, city: 'Milano' });
  return (await mailsTo(email)).filter((m) => m.subject === subject);
}

const codesIn = (mails: readonly DevMail[]) => mails.flatMap((m) => m.text.match(CODE) ?? []);

let phone: BrowserContext;
beforeAll(async () => {
  phone = await openBrowser(PHONE, PHONE_UA, { touch: true });
});
afterAll(async () => {
  await phone?.close();
});

describe('a presale, from the codes to the fans', () => {
  it('3 codes, 4 Milano fans and 1 Roma fan: 3 codes, 1 codes-gone, then one more code to the fourth', {
    timeout: 240_000,
  }, async () => {
    const { token } = await organiser({ company: `Porto Live ${Date.now()}` });
    const slug = uniqueSlug('prejourney');
    const later = secondAhead(24 * 3600_000);
    const sale = secondAhead(2 * 24 * 3600_000);
    const ticket = 'https://example.com/biglietti';
    await createPage(token, {
      ...textPageBody(slug, `${TITLE} ${slug}`, [
        {
          type: 'text',
          text: 'Ven 12 marzo 2099 - Milano - Alcatraz|biglietti',
          cta_buttons: [{ url: ticket, buttonText: 'biglietti', on_sale_at: sale.iso }],
          presale: { starts_at: later.iso, url: 'https://presale.example/milano' },
        },
        {
          type: 'text',
          text: 'Sab 13 marzo 2099 - Roma - Atlantico|biglietti',
          cta_buttons: [{ url: ticket, buttonText: 'biglietti' }],
        },
      ]),
      display_title: TITLE,
    });
    await uploadHeader(token, slug, await posterPng(phone), 'poster.png', 'image/png');

    // the fans: four follow Milano, one Roma, each confirmed from the mailed link
    const milano = [1, 2, 3, 4].map((n) => `fan${n}-${slug}@example.com`);
    const roma = `roma-${slug}@example.com`;
    for (const [email, city] of [...milano.map((m) => [m, 'Milano'] as const), [roma, 'Roma'] as const]) {
      expect(await signUpByApi(slug, email, city)).toBeLessThan(300);
      const confirmed = await api(await confirmLinkPath(email), { method: 'POST', redirect: 'manual' });
      expect(confirmed.status).toBeLessThan(400);
    }

    // the organiser loads three one-time codes in the editor, with the date's other ticket fields
    const editor = await editorPage(phone, token, '/user');
    await openSavedPage(editor, slug, 'tap');
    await editor.getByTestId('button-row').first().getByRole('button', { name: 'Modifica il pulsante 1' }).tap();
    await editor.locator('#ed-presale-toggle').tap();
    await editor.getByLabel('Incolla i codici, uno per riga', { exact: true }).fill('PRE-A1\nPRE-B2\nPRE-C3\n');
    await expect(editor.getByTestId('presale-count').textContent()).resolves.toBe('3 codici');
    await editor.getByRole('button', { name: 'Aggiorna pulsante', exact: true }).tap();
    await editor.locator('.ed-save').tap();
    await expectNotice(editor, /Landing page aggiornata con successo!|codici della prevendita/);
    await expect(editor.getByTestId('presale-note').textContent()).resolves.toContain('3 codici caricati');

    // the organiser brings the start forward to a few seconds from now (a save that keeps the codes)
    const start = secondAhead(8000);
    const saved = (await (await api(pagePaths.page(slug), { token })).json()) as PageAsReceived;
    const moved = await api(pagePaths.page(slug), {
      method: 'PUT',
      token,
      json: {
        ...saved,
        buttons: saved.buttons.map((b, i) =>
          i === 0 ? { ...b, presale: { ...b.presale!, starts_at: start.iso } } : b,
        ),
      },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(((await moved.json()) as PageAsReceived).buttons[0]!.presale).toMatchObject({
      starts_at: start.iso,
      codes: 3,
    });

    // the public page turns on the second, without a reload
    const visitor = await phone.newPage();
    const problems: string[] = [];
    visitor.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
    });
    visitor.on('pageerror', (e) => problems.push(e.message));
    await visitor.goto(`/${slug}`);
    const row = visitor.locator('li.e').filter({ has: visitor.locator('p.c', { hasText: 'Milano' }) });
    const badge = row.getByText(t('presale.public.badge'));
    // before: a waiting date, with 'Avvisami'
    await expect(badge.isVisible()).resolves.toBe(false);
    await expect(row.getByRole('link', { name: 'Avvisami per Milano' }).isVisible()).resolves.toBe(true);
    await badge.waitFor({ state: 'visible', timeout: start.at - Date.now() + 5000 });
    expect(Date.now()).toBeGreaterThanOrEqual(start.at);
    expect(Date.now() - start.at).toBeLessThan(2000);
    const signup = row.getByRole('link', { name: /^Iscriviti per ricevere il codice/ });
    await expect(signup.isVisible()).resolves.toBe(true);
    await expect(row.getByRole('link', { name: 'Avvisami per Milano' }).isVisible()).resolves.toBe(false);
    expect((await signup.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await row.scrollIntoViewIfNeeded();
    await shot(visitor, 'presale-journey-open-375', false);
    // the link chooses the date's city in the sign-up block
    await signup.tap();
    await expect(visitor.locator('#fs-c').inputValue()).resolves.toBe('Milano');
    expect(await visitor.content()).not.toMatch(/PRE-[ABC]|presale\.example/);
    expect(problems).toEqual([]);

    // the per-minute run: every Milano fan hears, once; the Roma fan does not
    expect((await api('/cdn-cgi/handler/scheduled?cron=*+*+*+*+*')).status).toBe(200);
    await expect
      .poll(async () => (await Promise.all(milano.map(presaleMails))).filter((m) => m.length > 0).length, {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(4);
    const first = await Promise.all(milano.map(presaleMails));
    expect(first.map((m) => m.length)).toEqual([1, 1, 1, 1]);
    const given = first.map(codesIn);
    expect(new Set(given.flat())).toEqual(new Set(['PRE-A1', 'PRE-B2', 'PRE-C3']));
    const fourth = given.findIndex((codes) => codes.length === 0);
    expect(fourth).toBeGreaterThanOrEqual(0);
    expect(first[fourth]![0]!.text).toContain(t('presale.mail.gone'));
    expect(
      first
        .flatMap((m) => m[0]!.links)
        .some((l) => l.startsWith('https://presale.example/milano') && l.includes('utm_source=email')),
    ).toBe(true);
    expect(await presaleMails(roma)).toEqual([]);

    // 'Aggiungi codici' in the Fan view: the one more code goes to the fourth fan, once
    await editor.getByRole('tab', { name: 'Fan' }).tap();
    const card = editor.getByTestId('fans-presales');
    await card.waitFor();
    await card.getByRole('button', { name: t('presale.editor.addCodes') }).tap();
    await card.getByLabel('Codici monouso').fill('PRE-D4\n');
    await card.getByRole('button', { name: 'Aggiungi', exact: true }).tap();
    await card.getByTestId('presale-result').waitFor();
    await expect
      .poll(async () => codesIn(await presaleMails(milano[fourth]!)), { timeout: 30_000, interval: 500 })
      .toEqual(['PRE-D4']);
    await shot(editor, 'presale-journey-fans-375');
    // a few seconds on: nobody got anything more
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = await Promise.all(milano.map(presaleMails));
    expect(after.map((m) => m.length)).toEqual(first.map((m, i) => m.length + (i === fourth ? 1 : 0)));
    expect(codesIn(after.flat()).sort()).toEqual(['PRE-A1', 'PRE-B2', 'PRE-C3', 'PRE-D4']);
    expect(await presaleMails(roma)).toEqual([]);
    await visitor.close();
    await editor.close();
  });
});
