/**
 * Upload types by magic bytes, never by name or declared type, plus structural checks so a
 * truncated file or a polyglot (an image with HTML, a script or an archive riding along) is
 * refused. SVG and HTML are never accepted: nothing here starts with '<'.
 */
import { SLUG_MAX } from '../../../src/core/slug';
import { indexOfBytes } from '../bytes';

export type MediaKind = 'jpg' | 'png' | 'webp' | 'gif' | 'mp4';
/** Every kind but video: what button images and the image proxy accept. */
export type ImageKind = Exclude<MediaKind, 'mp4'>;

export function isImageKind(kind: MediaKind | null): kind is ImageKind {
  return kind !== null && kind !== 'mp4';
}

/**
 * A key the server makes for an upload, `dati/{slug}/{name}`, with both parts bounded: any
 * other path names no object of ours (and R2 refuses keys over 1024 bytes outright).
 */
export const MEDIA_KEY_RE = new RegExp(`^dati/[a-z0-9]{1,${SLUG_MAX}}/[A-Za-z0-9._-]{1,100}$`);

export const CONTENT_TYPES: Record<MediaKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

export const EXTENSIONS: Record<MediaKind, string> = { jpg: 'jpg', png: 'png', webp: 'webp', gif: 'gif', mp4: 'mp4' };

/** Bytes needed to tell the kinds apart. */
export const SNIFF_BYTES = 16;

const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
  'NDAS',
]);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  let out = '';
  for (let i = start; i < start + length && i < bytes.length; i++) out += String.fromCharCode(bytes[i]!);
  return out;
}

export function sniff(head: Uint8Array): MediaKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpg';
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  if (ascii(head, 4, 4) === 'ftyp' && MP4_BRANDS.has(ascii(head, 8, 4))) return 'mp4';
  return null;
}

export type StructureProblem = 'truncated' | 'polyglot';

// What a browser's sniffer or a script loader would look for; long enough never to occur by
// chance in compressed data.
const MARKERS = ['<script', '<html', '<!doctype', '<svg', '<iframe', '<body', '<object', '<embed', 'javascript:'].map(
  (m) => new TextEncoder().encode(m),
);
const ZIP = new Uint8Array([0x50, 0x4b, 0x03, 0x04]);

function lower(b: number): number {
  return b >= 0x41 && b <= 0x5a ? b + 0x20 : b;
}

function containsMarker(bytes: Uint8Array, from = 0): boolean {
  for (let i = bytes.indexOf(0x3c, from); i !== -1; i = bytes.indexOf(0x3c, i + 1)) {
    for (const m of MARKERS) {
      if (m[0] !== 0x3c) continue;
      let j = 1;
      while (j < m.length && i + j < bytes.length && lower(bytes[i + j]!) === m[j]) j++;
      if (j === m.length) return true;
    }
  }
  const js = MARKERS[MARKERS.length - 1]!;
  for (let i = from; i <= bytes.length - js.length; i++) {
    if (lower(bytes[i]!) !== js[0]) continue;
    let j = 1;
    while (j < js.length && lower(bytes[i + j]!) === js[j]) j++;
    if (j === js.length) return true;
  }
  return false;
}

const be16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const be32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const le32 = (b: Uint8Array, i: number) => b[i]! + (b[i + 1]! << 8) + (b[i + 2]! << 16) + ((b[i + 3]! << 24) >>> 0);

/** Offset just past the JPEG's end-of-image marker, or -1 when it never ends. */
function jpegEnd(b: Uint8Array): number {
  let pos = 2;
  while (pos < b.length) {
    if (b[pos] !== 0xff) return -1;
    while (b[pos] === 0xff) pos++;
    const marker = b[pos];
    if (marker === undefined) return -1;
    pos++;
    if (marker === 0xd9) return pos;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (pos + 2 > b.length) return -1;
    const len = be16(b, pos);
    if (len < 2 || pos + len > b.length) return -1;
    pos += len;
    if (marker === 0xda) {
      // entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart
      for (;;) {
        pos = b.indexOf(0xff, pos);
        if (pos === -1 || pos + 1 >= b.length) return -1;
        const next = b[pos + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
          pos += next === 0xff ? 1 : 2;
          continue;
        }
        break;
      }
    }
  }
  return -1;
}

function pngEnd(b: Uint8Array): number {
  let pos = 8;
  let first = true;
  while (pos + 12 <= b.length) {
    const len = be32(b, pos);
    const type = ascii(b, pos + 4, 4);
    if (first && type !== 'IHDR') return -1;
    first = false;
    pos += 12 + len;
    if (pos > b.length) return -1;
    if (type === 'IEND') return pos;
  }
  return -1;
}

