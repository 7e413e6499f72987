// Uploads stay light, so published pages stay light too: still images are resized in the browser to
// at most 1200 px wide WebP before they are sent. The server still checks what arrives.
export const MAX_UPLOAD_WIDTH = 1200;
const QUALITY = 0.85;

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

/**
 * Returns a WebP no wider than `maxWidth`, or the original file when the browser cannot
 * encode WebP, the image cannot be decoded, or the result would not be smaller.
 */
export async function resizeImage(file: File, maxWidth = MAX_UPLOAD_WIDTH): Promise<File> {
  try {
    const source = await decode(file);
    const width = source.width;
    const height = source.height;
    if (!width || !height) return file;
    const scale = Math.min(1, maxWidth / width);
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(source, 0, 0, w, h);
    if ('close' in source) source.close();
    const blob = await toBlob(canvas, 'image/webp', QUALITY);
    if (blob?.type !== 'image/webp') return file;
    // an already small, already compressed image is kept as it is
    if (scale === 1 && blob.size >= file.size) return file;
    const name = `${file.name.replace(/\.[^.]*$/, '')}.webp`;
    return new File([blob], name || 'image.webp', { type: 'image/webp', lastModified: Date.now() });
  } catch {
    return file;
  }
}
