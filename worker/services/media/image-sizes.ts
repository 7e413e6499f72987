/**
 * Making the sizes of a page's photos (docs/behaviour.md#image-sizes) with the Images binding:
 * each still image the page shows from its own folder (the header, a video's poster, the button
 * images) is kept at the widths of src/core/image-sizes.ts, in AVIF and WebP, beside the file
 * (`{stem}.w{width}.{format}`). It runs after a write has answered (services/pages/effects.ts),
 * never while a visitor waits; what it made is recorded on the page and the page republished.
 */
import type { Bindings } from '../../env';
import {
  IMAGE_QUALITY,
  SIZE_FORMATS,
  SIZE_TYPES,
  parseSizePath,
  sizePath,
  sizeStem,
  sizeWidths,
  type MediaSizes,
} from '../../../src/core/image-sizes';
import { mediaInUse } from '../../db/pages/media';
import { markSizesRetry, pagesToResize, readSizeState, recordSizes } from '../../db/pages/media-sizes';
import { imagePixelSize } from './image-size';
import { sniff } from './media-types';
import { IMMUTABLE, ownObjectKey } from './upload-bytes';

type Env = Pick<Bindings, 'DB' | 'BUCKET' | 'IMAGES' | 'IMAGE_SIZES'>;

/** Animated GIFs stay as they are: a size would keep only their first frame. */
const SIZED_KINDS = new Set(['jpg', 'png', 'webp']);

function stream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new Response(bytes).body as ReadableStream<Uint8Array>;
}

/** One size of `bytes`, or null when the binding answers another format than asked (it may, for a large AVIF). */
async function encode(env: Env, bytes: Uint8Array, width: number, format: (typeof SIZE_FORMATS)[number]) {
  const out = await env.IMAGES.input(stream(bytes))
    .transform({ width, fit: 'scale-down' })
    .output({ format: SIZE_TYPES[format] as ImageOutputOptions['format'], quality: IMAGE_QUALITY[format] });
  if (out.contentType() !== SIZE_TYPES[format]) return null;
  return new Uint8Array(await new Response(out.image()).arrayBuffer());
}

/**
 * Makes and stores the sizes of the object at `key` and answers the widths kept (both formats
 * of each); none for a file that is not a still JPEG, PNG or WebP, or narrower than the first width.
 */
async function makeSizes(env: Env, key: string): Promise<number[]> {
  const object = await env.BUCKET.get(key);
  if (!object) return [];
  const bytes = new Uint8Array(await object.arrayBuffer());
  const kind = sniff(bytes);
  if (!kind || !SIZED_KINDS.has(kind)) return [];
  const kept: number[] = [];
  for (const width of sizeWidths(imagePixelSize(bytes)?.width)) {
    const files = await Promise.all(SIZE_FORMATS.map((format) => encode(env, bytes, width, format)));
    if (files.some((f) => f === null)) continue;
    await Promise.all(
      SIZE_FORMATS.map((format, i) =>
        env.BUCKET.put(sizePath(key, width, format), files[i] as Uint8Array, {
          httpMetadata: { contentType: SIZE_TYPES[format], cacheControl: IMMUTABLE },
        }),
      ),
    );
    kept.push(width);
  }
  return kept;
}

/**
 * Makes the sizes of every file the saved page shows that has none recorded yet, one after
 * another. Answers whether a new size was made (the page then needs a republish). A file the
 * binding fails on is left unrecorded and the page marked with `now`: the next write, or the
 * hourly job (retrySizes), tries again. A run with nothing failing clears the mark. With
 * IMAGE_SIZES 'off' it does nothing.
 */
export async function ensureSizes(
  env: Env,
  page: { id: number; folder_name: string },
  now: Date = new Date(),
): Promise<boolean> {
  // turned off for this deployment: the pages show their photos whole, nothing is marked
  if (env.IMAGE_SIZES === 'off') return false;
  const { sizes: known, retryAt } = await readSizeState(env.DB, page.id);
  let made = false;
  let failed = false;
  for (const path of await mediaInUse(env.DB, page.id)) {
    const key = ownObjectKey(page.folder_name, path);
    if (!key || parseSizePath(key) || Object.hasOwn(known, sizeStem(path))) continue;
    try {
      const widths = await makeSizes(env, key);
      await recordSizes(env.DB, page.id, sizeStem(path), widths);
      made ||= widths.length > 0;
    } catch (err) {
      failed = true;
      console.warn('image sizes not made', key, err);
    }
  }
  // written only when it changes: most writes of a page find nothing to make and no mark
  if (failed) await markSizesRetry(env.DB, page.id, now.toISOString());
  else if (retryAt !== null) await markSizesRetry(env.DB, page.id, null);
  return made;
}

/**
 * Sizes the photos of each page in turn and publishes those that got new sizes (a publish that
 * fails is logged; the page keeps its sizes and shows them at its next publish). Answers how
 * many pages got new sizes. `npm run media:resize` (routes/admin-media.ts) and the hourly retry
 * go through here.
 */
export async function sizeAndPublish(
  env: Env,
  pages: ReadonlyArray<{ id: number; folder_name: string }>,
  now: Date,
  publish: (slug: string) => Promise<unknown>,
): Promise<number> {
  let sized = 0;
  for (const page of pages) {
    if (!(await ensureSizes(env, page, now))) continue;
    sized += 1;
    try {
      await publish(page.folder_name);
    } catch (err) {
      console.error('publish failed', page.folder_name, err);
    }
  }
  return sized;
}

/** Pages an hourly run tries again: each may hold a header, a poster and twenty button images. */
const RETRY_PAGES = 10;

/**
 * The hourly retry (services/maintenance.ts): the pages whose sizes failed, longest waiting
 * first. One that fails again goes to the back of the line.
 */
export async function retrySizes(env: Env, now: Date, publish: (slug: string) => Promise<unknown>) {
  return sizeAndPublish(env, await pagesToResize(env.DB, RETRY_PAGES), now, publish);
}

/** The object keys of the sizes kept of `keys` (files of a page's folder), for moving or deleting them along. */
export function sizeKeys(sizes: MediaSizes, keys: Iterable<string>): string[] {
  const out: string[] = [];
  for (const key of keys) {
    const stem = `/${sizeStem(key)}`;
    for (const width of Object.hasOwn(sizes, stem) ? (sizes[stem] ?? []) : []) {
      for (const format of SIZE_FORMATS) out.push(sizePath(key, width, format));
    }
  }
  return out;
}
