// Test media made on the spot (no binary files in the repository): gradient PNGs encoded here with
// node:zlib, a poster-like header PNG and a short MP4 (MediaRecorder) drawn by Chromium, all real
// files with real magic bytes; and the pixels of a screenshot, decoded here.
import { deflateSync, inflateSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

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
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

/**
 * The RGB pixels, row by row, of an 8-bit RGB or RGBA PNG without interlacing, as Chromium's
 * screenshots are (alpha dropped).
 */
export function pngPixels(png: Buffer): Uint8Array {
  let at = PNG_SIGNATURE.length;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('only 8-bit PNGs without interlacing');
      channels = data[9] === 6 ? 4 : data[9] === 2 ? 3 : 0;
      if (!channels) throw new Error(`PNG colour type ${data[9]} is not RGB or RGBA`);
    } else if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = y > 0 && x >= channels ? rows[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][filter];
      if (predictor === undefined) throw new Error(`PNG filter ${filter}`);
      rows[y * stride + x] = (value + predictor) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(rows.subarray(i * channels, i * channels + 3), i * 3);
  return rgb;
}

const POSTER_HTML = `<!doctype html><html><body style="margin:0">
<div id="p" style="position:relative;width:1200px;height:800px;overflow:hidden;font-family:Impact,'Arial Black',sans-serif;
background:radial-gradient(120% 90% at 50% 110%,#ff3d8b 0%,#6a1b9a 35%,#14092b 70%,#07060b 100%)">
<div style="position:absolute;left:260px;top:-40px;width:120px;height:900px;transform:rotate(18deg);background:linear-gradient(#fff8,#fff0);filter:blur(6px)"></div>
<div style="position:absolute;left:820px;top:-40px;width:120px;height:900px;transform:rotate(-18deg);background:linear-gradient(#f5a524aa,#f5a52400);filter:blur(6px)"></div>
<div style="position:absolute;left:0;right:0;bottom:0;height:260px;background:linear-gradient(#0000,#000d)"></div>
<div style="position:absolute;left:0;right:0;top:250px;text-align:center;color:#fff;font-size:120px;letter-spacing:4px;line-height:1;text-shadow:0 8px 40px #000a">I NOMADI<br>ELETTRICI</div>
<div style="position:absolute;left:0;right:0;bottom:70px;text-align:center;color:#ffd166;font:700 44px Arial,sans-serif;letter-spacing:18px">TOUR 2099</div>
</div></body></html>`;

/** A 1200×800 PNG poster. */
export async function posterPng(ctx: BrowserContext): Promise<Buffer> {
  const page = await ctx.newPage();
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.setContent(POSTER_HTML);
  const png = await page.locator('#p').screenshot({ type: 'png' });
  await page.close();
  return png;
}

/** A ~2 s 640×640 MP4 of moving stage lights, recorded by Chromium's MediaRecorder. */
export async function loopMp4(ctx: BrowserContext): Promise<Buffer> {
  const page = await ctx.newPage();
  await page.setContent('<canvas id="c" width="640" height="640"></canvas>');
  const b64 = await page.evaluate(async () => {
    const canvas = document.getElementById('c') as HTMLCanvasElement;
    const g = canvas.getContext('2d')!;
    const stream = canvas.captureStream(30);
    const rec = new MediaRecorder(stream, { mimeType: 'video/mp4;codecs=avc1', videoBitsPerSecond: 800_000 });
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    const done = new Promise((r) => (rec.onstop = r));
    rec.start();
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      const frame = () => {
        const t = (performance.now() - t0) / 1000;
        const grad = g.createRadialGradient(320, 700, 50, 320, 500, 600);
        grad.addColorStop(0, '#ff3d8b');
        grad.addColorStop(0.4, '#5b1a8a');
        grad.addColorStop(1, '#07060b');
        g.fillStyle = grad;
        g.fillRect(0, 0, 640, 640);
        for (const [x, hue, k] of [
          [160, 330, 1],
          [480, 40, -1],
        ] as const) {
          g.save();
          g.translate(x, -20);
          g.rotate(Math.sin(t * 2) * 0.35 * k);
          const beam = g.createLinearGradient(0, 0, 0, 700);
          beam.addColorStop(0, `hsla(${hue},100%,80%,.75)`);
          beam.addColorStop(1, `hsla(${hue},100%,60%,0)`);
          g.fillStyle = beam;
          g.beginPath();
          g.moveTo(-15, 0);
          g.lineTo(15, 0);
          g.lineTo(140, 700);
          g.lineTo(-140, 700);
          g.fill();
          g.restore();
        }
        g.fillStyle = '#fff';
        g.font = 'bold 64px Impact, sans-serif';
        g.textAlign = 'center';
        g.fillText('LIVE 2099', 320, 560);
        if (t < 2) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    rec.stop();
    await done;
    const buf = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let s = '';
    for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000));
    return btoa(s);
  });
  await page.close();
  return Buffer.from(b64, 'base64');
}

/** A 1200×300 PNG link banner (an image button), e.g. 'Ascolta su Spotify'. */
export async function bannerPng(ctx: BrowserContext, label: string, bg: string, fg = '#FFFFFF'): Promise<Buffer> {
  const page = await ctx.newPage();
  await page.setViewportSize({ width: 1200, height: 300 });
  await page.setContent(
    `<!doctype html><body style="margin:0"><div id="b" style="width:1200px;height:300px;display:flex;align-items:center;gap:48px;padding:0 80px;box-sizing:border-box;background:${bg};color:${fg};font:700 84px Arial,sans-serif">` +
      `<div style="width:140px;height:140px;border-radius:50%;background:${fg};opacity:.9;flex:none"></div><div>${label}</div></div></body>`,
  );
  const png = await page.locator('#b').screenshot({ type: 'png' });
  await page.close();
  return png;
}
