// The save's files under a slow uplink (docs/behaviour.md#uploads): Chromium's own network
// throttling (CDP) slows the header upload so the progress bar is seen moving; 'Annulla' stops it
// with the page saved and the file still in the form; 'Riprova' sends that file alone; a file the
// server refuses offers 'Riprova' too. A phone with touch at 375 px and a desktop with a mouse.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Locator, Page, Request } from 'playwright-core';
import { expectAccessible, Gate } from './a11y';
import { adminToken, api } from './api';
import { DESKTOP, PHONE, openBrowser, shot, PHONE_UA } from './browser';
import { editorPage, expectNotice } from './editor-helpers';
import { loopMp4 } from './media';
import { uniqueSlug } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';

const MB = 1024 * 1024;
/** bytes per second: a 4 MB header takes about 8 s, long enough to watch and cancel */
const SLOW_UPLINK = 512 * 1024;

/** The MP4 padded to `bytes` with a trailing `free` box, so its boxes still tile the file. */
function padMp4(mp4: Buffer, bytes: number): Buffer {
  const pad = Buffer.alloc(bytes - mp4.length);
  pad.writeUInt32BE(pad.length, 0);
  pad.write('free', 4, 'ascii');
  return Buffer.concat([mp4, pad]);
}

/** The bytes as a file on disk: the browser reads a picked file at once, where a buffer would go over CDP. */
function fileOf(name: string, bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'palco-upload-')), name);
  writeFileSync(path, bytes);
  return path;
}

async function throttle(cdp: CDPSession, uploadThroughput: number): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput,
  });
}

interface Saved {
  header: string;
  header_poster: string;
}

