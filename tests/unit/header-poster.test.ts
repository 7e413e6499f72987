// The poster of a video header: where the frame is taken, how the editor holds a pending one (never
// an unsaved change by itself), what the preview shows, and that only the preview takes a blob:.
import { savedEvent, savedPage } from './saved-page';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headerOf, toPublicView } from '../../src/core/public-view';
import { posterTime } from '../../src/lib/video-poster';
import { $dirty, $form } from '../../src/stores/editor/state';
import type { PageAsReceived } from '../../src/stores/editor/core';
import { setHeaderFile } from '../../src/stores/editor/form';
import { applyPage, resetEditor } from '../../src/stores/editor/load';
import { previewPage } from '../../src/stores/editor/payload';
import { $posterStatus, generatePoster, posterShown } from '../../src/stores/editor/poster';

const webp = () => new File([new Uint8Array([82, 73, 70, 70])], 'copertina.webp', { type: 'image/webp' });
const mp4 = () => new File([new Uint8Array(64)], 'live.mp4', { type: 'video/mp4' });
const png = () => new File([new Uint8Array(64)], 'header.png', { type: 'image/png' });

function videoPage(poster = ''): PageAsReceived {
  return savedPage({
    header: '/dati/tour/tour.abc.mp4',
    header_poster: poster,
    buttons: [savedEvent('1 maggio - Roma - Teatro|biglietti')],
  });
}

beforeEach(() => resetEditor());

describe('poster frame time', () => {
  it('about 1 s in, the middle of a shorter clip, the start when the length is unknown', () => {
    expect(posterTime(12)).toBe(1);
    expect(posterTime(1.2)).toBeCloseTo(0.6);
    expect(posterTime(0.4)).toBeCloseTo(0.2);
    expect(posterTime(Number.NaN)).toBe(0);
    expect(posterTime(Number.POSITIVE_INFINITY)).toBe(0);
    expect(posterTime(0)).toBe(0);
  });
});

describe('headerOf and the poster', () => {
  const video = '/dati/tour/tour.v2.mp4';
  it('a published page takes a saved poster, never a blob: or an unsafe one', () => {
    expect(headerOf(video, 'tour', '/dati/tour/tour.v2.poster.webp').poster).toBe('/dati/tour/tour.v2.poster.webp');
    expect(headerOf(video, 'tour', 'blob:http://x/1').poster).toBeUndefined();
    expect(headerOf(video, 'tour', 'javascript:alert(1)').poster).toBeUndefined();
    expect(toPublicView({ header: video, header_poster: 'blob:http://x/1' }, 'tour').header.poster).toBeUndefined();
  });
  it('the preview also shows a pending frame (blob:), but nothing unsafe', () => {
    expect(headerOf(video, 'tour', 'blob:http://x/1', { preview: true }).poster).toBe('blob:http://x/1');
    expect(headerOf('blob:http://x/2', 'tour', 'blob:http://x/1', { preview: true, headerType: 'video' })).toEqual({
      kind: 'video',
      src: 'blob:http://x/2',
      poster: 'blob:http://x/1',
    });
    expect(headerOf(video, 'tour', 'javascript:alert(1)', { preview: true }).poster).toBeUndefined();
    expect(headerOf(video, 'tour', 'data:image/png;base64,AA', { preview: true }).poster).toBeUndefined();
  });
  it('an image header has no poster', () => {
    expect(headerOf('/dati/tour/tour.jpg', 'tour', '/dati/tour/p.webp', { preview: true }).poster).toBeUndefined();
  });
});

describe('the editor and the poster', () => {
  it('a saved poster shows as saved and in the preview', () => {
    applyPage(videoPage('/dati/tour/tour.abc.poster.webp'));
    expect(posterShown($form.get())).toEqual({ src: '/dati/tour/tour.abc.poster.webp', saved: true });
    expect(previewPage().header_poster).toBe('/dati/tour/tour.abc.poster.webp');
  });

  it('a frame taken for a saved page waits in posterFile without making the form dirty', () => {
    applyPage(videoPage());
    expect($dirty.get()).toBe(false);
    expect(posterShown($form.get())).toBeNull();
    $form.setKey('posterFile', webp());
    expect($dirty.get()).toBe(false);
    const shown = posterShown($form.get());
    expect(shown?.saved).toBe(false);
    expect(shown?.src).toMatch(/^blob:/);
    // one URL per file, shared by the form and the preview
    expect(previewPage().header_poster).toBe(shown?.src);
  });

  it('a new header file drops the old poster; an image or no new file leaves no pending poster', async () => {
    applyPage(videoPage('/dati/tour/tour.abc.poster.webp'));
    $form.setKey('posterFile', webp());
    await setHeaderFile(mp4());
    // the saved poster was a frame of the old video
    expect($form.get().posterFile).toBeNull();
    expect(posterShown($form.get())).toBeNull();
    expect(previewPage().header_poster).toBe('');
    // a new file is a change, its frame comes with it
    expect($dirty.get()).toBe(true);
    // without a DOM the browser takes no frame: the capture ends in 'failed', quietly
    await vi.waitFor(() => expect($posterStatus.get()).toEqual({ state: 'failed', manual: false }));
    expect($form.get().posterFile).toBeNull();

    $form.setKey('posterFile', webp());
    await setHeaderFile(png());
    expect($form.get().headerKind).toBe('image');
    expect($form.get().posterFile).toBeNull();

    await setHeaderFile(mp4());
    $form.setKey('posterFile', webp());
    await setHeaderFile(null);
    expect($form.get().posterFile).toBeNull();
    // back to the saved video and its saved poster
    expect(posterShown($form.get())).toEqual({ src: '/dati/tour/tour.abc.poster.webp', saved: true });
    expect($dirty.get()).toBe(false);
  });

  it("'Genera copertina' that cannot take a frame says so; an image header asks for nothing", async () => {
    applyPage(videoPage());
    await expect(generatePoster()).resolves.toBe(false);
    expect($posterStatus.get()).toEqual({ state: 'failed', manual: true });
    applyPage({ ...videoPage(), header: '/dati/tour/tour.jpg' });
    await expect(generatePoster()).resolves.toBe(false);
  });
});
