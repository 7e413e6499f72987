/**
 * The page's photos in the sizes kept of them (docs/behaviour.md#image-sizes): a `<picture>`
 * offering AVIF, then WebP, each with `srcset` and `sizes` matching the layout, around the
 * `<img>` of the file itself (what a browser without either shows, and what a photo without
 * sizes shows alone). The header's preload asks for the very file the `<picture>` will pick.
 */
import type { ReactElement } from 'react';
import { SHOWN_WIDTH, sizePath, srcsetOf, widthsOf, type MediaSizes, type SizeFormat } from '../core/image-sizes';
import type { PublicHeader } from '../core/public-view';

/** The phone's width in device pixels that a video's single poster file is chosen for. */
const POSTER_WIDTH = 750;

type Shown = keyof typeof SHOWN_WIDTH;

/** `img` inside a `<picture>` of the sizes of `src` (or alone when it has none). */
export function Picture({
  src,
  sizes,
  shown,
  children,
}: {
  src: string;
  sizes: MediaSizes | null | undefined;
  shown: Shown;
  children: ReactElement;
}) {
  const widths = widthsOf(sizes, src);
  if (widths.length === 0) return children;
  const source = (format: SizeFormat) => (
    <source type={`image/${format}`} srcSet={srcsetOf(src, widths, format)} sizes={SHOWN_WIDTH[shown]} />
  );
  return (
    <picture>
      {source('avif')}
      {source('webp')}
      {children}
    </picture>
  );
}

/**
 * The blurred backdrop of wide screens: the smallest size (it is blurred anyway), lazily, so a
 * phone, which hides it, never fetches it. Without sizes: the header's own file, already fetched.
 */
export function Backdrop({ src, sizes }: { src: string; sizes: MediaSizes | null | undefined }) {
  const [smallest] = widthsOf(sizes, src);
  const img = (file: string, lazy: boolean) => (
    <img
      className="bd"
      data-i=""
      src={file}
      alt=""
      aria-hidden="true"
      decoding="async"
      loading={lazy ? 'lazy' : undefined}
    />
  );
  if (smallest === undefined) return img(src, false);
  return (
    <picture>
      <source type="image/avif" srcSet={sizePath(src, smallest, 'avif')} />
      {img(sizePath(src, smallest, 'webp'), true)}
    </picture>
  );
}

/**
 * A video's poster: `<video poster>` takes one file, so the WebP size a phone needs (the first
 * at least 750 px wide, else the widest); the poster itself when it has no sizes.
 */
export function posterFile(poster: string, sizes: MediaSizes | null | undefined): string {
  const widths = widthsOf(sizes, poster);
  if (widths.length === 0) return poster;
  const width = widths.find((w) => w >= POSTER_WIDTH) ?? (widths[widths.length - 1] as number);
  return sizePath(poster, width, 'webp');
}

/** What the header's preload asks for: the file, and for a sized image the AVIF choice the `<picture>` makes. */
export interface HeaderPreload {
  href: string;
  srcset?: string;
  sizes?: string;
  type?: string;
}

/** The header's preload, or undefined when the header shows no file to fetch (none, or a local one). */
export function headerPreloadOf(header: PublicHeader, sizes: MediaSizes | null | undefined): HeaderPreload | undefined {
  const file = header.kind === 'image' ? header.src : header.poster;
  if (!file || /^(blob|data):/i.test(file)) return undefined;
  if (header.kind === 'video') return { href: posterFile(file, sizes) };
  const widths = widthsOf(sizes, file);
  if (widths.length === 0) return { href: file };
  // only a browser that takes AVIF uses this preload (`type`): the one its <picture> picks too
  return { href: file, srcset: srcsetOf(file, widths, 'avif'), sizes: SHOWN_WIDTH.header, type: 'image/avif' };
}

/** A plain URL: no space, quote, comma, semicolon or angle bracket. */
const PLAIN_URL = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+=%]+$/;
/** A srcset or sizes value: plain URLs and widths, commas and spaces, no quote or semicolon. */
const PLAIN_LIST = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+=%, ]+$/;

/**
 * The header's preload as a `Link` header: the browser starts it from the response's headers,
 * before parsing the document, and an edge that sends 103 Early Hints sends it during the
 * server's time. Only plain values go into the header; another keeps the preload in the document alone.
 */
export function preloadLink(preload: HeaderPreload | undefined): string | undefined {
  if (!preload || !PLAIN_URL.test(preload.href)) return undefined;
  const { href, srcset, sizes, type } = preload;
  if (!srcset) return `<${href}>; rel=preload; as=image; fetchpriority=high`;
  if (!PLAIN_LIST.test(srcset) || !PLAIN_LIST.test(sizes ?? '') || !PLAIN_URL.test(type ?? '')) return undefined;
  return `<${href}>; rel=preload; as=image; imagesrcset="${srcset}"; imagesizes="${sizes}"; type="${type}"; fetchpriority=high`;
}
