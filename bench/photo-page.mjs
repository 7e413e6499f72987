// The 10-event page with a real photo as its header (bench/fixtures/coffee-2400.jpg, CC0): what
// a 412 px phone (DPR 1.75) and a 1280 px desktop fetch of the header, read in Chromium from the
// responses the page makes; used by bench/page-bytes.mjs. Budget: the phone ≤ 45 KB of header.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { kb, launchChromium, PHONE_UA, tenEventPage, uniqueSlug } from './lib.mjs';
import { API_PREFIX } from '../src/core/api-paths.ts';

const PHOTO = new URL('./fixtures/coffee-2400.jpg', import.meta.url);
const SCREENS = [
  {
    name: '412 px phone, DPR 1.75',
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 1.75,
    mobile: true,
    budget: 45 * 1024,
  },
  { name: '1280 px desktop, DPR 1', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, mobile: false },
];

/** Publishes the page with the photo uploaded as its header, waits for its sizes; answers whether a budget failed. */
export async function measurePhotoPage(server) {
  const slug = uniqueSlug('photo');
  const auth = { authorization: `Bearer ${server.token}` };
  await fetch(`${server.base}${API_PREFIX.pages}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(tenEventPage(slug)),
  });
  const form = new FormData();
  form.append('image', new Blob([readFileSync(PHOTO)], { type: 'image/jpeg' }), 'coffee-2400.jpg');
  const up = await fetch(`${server.base}${API_PREFIX.pages}/${slug}/upload-image`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
  const started = performance.now();
  let html = '';
  do {
    await new Promise((r) => setTimeout(r, 500));
    html = await (await fetch(`${server.base}/${slug}`)).text();
  } while (!html.includes('<picture>') && performance.now() - started < 120_000);
  const made = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n10-event page, real photo header /${slug}: sizes ready ${made} s after the upload answered`);
  const rows = [['HTML+CSS+JS gzip', kb(gzipSync(Buffer.from(html), { level: 6 }).length), '']];
  const browser = await launchChromium();
  try {
    for (const screen of SCREENS) {
      const ctx = await browser.newContext({
        viewport: screen.viewport,
        deviceScaleFactor: screen.deviceScaleFactor,
        isMobile: screen.mobile,
        hasTouch: screen.mobile,
        userAgent: PHONE_UA,
      });
      const page = await ctx.newPage();
      const files = [];
      page.on('response', async (res) => {
        if (!new URL(res.url()).pathname.startsWith(`/dati/${slug}/`)) return;
        files.push({ name: new URL(res.url()).pathname.split('/').pop(), bytes: (await res.body()).length });
      });
      await page.goto(`${server.base}/${slug}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      const bytes = files.reduce((n, f) => n + f.bytes, 0);
      const verdict = screen.budget === undefined ? '' : bytes <= screen.budget ? 'ok ≤ 45 KB' : 'OVER 45 KB';
      rows.push([
        `header, ${screen.name}`,
        kb(bytes),
        `${verdict} ${files.map((f) => f.name.replace(/^.*?\.[a-z0-9]+\./, '')).join(' + ')}`,
      ]);
      await ctx.close();
    }
  } finally {
    await browser.close();
  }
  const whole = readFileSync(PHOTO).length;
  rows.push(['the photo uploaded, whole', kb(whole), '']);
  for (const [label, value, verdict] of rows) console.log(`  ${label.padEnd(40)} ${value.padStart(12)}  ${verdict}`);
  return rows.some(([, , v]) => /OVER|FAIL/.test(v)) || !html.includes('<picture>');
}
