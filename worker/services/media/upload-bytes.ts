/**
 * The bytes of one uploaded file: its type told by magic bytes, an image read whole (at most
 * 5 MB) and checked for structure, a video streamed on to R2 while its size is counted.
 */
import { t } from '../../../src/core/messages';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from '../../../src/core/constants';
import { fail } from '../../errors';
import { concatBytes, readCapped } from '../bytes';
import {
  CONTENT_TYPES,
  EXTENSIONS,
  Mp4Walker,
  SNIFF_BYTES,
  imageProblem,
  sniff,
  type ImageKind,
  type MediaKind,
} from './media-types';

/** A part whose first bytes have been read to tell its type. */
export interface SniffedPart {
  chunks: AsyncGenerator<Uint8Array>;
  head: Uint8Array;
  kind: MediaKind | null;
  /** the part ended within its head */
  done: boolean;
}

/** R2 multipart uploads move a video in parts of this size: memory holds one part at a time. */
const PART_SIZE = 5 * 1024 * 1024;
/** Cache life of every stored upload (and of the sizes made from it): names carry a version. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A fresh suffix for an object name, so a replaced file never hides behind a cached one. */
function version(): string {
  return (
    Date.now().toString(36) +
    Math.floor(Math.random() * 36 ** 3)
      .toString(36)
      .padStart(3, '0')
  );
}

/**
 * The key the server gives an upload: `dati/{slug}/{slug}.{version}.{ext}` for a header,
 * `dati/{slug}/{slug}-poster.{version}.{ext}` for its video's poster frame,
 * `dati/{slug}/{N}.{version}.{ext}` for the image of the button at index N.
 */
export function mediaKey(slug: string, name: string | number, kind: MediaKind): string {
  return `${mediaFolder(slug)}${name}.${version()}.${EXTENSIONS[kind]}`;
}

/** The R2 prefix under which every upload of a page lives (served at `/dati/{slug}/…`). */
export function mediaFolder(slug: string): string {
  return `dati/${slug}/`;
}

/** The key of an object of this page's folder behind a stored `/dati/…` path, or null. */
export function ownObjectKey(slug: string, path: string): string | null {
  const prefix = `/${mediaFolder(slug)}`;
  return path.startsWith(prefix) && !path.slice(prefix.length).includes('/') ? path.slice(1) : null;
}

/** Stores a whole file under its key, typed and cached for good (names carry a version). */
export async function putMedia(bucket: R2Bucket, key: string, bytes: Uint8Array, kind: MediaKind): Promise<void> {
  await bucket.put(key, bytes, { httpMetadata: { contentType: CONTENT_TYPES[kind], cacheControl: IMMUTABLE } });
}

/** Accumulates at least SNIFF_BYTES (or the whole part when smaller) before the type is known. */
export async function sniffPart(chunks: AsyncGenerator<Uint8Array>): Promise<SniffedPart> {
  let head: Uint8Array = new Uint8Array(0);
  while (head.length < SNIFF_BYTES) {
    const { value, done } = await chunks.next();
    if (done) return { chunks, head, kind: sniff(head), done: true };
    head = concatBytes(head, value);
  }
  return { chunks, head, kind: sniff(head), done: false };
}

/** 413 with the size rule of the file's kind. */
export function tooLarge(kind: MediaKind): never {
  fail(413, kind === 'mp4' ? t('upload.videoTooLarge') : t('upload.imageTooLarge'));
}

/** Reads an image part whole (≤ 5 MB, counted while streaming) and checks its structure. */
export async function readImage(part: SniffedPart, kind: ImageKind): Promise<Uint8Array> {
  const bytes = await readCapped(part.done ? [] : part.chunks, MAX_IMAGE_BYTES, () => tooLarge(kind), part.head);
  const problem = imageProblem(kind, bytes);
  if (problem === 'truncated') fail(422, t('upload.truncated'));
  if (problem === 'polyglot') fail(415, t('upload.buttonImageType'));
  return bytes;
}

/**
 * Streams an MP4 part to R2 in 5 MiB parts (R2 multipart upload): memory stays at one part,
 * the 50 MB cap is counted as bytes arrive, and the box walk refuses truncated files before
 * the upload is completed. Answers the size stored.
 */
export async function streamVideo(bucket: R2Bucket, key: string, part: SniffedPart): Promise<number> {
  const upload = await bucket.createMultipartUpload(key, {
    httpMetadata: { contentType: CONTENT_TYPES.mp4, cacheControl: IMMUTABLE },
  });
  const walker = new Mp4Walker();
  const uploaded: R2UploadedPart[] = [];
  let buffer = new Uint8Array(PART_SIZE);
  let fill = 0;
  let size = 0;
  const flush = async (final: boolean) => {
    if (fill === 0 && !(final && uploaded.length === 0)) return;
    // a full part goes as it is (a fresh buffer follows); only the last one is cut to its length
    uploaded.push(await upload.uploadPart(uploaded.length + 1, fill === PART_SIZE ? buffer : buffer.slice(0, fill)));
    fill = 0;
    if (!final) buffer = new Uint8Array(PART_SIZE);
  };
  const take = async (chunk: Uint8Array) => {
    size += chunk.length;
    if (size > MAX_VIDEO_BYTES) tooLarge('mp4');
    walker.push(chunk);
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(PART_SIZE - fill, chunk.length - offset);
      buffer.set(chunk.subarray(offset, offset + n), fill);
      fill += n;
      offset += n;
      if (fill === PART_SIZE) await flush(false);
    }
  };
  try {
    await take(part.head);
    if (!part.done) for await (const chunk of part.chunks) await take(chunk);
    if (walker.problem) fail(422, t('upload.truncated'));
    await flush(true);
    await upload.complete(uploaded);
    return size;
  } catch (err) {
    await upload.abort().catch(() => undefined);
    throw err;
  }
}
