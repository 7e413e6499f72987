// Type, then one tap: the primary actions of the editor and the users screen take the first tap
// (touch at 375 px) or click (mouse at 1280 px) right after typing in a field, without a blur
// first. Nothing may move under the pointer between press and release
// (docs/behaviour.md#links-and-urls). One phone and one desktop browser serve every test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { adminPage, confirmBox, openPanel, pendingRow, search } from './admin-users-helpers';
import { api, organiser, register } from './api';
import { DESKTOP, PHONE, openBrowser, shot, PHONE_UA } from './browser';
import { editorPage, expectNotice } from './editor-helpers';
import { makePng } from './media';
import { uniqueSlug } from './pages-api';

/**
 * A mouse button held as long as an unhurried person holds it: anything that moves after the press
 * (a list closing on a timer after the blur, say) would take the click away.
 */
const PRESS_MS = 250;
const HEADER_PNG = makePng(600, 300, [214, 36, 110], [19, 17, 31]);

interface Width {
  name: '375' | '1280';
  ctx: BrowserContext;
  /** one tap of a finger on the phone, one click of a mouse on the desktop */
  press(target: Locator): Promise<void>;
}

const widths: Width[] = [];
let organiserToken: string;

beforeAll(async () => {
  const [phone, desktop, account] = await Promise.all([
    openBrowser(PHONE, PHONE_UA, { touch: true }),
    openBrowser(DESKTOP),
    organiser({ company: 'Tap Band' }),
  ]);
  organiserToken = account.token;
  widths.push(
    { name: '375', ctx: phone, press: (l) => l.tap() },
    { name: '1280', ctx: desktop, press: (l) => l.click({ delay: PRESS_MS }) },
  );
});
afterAll(async () => {
  await Promise.all(widths.map((w) => w.ctx.close()));
});

/** Fills a field and types its last keys, as a person does: the field keeps the focus afterwards. */
async function typeInto(field: Locator, text: string): Promise<void> {
  await field.fill(text.slice(0, -3));
  await field.pressSequentially(text.slice(-3));
}

async function fillEvent(page: Page, city: string): Promise<void> {
  await page.getByLabel('Data', { exact: true }).fill('12 aprile 2099');
  await page.getByLabel('Città', { exact: true }).fill(city);
  await page.getByLabel('Venue', { exact: true }).fill('Teatro Verdi');
}

function eventRow(page: Page, city: string): Locator {
  return page.getByTestId('button-row').filter({ hasText: city });
}

describe('type, then one tap', () => {
  it('in the editor: adds events and creates the page', { timeout: 60_000 }, async () => {
    for (const w of widths) {
      const page = await editorPage(w.ctx, organiserToken, '/user');
      const add = page.getByRole('button', { name: 'Aggiungi pulsante', exact: true });

      // a ticket link typed, then one tap: the event is added with the tracked link
      const city = `Roma${w.name}`;
      await fillEvent(page, city);
      await typeInto(page.getByLabel('Link CTA 1', { exact: true }), `https://www.ticketone.it/${city}/`);
      await w.press(add);
      await expectNotice(page, 'Pulsante aggiunto con successo');
      await eventRow(page, city).waitFor();
      const link = eventRow(page, city).locator('[aria-label^="https://www.ticketone.it/"]');
      expect(await link.getAttribute('aria-label')).toContain('utm_source=palco');
      await shot(page, `one-tap-added-${w.name}`);

      // a custom CTA text left empty, then one tap: its field stays put and the text is 'biglietti'
      const city2 = `Bari${w.name}`;
      await fillEvent(page, city2);
      await typeInto(page.getByLabel('Link CTA 1', { exact: true }), 'https://www.vivaticket.com/it/bari');
      await page.getByLabel('Testo CTA 1', { exact: true }).selectOption('custom');
      await page.getByLabel('Testo personalizzato CTA 1').waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/-custom$/);
      await w.press(add);
      await eventRow(page, city2).waitFor();
      await expect(eventRow(page, city2).textContent()).resolves.toContain('biglietti');
      const link2 = eventRow(page, city2).locator('[aria-label^="https://www.vivaticket.com/"]');
      expect(await link2.getAttribute('aria-label')).toContain('utm_source=palco');

      // the page: a header, then the title typed, then one tap on 'Genera landing'
      const slug = uniqueSlug(`tap${w.name}`);
      await page.locator('#ed-header').setInputFiles({ name: 'h.png', mimeType: 'image/png', buffer: HEADER_PNG });
      await page.locator('#ed-slug').fill(slug);
      await typeInto(page.getByLabel('Titolo', { exact: true }), `Tour ${slug}`);
      await w.press(page.getByRole('button', { name: 'Genera landing' }));
      await expectNotice(page, 'Landing page generata con successo!');
      const res = await api(`/${slug}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(city2);
      expect(html).toContain('utm_source=palco');
      await page.close();
    }
  });

  it('on the users screen: confirms actions right after typing', { timeout: 60_000 }, async () => {
    for (const w of widths) {
      const [approving, rejecting, moving] = await Promise.all([
        register({ fullName: `Anna Tap${w.name}` }),
        register({ fullName: `Bruno Tap${w.name}` }),
        register({ fullName: `Carla Tap${w.name}`, company: 'Vecchia Tap' }),
      ]);
      const page = await adminPage(w.ctx);

      // search typed (the search box keeps the focus), then one tap on a pending row's 'Approva'
      await search(page, approving.email);
      await w.press(pendingRow(page, approving.email).getByRole('button', { name: `Approva ${approving.full_name}` }));
      const approveBox = confirmBox(page);
      await approveBox.getByRole('heading', { name: 'Approvare la richiesta?' }).waitFor();
      await w.press(approveBox.getByRole('button', { name: 'Approva' }));
      await page.getByText(`${approving.full_name} approvato`).first().waitFor();
      // as a person does, the next tap comes once the approved row has left the pending list
      // (the rows under it move up when the lists are read again)
      await pendingRow(page, approving.email).waitFor({ state: 'detached' });

      // a reason typed, then one tap on 'Rifiuta'
      await w.press(pendingRow(page, rejecting.email).getByRole('button', { name: `Rifiuta ${rejecting.full_name}` }));
      const rejectBox = confirmBox(page);
      await typeInto(rejectBox.getByLabel('Motivo (facoltativo)'), 'Dati incompleti');
      await w.press(rejectBox.getByRole('button', { name: 'Rifiuta' }));
      await page.getByText(`Richiesta di ${rejecting.full_name} rifiutata.`).first().waitFor();

      // a company typed (its suggestions open), then one tap on 'Salva azienda'
      const panel = await openPanel(page, moving);
      await w.press(panel.getByRole('button', { name: 'Cambia azienda' }));
      const companyBox = confirmBox(page);
      const input = companyBox.getByRole('combobox', { name: 'Azienda' });
      await typeInto(input, `Nuova Tap ${w.name}`);
      await companyBox.getByRole('option', { name: `Nuova azienda: "Nuova Tap ${w.name}"` }).waitFor();
      await w.press(companyBox.getByRole('button', { name: 'Salva azienda' }));
      await page.getByText(`Azienda di ${moving.full_name} aggiornata in "Nuova Tap ${w.name}".`).first().waitFor();
      await page.close();
    }
  });
});
