// Uploads stay light: still images (and the poster frames of videos, src/lib/video-poster.ts) are
// drawn in the browser to WebP before they are sent, at most 1200 px wide for a button image and
// 1600 px for the header, the widest size the server makes of it (docs/behaviour.md#image-sizes).
// The server still checks what arrives.
import { MAX_SIZE_WIDTH } from '../core/image-sizes';

export const MAX_UPLOAD_WIDTH = 1200;
/** The header (and a video's poster): as wide as its widest size, so that size is made from it. */
export const HEADER_UPLOAD_WIDTH = MAX_SIZE_WIDTH;
const QUALITY = 0.85;
/**
 * The header's quality: at 1600 px and 0.8 a 12 MP photo weighs about what it did at 1200 px and
 * 0.85 (101 against 91 KB), so its upload costs the organiser no more than before
 * (docs/operations.md#image-sizes); visitors fetch the sizes made from it, not the file itself.
 */
const WIDE_QUALITY = 0.8;

async function decode(file: Blob): Promise<ImageBitmap | HTMLImageElement> {
  if (typeof createImageBitmap === 'function') {
    try {
      return await createImageBitmap(file);
    } catch {
      /* fall back to an <img> below */
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return img;
  } finally {
    URL.revokeObjectURL(url);
  }
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export interface EncodedWebp {
  blob: Blob;
  /** the factor the source was scaled by (1 when it was already narrow enough) */
  scale: number;
}

/**
 * Draws `source` (an image, a bitmap or a video's current frame) of `width` × `height` on a canvas
 * no wider than `maxWidth` and encodes it as WebP. Null when the browser cannot draw or cannot
 * encode WebP. A canvas the source has tainted (media from another origin) throws.
 */
export async function drawToWebp(
  source: CanvasImageSource,
  width: number,
  height: number,
  maxWidth = MAX_UPLOAD_WIDTH,
): Promise<EncodedWebp | null> {
  if (!width || !height) return null;
  const scale = Math.min(1, maxWidth / width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const blob = await toBlob(canvas, 'image/webp', maxWidth > MAX_UPLOAD_WIDTH ? WIDE_QUALITY : QUALITY);
  return blob?.type === 'image/webp' ? { blob, scale } : null;
}

/** `name` with its extension replaced by .webp (or `fallback` when nothing is left). */
function webpName(name: string, fallback: string): string {
  const base = name.replace(/\.[^.]*$/, '');
  return base ? `${base}.webp` : fallback;
}

/**
 * Returns a WebP no wider than `maxWidth`, or the original file when the browser cannot
 * encode WebP, the image cannot be decoded, or the result would not be smaller.
 */
export async function resizeImage(file: File, maxWidth = MAX_UPLOAD_WIDTH): Promise<File> {
  try {
    const source = await decode(file);
    const encoded = await drawToWebp(source, source.width, source.height, maxWidth);
    if ('close' in source) source.close();
    if (!encoded) return file;
    // an already small, already compressed image is kept as it is
    if (encoded.scale === 1 && encoded.blob.size >= file.size) return file;
    return new File([encoded.blob], webpName(file.name, 'image.webp'), {
      type: 'image/webp',
      lastModified: Date.now(),
    });
  } catch {
    return file;
  }
}
