// The editor's save and the page's display title (docs/behaviour.md#pages-and-ownership): what
// the PUT carries and the preview shows, through the real API client to a stand-in Worker.
import { describe, expect, it } from 'vitest';
import { setTitle } from '../../src/stores/editor/form';
import { resetEditor } from '../../src/stores/editor/load';
import { previewPage } from '../../src/stores/editor/payload';
import { save } from '../../src/stores/editor/save';
import { savedEvent, savedPage } from './saved-page';
import { open, sent, stored, installWorker } from './editor-worker';

installWorker();

describe('the display title', () => {
  const event = savedEvent('1 maggio - Roma - Teatro|biglietti');

  it('a page whose display title differs from its title keeps it through a save', async () => {
    open(savedPage({ title: 'Tour', display_title: 'Tour 2027 · tutte le date', buttons: [event] }));
    expect(previewPage().display_title).toBe('Tour 2027 · tutte le date');
    expect(await save()).toBe(true);
    expect(sent('PUT')[0]!.body).toMatchObject({ title: 'Tour', display_title: 'Tour 2027 · tutte le date' });
    expect(stored.display_title).toBe('Tour 2027 · tutte le date');
  });

  it('keeps it when the title changes too, and the preview shows it', async () => {
    open(savedPage({ title: 'Tour', display_title: 'Tour 2027 · tutte le date', buttons: [event] }));
    setTitle('Tour estivo');
    expect(previewPage().display_title).toBe('Tour 2027 · tutte le date');
    expect(await save()).toBe(true);
    expect(sent('PUT')[0]!.body).toMatchObject({ title: 'Tour estivo', display_title: 'Tour 2027 · tutte le date' });
    expect(stored).toMatchObject({ title: 'Tour estivo', display_title: 'Tour 2027 · tutte le date' });
  });

  it('a display title that was the title follows the title', async () => {
    open(savedPage({ title: 'Tour', display_title: 'Tour', buttons: [event] }));
    setTitle('Tour estivo');
    expect(previewPage().display_title).toBe('Tour estivo');
    expect(await save()).toBe(true);
    expect(sent('PUT')[0]!.body).toMatchObject({ title: 'Tour estivo', display_title: 'Tour estivo' });
  });

  it('a new page has its title as display title', () => {
    resetEditor();
    setTitle('Nuovo tour');
    expect(previewPage().display_title).toBe('Nuovo tour');
  });
});
