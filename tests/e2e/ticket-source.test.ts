// Keeping up with the ticket page in the editor (docs/behaviour.md#keeping-up-with-the-ticket-page),
// in Chromium: under a date whose ticket page now says sold out, 'Il sito dei biglietti dice:
// esaurito' with 'Applica' and 'Ignora' (44 px touch targets); 'Applica' on a phone at 375 px saves
// the row alone and leaves another row's unsaved edit unsaved; a moved date 'Ignora'd at 1280 px;
// a link no longer read says so. The findings are written into the server's D1 as the hourly job
// would (its reading is covered by the Worker tests). Screenshots at both widths.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, organiser } from './api';
import { PHONE_UA, phoneAndDesktop, shot } from './browser';
import { sqlExec } from './d1';
import { editorPage, expectNotice, openSavedPage } from './editor-helpers';
import { createPage, textPageBody, uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

function event(position: number, city: string) {
  const url = `https://biglietti.example/e/${city.toLowerCase()}`;
  return {
    position,
    type: 'text',
    text: `12/05/2099 21:00 - ${city} - Teatro|biglietti`,
    url,
    cta_buttons: [{ url, buttonText: 'biglietti' }],
    ticket_source: { url: 'https://biglietti.example/tour' },
  };
}

/** A page of three sourced dates: Milano sold out, Roma moved, Torino no longer read. */
async function seeded(token: string): Promise<string> {
  const slug = uniqueSlug('fonte');
  const page = await createPage<{ buttons: { id: number }[] }>(
    token,
    textPageBody(slug, `Fonte ${slug}`, [event(1, 'Milano'), event(2, 'Roma'), event(3, 'Torino')]),
  );
  const [milano, roma, torino] = page.buttons.map((b) => b.id);
  await sqlExec(
    `UPDATE ticket_sources SET change = '{"sold_out":true}' WHERE button_id = ${milano};
     UPDATE ticket_sources SET change = '{"date":"13/05/2099","time":"20:30"}' WHERE button_id = ${roma};
     UPDATE ticket_sources SET stopped_at = '2099-01-01T00:00:00Z' WHERE button_id = ${torino};`,
  );
  return slug;
}

function row(page: Page, city: string) {
  return page.getByTestId('button-row').filter({ hasText: city });
}

/**
 * The saved page in the editor, its list settled: the rows render once without drag handles and
 * again when dnd-kit has loaded (new nodes), so the test waits for the handles first.
 */
async function openSettled(page: Page, slug: string, press: 'tap' | 'click'): Promise<void> {
  await openSavedPage(page, slug, press);
  await row(page, 'Milano').locator('.ed-row__handle').waitFor();
}

const browsers = phoneAndDesktop({ userAgent: PHONE_UA, touch: true });
let token: string;

beforeAll(async () => {
  token = (await organiser({ company: 'Fonte Live' })).token;
});

describe("a date's ticket page in the editor", () => {
  it("phone: 'Applica' a sold out alone; another row's unsaved edit stays unsaved", async () => {
    const slug = await seeded(token);
    const page = await editorPage(browsers.phone, token, '/user');
    await openSettled(page, slug, 'tap');
    const milano = row(page, 'Milano').getByTestId('ticket-notice');
    await expect(milano.textContent()).resolves.toContain('Il sito dei biglietti dice: esaurito');
    await expect(row(page, 'Roma').getByTestId('ticket-notice').textContent()).resolves.toContain(
      'Il sito dei biglietti dice: 13/05/2099 alle 20:30',
    );
    await expect(row(page, 'Torino').getByTestId('ticket-notice').textContent()).resolves.toContain(
      'Non riusciamo più a leggere la pagina dei biglietti di questa data: controllala tu',
    );
    const apply = milano.getByRole('button', { name: 'Applica' });
    const box = await apply.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await milano.scrollIntoViewIfNeeded();
    await shot(page, 'ticket-source-375', false);

    // an unsaved edit elsewhere: the page title
    const title = page.locator('#ed-title');
    await title.fill(`Fonte ${slug} modificata`);
    await apply.tap();
    await expectNotice(page, 'Novità applicata a Milano');
    await row(page, 'Milano').getByTestId('ticket-notice').waitFor({ state: 'detached' });
    await expect(row(page, 'Milano').locator('.ed-chip').first().textContent()).resolves.toBe('soldout');
    await expect(title.inputValue()).resolves.toBe(`Fonte ${slug} modificata`);
    const saved = (await (await api(`${API_PREFIX.pages}/${slug}`, { token })).json()) as {
      title: string;
      buttons: { cta_buttons: { availability: string }[] }[];
    };
    expect(saved.buttons[0]!.cta_buttons[0]!.availability).toBe('sold_out');
    expect(saved.title).toBe(`Fonte ${slug}`);
  });

  it("desktop: 'Ignora' a moved date; the row keeps its own", async () => {
    const slug = await seeded(token);
    const page = await editorPage(browsers.desktop, token, '/user');
    await openSettled(page, slug, 'click');
    const roma = row(page, 'Roma').getByTestId('ticket-notice');
    await roma.waitFor();
    await roma.scrollIntoViewIfNeeded();
    await shot(page, 'ticket-source-1280', false);
    await roma.getByRole('button', { name: 'Ignora' }).click();
    await expectNotice(page, 'Novità ignorata per Roma');
    await roma.waitFor({ state: 'detached' });
    await expect(row(page, 'Roma').locator('.ed-row__date').textContent()).resolves.toBe('12/05/2099 21:00');
  });
});
