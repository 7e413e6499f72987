// Chooses the qualities of the header and button image sizes (docs/operations.md#image-sizes):
// for AVIF and WebP, the lowest quality at which every photo of bench/fixtures, at every width
// made from it, keeps SSIM ≥ 0.95 against its source. Prints each quality's worst SSIM and the
// bytes of the 750 px coffee (the file a 412 px phone fetches), then the choice, which
// IMAGE_QUALITY in src/core/image-sizes.ts should hold.
// The encoder is sharp (libvips, libaom and libwebp): what `wrangler dev` runs behind the Images binding.
// Usage: npx node bench/image-quality.mjs
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { IMAGE_QUALITY, sizeWidths } from '../src/core/image-sizes.ts';

const DIR = new URL('./fixtures/', import.meta.url);
const PHOTOS = ['coffee.png', 'chelsea.png', 'astronaut.png', 'rocket.jpg', 'coffee-2400.jpg'];
const QUALITIES = { avif: [35, 40, 45, 50, 55, 60], webp: [50, 60, 65, 70, 75, 80, 85] };
const BAR = 0.95;

async function pixels(bytes) {
  const { data, info } = await sharp(bytes).removeAlpha().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

/** Every source the sizes are made from: each photo at each width the upload rule gives it. */
async function sources() {
  const out = [];
  for (const name of PHOTOS) {
    const file = fileURLToPath(new URL(name, DIR));
    const { width } = await sharp(file).metadata();
    for (const w of sizeWidths(width)) {
      const png = await sharp(file).resize(w).png().toBuffer();
      out.push({ name: `${name}@${w}`, png, ref: await pixels(png) });
    }
  }
  return out;
}

const list = await sources();
const chosen = {};
for (const format of ['avif', 'webp']) {
  for (const quality of QUALITIES[format]) {
    let worst = { s: 1, name: '' };
    let phoneBytes = 0;
    for (const src of list) {
      const out = await sharp(src.png)[format]({ quality }).toBuffer();
      const s = ssim(src.ref, await pixels(out)).mssim;
      if (s < worst.s) worst = { s, name: src.name };
      if (src.name === 'coffee-2400.jpg@750') phoneBytes = out.length;
    }
    const ok = worst.s >= BAR;
    console.log(
      `${format} q${quality}: worst SSIM ${worst.s.toFixed(3)} (${worst.name}), coffee 750 px ${(phoneBytes / 1024).toFixed(1)} KB${ok ? '' : '  below the bar'}`,
    );
    if (ok && chosen[format] === undefined) chosen[format] = quality;
  }
}
console.log(`\nchosen (SSIM ≥ ${BAR}): AVIF ${chosen.avif}, WebP ${chosen.webp}`);
console.log(`in src/core/image-sizes.ts:  AVIF ${IMAGE_QUALITY.avif}, WebP ${IMAGE_QUALITY.webp}`);
if (chosen.avif !== IMAGE_QUALITY.avif || chosen.webp !== IMAGE_QUALITY.webp) process.exitCode = 1;
