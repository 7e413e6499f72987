// The published page as fans see it: four layouts and the video header at 375 px (and 1280 px),
// a CTA tap counted by the beacon, the 404 error state with its redirect, a footer readable on the
// Blue preset, store badges without a grey box.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken, api } from './api';
import { baseURL, phoneAndDesktop, shot } from './browser';
import { bannerPng, loopMp4, posterPng } from './media';
import { contrastRatio, presetStyles } from '../../src/core/styles';
import { createPage as createPageAs, uniqueSlug as slugOf, uploadHeader as uploadHeaderAs } from './pages-api';
import { API_PREFIX } from '../../src/core/api-paths';
import { PUBLIC_ERROR_REDIRECT_MS } from '../../src/core/constants';

const browsers = phoneAndDesktop();
let token: string;
let poster: Buffer;

function event(text: string, ctas: Array<{ url: string; buttonText: string }>) {
  return { type: 'text', text, url: ctas[0]?.url ?? '', cta_buttons: ctas };
}

function tourButtons() {
  const here = `${baseURL()}/about`;
  return [
    event('Ven 12 marzo 2099 - Milano - Alcatraz|biglietti', [{ url: here, buttonText: 'biglietti' }]),
    event('Sab 13 marzo 2099 - Roma - Atlantico|soldout', [{ url: here, buttonText: 'soldout' }]),
    event('Ven 19 marzo 2099 - Bologna - Estragon|biglietti', [
      { url: here, buttonText: 'biglietti' },
      { url: 'www.vivaticket.com/it/vip', buttonText: 'VIP package' },
    ]),
    event('Sab 20 marzo 2099 - Torino - Hiroshima Mon Amour|tickets', [{ url: here, buttonText: 'tickets' }]),
  ];
}

function createPage(body: Record<string, unknown>): Promise<unknown> {
  return createPageAs(token, body);
}

function uploadHeader(slug: string, bytes: Buffer, name: string, type: string): Promise<void> {
  return uploadHeaderAs(token, slug, bytes, name, type);
}

async function pageData(slug: string): Promise<any> {
  return (await api(`${API_PREFIX.pages}/${slug}`, { token })).json();
}

/** A computed 'rgb(…)' or 'rgba(…)' colour as #RRGGBB (its alpha left out). */
function hex(rgb: string): string {
  const channels = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3);
  if (channels.length !== 3) throw new Error(`not an rgb() colour: ${rgb}`);
  return `#${channels.map((v) => Math.round(Number(v)).toString(16).padStart(2, '0')).join('')}`;
}

