// The poster of a video header (docs/behaviour.md#uploads), in Chromium: an MP4 recorded here and
// picked in the editor on a phone (touch) gets a poster frame, saved beside it and served by the
// published page as <video poster>, og:image and JSON-LD image; a page saved before posters (at
// 1280 px, with a mouse) gets its poster when opened and saved; 'Genera copertina' shows when the
// automatic frame could not be taken, says so when it fails, and works when the video can be read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { Gate, expectAccessible } from './a11y';
import { api, organiser } from './api';
import { DESKTOP, PERSON_UA, PHONE, baseURL, openBrowser, shot } from './browser';
import { asksBeforeUnload, createTextPageApi, editorPage, expectNotice } from './editor-helpers';
import { loopMp4 } from './media';
import { uniqueSlug, uploadHeader } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';
import { HEADER_UPLOAD_WIDTH } from '../../src/lib/image-resize';

function poll<T>(fn: () => T | Promise<T>) {
  return expect.poll(fn, { timeout: 10_000, interval: 100 });
}

/** The width of a WebP image, read from its first chunk (lossy VP8, lossless VP8L or extended VP8X). */
function webpWidth(bytes: Buffer): number {
  expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  expect(bytes.toString('ascii', 8, 12)).toBe('WEBP');
  const chunk = bytes.toString('ascii', 12, 16);
  if (chunk === 'VP8X') return 1 + bytes.readUIntLE(24, 3);
  if (chunk === 'VP8L') return 1 + (bytes.readUInt16LE(21) & 0x3fff);
  if (chunk === 'VP8 ') return bytes.readUInt16LE(26) & 0x3fff;
  throw new Error(`unknown WebP chunk ${chunk}`);
}

