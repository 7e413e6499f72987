// The editor's save and the button images it replaces or removes (docs/behaviour.md#uploads):
// the Worker deletes the files the save stops using, so the editor sends no DELETE of its own.
// Through the real API client to a stand-in Worker that records every request.
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { removeButton } from '../../src/stores/editor/buttons';
import type { ButtonAsReceived } from '../../src/stores/editor/core';
import { commitDraft, editButton, setImageFile } from '../../src/stores/editor/draft';
import { save } from '../../src/stores/editor/save';
import { $buttons, $form } from '../../src/stores/editor/state';
import { savedPage } from './saved-page';
import { calls, open, sent, installWorker } from './editor-worker';

installWorker();

function imageButton(id: number, position: number): ButtonAsReceived {
  return {
    id,
    position,
    type: 'image',
    text: '',
    image_path: `/dati/tour/${id}.1.png`,
    url: `https://example.com/${id}`,
    click_count: 0,
    cta_buttons: null,
  };
}

describe('replaced and removed button images', () => {
  const imagePage = () => savedPage({ mode: 'image', buttons: [imageButton(1, 1), imageButton(2, 2)] });

  it('a replaced image: the page, then the new file, then the page read again; no DELETE', async () => {
    open(imagePage());
    const first = $buttons.get()[0]!;
    editButton(first.key);
    await setImageFile(new File(['GIF89a'], 'nuova.gif', { type: 'image/gif' }));
    expect(commitDraft('image')).toBe(true);
    expect(await save()).toBe(true);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        `PUT ${pagePaths.page('tour')}`,
        `POST ${pagePaths.buttonImagesUpload('tour')}`,
        `GET ${pagePaths.page('tour')}`,
      ]),
    );
    // the Worker deletes the file the save stopped using (docs/behaviour.md#uploads)
    expect(sent('DELETE')).toEqual([]);
    expect($buttons.get().map((b) => (b.type === 'image' ? b.image : ''))).toEqual([
      '/dati/tour/1.2.gif',
      '/dati/tour/2.1.png',
    ]);
  });

  it('a removed image button: the page alone; no DELETE', async () => {
    open(imagePage());
    removeButton($buttons.get()[1]!.key);
    expect(await save()).toBe(true);
    expect(sent('PUT')).toHaveLength(1);
    expect(sent('DELETE')).toEqual([]);
    expect($form.get().title).toBe('Tour');
  });
});
