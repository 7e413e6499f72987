/**
 * The upload forms, read part by part as they stream in: the header (one file: JPG, PNG or
 * WebP up to 5 MB, or MP4 up to 50 MB, with an optional poster frame beside an MP4), a poster
 * alone, and button images (up to MAX_FILES files of JPG, PNG, WebP or GIF up to 5 MB each,
 * placed by an `image_mapping` field). Files land in R2 under names the server makes; the
 * caller records them on the page. A refused form leaves nothing new in R2.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { t } from '../../../src/core/messages';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../../src/core/constants';
import { imageMappingSchema, type ButtonAsReceived } from '../../../src/core/schemas/page';
import type { AppEnv } from '../../env';
import { fail } from '../../errors';
import { imagePixelSize, type PixelSize } from './image-size';
import { isImageKind, type ImageKind, type MediaKind } from './media-types';
import { discardRest } from '../request-body';
import { BodyTooLargeError, MultipartError, MultipartReader, boundaryOf } from './multipart';
import { mediaKey, putMedia, readImage, sniffPart, streamVideo, tooLarge } from './upload-bytes';

/** Room for the multipart framing around a file. */
const OVERHEAD = 64 * 1024;
export const MAX_FILES = 20;
/** The refusal of a button-images upload with more files (or more bytes) than it may carry. */
export const TOO_MANY_FILES = t('upload.tooManyFiles', { max: MAX_FILES });
/** The most a header upload may carry: one video and one poster at their caps plus the form. */
export const HEADER_UPLOAD_MAX_BYTES = MAX_VIDEO_BYTES + MAX_IMAGE_BYTES + 2 * OVERHEAD;
/** The most a poster upload may carry: one image at its cap plus the form. */
export const POSTER_UPLOAD_MAX_BYTES = MAX_IMAGE_BYTES + OVERHEAD;
/** The most a button-images upload may carry: every file at the image cap plus the form. */
export const BUTTON_UPLOAD_MAX_BYTES = MAX_FILES * (MAX_IMAGE_BYTES + OVERHEAD);
/** Button images waiting for an image_mapping sent after them: at most this much in memory. */
const MAX_PENDING_BYTES = 25 * 1024 * 1024;
/** The image_mapping field is a small JSON object. */
const MAPPING_MAX_BYTES = 64 * 1024;
const HEADER_KINDS: MediaKind[] = ['jpg', 'png', 'webp', 'mp4'];
/** A poster is a still frame: no GIF. */
const POSTER_KINDS: ImageKind[] = ['jpg', 'png', 'webp'];

export interface StoredHeader {
  key: string;
  kind: MediaKind;
  size: number;
  /** the poster frame stored beside an MP4 header, null when the form had none */
  posterKey: string | null;
  /** the pixel size of what the header shows first (the image, or the video's poster), if read */
  pixels: PixelSize | null;
}

export interface StoredButtonImage {
  /** the file's place among the form's files */
  order: number;
  /** the button's index in position order */
  index: number;
  buttonId: number;
  key: string;
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

function multipartFailure(err: unknown, tooLargeDetail: string): never {
  if (err instanceof BodyTooLargeError) fail(413, tooLargeDetail);
  if (err instanceof MultipartError) fail(422, t('request.invalidBody'));
  throw err;
}

/** {uploadOrder: buttonIndex} from the image_mapping field, else 422. */
function parseMapping(text: string): Map<number, number> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    fail(422, t('upload.mappingInvalid'));
  }
  const parsed = imageMappingSchema.safeParse(raw);
  if (!parsed.success) fail(422, t('upload.mappingInvalid'));
  return new Map(Object.entries(parsed.data).map(([order, index]) => [Number(order), index]));
}

/** The R2 key of a page's next poster frame: `dati/{slug}/{slug}-poster.{version}.{ext}`. */
function posterKey(slug: string, kind: ImageKind): string {
  return mediaKey(slug, `${slug}-poster`, kind);
}

/** The current part as a poster: JPG, PNG or WebP by its bytes (else 415), ≤ 5 MB, whole. */
async function readPoster(form: MultipartReader): Promise<{ bytes: Uint8Array; kind: ImageKind }> {
  const file = await sniffPart(form.data());
  const kind = file.kind;
  if (!isImageKind(kind) || !POSTER_KINDS.includes(kind)) fail(415, t('upload.posterType'));
  return { bytes: await readImage(file, kind), kind };
}

/**
 * Reads the header form into R2: its `image` file as the page's next header and, beside an MP4,
 * an optional `poster` image (before or after the `image` part). A poster beside a still image
 * is refused (422): a poster belongs to a video. 422 without an `image` file.
 */
