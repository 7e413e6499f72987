// What counts as a store badge's path: anything under the badges' folder, listed or not
// (docs/behaviour.md#image-buttons-and-store-badges). The editor never uploads one.
import { describe, expect, it } from 'vitest';
import { isStorePath, STORES } from '../../src/core/store-badges';
import { buttonFromReceived } from '../../src/stores/editor/load';

describe('isStorePath', () => {
  it('is true for every listed badge', () => {
    for (const store of STORES) expect(isStorePath(store.path), store.path).toBe(true);
  });

  it('is true for a path under the folder that the list does not name', () => {
    expect(isStorePath('/stores/retired.svg')).toBe(true);
    expect(isStorePath('/stores/sub/spotify.png')).toBe(true);
  });

  it('is false outside the folder', () => {
    for (const path of [
      '/dati/tour/spotify.svg',
      '/demo/stores/spotify.svg',
      '/storesx/spotify.svg',
      '/stores',
      'stores/spotify.svg',
      'https://cdn.example.com/stores/spotify.svg',
      '',
      null,
      undefined,
    ]) {
      expect(isStorePath(path), String(path)).toBe(false);
    }
  });
});

describe('the editor and an unlisted badge', () => {
  it('loads it as a badge; an upload of the page is not one', () => {
    const saved = (image_path: string) =>
      buttonFromReceived({
        id: 3,
        position: 1,
        type: 'image',
        text: '',
        image_path,
        url: 'https://example.com',
        click_count: 0,
        cta_buttons: null,
      });
    expect(saved('/stores/retired.svg')).toMatchObject({ type: 'image', isStoreImage: true });
    expect(saved('/dati/tour/cover.jpg')).toMatchObject({ type: 'image', isStoreImage: false });
  });
});