async function savedPoster(token: string, slug: string): Promise<string> {
  const res = await api(`${API_PREFIX.pages}/${slug}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { header_poster: string }).header_poster;
}

/** Opens a saved page from the sidebar, as an organiser would (a tap on a phone, a click elsewhere). */
async function openFromSidebar(page: Page, title: string, touch: boolean): Promise<void> {
  const press = (name: string | RegExp) => {
    const target = page.getByRole('button', { name });
    return touch ? target.tap() : target.click();
  };
  await press(/^Landing Pages/);
  await press(`Apri "${title}" per la modifica`);
  await expectNotice(page, 'Landing page caricata per la modifica');
  await page.getByRole('heading', { level: 1, name: 'MODIFICA LANDING' }).waitFor();
}

const poster = (page: Page) => page.locator('figure.ed-poster');

/** Before a screenshot: the header video has a frame (or has failed) and the poster thumbnail is decoded. */
async function mediaShown(page: Page): Promise<void> {
  await poster(page).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('.ed-header__media video');
    const thumb = document.querySelector<HTMLImageElement>('.ed-poster img');
    return (
      (!video || video.readyState >= 2 || video.error !== null) &&
      (!thumb || (thumb.complete && thumb.naturalWidth > 0))
    );
  });
  // one more frame painted with them
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
const posterState = (page: Page) => poster(page).locator('.ed-poster__state');

describe('video posters', () => {
  let phone: BrowserContext;
  let desktop: BrowserContext;
  let token: string;
  let mp4: Buffer;

  /** the desktop editor, shared by the tests at 1280 px */
  let editor: Page | undefined;

  beforeAll(async () => {
    const session = organiser({ fullName: 'Sara Poster', company: 'Poster Live' });
    [phone, desktop] = await Promise.all([openBrowser(PHONE, PERSON_UA, { touch: true }), openBrowser(DESKTOP)]);
    [mp4, { token }] = await Promise.all([loopMp4(desktop), session]);
  });
  afterAll(async () => {
    await Promise.all([phone?.close(), desktop?.close()]);
  });

  async function desktopEditor(): Promise<Page> {
    editor ??= await editorPage(desktop, token, '/user');
    return editor;
  }

  it('a phone picks an MP4 header: its poster is previewed, saved and published as poster, og:image and JSON-LD image', async () => {
    const slug = uniqueSlug('posterphone');
    const title = `Poster ${slug}`;
    await createTextPageApi(token, slug, title, 'Roma');
    const page = await editorPage(phone, token, '/user');
    await openFromSidebar(page, title, true);

    await page.locator('#ed-header').setInputFiles({ name: 'live.mp4', mimeType: 'video/mp4', buffer: mp4 });
    // the frame is taken in the browser and waits for the save, shown beside the video
    await poll(() => posterState(page).textContent()).toBe('Sarà salvata con la pagina');
    const thumb = poster(page).getByRole('img', { name: /^Copertina del video/ });
    expect(await thumb.getAttribute('src')).toMatch(/^blob:/);
    expect(await page.locator('.ed-header__media video').getAttribute('poster')).toBe(await thumb.getAttribute('src'));
    expect(await poster(page).getByRole('button', { name: 'Genera copertina' }).count()).toBe(0);
    // readable at 375 px: the thumbnail and its state fit the screen
    const box = await poster(page).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await mediaShown(page);
    await shot(page, 'poster-header-375', false);

    // the preview shows the frame not uploaded yet as the video's poster
    await page.getByRole('button', { name: 'Anteprima', exact: true }).tap();
    const frame = page.frameLocator('iframe[title^="Anteprima"]');
    await poll(() => frame.locator('video[data-h]').getAttribute('poster')).toMatch(/^blob:/);
    await page.getByRole('button', { name: "Chiudi l'anteprima" }).tap();

    await page.locator('.ed-save').tap();
    await expectNotice(page, 'Landing page aggiornata con successo!');
    await poll(() => posterState(page).textContent()).toBe('Salvata');
    const saved = await savedPoster(token, slug);
    expect(saved).toMatch(new RegExp(`^/dati/${slug}/[^/]+$`));
    await page.close();

    // the published page: poster, share image and event image are the same file
    const res = await api(`/${slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const video = html.match(/<video\b[^>]*>/)?.[0] ?? '';
    expect(video).toContain(`poster="${saved}"`);
    const absolute = `${new URL(baseURL()).origin}${saved}`;
    expect(html).toContain(`<meta property="og:image" content="${absolute}"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="${absolute}"/>`);
    const ld = html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1];
    const events = JSON.parse(ld ?? '[]') as Array<{ image?: string[] }>;
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.image).toEqual([absolute]);

    const image = await api(saved);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const width = webpWidth(Buffer.from(await image.arrayBuffer()));
    expect(width).toBeGreaterThan(0);
    expect(width).toBeLessThanOrEqual(HEADER_UPLOAD_WIDTH);
  });

  it('a video page saved before posters gets one when opened and saved (1280 px, mouse)', async () => {
    const slug = uniqueSlug('posterold');
    const title = `Vecchia ${slug}`;
    await createTextPageApi(token, slug, title, 'Milano');
    // the header upload without a poster part, as before posters
    await uploadHeader(token, slug, mp4, 'live.mp4', 'video/mp4');
    expect(await savedPoster(token, slug)).toBe('');

    const page = await desktopEditor();
    await openFromSidebar(page, title, false);
    // taken in the background from the saved video; not an unsaved change by itself
    await poll(() => posterState(page).textContent()).toBe('Sarà salvata con la pagina');
    expect(await poster(page).locator('img').getAttribute('src')).toMatch(/^blob:/);
    expect(await asksBeforeUnload(page)).toBe(false);
    await mediaShown(page);
    await shot(page, 'poster-header-1280', false);

    await page.locator('.ed-save').click();
    await expectNotice(page, 'Landing page aggiornata con successo!');
    await poll(() => savedPoster(token, slug)).toMatch(new RegExp(`^/dati/${slug}/[^/]+$`));
    await poll(() => posterState(page).textContent()).toBe('Salvata');
    expect(await poster(page).locator('img').getAttribute('src')).toBe(await savedPoster(token, slug));
  });

  it("'Genera copertina' shows when the frame could not be taken, says so when it fails, and works", async () => {
    const slug = uniqueSlug('postergen');
    const title = `Genera ${slug}`;
    await createTextPageApi(token, slug, title, 'Napoli');
    await uploadHeader(token, slug, mp4, 'live.mp4', 'video/mp4');

    const page = await desktopEditor();
    // a connection that drops the video: no frame can be taken
    const video = `**/dati/${slug}/*.mp4`;
    await page.route(video, (route) => route.fulfill({ status: 404, body: '' }));
    await openFromSidebar(page, title, false);
    const generate = poster(page).getByRole('button', { name: 'Genera copertina' });
    await poll(() => posterState(page).textContent()).toBe('Nessuna copertina');
    await generate.waitFor();
    // the automatic attempt failed quietly; the organiser's own attempt says why
    expect(await page.getByRole('alert').filter({ hasText: 'copertina' }).count()).toBe(0);
    await generate.click();
    await page.getByRole('alert').filter({ hasText: 'Non è stato possibile creare la copertina' }).waitFor();
    await shot(page, 'poster-failed-1280', false);
    // the strip with its button and message (this context's width; the phone's is the first test's)
    expectAccessible(
      await new Gate().audit(page, 'header poster after a failed attempt', { scope: '.ed-header', widths: [1280] }),
    );

    await page.unroute(video);
    await generate.click();
    await poll(() => posterState(page).textContent()).toBe('Sarà salvata con la pagina');
    expect(await generate.count()).toBe(0);
    expect(await page.getByRole('alert').filter({ hasText: 'copertina' }).count()).toBe(0);
    // the button is gone: the focus is on the poster it made
    expect(await page.evaluate(() => document.activeElement?.classList.contains('ed-poster'))).toBe(true);

    await page.locator('.ed-save').click();
    await expectNotice(page, 'Landing page aggiornata con successo!');
    await poll(() => savedPoster(token, slug)).toMatch(new RegExp(`^/dati/${slug}/[^/]+$`));
    await mediaShown(page);
    await shot(page, 'poster-saved-1280', false);
  });
});