export async function receiveHeader(c: Context<AppEnv>, slug: string): Promise<StoredHeader> {
  const declared = contentLength(c);
  const form = openMultipart(c, HEADER_UPLOAD_MAX_BYTES);
  const written: string[] = [];
  let header: Omit<StoredHeader, 'posterKey'> | null = null;
  let poster: { bytes: Uint8Array; kind: ImageKind } | null = null;
  try {
    for await (const part of form.parts()) {
      if (part.filename === null) continue;
      if (part.name === 'poster' && !poster) {
        poster = await readPoster(form);
        continue;
      }
      if (part.name !== 'image' || header) continue;
      const file = await sniffPart(form.data());
      const kind = file.kind;
      if (!kind || !HEADER_KINDS.includes(kind)) fail(415, t('upload.headerType'));
      const key = mediaKey(slug, slug, kind);
      if (kind === 'mp4') {
        written.push(key);
        header = { key, kind, size: await streamVideo(c.env.BUCKET, key, file), pixels: null };
      } else {
        if (declared !== null && declared > MAX_IMAGE_BYTES + OVERHEAD) tooLarge(kind);
        const bytes = await readImage(file, kind);
        written.push(key);
        await putMedia(c.env.BUCKET, key, bytes, kind);
        header = { key, kind, size: bytes.length, pixels: imagePixelSize(bytes) };
      }
    }
    if (!header) fail(422, t('upload.fileMissing'));
    if (poster && header.kind !== 'mp4') fail(422, t('upload.posterNeedsVideo'));
    if (!poster) return { ...header, posterKey: null };
    const key = posterKey(slug, poster.kind);
    written.push(key);
    await putMedia(c.env.BUCKET, key, poster.bytes, poster.kind);
    return { ...header, posterKey: key, pixels: imagePixelSize(poster.bytes) };
  } catch (err) {
    // nothing half-done stays behind (a video cut short was never completed)
    await forget(c, written);
    multipartFailure(err, t('upload.videoTooLarge'));
  } finally {
    await form.finish();
  }
}

/** Reads the poster form's one `poster` image into R2 (its key and pixel size); 422 without one. */
export async function receivePoster(
  c: Context<AppEnv>,
  slug: string,
): Promise<{ key: string; pixels: PixelSize | null }> {
  const form = openMultipart(c, POSTER_UPLOAD_MAX_BYTES);
  let key: string | null = null;
  let pixels: PixelSize | null = null;
  try {
    for await (const part of form.parts()) {
      if (part.name !== 'poster' || part.filename === null) continue;
      const { bytes, kind } = await readPoster(form);
      key = posterKey(slug, kind);
      pixels = imagePixelSize(bytes);
      await putMedia(c.env.BUCKET, key, bytes, kind);
      break;
    }
  } catch (err) {
    multipartFailure(err, t('upload.imageTooLarge'));
  } finally {
    await form.finish();
  }
  if (!key) fail(422, t('upload.fileMissing'));
  return { key, pixels };
}

/** Deletes objects this request wrote and will not keep (never throws: the refusal matters more). */
export async function forget(c: Context<AppEnv>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await c.env.BUCKET.delete([...keys]).catch((err: unknown) => console.error('cleanup failed', keys, err));
}

/** Answers early without reading the form: what was sent is read and dropped first (request-body.ts). */
export async function refuseUpload(c: Context<AppEnv>, status: ContentfulStatusCode, detail: string): Promise<never> {
  const body = c.req.raw.body;
  if (body && !body.locked) await discardRest(body.getReader());
  fail(status, detail);
}

/**
 * Reads the button-images form into R2: each `button_images` file goes to the image button its
 * place maps to in `image_mapping` (which may come before or after the files). Either every
 * file is stored or, on any refusal, none stays behind. Two files mapped to one button: the
 * later one (by its place in the form) is the button's, the earlier one is deleted and not
 * answered.
 */
export async function receiveButtonImages(
  c: Context<AppEnv>,
  slug: string,
  buttons: readonly ButtonAsReceived[],
): Promise<StoredButtonImage[]> {
  const form = openMultipart(c, BUTTON_UPLOAD_MAX_BYTES);
  let mapping: Map<number, number> | null = null;
  const pending: Array<{ order: number; bytes: Uint8Array; kind: MediaKind }> = [];
  let pendingBytes = 0;
  const written: StoredButtonImage[] = [];

  const store = async (map: Map<number, number>, order: number, bytes: Uint8Array, kind: MediaKind) => {
    const index = map.get(order);
    if (index === undefined) fail(422, t('upload.mappingInvalid'));
    const button = buttons[index];
    if (!button) fail(422, t('upload.buttonMissing', { index }));
    if (button.type !== 'image') fail(422, t('upload.notImageButton', { index }));
    const key = mediaKey(slug, index, kind);
    await putMedia(c.env.BUCKET, key, bytes, kind);
    written.push({ order, index, buttonId: button.id, key });
  };

  try {
    let order = 0;
    for await (const part of form.parts()) {
      if (part.name === 'image_mapping') {
        mapping = parseMapping(await form.text(MAPPING_MAX_BYTES));
        for (const p of pending.splice(0)) await store(mapping, p.order, p.bytes, p.kind);
        continue;
      }
      if (part.name !== 'button_images' || part.filename === null) continue;
      if (order >= MAX_FILES) fail(413, TOO_MANY_FILES);
      const file = await sniffPart(form.data());
      const kind = file.kind;
      if (!isImageKind(kind)) fail(415, t('upload.buttonImageType'));
      const bytes = await readImage(file, kind);
      if (mapping) await store(mapping, order, bytes, kind);
      else {
        pendingBytes += bytes.length;
        if (pendingBytes > MAX_PENDING_BYTES) fail(413, TOO_MANY_FILES);
        pending.push({ order, bytes, kind });
      }
      order++;
    }
    if (!mapping) fail(422, t('upload.mappingInvalid'));
    if (order === 0) fail(422, t('upload.fileMissing'));
  } catch (err) {
    // nothing half-done stays behind
    await forget(
      c,
      written.map((w) => w.key),
    );
    multipartFailure(err, TOO_MANY_FILES);
  } finally {
    await form.finish();
  }
  // files are stored in form order, so the last one written for a button is the one it keeps
  const kept = new Map(written.map((w) => [w.index, w]));
  const final = written.filter((w) => kept.get(w.index) === w);
  await forget(
    c,
    written.filter((w) => kept.get(w.index) !== w).map((w) => w.key),
  );
  return final;
}
