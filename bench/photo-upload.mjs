// How long a 12-megapixel phone photo takes from the pick to the saved header, in the editor at
// 375 px with touch (docs/operations.md#image-sizes): the browser shrinks it, then 'Genera
// landing' sends it. Prints, per run, the pick → preview time (the shrink), the tap → upload
// answered time, and the bytes sent; then the medians.
// Usage: npx node bench/photo-upload.mjs [--runs 5]    (BENCH_DIST=… reuses a built site;
// BENCH_URL, BENCH_EMAIL, BENCH_PASSWORD use a running server, whose pages stay for Lighthouse)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { launchChromium, PHONE_UA, startServer, uniqueSlug } from './lib.mjs';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, settle: { type: 'string', default: '90' } },
});

// a 12 MP photo as a phone's camera saves it: 4000 × 3000 JPEG, quality 90
const photo = join(mkdtempSync(join(tmpdir(), 'palco-photo-')), 'IMG_0001.jpg');
await sharp(new URL('./fixtures/coffee-2400.jpg', import.meta.url).pathname)
  .resize(4000, 3000, { fit: 'cover' })
  .jpeg({ quality: 90 })
  .toFile(photo);

const server = await startServer();
const browser = await launchChromium();
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const rows = [];
try {
  for (let run = 0; run < Number(args.runs); run++) {
    const ctx = await browser.newContext({
      viewport: { width: 375, height: 812 },
      hasTouch: true,
      isMobile: true,
      userAgent: PHONE_UA,
      baseURL: server.base,
      locale: 'it-IT',
    });
    const page = await ctx.newPage();
    await page.goto('/robots.txt');
    await page.evaluate((t) => localStorage.setItem('auth_token', t), server.token);
    await page.goto('/admin');
    await page.getByLabel('Titolo', { exact: true }).waitFor();
    const slug = uniqueSlug('photo');
    await page.getByLabel('Titolo', { exact: true }).fill(`Tour ${slug}`);
    await page.locator('#ed-slug').fill(slug);
    // the slug's availability check runs after a pause in typing: let it end, or it lands in the pick's time
    await page.waitForTimeout(1500);
    const picked = performance.now();
    await page.locator('#ed-header').setInputFiles(photo);
    await page.locator('.ed-header__media img').waitFor();
    const shrunk = performance.now() - picked;
    await page.getByLabel('Data', { exact: true }).fill('12 maggio 2099');
    await page.getByLabel('Città', { exact: true }).fill('Milano');
    await page.getByLabel('Venue', { exact: true }).fill('Alcatraz');
    await page.getByLabel('Link CTA 1').fill('https://example.com/milano');
    await page.getByRole('button', { name: 'Aggiungi pulsante' }).tap();
    await page.locator('[data-testid="button-row"]').first().waitFor();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/upload-image'), { timeout: 120_000 });
    const tapped = performance.now();
    await page.getByRole('button', { name: 'Genera landing' }).tap();
    const answer = await uploaded;
    const sent = performance.now() - tapped;
    // the header as stored: what the browser sent after shrinking it
    const bytes = (await answer.json()).size ?? 0;
    rows.push({ shrunk, sent, bytes, status: answer.status() });
    console.log(
      `run ${run + 1} (/${slug}): pick → preview ${shrunk.toFixed(0)} ms, tap → upload answered ${sent.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB sent (${answer.status()})`,
    );
    await ctx.close();
    // the sizes are made after the answer, by sharp on this very machine under `wrangler dev`
    // (Cloudflare's own machines in production): the next run waits for them, or it would time
    // this machine's encoder instead of the editor (--settle 0 for code before sizes)
    const settled = performance.now();
    while (performance.now() - settled < Number(args.settle) * 1000) {
      if ((await (await fetch(`${server.base}/${slug}`)).text()).includes('<picture>')) {
        console.log(`  its sizes were published ${((performance.now() - tapped) / 1000).toFixed(1)} s after the tap`);
        break;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  `median: pick → preview ${median(rows.map((r) => r.shrunk)).toFixed(0)} ms, tap → upload answered ${median(rows.map((r) => r.sent)).toFixed(0)} ms, pick → saved ${median(rows.map((r) => r.shrunk + r.sent)).toFixed(0)} ms, ${(median(rows.map((r) => r.bytes)) / 1024).toFixed(0)} KB`,
);