function gifEnd(b: Uint8Array): number {
  if (b.length < 13) return -1;
  let pos = 13;
  if (b[10]! & 0x80) pos += 3 * (1 << ((b[10]! & 0x07) + 1));
  const subBlocks = (): boolean => {
    for (;;) {
      if (pos >= b.length) return false;
      const size = b[pos]!;
      pos += 1 + size;
      if (size === 0) return pos <= b.length;
    }
  };
  while (pos < b.length) {
    const block = b[pos]!;
    if (block === 0x3b) return pos + 1;
    if (block === 0x21) {
      pos += 2;
      if (!subBlocks()) return -1;
    } else if (block === 0x2c) {
      if (pos + 10 > b.length) return -1;
      const flags = b[pos + 9]!;
      pos += 10;
      if (flags & 0x80) pos += 3 * (1 << ((flags & 0x07) + 1));
      pos += 1; // LZW minimum code size
      if (!subBlocks()) return -1;
    } else return -1;
  }
  return -1;
}

function webpEnd(b: Uint8Array): number {
  if (b.length < 20) return -1;
  const end = 8 + le32(b, 4);
  if (end > b.length) return -1;
  let pos = 12;
  let chunks = 0;
  while (pos + 8 <= end) {
    const type = ascii(b, pos, 4);
    if (chunks === 0 && !['VP8 ', 'VP8L', 'VP8X'].includes(type)) return -1;
    const size = le32(b, pos + 4);
    pos += 8 + size + (size & 1);
    chunks++;
  }
  return pos === end && chunks > 0 ? end : -1;
}

/** Checks a whole image (≤ 5 MB, so it is in memory): complete, nothing riding along. */
export function imageProblem(kind: ImageKind, bytes: Uint8Array): StructureProblem | null {
  const end =
    kind === 'jpg' ? jpegEnd(bytes) : kind === 'png' ? pngEnd(bytes) : kind === 'gif' ? gifEnd(bytes) : webpEnd(bytes);
  if (end === -1) return 'truncated';
  if (containsMarker(bytes)) return 'polyglot';
  if (end < bytes.length) {
    // Cameras append data after a JPEG's end (maker trailers): tolerated unless it is an archive.
    if (kind !== 'jpg' || indexOfBytes(bytes, ZIP, end) !== -1) return 'polyglot';
  }
  return null;
}

/**
 * Walks an MP4's top-level boxes as it streams by: they must tile the file exactly (a truncated
 * file, or anything appended, breaks the tiling), start with ftyp and include moov and mdat.
 */
export class Mp4Walker {
  private total = 0;
  private next = 0;
  private hdr: number[] = [];
  private openEnded = false;
  private bad = false;
  private types: string[] = [];

  push(chunk: Uint8Array): void {
    const start = this.total;
    this.total += chunk.length;
    while (!this.bad && !this.openEnded) {
      const need = this.hdr.length >= 8 && be32(Uint8Array.from(this.hdr), 0) === 1 ? 16 : 8;
      const at = this.next + this.hdr.length; // absolute offset of the next header byte wanted
      if (at >= this.total) return;
      const from = at - start;
      if (from < 0) {
        this.bad = true;
        return;
      }
      while (this.hdr.length < need && this.next + this.hdr.length < this.total) {
        this.hdr.push(chunk[this.next + this.hdr.length - start]!);
      }
      if (this.hdr.length < 8) return;
      const h = Uint8Array.from(this.hdr);
      const size32 = be32(h, 0);
      if (size32 === 1 && this.hdr.length < 16) continue;
      const type = ascii(h, 4, 4);
      if (!/^[\x20-\x7e]{4}$/.test(type)) {
        this.bad = true;
        return;
      }
      this.types.push(type);
      let size: number;
      if (size32 === 0) {
        this.openEnded = true;
        return;
      } else if (size32 === 1) {
        size = be32(h, 8) * 2 ** 32 + be32(h, 12);
        if (size < 16) this.bad = true;
      } else {
        size = size32;
        if (size < 8) this.bad = true;
      }
      this.next += size;
      this.hdr = [];
    }
  }

  /** True when the boxes tiled the whole file. */
  finish(): boolean {
    if (this.bad || this.types[0] !== 'ftyp' || !this.types.includes('moov') || !this.types.includes('mdat'))
      return false;
    return this.openEnded || (this.hdr.length === 0 && this.next === this.total);
  }

  get problem(): StructureProblem | null {
    return this.finish() ? null : 'truncated';
  }
}
