// The rule of photo sizes (docs/behaviour.md#image-sizes): the widths a source gets, the names
// of its sizes and their srcset, and the header's preload as the page and its Link header say it.
import { describe, expect, it } from 'vitest';
import { parseSizePath, sizePath, sizeStem, sizeWidths, srcsetOf, widthsOf } from '../../src/core/image-sizes';
import { headerPreloadOf, posterFile, preloadLink } from '../../src/landing/Picture';
import { renderLanding } from '../../src/landing/render';
import { OPTS, tourPage } from './landing-fixtures';

describe('sizeWidths', () => {
  it.each([
    [null, []],
    [0, []],
    [479, []],
    [480, [480]],
    [600, [480, 600]],
    [720, [480, 720]],
    [750, [480, 750]],
    [1000, [480, 750, 1000]],
    [1080, [480, 750, 1080]],
    [1200, [480, 750, 1080, 1200]],
    [1600, [480, 750, 1080, 1600]],
    [4000, [480, 750, 1080, 1600]],
    [Number.NaN, []],
  ])('a source %s px wide gets %j', (width, widths) => {
    expect(sizeWidths(width)).toEqual(widths);
  });
});

describe('names', () => {
  it('sizes sit beside their file, named by width and format, and read back', () => {
    expect(sizeStem('/dati/tour/tour.k1.webp')).toBe('/dati/tour/tour.k1');
    expect(sizeStem('/dati/tour/noext')).toBe('/dati/tour/noext');
    expect(sizePath('/dati/tour/tour.k1.webp', 720, 'avif')).toBe('/dati/tour/tour.k1.w720.avif');
    expect(sizePath('dati/tour/3.k1.png', 480, 'webp')).toBe('dati/tour/3.k1.w480.webp');
    expect(parseSizePath('/dati/tour/tour.k1.w720.avif')).toEqual({
      stem: '/dati/tour/tour.k1',
      width: 720,
      format: 'avif',
    });
    expect(parseSizePath('/dati/tour/tour.k1.webp')).toBeNull();
    expect(parseSizePath('/dati/tour/tour.k1.w720.png')).toBeNull();
  });

  it('a srcset lists the widths narrowest first; unknown files and inherited names have none', () => {
    const sizes = { '/dati/a/a.k1': [480, 720] };
    expect(srcsetOf('/dati/a/a.k1.webp', widthsOf(sizes, '/dati/a/a.k1.webp'), 'avif')).toBe(
      '/dati/a/a.k1.w480.avif 480w, /dati/a/a.k1.w720.avif 720w',
    );
    expect(widthsOf(sizes, '/dati/a/other.webp')).toEqual([]);
    expect(widthsOf(sizes, 'constructor')).toEqual([]);
    expect(widthsOf(null, '/dati/a/a.k1.webp')).toEqual([]);
  });
});

describe('the header preload', () => {
  const sizes = { '/dati/a/a.k1': [480, 750, 1080], '/dati/a/a-poster.k2': [480, 600] };

  it('an image with sizes: the AVIF srcset the <picture> picks from, in the document and the Link header', () => {
    const preload = headerPreloadOf({ kind: 'image', src: '/dati/a/a.k1.webp' }, sizes);
    expect(preload).toEqual({
      href: '/dati/a/a.k1.webp',
      srcset: '/dati/a/a.k1.w480.avif 480w, /dati/a/a.k1.w750.avif 750w, /dati/a/a.k1.w1080.avif 1080w',
      sizes: '(min-width:768px) 480px, 100vw',
      type: 'image/avif',
    });
    expect(preloadLink(preload)).toBe(
      '</dati/a/a.k1.webp>; rel=preload; as=image; imagesrcset="/dati/a/a.k1.w480.avif 480w, /dati/a/a.k1.w750.avif 750w, /dati/a/a.k1.w1080.avif 1080w"; imagesizes="(min-width:768px) 480px, 100vw"; type="image/avif"; fetchpriority=high',
    );
  });

  it('an image without sizes, a video poster, none, a local file', () => {
    expect(headerPreloadOf({ kind: 'image', src: '/dati/a/b.webp' }, sizes)).toEqual({ href: '/dati/a/b.webp' });
    expect(preloadLink({ href: '/dati/a/b.webp' })).toBe('</dati/a/b.webp>; rel=preload; as=image; fetchpriority=high');
    // the poster's widths stop at 600: the widest, in WebP (a <video poster> takes one file)
    expect(headerPreloadOf({ kind: 'video', src: '/dati/a/a.mp4', poster: '/dati/a/a-poster.k2.webp' }, sizes)).toEqual(
      {
        href: '/dati/a/a-poster.k2.w600.webp',
      },
    );
    expect(posterFile('/dati/a/a.k1.webp', sizes)).toBe('/dati/a/a.k1.w750.webp');
    expect(headerPreloadOf({ kind: 'video', src: '/dati/a/a.mp4' }, sizes)).toBeUndefined();
    expect(headerPreloadOf({ kind: 'image', src: 'blob:http://x/1' }, sizes)).toBeUndefined();
  });

  it('a value that would break the Link header keeps the preload in the document alone', () => {
    expect(preloadLink({ href: 'https://x.example/a b.jpg' })).toBeUndefined();
    expect(preloadLink({ href: 'https://x.example/a.jpg>; rel=stylesheet' })).toBeUndefined();
    expect(
      preloadLink({ href: '/a.webp', srcset: '/a.w480.avif 480w"; x="', sizes: '100vw', type: 'image/avif' }),
    ).toBeUndefined();
    expect(preloadLink(undefined)).toBeUndefined();
  });
});

describe('the page as rendered', () => {
  const page = { ...tourPage(2), header: '/dati/tour/tour.k1.webp', media_sizes: { '/dati/tour/tour.k1': [480, 720] } };

  it('the published page offers the sizes; the preview, showing the file picked, does not', () => {
    const published = renderLanding(page, OPTS).html;
    expect(published).toContain(
      '<picture><source type="image/avif" srcSet="/dati/tour/tour.k1.w480.avif 480w, /dati/tour/tour.k1.w720.avif 720w" sizes="(min-width:768px) 480px, 100vw"/>',
    );
    expect(published).toMatch(/<link rel="preload"[^>]*imageSrcSet="\/dati\/tour\/tour\.k1\.w480\.avif 480w/);
    const preview = renderLanding(page, { ...OPTS, preview: true }).html;
    expect(preview).not.toContain('<picture>');
    expect(preview).not.toContain('.w480.');
  });
});
