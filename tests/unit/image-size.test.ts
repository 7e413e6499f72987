import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SIZE_PROBE_BYTES, imagePixelSize } from '../../worker/services/media/image-size';

// Small images built byte by byte: each carries only what the format's size fields need, plus
// real 1×1 files (the upload tests' fixtures) to show a genuine file reads too.
const b64 = (s: string) => Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0));
const REAL_PNG = b64(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
);
const REAL_GIF = b64('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7');
const REAL_WEBP = b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');

const bytes = (...parts: Array<number[] | string | Uint8Array>) => {
  const arrays = parts.map((p) =>
    typeof p === 'string'
      ? Uint8Array.from(p, (c) => c.charCodeAt(0))
      : p instanceof Uint8Array
        ? p
        : Uint8Array.from(p),
  );
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
const be16 = (n: number) => [n >> 8, n & 0xff];
const le16 = (n: number) => [n & 0xff, n >> 8];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];

function png(width: number, height: number): Uint8Array {
  return bytes('\x89PNG\r\n\x1a\n', be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0], be32(0));
}

function gif(width: number, height: number): Uint8Array {
  return bytes('GIF89a', le16(width), le16(height), [0, 0, 0], ';');
}

function webpLossy(width: number, height: number): Uint8Array {
  const vp8 = bytes([0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a], le16(width), le16(height), new Uint8Array(8));
  return bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8 ', [vp8.length, 0, 0, 0], vp8);
}

function webpExtended(width: number, height: number): Uint8Array {
  return bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8X', [10, 0, 0, 0], [0, 0, 0, 0], le24(width - 1), le24(height - 1));
}

function webpLossless(width: number, height: number): Uint8Array {
  const bits = (width - 1) | ((height - 1) << 14);
  return bytes(
    'RIFF',
    [0, 0, 0, 0],
    'WEBP',
    'VP8L',
    [5, 0, 0, 0],
    [0x2f],
    [bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, (bits >>> 24) & 0xff],
  );
}

/** An APP1 Exif segment holding one IFD entry: the orientation, in Intel or Motorola order. */
function exif(orientation: number, order: 'II' | 'MM'): Uint8Array {
  const u16 = order === 'II' ? le16 : be16;
  const u32 = order === 'II' ? (n: number) => [...le16(n), 0, 0] : be32;
  const tiff = bytes(order, u16(42), u32(8), u16(1), u16(0x0112), u16(3), u32(1), u16(orientation), [0, 0], u32(0));
  const payload = bytes('Exif\0\0', tiff);
  return bytes([0xff, 0xe1], be16(payload.length + 2), payload);
}

function jpeg(width: number, height: number, ...segments: Uint8Array[]): Uint8Array {
  const sof = bytes([0xff, 0xc0], be16(17), [8], be16(height), be16(width), [3], new Uint8Array(9));
  const app0 = bytes([0xff, 0xe0], be16(16), 'JFIF\0', [1, 1, 0, 0, 1, 0, 1, 0, 0]);
  return bytes([0xff, 0xd8], app0, ...segments, sof, [0xff, 0xda], be16(8), new Uint8Array(6), [0xff, 0xd9]);
}