async function savedPage(token: string, slug: string): Promise<Saved> {
  const res = await api(`${API_PREFIX.pages}/${slug}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as Saved;
}

/** A new page in the editor: title, slug, this header file and one event (not saved yet). */
async function fillNewPage(page: Page, slug: string, header: string, press: (l: Locator) => Promise<void>) {
  await page.getByLabel('Titolo', { exact: true }).fill(`Tour ${slug}`);
  await page.locator('#ed-slug').fill(slug);
  await page.locator('#ed-header').setInputFiles(header);
  await page.locator('.ed-header__media video').waitFor();
  await page.getByLabel('Data', { exact: true }).fill('12 maggio 2099');
  await page.getByLabel('Città', { exact: true }).fill('Milano');
  await page.getByLabel('Venue', { exact: true }).fill('Alcatraz');
  await page.getByLabel('Link CTA 1').fill('https://example.com/milano');
  await press(page.getByRole('button', { name: 'Aggiungi pulsante' }));
  await page.locator('[data-testid="button-row"]').first().waitFor();
}

/** The header's progress bar goes up while the throttled upload runs; answers its last value. */
async function watchProgress(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar', { name: /Video della testata/ });
  await bar.waitFor();
  expect(await bar.getAttribute('aria-valuemin')).toBe('0');
  expect(await bar.getAttribute('aria-valuemax')).toBe('100');
  await page.waitForFunction(() => {
    const el = document.querySelector('[role="progressbar"]');
    return Number(el?.getAttribute('aria-valuenow')) > 0;
  });
  const first = Number(await bar.getAttribute('aria-valuenow'));
  await page.waitForFunction(
    (was) => Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > was,
    first,
  );
  const now = Number(await bar.getAttribute('aria-valuenow'));
  expect(now).toBeGreaterThan(first);
  expect(now).toBeLessThan(100);
  // the visible line and the bar's value text say the same MB and percent
  const text = (await bar.getAttribute('aria-valuetext')) ?? '';
  expect(text).toMatch(/^\d+,\d MB di 4,0 MB \(\d+%\)$/);
  expect(await page.locator('.ed-upload__label').first().textContent()).toMatch(/^Video della testata: \d+,\d MB di/);
  // the save button is honest about what it waits for
  expect(await page.locator('.ed-save').textContent()).toBe('Invio file…');
  expect(await page.locator('.ed-save').isDisabled()).toBe(true);
  return now;
}

/** After 'Annulla': the reason, 'Riprova' holding the focus, the page saved without the file. */
async function expectCancelled(page: Page): Promise<void> {
  const retry = page.getByRole('button', { name: 'Riprova: Video della testata' });
  await retry.waitFor();
  await page.waitForFunction(() => document.activeElement?.classList.contains('ed-upload__retry'));
  await page.locator('.ed-upload__label', { hasText: 'Video della testata: invio annullato' }).waitFor();
  expect(await page.getByRole('progressbar').count()).toBe(0);
  await expectNotice(page, 'Landing page salvata. Invio annullato: Video della testata non caricato.');
  // the form is the saved page in edit mode, still holding the file to send
  await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
  await page.locator('.ed-header__badge', { hasText: 'Nuovo file, caricato al salvataggio' }).waitFor();
  expect(await page.locator('.ed-header__media video').getAttribute('src')).toMatch(/^blob:/);
  await page.locator('.ed-save:not([disabled])').waitFor();
}

describe('upload progress, cancel and retry', () => {
  let phone: BrowserContext;
  let desktop: BrowserContext;
  let token: string;
  /** paths of a 4 MB MP4 and of one cut short */
  let header: string;
  let broken: string;
  const gate = new Gate();

  beforeAll(async () => {
    [phone, desktop, token] = await Promise.all([
      openBrowser(PHONE, PHONE_UA, { touch: true }),
      openBrowser(DESKTOP),
      adminToken(),
    ]);
    const mp4 = await loopMp4(desktop);
    header = fileOf('tour.mp4', padMp4(mp4, 4 * MB));
    // cut short: its boxes no longer tile the file, which the server refuses (422)
    broken = fileOf('rotto.mp4', mp4.subarray(0, mp4.length - 100));
  });
  afterAll(async () => {
    await Promise.all([phone?.close(), desktop?.close()]);
  });

  it('375 px, touch: a new page saves, its slow header shows progress, is cancelled, then retried alone', async () => {
    const page = await editorPage(phone, token, '/admin');
    const cdp = await phone.newCDPSession(page);
    await cdp.send('Network.enable');
    const slug = uniqueSlug('lento');
    await fillNewPage(page, slug, header, (l) => l.tap());

    await throttle(cdp, SLOW_UPLINK);
    await page.locator('.ed-save').tap();
    await watchProgress(page);
    await shot(page, 'upload-progress-sending-375', false);
    await page.getByRole('button', { name: 'Annulla invio: Video della testata' }).tap();
    await expectCancelled(page);
    await shot(page, 'upload-progress-cancelled-375', false);
    expectAccessible(await gate.audit(page, 'upload cancelled', { widths: [375], scope: '.ed-actions' }));
    // saved, without its header
    expect((await savedPage(token, slug)).header).toBe('');

    // 'Riprova' at full speed: the file alone, then the form ends as after a create
    await throttle(cdp, -1);
    const sent: string[] = [];
    const record = (req: Request) => {
      if (req.method() !== 'GET') sent.push(`${req.method()} ${new URL(req.url()).pathname}`);
    };
    page.on('request', record);
    await page.getByRole('button', { name: 'Riprova: Video della testata' }).tap();
    await expectNotice(page, 'Landing page generata con successo!');
    page.off('request', record);
    // the file alone: the page's JSON is not sent again
    expect(sent).toEqual([`POST ${API_PREFIX.pages}/${slug}/upload-image`]);
    expect(await page.locator('.ed-upload__item').count()).toBe(0);
    expect((await savedPage(token, slug)).header).toMatch(new RegExp(`^/dati/${slug}/${slug}\\.[^/]+\\.mp4$`));
    await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
    await page.close();
  });

  it('1280 px, mouse: a refused header offers Riprova; a good one, cancelled and retried, becomes the header', async () => {
    const page = await editorPage(desktop, token, '/admin');
    const cdp = await desktop.newCDPSession(page);
    await cdp.send('Network.enable');
    const slug = uniqueSlug('rifiuto');
    await fillNewPage(page, slug, broken, (l) => l.click());

    // the server refuses the file: the page is saved, the file stays, 'Riprova' is offered
    await page.locator('.ed-save').click();
    await expectNotice(page, /^Landing page salvata ma errore nell'upload dell'immagine header: .+/);
    await page.locator('.ed-upload__label', { hasText: 'Video della testata: non caricato' }).waitFor();
    expect(await page.locator('.ed-upload__reason').textContent()).toBe('Il file è incompleto o danneggiato');
    await page.getByRole('button', { name: 'Riprova: Video della testata' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
    expect((await savedPage(token, slug)).header).toBe('');
    await shot(page, 'upload-progress-failed-1280', false);
    // put away, the message goes; the file stays in the form for the next save
    await page.getByRole('button', { name: 'Nascondi: Video della testata' }).click();
    expect(await page.locator('.ed-upload__item').count()).toBe(0);
    await page.waitForFunction(() => document.activeElement?.classList.contains('ed-save'));
    await page.locator('.ed-header__badge', { hasText: 'Nuovo file, caricato al salvataggio' }).waitFor();

    // a good file, slowly: progress, 'Annulla', then 'Riprova'
    await page.locator('#ed-header').setInputFiles(header);
    await throttle(cdp, SLOW_UPLINK);
    await page.locator('.ed-save').click();
    await watchProgress(page);
    await shot(page, 'upload-progress-sending-1280', false);
    expectAccessible(await gate.audit(page, 'upload sending', { widths: [1280], scope: '.ed-actions' }));
    await page.getByRole('button', { name: 'Annulla invio: Video della testata' }).click();
    await expectCancelled(page);
    await shot(page, 'upload-progress-cancelled-1280', false);
    expect((await savedPage(token, slug)).header).toBe('');

    await throttle(cdp, -1);
    await page.keyboard.press('Enter'); // 'Riprova' has the focus
    await expectNotice(page, 'Landing page aggiornata con successo!');
    expect(await page.locator('.ed-upload__item').count()).toBe(0);
    const saved = await savedPage(token, slug);
    expect(saved.header).toMatch(new RegExp(`^/dati/${slug}/${slug}\\.[^/]+\\.mp4$`));
    // the form holds the saved header now, nothing left to send
    await page.locator('.ed-header__badge', { hasText: 'Testata attuale' }).waitFor();
    await page.close();
  });
});