function watchCsp(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

beforeAll(async () => {
  token = await adminToken();
  poster = await posterPng(browsers.phone);
});

describe('public page /{slug}', () => {
  it('text light at 375 px: tap a CTA, the click count rises; views counted', async () => {
    const slug = slugOf('luce');
    await createPage({
      folder_name: slug,
      title: `I Nomadi Elettrici ${slug}`,
      display_title: 'I Nomadi Elettrici – Tour 2099',
      mode: 'text',
      style: 'light',
      buttons: tourButtons(),
    });
    await uploadHeader(slug, poster, 'poster.png', 'image/png');
    const before = await pageData(slug);
    const first = before.buttons[0];
    expect(first.click_count).toBe(0);

    const page = await browsers.phone.newPage();
    const problems = watchCsp(page);
    const res = await page.goto(`/${slug}`, { waitUntil: 'networkidle' });
    expect(res!.status()).toBe(200);
    expect(res!.headers()['content-security-policy']).toContain("default-src 'none'");
    await expect(page.locator('.c').first().textContent()).resolves.toBe('Milano');
    await expect(page.locator('.b.off').textContent()).resolves.toBe('Sold out');
    await expect(page.getByText('Questo sito non contiene cookies').isVisible()).resolves.toBe(true);
    // Poppins really loaded from /fonts/, once the page had loaded (its script sets `f`)
    await page.waitForFunction(() => document.documentElement.classList.contains('f'));
    await page.evaluate(() => document.fonts.ready);
    await expect(page.evaluate(() => document.fonts.check('700 16px Poppins'))).resolves.toBe(true);
    // the header is our upload, not the placeholder
    await expect(page.locator('img[data-h]').getAttribute('src')).resolves.toMatch(new RegExp(`^/dati/${slug}/`));
    await shot(page, 'public-light-375');

    // a soldout CTA is not a link
    expect(await page.locator('.b.off').evaluate((el) => el.tagName)).toBe('SPAN');
    await page.locator('a.b').first().click();
    await page.waitForURL('**/about');
    // the click reaches D1 through the queue within the flush delay (a few seconds)
    let count = 0;
    for (let i = 0; i < 150 && count < 1; i++) {
      count = (await pageData(slug)).buttons[0].click_count;
      if (count < 1) await new Promise((r) => setTimeout(r, 100));
    }
    expect(count).toBeGreaterThanOrEqual(1);
    const after = await pageData(slug);
    expect(after.buttons[1].click_count).toBe(0);
    expect(after.view_page).toBeGreaterThanOrEqual(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('text dark and custom at 375 and 1280 px', async () => {
    const dark = slugOf('buio');
    await createPage({
      folder_name: dark,
      title: `Buio ${dark}`,
      display_title: 'I Nomadi Elettrici – Tour 2099',
      mode: 'text',
      style: 'dark',
      buttons: tourButtons(),
    });
    await uploadHeader(dark, poster, 'poster.png', 'image/png');
    const custom = slugOf('custom');
    await createPage({
      folder_name: custom,
      title: `Custom ${custom}`,
      display_title: 'I Nomadi Elettrici – Tour 2099',
      mode: 'text',
      style: 'custom',
      custom_styles: {
        background: { color: '#0B1F4D' },
        data: { color: '#DCE7FF', fontFamily: 'Oswald', fontSize: '1.25rem', fontWeight: '500' },
        city: { color: '#FFFFFF', fontFamily: 'Bebas Neue', fontSize: '3rem', fontWeight: '400' },
        venue: { color: '#9DB8F2', fontFamily: 'Lora', fontStyle: 'italic', fontSize: '1.25rem' },
        buttons: { backgroundColor: '#FFD166', textColor: '#0B1F4D', borderRadius: '8px', fontSize: '1rem' },
      },
      buttons: tourButtons(),
    });
    await uploadHeader(custom, poster, 'poster.png', 'image/png');
    for (const [slug, name] of [
      [dark, 'dark'],
      [custom, 'custom'],
    ] as const) {
      for (const [ctx, w] of browsers.both()) {
        const page = await ctx.newPage();
        const problems = watchCsp(page);
        await page.goto(`/${slug}`, { waitUntil: 'networkidle' });
        await shot(page, `public-${name}-${w}`, w === 375);
        expect(problems).toEqual([]);
        if (name === 'custom') {
          const city = await page
            .locator('.c')
            .first()
            .evaluate((el) => getComputedStyle(el).fontFamily);
          expect(city).toContain('Bebas Neue');
          await expect(page.evaluate(() => document.fonts.check('16px "Bebas Neue"'))).resolves.toBe(true);
          const bg = await page.locator('.pg').evaluate((el) => getComputedStyle(el).backgroundColor);
          expect(bg).toBe('rgb(11, 31, 77)');
        }
        if (w === 1280) {
          const width = await page.locator('.pg').evaluate((el) => el.getBoundingClientRect().width);
          expect(width).toBe(480);
        }
        await page.close();
      }
    }
  });

  it('image mode: full-width image buttons, a broken one hidden', async () => {
    const slug = slugOf('immagini');
    await createPage({
      folder_name: slug,
      title: `Link ${slug}`,
      display_title: 'I Nomadi Elettrici',
      mode: 'image',
      buttons: [
        { type: 'image', text: 'Ascolta su Spotify', url: `${baseURL()}/about` },
        { type: 'image', text: 'Guarda su YouTube', url: `${baseURL()}/about` },
        { type: 'image', text: 'Compra il vinile', url: `${baseURL()}/about` },
        { type: 'image', text: 'Rotto', image_path: `/dati/${slug}/mancante.png`, url: `${baseURL()}/about` },
      ],
    });
    await uploadHeader(slug, poster, 'poster.png', 'image/png');
    const form = new FormData();
    const banners = [
      await bannerPng(browsers.phone, 'Ascolta su Spotify', '#1DB954'),
      await bannerPng(browsers.phone, 'Guarda su YouTube', '#FF0033'),
      await bannerPng(browsers.phone, 'Compra il vinile', '#111111'),
    ];
    for (const [i, b] of banners.entries()) {
      form.append('button_images', new Blob([new Uint8Array(b)], { type: 'image/png' }), `b${i}.png`);
    }
    form.append('image_mapping', JSON.stringify({ 0: 0, 1: 1, 2: 2 }));
    const up = await api(`${API_PREFIX.pages}/${slug}/upload-button-images`, { method: 'POST', token, body: form });
    expect(up.status, await up.clone().text()).toBe(200);

    const page = await browsers.phone.newPage();
    const problems = watchCsp(page);
    await page.goto(`/${slug}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(200);
    const visible = await page.locator('.ib li:not([hidden])').count();
    expect(visible).toBe(3);
    const width = await page
      .locator('.ib img')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(330);
    await shot(page, 'public-image-375');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('video header: autoplays muted and looping, the toggle unmutes', async () => {
    const slug = slugOf('video');
    await createPage({
      folder_name: slug,
      title: `Video ${slug}`,
      display_title: 'Live 2099',
      mode: 'text',
      style: 'dark',
      buttons: tourButtons().slice(0, 2),
    });
    await uploadHeader(slug, await loopMp4(browsers.phone), 'live.mp4', 'video/mp4');
    const page = await browsers.phone.newPage();
    const problems = watchCsp(page);
    await page.goto(`/${slug}`, { waitUntil: 'load' });
    const video = page.locator('video[data-h]');
    await expect(
      video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay, v.playsInline]),
    ).resolves.toEqual([true, true, true, true]);
    await page.waitForFunction(
      () => {
        const v = document.querySelector('video');
        return !!v && v.readyState >= 2 && !v.paused;
      },
      undefined,
      { timeout: 10_000 },
    );
    await page.waitForTimeout(600);
    await shot(page, 'public-video-375');
    const toggle = page.locator('button[data-mute]');
    await expect(toggle.getAttribute('aria-label')).resolves.toBe('Attiva audio');
    await toggle.click();
    await expect(video.evaluate((v: HTMLVideoElement) => v.muted)).resolves.toBe(false);
    await expect(toggle.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(toggle.getAttribute('aria-label')).resolves.toBe('Disattiva audio');
    await toggle.click();
    await expect(video.evaluate((v: HTMLVideoElement) => v.muted)).resolves.toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a broken header becomes the placeholder; a hidden page shows the error state and goes /home', async () => {
    const slug = slugOf('rotta');
    await createPage({
      folder_name: slug,
      title: `Rotta ${slug}`,
      mode: 'text',
      style: 'light',
      header: `/dati/${slug}/non-esiste.jpg`,
      buttons: tourButtons().slice(0, 1),
    });
    const page = await browsers.phone.newPage();
    await page.goto(`/${slug}`, { waitUntil: 'networkidle' });
    await expect(page.locator('[data-h]').getAttribute('src')).resolves.toBe('/placeholder-header.svg');
    await shot(page, 'public-broken-header-375');

    const hide = await api(`${API_PREFIX.pages}/${slug}/visibility?visible=false`, { method: 'PATCH', token });
    expect(hide.status).toBe(200);
    // the page's timers run on a clock the test moves: the redirect delay is the page's, not the
    // machine's
    await page.clock.install();
    const res = await page.goto(`/${slug}`);
    expect(res!.status()).toBe(404);
    await expect(page.getByText('Landing page non trovata').isVisible()).resolves.toBe(true);
    await expect(page.getByText('Reindirizzamento in corso...').isVisible()).resolves.toBe(true);
    await shot(page, 'public-404-375');
    await page.clock.runFor(PUBLIC_ERROR_REDIRECT_MS - 100);
    expect(new URL(page.url()).pathname).toBe(`/${slug}`);
    await page.clock.runFor(100);
    await page.waitForURL('**/home');

    // a visitor who acts (here: a key) before the redirect stays, and the notice goes away
    await page.goto(`/${slug}`);
    await page.keyboard.press('Tab');
    await page.clock.runFor(PUBLIC_ERROR_REDIRECT_MS * 3);
    expect(new URL(page.url()).pathname).toBe(`/${slug}`);
    await expect(page.getByText('Reindirizzamento in corso...').isVisible()).resolves.toBe(false);
    await expect(page.getByRole('link', { name: 'Vai alla home' }).isVisible()).resolves.toBe(true);
    await page.close();
  });

  it('Blue preset: every footer text meets AA at 375 px', async () => {
    const slug = slugOf('blu');
    await createPage({
      folder_name: slug,
      title: `Blu ${slug}`,
      display_title: 'Onde Lunghe Tour',
      mode: 'text',
      style: 'custom',
      // an organiser's dark venue colour must not leak into the footer
      custom_styles: { ...presetStyles('blue'), venue: { color: '#1A1A1A' } },
      buttons: [{ type: 'text', text: 'Ven 12 marzo 2099 - Milano - Alcatraz|biglietti', url: `${baseURL()}/about` }],
    });
    const page = await browsers.phone.newPage();
    await page.goto(`/${slug}`, { waitUntil: 'networkidle' });
    const pairs = await page.locator('.ft').evaluate((ft) => {
      const bg = getComputedStyle(document.querySelector('.pg')!).backgroundColor;
      const chip = getComputedStyle(ft.querySelector('.pw')!).backgroundColor;
      const texts = [...ft.querySelectorAll('.pw, .pw span, .ln a, .nc')].map((el) => getComputedStyle(el).color);
      return { bg, chip, texts };
    });
    expect(pairs.bg).toBe('rgb(11, 31, 77)');
    for (const color of pairs.texts) {
      expect(contrastRatio(hex(color), hex(pairs.bg)), `${color} on ${pairs.bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(hex(color), hex(pairs.chip)), `${color} on ${pairs.chip}`).toBeGreaterThanOrEqual(4.5);
    }
    await page.locator('.ft').scrollIntoViewIfNeeded();
    await shot(page, 'public-blue-375');
    await page.close();
  });

  it('store badges: transparent image buttons at 375 px', async () => {
    const slug = slugOf('dischi');
    const stores = [
      ['spotify', 'Ascolta su Spotify'],
      ['applemusic', 'Ascolta su Apple Music'],
      ['amazon', 'CD e vinili su Amazon'],
    ];
    await createPage({
      folder_name: slug,
      title: `Dischi ${slug}`,
      display_title: 'Onde Lunghe — il nuovo disco',
      mode: 'image',
      buttons: stores.map(([name, text]) => ({
        type: 'image',
        text,
        image_path: `/stores/${name}.svg`,
        url: `${baseURL()}/about`,
      })),
    });
    const page = await browsers.phone.newPage();
    await page.goto(`/${slug}`, { waitUntil: 'networkidle' });
    const imgs = page.locator('.ib img');
    expect(await imgs.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const backgrounds = await imgs
        .nth(i)
        .evaluate((img) =>
          [img, img.parentElement!, img.parentElement!.parentElement!].map(
            (el) => getComputedStyle(el).backgroundColor,
          ),
        );
      expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
      expect(await imgs.nth(i).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await shot(page, 'public-store-badges-375');
    await page.close();
  });
});