describe('imagePixelSize', () => {
  it('reads PNG, GIF and the three WebP kinds', () => {
    expect(imagePixelSize(png(1200, 900))).toEqual({ width: 1200, height: 900 });
    expect(imagePixelSize(REAL_PNG)).toEqual({ width: 1, height: 1 });
    expect(imagePixelSize(gif(480, 270))).toEqual({ width: 480, height: 270 });
    expect(imagePixelSize(REAL_GIF)).toEqual({ width: 1, height: 1 });
    expect(imagePixelSize(webpLossy(1080, 1350))).toEqual({ width: 1080, height: 1350 });
    expect(imagePixelSize(webpLossless(16383, 2))).toEqual({ width: 16383, height: 2 });
    expect(imagePixelSize(REAL_WEBP)).toEqual({ width: 1, height: 1 });
    expect(imagePixelSize(webpExtended(4000, 3000))).toEqual({ width: 4000, height: 3000 });
  });

  it('reads a JPEG frame after other segments (a comment, a large EXIF block)', () => {
    const comment = bytes([0xff, 0xfe], be16(7), 'hello');
    expect(imagePixelSize(jpeg(1600, 1200, comment))).toEqual({ width: 1600, height: 1200 });
    // a 60 KB APP2 segment, like an embedded colour profile or a thumbnail, before the frame
    const big = bytes([0xff, 0xe2], be16(60_000), new Uint8Array(59_998));
    expect(imagePixelSize(jpeg(3000, 2000, exif(1, 'MM'), big))).toEqual({ width: 3000, height: 2000 });
  });

  it('turns a JPEG by its EXIF orientation, as the browser shows it', () => {
    for (const order of ['II', 'MM'] as const) {
      // 1–4 keep the sides (mirrors and a half turn), 5–8 swap them (quarter turns)
      for (const o of [1, 2, 3, 4]) {
        expect(imagePixelSize(jpeg(4032, 3024, exif(o, order))), `${order} ${o}`).toEqual({
          width: 4032,
          height: 3024,
        });
      }
      for (const o of [5, 6, 7, 8]) {
        expect(imagePixelSize(jpeg(4032, 3024, exif(o, order))), `${order} ${o}`).toEqual({
          width: 3024,
          height: 4032,
        });
      }
    }
    // a value outside 1–8 means nothing
    expect(imagePixelSize(jpeg(40, 30, exif(9, 'II')))).toEqual({ width: 40, height: 30 });
  });

  it('a progressive JPEG (SOF2) reads too; DHT before the frame is skipped', () => {
    const dht = bytes([0xff, 0xc4], be16(4), [0, 0]);
    const file = jpeg(640, 480, dht);
    // make the frame progressive: its marker is the second byte of the last FFC0
    const at = file.lastIndexOf(0xc0);
    file[at] = 0xc2;
    expect(imagePixelSize(file)).toEqual({ width: 640, height: 480 });
  });

  it('null for truncated headers, zero sizes, other formats and empty input', () => {
    const sof = jpeg(10, 10, exif(6, 'II'));
    // each cut inside its size fields
    const cuts: Array<[string, Uint8Array, number]> = [
      ['png', png(10, 10), 22],
      ['gif', gif(10, 10), 9],
      ['webp lossy', webpLossy(10, 10), 28],
      ['webp extended', webpExtended(10, 10), 29],
      ['webp lossless', webpLossless(10, 10), 23],
      ['jpeg', sof, sof.lastIndexOf(0xc0) + 6],
    ];
    for (const [name, file, cut] of cuts) {
      expect(imagePixelSize(file), `${name} whole`).toEqual({ width: 10, height: 10 });
      expect(imagePixelSize(file.slice(0, cut)), name).toBeNull();
    }
    expect(imagePixelSize(png(0, 10))).toBeNull();
    expect(imagePixelSize(gif(10, 0))).toBeNull();
    expect(imagePixelSize(new Uint8Array(0))).toBeNull();
    expect(imagePixelSize(new TextEncoder().encode('<svg width="10" height="10"/>'))).toBeNull();
    // a WebP key frame without its start code is not trusted
    const bad = webpLossy(10, 10);
    bad[23] = 0;
    expect(imagePixelSize(bad)).toBeNull();
    // a JPEG whose scan starts before any frame header
    expect(imagePixelSize(bytes([0xff, 0xd8, 0xff, 0xda], be16(8), new Uint8Array(6), [0xff, 0xd9]))).toBeNull();
  });

  it('never throws on random bytes, with or without a real signature in front', () => {
    const signatures = [[], [0xff, 0xd8, 0xff], [...'\x89PNG\r\n\x1a\n'].map((c) => c.charCodeAt(0))];
    fc.assert(
      fc.property(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 400 }), (head, tail) => {
        const result = imagePixelSize(bytes(head, tail));
        expect(result === null || (result.width > 0 && result.height > 0)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the first SIZE_PROBE_BYTES hold the frame of a JPEG behind two full-size segments', () => {
    const segment = (marker: number) => bytes([0xff, marker], be16(65_535), new Uint8Array(65_533));
    const file = bytes(jpeg(5000, 4000, exif(8, 'II'), segment(0xe1), segment(0xe2)), new Uint8Array(500_000));
    expect(imagePixelSize(file.slice(0, SIZE_PROBE_BYTES))).toEqual({ width: 4000, height: 5000 });
  });
});
