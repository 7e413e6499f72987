// Review fixes seen in a browser: toasts draw above open dialogs, the pending screen's
// '24-48' never splits, the published page's footer is readable on the Blue preset and store
// badges show without a grey box.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { PHONE, baseURL, openBrowser, shot } from './browser';
import { api, login } from './api';
import {
  PASSWORD,
  activeUser,
  admin,
  adminPage,
  allRow,
  confirmBox,
  openPanel,
  pageWithToken,
  register,
} from './admin-users-helpers';

let phone: BrowserContext;

beforeAll(async () => {
  phone = await openBrowser(PHONE);
});

afterAll(async () => {
  await phone?.close();
});

/** Mean brightness (0-255) of a strip inside the right padding of a toast, as painted. */
async function paintedBrightness(page: Page, toast: Locator): Promise<number> {
  const box = (await toast.boundingBox())!;
  const clip = { x: box.x + box.width - 10, y: box.y + box.height / 2 - 3, width: 4, height: 6 };
  const png = await page.screenshot({ clip });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (const v of data) sum += v;
  return sum / data.length;
}

/** The painted colour at the centre of a success toast's check icon. */
async function iconColor(page: Page, toast: Locator): Promise<[number, number, number]> {
  const box = (await toast.locator(':scope > div').first().boundingBox())!;
  const clip = { x: box.x + 3, y: box.y + box.height / 2 - 1, width: 2, height: 2 };
  const png = await page.screenshot({ clip });
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

/** On top: the white toast body unshaded and its green check icon drawn. */
async function expectOnTop(page: Page, toast: Locator): Promise<void> {
  expect(await paintedBrightness(page, toast)).toBeGreaterThan(230);
  const [r, g, b] = await iconColor(page, toast);
  expect(g, `icon colour ${r},${g},${b}`).toBeGreaterThan(r + 40);
  expect(g).toBeGreaterThan(b + 20);
}

describe('toasts above dialogs', () => {
  it('a toast raised while the user panel (a modal dialog) is open is painted above its backdrop', async () => {
    const user = await activeUser('Tina Toast');
    const page = await adminPage(phone);
    const panel = await openPanel(page, user);
    await panel.getByRole('button', { name: 'Sospendi' }).click();
    await confirmBox(page).getByRole('button', { name: 'Sospendi' }).click();
    const toast = page.locator('.toast').filter({ hasText: `Account di ${user.full_name} sospeso.` });
    await toast.waitFor();
    await page.waitForTimeout(400); // the enter animation
    expect(await panel.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    // under the panel (a full-height sheet on phones) nothing of the toast would show
    await expectOnTop(page, toast);
    await shot(page, 'review-toast-over-panel-375', false);

    // a confirmation opened while the toast is up: the toast rises above it too
    await panel.getByRole('button', { name: 'Riattiva' }).click();
    await confirmBox(page).waitFor();
    await page.waitForTimeout(300);
    expect(await toast.isVisible()).toBe(true); // success toasts last 3 s
    // under the confirmation's dark backdrop the white toast would be dimmed to ~110
    await expectOnTop(page, toast);
    await shot(page, 'review-toast-over-confirm-375', false);
    // the layer never catches clicks: the dialog under it still works
    await confirmBox(page).getByRole('button', { name: 'Riattiva' }).click();
    await page
      .locator('.toast')
      .filter({ hasText: `Account di ${user.full_name} riattivato.` })
      .waitFor();
    await allRow(page, user.email).locator('[data-status="active"]').waitFor();
    await panel.getByRole('button', { name: 'Chiudi' }).click();
    await panel.waitFor({ state: 'hidden' });
    await page.close();
  });
});

describe('pending screen', () => {
  it("'24-48' stays on one line at every phone width", async () => {
    const user = await register('Piera Pendente');
    const page = await pageWithToken(phone, await login(user.email, PASSWORD));
    await page.goto('/user');
    await page.getByRole('heading', { name: 'Registrazione in Attesa' }).waitFor();
    for (let width = 280; width <= 400; width += 2) {
      await page.setViewportSize({ width, height: 800 });
      const lines = await page.locator('.guard-timing').evaluate((p) => {
        const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const at = n.textContent!.indexOf('24-48');
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(n, at);
          range.setEnd(n, at + 5);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        }
        return -1;
      });
      expect(lines, `width ${width}`).toBe(1);
    }
    await page.setViewportSize({ width: 320, height: 800 });
    await shot(page, 'review-pending-320');
    await page.close();
  });
});

async function createPage(body: Record<string, unknown>): Promise<void> {
  const res = await api('/api/db/landing-pages', { method: 'POST', token: await admin(), json: body });
  expect(res.status, await res.clone().text()).toBe(201);
}

function slugOf(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('published page', () => {
  it('Blue preset: every footer text meets AA at 375 px', async () => {
    const slug = slugOf('blu');
    await createPage({
      folder_name: slug,
      title: `Blu ${slug}`,
      display_title: 'Onde Lunghe Tour',
      mode: 'text',
      style: 'custom',
      custom_styles: {
        background: { color: '#0B1F4D' },
        data: { color: '#DCE7FF' },
        city: { color: '#FFFFFF' },
        // an organiser's dark venue colour must not leak into the footer
        venue: { color: '#1A1A1A' },
        buttons: { backgroundColor: '#FFD166', textColor: '#0B1F4D' },
      },
      buttons: [{ type: 'text', text: 'Ven 12 marzo 2027 - Milano - Alcatraz|biglietti', url: `${baseURL()}/about` }],
    });
    const page = await phone.newPage();
    await page.goto(`/${slug}`, { waitUntil: 'networkidle' });
    const pairs = await page.locator('.ft').evaluate((ft) => {
      const bg = getComputedStyle(document.querySelector('.pg')!).backgroundColor;
      const chip = getComputedStyle(ft.querySelector('.pw')!).backgroundColor;
      const texts = [...ft.querySelectorAll('.pw, .pw span, .ln a, .nc')].map((el) => getComputedStyle(el).color);
      return { bg, chip, texts };
    });
    expect(pairs.bg).toBe('rgb(11, 31, 77)');
    for (const color of pairs.texts) {
      expect(contrast(color, pairs.bg), `${color} on ${pairs.bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(color, pairs.chip), `${color} on ${pairs.chip}`).toBeGreaterThanOrEqual(4.5);
    }
    await page.locator('.ft').scrollIntoViewIfNeeded();
    await shot(page, 'review-blue-375');
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
    const page = await phone.newPage();
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
    await shot(page, 'review-store-badges-375');
    await page.close();
  });
});
