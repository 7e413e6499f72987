/**
 * The pixel size a browser lays an uploaded image out at, read from its first bytes: JPEG (with
 * its EXIF orientation, which browsers apply), PNG, WebP and GIF. The published page writes it
 * into the header's width and height, so the space it takes is right before the file arrives
 * and nothing below it moves (docs/behaviour.md#header-size). Bytes it cannot read give null,
 * never an exception: a size is a nicety, the upload's own checks decide what is accepted.
 */

export interface PixelSize {
  width: number;
  height: number;
}

/** Enough for every format's size fields, and for a JPEG whose EXIF block (with thumbnail) comes first. */
export const SIZE_PROBE_BYTES = 256 * 1024;

/** Larger than any image a browser would decode; a value past it is garbage, not a size. */
const MAX_SIDE = 65_535;

const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const le16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const le24 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);

function ascii(b: Uint8Array, start: number, length: number): string {
  let out = '';
  for (let i = start; i < start + length && i < b.length; i++) out += String.fromCharCode(b[i]!);
  return out;
}

function size(width: number, height: number): PixelSize | null {
  const ok = (n: number) => Number.isInteger(n) && n > 0 && n <= MAX_SIDE;
  return ok(width) && ok(height) ? { width, height } : null;
}

function pngSize(b: Uint8Array): PixelSize | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null;
  return size(be32(b, 16), be32(b, 20));
}

function gifSize(b: Uint8Array): PixelSize | null {
  return b.length < 10 ? null : size(le16(b, 6), le16(b, 8));
}

function webpSize(b: Uint8Array): PixelSize | null {
  if (b.length < 25) return null;
  const chunk = ascii(b, 12, 4);
  if (chunk !== 'VP8L' && b.length < 30) return null;
  if (chunk === 'VP8X') return size(le24(b, 24) + 1, le24(b, 27) + 1);
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ') {
    // a key frame's start code, then 14-bit width and height (the top two bits are scaling)
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return size(le16(b, 26) & 0x3fff, le16(b, 28) & 0x3fff);
  }
  return null;
}

/**
 * The orientation tag (1–8) of an APP1 Exif segment's payload, 1 when it has none, null when
 * the segment is not Exif (XMP also rides in APP1).
 */
function exifOrientation(b: Uint8Array, start: number, end: number): number | null {
  if (ascii(b, start, 6) !== 'Exif\0\0') return null;
  const tiff = start + 6;
  if (tiff + 8 > end) return 1;
  const order = ascii(b, tiff, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const u16 = order === 'II' ? le16 : be16;
  const u32 = (i: number) =>
    order === 'II' ? (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0 : be32(b, i);
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return 1;
  const entries = u16(b, ifd);
  for (let n = 0; n < entries; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > end) return 1;
    if (u16(b, entry) === 0x0112) {
      const value = u16(b, entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** Start-of-frame markers: every coding but the DHT (C4), JPG (C8) and DAC (CC) markers between them. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegSize(b: Uint8Array): PixelSize | null {
  let pos = 2;
  let orientation: number | null = null;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return null;
    while (b[pos] === 0xff) pos++;
    const marker = b[pos];
    if (marker === undefined) return null;
    pos++;
    // markers without a length
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (marker === 0xd9 || marker === 0xda) return null;
    if (pos + 2 > b.length) return null;
    const len = be16(b, pos);
    if (len < 2) return null;
    // the first Exif segment is the one browsers read
    if (marker === 0xe1 && orientation === null)
      orientation = exifOrientation(b, pos + 2, Math.min(pos + len, b.length));
    if (isStartOfFrame(marker)) {
      if (pos + 7 > b.length) return null;
      const height = be16(b, pos + 3);
      const width = be16(b, pos + 5);
      // orientations 5–8 turn the picture a quarter: the browser shows it the other way round
      return (orientation ?? 1) >= 5 ? size(height, width) : size(width, height);
    }
    pos += len;
  }
  return null;
}

/**
 * The displayed pixel size of a JPEG, PNG, WebP or GIF from its first bytes (SIZE_PROBE_BYTES
 * are enough), or null for anything else, a truncated header or nonsense values.
 */
export function imagePixelSize(bytes: Uint8Array): PixelSize | null {
  try {
    const b = bytes;
    if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpegSize(b);
    if (ascii(b, 0, 8) === '\x89PNG\r\n\x1a\n') return pngSize(b);
    if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return gifSize(b);
    if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return webpSize(b);
    return null;
  } catch {
    // a reader bug on hostile bytes must cost the size, never the upload or the publish
    return null;
  }
}
