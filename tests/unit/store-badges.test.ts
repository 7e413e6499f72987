// What counts as a store badge's path: anything under the badges' folder, listed or not
// (docs/behaviour.md#image-buttons-and-store-badges). The editor never uploads nor deletes one.
import { beforeEach, describe, expect, it } from 'vitest';
import { isStorePath, STORES } from '../../src/core/store-badges';
import { removeButton } from '../../src/stores/editor/buttons';
import { buttonFromReceived, resetEditor } from '../../src/stores/editor/load';
import { $buttons, $imagesToDelete } from '../../src/stores/editor/state';

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
  beforeEach(() => {
    resetEditor();
  });

  it('loads it as a badge and never queues it for deletion', () => {
    const button = buttonFromReceived({
      id: 3,
      position: 1,
      type: 'image',
      text: '',
      image_path: '/stores/retired.svg',
      url: 'https://example.com',
      click_count: 0,
      cta_buttons: null,
    });
    expect(button).toMatchObject({ type: 'image', isStoreImage: true });
    $buttons.set([button]);
    removeButton(button.key);
    expect($imagesToDelete.get()).toEqual([]);
  });

  it('queues an upload of the page for deletion', () => {
    const button = buttonFromReceived({
      id: 4,
      position: 1,
      type: 'image',
      text: '',
      image_path: '/dati/tour/cover.jpg',
      url: 'https://example.com',
      click_count: 0,
      cta_buttons: null,
    });
    expect(button).toMatchObject({ type: 'image', isStoreImage: false });
    $buttons.set([button]);
    removeButton(button.key);
    expect($imagesToDelete.get()).toEqual(['/dati/tour/cover.jpg']);
  });
});
