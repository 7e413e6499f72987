/**
 * Uploads to R2 (SPEC 5 'Uploads', CONTRACT 'Pages and ownership'): the header (JPG/PNG/WebP
 * ≤ 5 MB or MP4 ≤ 50 MB) and button images (JPG/PNG/WebP/GIF ≤ 5 MB). Sizes are checked from
 * Content-Length and again while streaming; types by magic bytes; the server names every object
 * `dati/{slug}/{slug}.{version}.{ext}` or `dati/{slug}/{N}.{version}.{ext}`; each upload
 * republishes the page. Also the header proxy used for palette extraction.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { t } from '../../src/core/messages';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../src/core/constants';
import { clearButtonImage, setButtonImages, setPageHeader, toPageAsReceived } from '../db/pages';
import { ownedPage } from './pages';
import { republish } from '../services/page-effects';
import {
  CONTENT_TYPES,
  EXTENSIONS,
  Mp4Walker,
  SNIFF_BYTES,
  imageProblem,
  sniff,
  type MediaKind,
} from '../services/media-types';
import { BodyTooLargeError, MultipartError, MultipartReader, boundaryOf, type PartInfo } from '../services/multipart';
import { proxyImage } from '../services/image-proxy';

/** Room for the multipart framing around a file. */
const OVERHEAD = 64 * 1024;
export const MAX_FILES = 20;
/** The most a header upload may carry: one video at its cap plus the form around it. */
export const HEADER_UPLOAD_MAX_BYTES = MAX_VIDEO_BYTES + OVERHEAD;
/** The most a button-images upload may carry: every file at the image cap plus the form. */
export const BUTTON_UPLOAD_MAX_BYTES = MAX_FILES * (MAX_IMAGE_BYTES + OVERHEAD);
/** Button images waiting for an image_mapping sent after them: at most this much in memory. */
const MAX_PENDING_BYTES = 25 * 1024 * 1024;
const PART_SIZE = 5 * 1024 * 1024;
const HEADER_KINDS: MediaKind[] = ['jpg', 'png', 'webp', 'mp4'];
const BUTTON_KINDS: MediaKind[] = ['jpg', 'png', 'webp', 'gif'];

function version(): string {
  return (
    Date.now().toString(36) +
    Math.floor(Math.random() * 36 ** 3)
      .toString(36)
      .padStart(3, '0')
  );
}

function contentLength(c: Context<AppEnv>): number | null {
  const raw = c.req.header('content-length');
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/**
 * The body's form, capped at `maxBytes` as it streams in. A declared Content-Length over the
 * cap never gets here: the app's body limits answer it (worker/app.ts).
 */
function openMultipart(c: Context<AppEnv>, maxBytes: number): MultipartReader {
  const boundary = boundaryOf(c.req.header('content-type'));
  if (!boundary || !c.req.raw.body) fail(415, t('upload.multipartRequired'));
  return new MultipartReader(c.req.raw.body, boundary, maxBytes);
}

/** Accumulates at least SNIFF_BYTES (or the whole part when smaller) before the type is known. */
async function sniffPart(
  chunks: AsyncGenerator<Uint8Array>,
): Promise<{ head: Uint8Array; kind: MediaKind | null; done: boolean }> {
  let head: Uint8Array = new Uint8Array(0);
  while (head.length < SNIFF_BYTES) {
    const { value, done } = await chunks.next();
    if (done) return { head, kind: sniff(head), done: true };
    const joined = new Uint8Array(head.length + value.length);
    joined.set(head);
    joined.set(value, head.length);
    head = joined;
  }
  return { head, kind: sniff(head), done: false };
}

function tooLarge(kind: MediaKind): never {
  fail(413, kind === 'mp4' ? t('upload.videoTooLarge') : t('upload.imageTooLarge'));
}

/** Reads an image part whole (≤ 5 MB, counted while streaming) and checks its structure. */
async function readImage(
  chunks: AsyncGenerator<Uint8Array>,
  head: Uint8Array,
  done: boolean,
  kind: Exclude<MediaKind, 'mp4'>,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [head];
  let size = head.length;
  if (!done) {
    for await (const chunk of chunks) {
      size += chunk.length;
      if (size > MAX_IMAGE_BYTES) tooLarge(kind);
      parts.push(chunk);
    }
  }
  if (size > MAX_IMAGE_BYTES) tooLarge(kind);
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  const problem = imageProblem(kind, bytes);
  if (problem === 'truncated') fail(422, t('upload.truncated'));
  if (problem === 'polyglot') fail(415, t('upload.buttonImageType'));
  return bytes;
}

/**
 * Streams an MP4 part to R2 in 5 MiB parts (R2 multipart upload): memory stays at one part,
 * the 50 MB cap is counted as bytes arrive, and the box walk refuses truncated files before
 * the upload is completed.
 */
async function streamVideo(
  bucket: R2Bucket,
  key: string,
  chunks: AsyncGenerator<Uint8Array>,
  head: Uint8Array,
  done: boolean,
): Promise<number> {
  const upload = await bucket.createMultipartUpload(key, {
    httpMetadata: { contentType: CONTENT_TYPES.mp4, cacheControl: 'public, max-age=31536000, immutable' },
  });
  const walker = new Mp4Walker();
  const uploaded: R2UploadedPart[] = [];
  let part = new Uint8Array(PART_SIZE);
  let fill = 0;
  let size = 0;
  const flush = async (final: boolean) => {
    if (fill === 0 && !(final && uploaded.length === 0)) return;
    uploaded.push(await upload.uploadPart(uploaded.length + 1, part.slice(0, fill)));
    fill = 0;
    if (!final) part = new Uint8Array(PART_SIZE);
  };
  const take = async (chunk: Uint8Array) => {
    size += chunk.length;
    if (size > MAX_VIDEO_BYTES) tooLarge('mp4');
    walker.push(chunk);
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(PART_SIZE - fill, chunk.length - offset);
      part.set(chunk.subarray(offset, offset + n), fill);
      fill += n;
      offset += n;
      if (fill === PART_SIZE) await flush(false);
    }
  };
  try {
    await take(head);
    if (!done) for await (const chunk of chunks) await take(chunk);
    if (walker.problem) fail(422, t('upload.truncated'));
    await flush(true);
    await upload.complete(uploaded);
    return size;
  } catch (err) {
    await upload.abort().catch(() => undefined);
    throw err;
  }
}

