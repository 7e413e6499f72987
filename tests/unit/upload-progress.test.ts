// The upload progress as the organiser reads it (MB with one decimal, a whole percent that
// reaches 100 only when everything went), and which files a save sends (docs/behaviour.md#uploads).
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMegabytes, percentOf } from '../../src/lib/format';
import { $buttons, $form, newKey } from '../../src/stores/editor/state';
import { resetEditor } from '../../src/stores/editor/load';
import { planFiles, progressText, type Upload, uploadLabel } from '../../src/stores/editor/upload';

const MB = 1024 * 1024;

function file(name: string, type: string, bytes = 10): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

describe('sizes and percentages', () => {
  it('writes megabytes in Italian with one decimal', () => {
    expect(formatMegabytes(0)).toBe('0,0 MB');
    expect(formatMegabytes(12.3 * MB)).toBe('12,3 MB');
    expect(formatMegabytes(48 * MB)).toBe('48,0 MB');
    expect(formatMegabytes(0.04 * MB)).toBe('0,0 MB');
    expect(formatMegabytes(1234.5 * MB)).toBe('1.234,5 MB');
    // never a negative size
    expect(formatMegabytes(-5)).toBe('0,0 MB');
  });

  it('rounds the percent down, so 100 means all of it', () => {
    expect(percentOf(0, 100)).toBe(0);
    expect(percentOf(25, 100)).toBe(25);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(1, 3)).toBe(33);
    // a browser that sends more than it announced, or announces nothing
    expect(percentOf(2000, 1000)).toBe(100);
    expect(percentOf(10, 0)).toBe(0);
    expect(percentOf(Number.NaN, 100)).toBe(0);
  });

  it('labels an upload with what it is, MB sent of MB and the percent', () => {
    expect(progressText(12.3 * MB, 48 * MB)).toBe('12,3 MB di 48,0 MB (25%)');
    const upload: Upload = {
      what: 'header',
      name: 'Video della testata',
      loaded: 12.3 * MB,
      total: 48 * MB,
      state: 'sending',
      detail: null,
    };
    expect(uploadLabel(upload)).toBe('Video della testata: 12,3 MB di 48,0 MB (25%)');
    expect(uploadLabel({ ...upload, state: 'waiting' })).toBe('Video della testata: in attesa');
    expect(uploadLabel({ ...upload, state: 'failed' })).toBe('Video della testata: non caricato');
    expect(uploadLabel({ ...upload, state: 'cancelled' })).toBe('Video della testata: invio annullato');
  });
});

describe('the files a save sends', () => {
  beforeEach(() => resetEditor());

  it('sends nothing for a form without new files', () => {
    $form.setKey('header', '/dati/tour/tour.1.mp4');
    expect(planFiles()).toEqual({ header: null, poster: null, buttons: [] });
  });

  it('sends a new header with its poster frame in one request', () => {
    const video = file('tour.mp4', 'video/mp4');
    const poster = file('poster.webp', 'image/webp');
    $form.set({ ...$form.get(), header: '/dati/tour/tour.1.mp4', headerFile: video, posterFile: poster });
    expect(planFiles()).toEqual({ header: { file: video, poster }, poster: null, buttons: [] });
  });

  it('sends a poster alone only for a saved video header', () => {
    const poster = file('poster.webp', 'image/webp');
    $form.set({ ...$form.get(), header: '/dati/tour/tour.1.mp4', posterFile: poster });
    expect(planFiles().poster).toBe(poster);
    $form.setKey('header', '/dati/tour/tour.1.webp');
    expect(planFiles().poster).toBeNull();
    $form.setKey('header', '');
    expect(planFiles().poster).toBeNull();
  });

  it('maps each new button image to its button position, leaving saved and store images alone', () => {
    const a = file('a.png', 'image/png');
    const b = file('b.png', 'image/png');
    const image = (imageFile: File | null, path = '') => ({
      key: newKey(),
      type: 'image' as const,
      image: path,
      previewImage: null,
      imageFile,
      isStoreImage: false,
      url: '',
      uploading: false,
      clickCount: 0,
    });
    const rows = [image(null, '/dati/tour/0.1.png'), image(a), image(null, '/stores/spotify.svg'), image(b)];
    $buttons.set(rows);
    expect(planFiles().buttons).toEqual([
      { file: a, index: 1, key: rows[1]!.key },
      { file: b, index: 3, key: rows[3]!.key },
    ]);
    // a retry of the header alone leaves the button images out
    expect(planFiles(new Set(['header'])).buttons).toEqual([]);
  });
});
