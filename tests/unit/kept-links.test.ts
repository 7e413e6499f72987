// Signed links to kept files (docs/behaviour.md#history): only the editor's preview shows them;
// a published page, and a save, never take one.
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { isKeptLink } from '../../src/core/kept-links';
import { headerOf, toPublicButtons } from '../../src/core/public-view';
import { isSafeMediaRef } from '../../src/core/urls';
import { renderLanding, renderPreviewDocument } from '../../src/landing/render';
import { LINKS, tourPage } from './landing-fixtures';

const SIG = 'A'.repeat(43);
const link = (file: string) => pagePaths.keptFile('tour', file, 1_795_000_000, SIG);

describe('isKeptLink', () => {
  it("takes the Worker's links and nothing else", () => {
    expect(isKeptLink(link('tour.mb3k.jpg'))).toBe(true);
    expect(isKeptLink(link('0.png'))).toBe(true);
    for (const ref of [
      '/dati/tour/tour.mb3k.jpg',
      link('..'),
      link('../x.png'),
      link('.hidden'),
      pagePaths.keptFile('Tour', 'a.png', 1, SIG),
      pagePaths.keptFile('tour', 'a.png', 1, 'short'),
      `${link('a.png')}&x=1`,
      `https://evil.example${link('a.png')}`,
    ]) {
      expect(isKeptLink(ref), ref).toBe(false);
    }
    // a save refuses one (src/core/page-validation.ts checks media with isSafeMediaRef)
    expect(isSafeMediaRef(link('tour.mb3k.jpg'))).toBe(false);
  });
});

describe('the preview, and only the preview, shows them', () => {
  const header = link('tour.mb3k.mp4');
  const poster = link('tour-poster.mb3k.jpg');
  const image = link('0.mb3k.png');

  it('as the header, its poster and an image button', () => {
    expect(headerOf(header, 'tour', poster, { preview: true })).toEqual({ kind: 'video', src: header, poster });
    expect(headerOf(header, 'tour', poster).src).toBe('/dati/tour/tour.jpg');
    const button = { id: 1, position: 0, type: 'image', text: 'Locandina', image_path: image, url: null };
    expect(toPublicButtons([button], 'image', { preview: true })).toHaveLength(1);
    expect(toPublicButtons([button], 'image')).toEqual([]);
  });

  it('in the rendered documents', async () => {
    const page = tourPage(2, 'light', { header: link('tour.mb3k.jpg') });
    const opts = { slug: 'tour', origin: 'https://palco.test', links: LINKS };
    const preview = await renderPreviewDocument(page, opts);
    expect(preview).toContain(`/api/kept/tour/tour.mb3k.jpg?exp=1795000000&amp;sig=${SIG}`);
    expect(renderLanding(page, opts).html).not.toContain('/api/kept/');
  });
});
