// The editor's rules as the stores hold them: slug typing, mode lock, type ≠ mode, the
// creator's messages, the final validation and the payload a save sends.
import { beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { $buttons, $dirty, $form, newKey, type EditorTextButton } from '../../src/stores/editor/state';
import { addButton, moveButton, removeButton } from '../../src/stores/editor/buttons';
import { setCustomStyles, setMode, setSlug, setTitle } from '../../src/stores/editor/form';
import { buttonFromReceived, resetEditor } from '../../src/stores/editor/load';
import { $notice } from '../../src/stores/editor/notice';
import { buildPayload } from '../../src/stores/editor/payload';
import { validateEditor } from '../../src/stores/editor/validation';
import { ON_SALE_NOW } from '../../src/core/on-sale';
import {
  $textDraft,
  addCtaRow,
  commitDraft,
  removeCtaRow,
  resetDraft,
  setCta,
  setTextField,
  settleCustomCta,
} from '../../src/stores/editor/draft';

function event(city: string, url = 'https://example.com/t'): EditorTextButton {
  return {
    key: newKey(),
    type: 'text',
    data: '1 maggio',
    city,
    venue: 'Teatro',
    ctaButtons: [{ url, buttonText: 'biglietti', ...ON_SALE_NOW }],
    clickCount: 0,
  };
}

beforeEach(() => {
  resetEditor();
  resetDraft();
  $notice.set(null);
});

describe('editor store', () => {
  it('strips the slug while typing and derives it from the title in create mode', () => {
    setTitle('Città Aperta 2027!');
    expect($form.get().slug).toBe('cittaaperta2027');
    setSlug('My-Slug_2!');
    expect($form.get().slug).toBe('myslug2');
    setTitle('Altro titolo');
    expect($form.get().slug).toBe('myslug2');
    setSlug('');
    setTitle('Di nuovo');
    expect($form.get().slug).toBe('dinuovo');
  });

  it('locks the mode once buttons exist', () => {
    expect(setMode('image')).toBe(true);
    expect(setMode('text')).toBe(true);
    addButton(event('Roma'));
    expect(setMode('image')).toBe(false);
    expect($form.get().mode).toBe('text');
    expect($notice.get()?.text).toBe('Non puoi cambiare modalità dopo aver creato pulsanti');
  });

  it('refuses a button whose type differs from the mode', () => {
    setMode('image');
    expect(addButton(event('Roma'))).toBe(false);
    expect($buttons.get()).toHaveLength(0);
    expect($notice.get()?.kind).toBe('error');
    expect($notice.get()?.text).toBe('I pulsanti di tipo testo non sono compatibili con la modalità immagine');
  });

  it('asks for date, city and venue on add, keeps the last CTA row, and reverts an empty custom label', () => {
    expect(commitDraft('text')).toBe(false);
    expect($notice.get()?.text).toBe('Inserisci la data');
    setTextField('data', '1 maggio');
    commitDraft('text');
    expect($notice.get()?.text).toBe('Inserisci la città');
    setTextField('city', 'Roma');
    commitDraft('text');
    expect($notice.get()?.text).toBe('Inserisci la venue');
    const only = $textDraft.get().ctas[0]!.rowId;
    removeCtaRow(only);
    expect($textDraft.get().ctas).toHaveLength(1);
    addCtaRow();
    const second = $textDraft.get().ctas[1]!.rowId;
    setCta(second, { preset: 'custom', custom: '   ' });
    settleCustomCta(second);
    expect($textDraft.get().ctas[1]!.preset).toBe('biglietti');
    setTextField('venue', 'Atlantico');
    expect(commitDraft('text')).toBe(true);
    expect($notice.get()?.text).toBe('Pulsante aggiunto con successo');
    expect($buttons.get()[0]).toMatchObject({
      type: 'text',
      city: 'Roma',
      ctaButtons: [{ buttonText: 'biglietti' }, { buttonText: 'biglietti' }],
    });
  });

  it('validates slug, title, header, buttons in that order, first error only, per-button errors prefixed', () => {
    expect(validateEditor()).toBe('Inserisci uno slug per la landing');
    setSlug('tour');
    expect(validateEditor()).toBe('Inserisci un titolo');
    $form.setKey('title', 'Tour');
    expect(validateEditor()).toBe("È necessario fornire un'immagine o video di testata");
    $form.setKey('header', 'https://example.com/h.jpg');
    expect(validateEditor()).toBe('Aggiungi almeno un pulsante');
    addButton(event('Roma'));
    addButton(event('Bari', ''));
    expect(validateEditor()).toMatch(/^Pulsante 2: /);
  });

  it('builds the save payload with positions in list order and the text codec', () => {
    setTitle('Tour');
    $form.setKey('header', '/dati/tour/tour.v1.jpg');
    addButton(event('Roma'));
    addButton(event('Bari'));
    moveButton(1, 0);
    const payload = buildPayload();
    expect(payload.folder_name).toBe('tour');
    expect(payload.buttons.map((b) => [b.position, b.text])).toEqual([
      [1, '1 maggio - Bari - Teatro|biglietti'],
      [2, '1 maggio - Roma - Teatro|biglietti'],
    ]);
    expect(payload.buttons[0]!.cta_buttons).toEqual([
      { url: 'https://example.com/t', buttonText: 'biglietti', ...ON_SALE_NOW },
    ]);
  });

  it('reads a received button back into the editor shape', () => {
    const b = buttonFromReceived({
      id: 7,
      position: 1,
      type: 'text',
      text: '2 giugno - Napoli - Arena|soldout',
      image_path: null,
      url: 'https://x.it',
      click_count: 3,
      cta_buttons: null,
    });
    expect(b).toMatchObject({
      id: 7,
      data: '2 giugno',
      city: 'Napoli',
      venue: 'Arena',
      ctaButtons: [{ url: 'https://x.it', buttonText: 'soldout', on_sale_at: null, availability: 'sold_out' }],
      clickCount: 3,
    });
  });

  it('knows when the form or the buttons differ from the last load, save or reset', () => {
    expect($dirty.get()).toBe(false);
    setTitle('Tour 2027');
    expect($dirty.get()).toBe(true);
    setTitle('');
    expect($dirty.get()).toBe(false);

    const b = event('Roma');
    addButton(b);
    expect($dirty.get()).toBe(true);
    removeButton(b.key);
    expect($dirty.get()).toBe(false);

    // the same custom styles written back in another key order are not a change
    setCustomStyles({ a: 1, b: { c: 2, d: 3 } });
    expect($dirty.get()).toBe(true);
    resetEditor();
    setCustomStyles({});
    expect($dirty.get()).toBe(false);

    setSlug('nuova');
    expect($dirty.get()).toBe(true);
    resetEditor();
    expect($dirty.get()).toBe(false);
  });
});

describe('footer links', () => {
  // the preview is static (no Worker vars): it and the Worker's fallback read one shared place
  it('the preview and the Worker take the defaults from src/core, with no literals of their own', () => {
    const root = join(import.meta.dirname, '../..');
    for (const file of ['src/islands/editor/PreviewPopup.tsx', 'worker/services/pages/publish.ts']) {
      const src = readFileSync(join(root, file), 'utf8');
      expect(src, file).toContain('DEFAULT_FOOTER_LINKS');
      expect(src, file).not.toMatch(/['"]\/(about|terms|privacy)['"]/);
    }
  });
});
