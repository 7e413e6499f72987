// Helpers for the editor's browser tests: generated images, accounts through the real API,
// and small page actions.
import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminToken, api, login, uniqueEmail } from './api';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A real PNG: a diagonal gradient between two colours (so it is not a flat, trivial image). */
export function makePng(
  width: number,
  height: number,
  from: [number, number, number],
  to: [number, number, number],
): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const f = (x + y) / (width + height);
      const o = y * (width * 3 + 1) + 1 + x * 3;
      for (let i = 0; i < 3; i++) raw[o + i] = Math.round(from[i]! * (1 - f) + to[i]! * f);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const PASSWORD = 'Organizer123';

let adminCache: string | null = null;
export async function admin(): Promise<string> {
  adminCache ??= await adminToken();
  return adminCache;
}

/** A new organiser through the real flow: register → admin approves → verify link → active. */
export async function newOrganiser(fullName: string, company: string): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('organiser');
  const reg = await api('/auth/register', {
    method: 'POST',
    json: { email, password: PASSWORD, full_name: fullName, company },
  });
  expect(reg.status, await reg.clone().text()).toBe(201);
  const { id } = (await reg.json()) as { id: number };
  const ok = await api(`/api/admin/users/${id}/approve`, {
    method: 'POST',
    token: await admin(),
    json: { action: 'approve' },
  });
  expect(ok.status, await ok.clone().text()).toBe(200);
  const box = await api(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await box.json()) as { messages: { id: number; links: string[] }[] };
  const link = messages.flatMap((m) => m.links).find((l) => l.includes('verify-email?token='));
  expect(link, 'verification link in the dev mailbox').toBeTruthy();
  const token = new URL(link!).searchParams.get('token');
  const verified = await api('/auth/verify', { method: 'POST', json: { token } });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return { email, token: await login(email, PASSWORD) };
}

/** Logs in through the login screen, as an organiser would. */
export async function uiLogin(
  ctx: BrowserContext,
  email: string,
  password: string,
  area: '/admin' | '/user',
): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL((url) => url.pathname === area || url.pathname === `${area}.html`);
  await page.getByRole('heading', { level: 1, name: 'CREAZIONE LANDING' }).waitFor();
  return page;
}

/** Waits until every island of the page has hydrated (Astro drops their `ssr` attribute). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** Waits until the notification bar shows this text. */
export async function expectNotice(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ed-notice', { hasText: text }).first().waitFor({ timeout: 8000 });
}

/** A minimal text page created through the API (set-up for ownership checks). */
export async function createTextPageApi(token: string, slug: string, title: string, city: string): Promise<void> {
  const res = await api('/api/db/landing-pages', {
    method: 'POST',
    token,
    json: {
      title,
      display_title: title,
      folder_name: slug,
      mode: 'text',
      style: 'light',
      custom_styles: {},
      header: 'https://example.com/header.jpg',
      buttons: [
        {
          position: 1,
          type: 'text',
          text: `1 gennaio 2027 - ${city} - Teatro|biglietti`,
          image_path: '',
          url: 'https://example.com/t',
          cta_buttons: [{ url: 'https://example.com/t', buttonText: 'biglietti' }],
        },
      ],
    },
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

export function uniqueSlug(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * With a message in the notification bar, every control above the form (the view tabs, the
 * header buttons) still gets the click: the element at its centre is the control itself.
 * Returns the labels of the covered ones (none expected).
 */
export async function coveredControls(page: Page): Promise<string[]> {
  await page.locator('.ed-notice').first().waitFor();
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    if (!document.querySelector('.ed-notice')) return ['(no notice showing)'];
    const covered: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('.ed-views__tab, .ed-head__actions .btn')) {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !el.contains(hit)) covered.push(el.textContent?.trim() ?? el.className);
    }
    return covered;
  });
}

/** What a tab close would do now: true when the page asks first (unsaved changes). */
export async function asksBeforeUnload(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}