function multipartFailure(err: unknown, tooLargeDetail: string): never {
  if (err instanceof BodyTooLargeError) fail(413, tooLargeDetail);
  if (err instanceof MultipartError) fail(422, t('request.invalidBody'));
  throw err;
}

function isOurObject(slug: string, path: string): string | null {
  const prefix = `/dati/${slug}/`;
  return path.startsWith(prefix) && !path.slice(prefix.length).includes('/') ? path.slice(1) : null;
}

export const uploads = new Hono<AppEnv>()
  .post('/:slug/upload-image', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const declared = contentLength(c);
    const form = openMultipart(c, HEADER_UPLOAD_MAX_BYTES);
    const slug = page.folder_name;
    let stored: { key: string; kind: MediaKind; size: number } | null = null;
    try {
      let part: PartInfo | null;
      while ((part = await form.next())) {
        if (part.name !== 'image' || part.filename === null) continue;
        const chunks = form.data();
        const { head, kind, done } = await sniffPart(chunks);
        if (!kind || !HEADER_KINDS.includes(kind)) fail(415, t('upload.headerType'));
        const key = `dati/${slug}/${slug}.${version()}.${EXTENSIONS[kind]}`;
        if (kind === 'mp4') {
          const size = await streamVideo(c.env.BUCKET, key, chunks, head, done);
          stored = { key, kind, size };
        } else {
          if (declared !== null && declared > MAX_IMAGE_BYTES + OVERHEAD) tooLarge(kind);
          const bytes = await readImage(chunks, head, done, kind);
          await c.env.BUCKET.put(key, bytes, {
            httpMetadata: { contentType: CONTENT_TYPES[kind], cacheControl: 'public, max-age=31536000, immutable' },
          });
          stored = { key, kind, size: bytes.length };
        }
        break;
      }
    } catch (err) {
      multipartFailure(err, t('upload.videoTooLarge'));
    } finally {
      await form.finish();
    }
    if (!stored) fail(422, t('upload.fileMissing'));
    const path = `/${stored.key}`;
    await setPageHeader(c.env.DB, page.id, path);
    const old = isOurObject(slug, page.header);
    if (old && old !== stored.key) await c.env.BUCKET.delete(old);
    await republish(c, slug);
    return c.json({
      success: true,
      path,
      header: path,
      filename: stored.key.split('/').pop(),
      content_type: CONTENT_TYPES[stored.kind],
      size: stored.size,
    });
  })

  .post('/:slug/upload-button-images', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const slug = page.folder_name;
    const current = await toPageAsReceived(c.env.DB, page);
    const buttons = current.buttons; // ordered by position: the mapping's indexes
    const form = openMultipart(c, BUTTON_UPLOAD_MAX_BYTES);
    let mapping: Map<number, number> | null = null;
    const pending: Array<{ order: number; bytes: Uint8Array; kind: MediaKind }> = [];
    let pendingBytes = 0;
    const written: Array<{ order: number; index: number; buttonId: number; key: string }> = [];

    const targetOf = (order: number): { index: number; buttonId: number } => {
      const index = mapping!.get(order);
      if (index === undefined) fail(422, t('upload.mappingInvalid'));
      const button = buttons[index];
      if (!button) fail(422, t('upload.buttonMissing', { index }));
      if (button.type !== 'image') fail(422, t('upload.notImageButton', { index }));
      return { index, buttonId: button.id };
    };
    const store = async (order: number, bytes: Uint8Array, kind: MediaKind) => {
      const { index, buttonId } = targetOf(order);
      const key = `dati/${slug}/${index}.${version()}.${EXTENSIONS[kind]}`;
      await c.env.BUCKET.put(key, bytes, {
        httpMetadata: { contentType: CONTENT_TYPES[kind], cacheControl: 'public, max-age=31536000, immutable' },
      });
      written.push({ order, index, buttonId, key });
    };

    try {
      let part: PartInfo | null;
      let order = 0;
      while ((part = await form.next())) {
        if (part.name === 'image_mapping') {
          const text = await form.text(64 * 1024);
          mapping = parseMapping(text);
          for (const p of pending.splice(0)) await store(p.order, p.bytes, p.kind);
          continue;
        }
        if (part.name !== 'button_images' || part.filename === null) continue;
        if (order >= MAX_FILES) fail(413, t('upload.tooManyFiles', { max: MAX_FILES }));
        const chunks = form.data();
        const { head, kind, done } = await sniffPart(chunks);
        if (!kind || !BUTTON_KINDS.includes(kind)) fail(415, t('upload.buttonImageType'));
        const bytes = await readImage(chunks, head, done, kind as Exclude<MediaKind, 'mp4'>);
        if (mapping) await store(order, bytes, kind);
        else {
          pendingBytes += bytes.length;
          if (pendingBytes > MAX_PENDING_BYTES) fail(413, t('upload.tooManyFiles', { max: MAX_FILES }));
          pending.push({ order, bytes, kind });
        }
        order++;
      }
      if (!mapping) fail(422, t('upload.mappingInvalid'));
      if (order === 0) fail(422, t('upload.fileMissing'));
    } catch (err) {
      // nothing half-done stays behind
      if (written.length > 0) await c.env.BUCKET.delete(written.map((w) => w.key));
      multipartFailure(err, t('upload.tooManyFiles', { max: MAX_FILES }));
    } finally {
      await form.finish();
    }
    await setButtonImages(
      c.env.DB,
      page.id,
      written.map((w) => ({ buttonId: w.buttonId, path: `/${w.key}` })),
    );
    await republish(c, slug);
    const paths: Record<string, string> = {};
    for (const w of written) paths[String(w.index)] = `/${w.key}`;
    return c.json({
      success: true,
      uploaded: written.map((w) => ({ order: w.order, index: w.index, button_id: w.buttonId, path: `/${w.key}` })),
      paths,
    });
  })

  .delete('/:slug/button-image/:filename', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const filename = c.req.param('filename');
    // only button images the server named: N.version.ext (N.ext from older pages)
    if (!/^\d{1,4}(\.[a-z0-9]{1,16})?\.(jpg|jpeg|png|webp|gif)$/.test(filename)) {
      fail(422, t('upload.filenameInvalid'));
    }
    const key = `dati/${page.folder_name}/${filename}`;
    if (!(await c.env.BUCKET.head(key))) fail(404, t('upload.fileNotFound'));
    await c.env.BUCKET.delete(key);
    await clearButtonImage(c.env.DB, page.id, `/${key}`);
    await republish(c, page.folder_name);
    return c.json({ success: true, deleted: filename });
  })

  .get('/:slug/image-proxy', requireActive, async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    if (!page.header) fail(404, t('proxy.noHeader'));
    return proxyImage(c, page.header);
  });

/** {uploadOrder: buttonIndex}, both non-negative integers (as numbers or digit strings). */
function parseMapping(text: string): Map<number, number> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    fail(422, t('upload.mappingInvalid'));
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail(422, t('upload.mappingInvalid'));
  const map = new Map<number, number>();
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const index = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (!/^\d{1,4}$/.test(k) || typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index > 9999) {
      fail(422, t('upload.mappingInvalid'));
    }
    map.set(Number(k), index);
  }
  return map;
}
