// A date's presale in the editor's stores (docs/behaviour.md#presales-in-the-editor): the
// creator's fields carried through load → list → creator → list → payload → preview with nothing
// lost, the rule held before the date is added, the codes counted before the save, and the row's
// summary.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  $draftError,
  $textDraft,
  commitDraft,
  editButton,
  resetDraft,
  setCtaOnSale,
  setTextField,
  setCta,
} from '../../src/stores/editor/draft';
import { applyPage, resetEditor } from '../../src/stores/editor/load';
import { buildPayload, previewPage } from '../../src/stores/editor/payload';
import {
  $presaleDraft,
  addCodesFromFile,
  clearPresale,
  codesCheck,
  draftWaitsForCodes,
  mayReplace,
  pendingOfDraft,
  presaleSummary,
  setPresaleField,
} from '../../src/stores/editor/presale';
import { codesCountText } from '../../src/core/presale';
import { $buttons, $dirty, type EditorTextButton } from '../../src/stores/editor/state';
import { validateEditor } from '../../src/stores/editor/validation';
import { presaleEvent, savedPage } from './saved-page';

const PRESALE = {
  starts_at: '2099-05-10T08:00:30Z', // 10:00:30 in Rome: its seconds survive an untouched edit
  ends_at: null,
  url: 'https://pre.example/milano',
  shared_code: null,
  codes: 3,
};

const page = () => savedPage({ buttons: [presaleEvent(1, 'Milano', PRESALE), presaleEvent(2, 'Roma', null)] });
const list = () => $buttons.get() as EditorTextButton[];

beforeEach(() => {
  resetEditor();
  resetDraft();
});

describe('a presale through the editor', () => {
  it('load → creator → list → payload → preview: the presale as loaded, nothing to save', () => {
    applyPage(page());
    expect(list()[0]!.presale).toEqual(PRESALE);
    expect('presale' in list()[1]!).toBe(false);
    editButton(list()[0]!.key);
    expect($presaleDraft.get()).toMatchObject({
      open: false,
      startsAt: '2099-05-10T10:00',
      endsAt: '',
      url: PRESALE.url,
      kind: 'codes',
      codesText: '',
    });
    expect(commitDraft('text')).toBe(true);
    expect($dirty.get()).toBe(false);
    const [milano, roma] = buildPayload().buttons;
    // sent as loaded (a save never loses it), without its codes' count; never had one: left out
    expect(milano!.presale).toEqual({
      starts_at: PRESALE.starts_at,
      ends_at: null,
      url: PRESALE.url,
      shared_code: null,
    });
    expect(roma && 'presale' in roma).toBe(false);
    expect(previewPage().buttons[0]!.presale).toEqual(PRESALE);
    expect(validateEditor()).toBeNull();
  });

  it('sets a presale on a date: start and end read in Rome time, a shared code', () => {
    applyPage(page());
    editButton(list()[1]!.key);
    setPresaleField('startsAt', '2099-05-11T21:00');
    setPresaleField('endsAt', '2099-05-12T09:00');
    setPresaleField('url', ' https://pre.example/roma ');
    setPresaleField('kind', 'shared');
    setPresaleField('sharedCode', ' ROMA99 ');
    expect(commitDraft('text')).toBe(true);
    expect(list()[1]!.presale).toEqual({
      starts_at: '2099-05-11T19:00:00Z',
      ends_at: '2099-05-12T07:00:00Z',
      url: 'https://pre.example/roma',
      shared_code: 'ROMA99',
      codes: 0,
    });
    expect(list()[1]!.presaleCodes).toBeUndefined();
    expect($dirty.get()).toBe(true);
    expect(presaleSummary(list()[1]!.presale)).toBe('Prevendita dal 11/05 21:00 · codice unico');
  });

  it("'Togli la prevendita' sends null; a date that never had one sends nothing", () => {
    applyPage(page());
    editButton(list()[0]!.key);
    clearPresale();
    expect(commitDraft('text')).toBe(true);
    expect(list()[0]!.presale).toBeNull();
    expect(buildPayload().buttons[0]!.presale).toBeNull();
    editButton(list()[1]!.key);
    clearPresale();
    expect(commitDraft('text')).toBe(true);
    expect('presale' in buildPayload().buttons[1]!).toBe(false);
  });

  it('holds the draft to the save rule before adding the date, and opens the group to show why', () => {
    setTextField('data', '12/05/2099');
    setTextField('city', 'Bari');
    setTextField('venue', 'Teatro');
    const row = $textDraft.get().ctas[0]!.rowId;
    setCta(row, { url: 'https://t.example/bari' });
    setPresaleField('url', 'https://pre.example/bari');
    const fails = (message: string) => {
      expect(commitDraft('text')).toBe(false);
      expect($draftError.get()).toBe(message);
      expect($presaleDraft.get().open).toBe(true);
    };
    fails('Indica quando inizia la prevendita');
    setPresaleField('startsAt', '2099-05-10T10:00');
    fails('Per la prevendita imposta prima «In vendita dal»: la prevendita finisce quando aprono le vendite');
    setCtaOnSale(row, '2099-05-09T10:00');
    fails("La prevendita deve iniziare prima dell'apertura delle vendite");
    setCtaOnSale(row, '2099-05-12T10:00');
    setPresaleField('endsAt', '2099-05-09T10:00');
    fails('La fine della prevendita deve venire dopo il suo inizio');
    setPresaleField('endsAt', '');
    setPresaleField('kind', 'shared');
    fails('Scrivi il codice per tutti, o scegli «Codici monouso»');
    setPresaleField('kind', 'codes');
    setPresaleField('codesText', `A1\n${'x'.repeat(65)}`);
    fails('Riga 2: un codice può avere al massimo 64 caratteri');
    setPresaleField('codesText', 'A1\nA2\nA3\n');
    expect(commitDraft('text')).toBe(true);
    expect(list()[0]!.presaleCodes).toEqual({ text: 'A1\nA2\nA3', replace: false });
    expect(presaleSummary(list()[0]!.presale, list()[0]!.presaleCodes)).toBe(
      'Prevendita dal 10/05 10:00 · 3 codici da caricare al salvataggio',
    );
    // the typed codes are not part of the page's JSON
    expect(JSON.stringify(buildPayload())).not.toContain('A2');
  });

  it('the rule runs before the save too (a row changed since)', () => {
    applyPage(page());
    $buttons.set(list().map((b, i) => (i === 0 ? { ...b, presale: { ...PRESALE, url: 'ftp://x' } } : b)));
    expect(validateEditor()).toBe('Pulsante 1: Il link della prevendita non è valido: usa un indirizzo http o https');
  });
});

describe('the codes before the save', () => {
  it("counts them: 'N codici (M doppi scartati)', blanks dropped", () => {
    setPresaleField('codesText', 'A1\nA2\n\nA1\nA3\nA2\n');
    expect(codesCheck()).toEqual({ count: 3, duplicates: 2, problem: null });
    expect(codesCountText(3, 2)).toBe('3 codici (2 doppi scartati)');
    expect(codesCountText(1, 1)).toBe('1 codice (1 doppio scartato)');
    expect(codesCountText(3)).toBe('3 codici');
  });

  it('reads a CSV column into the field, under what was typed', () => {
    setPresaleField('codesText', 'A1');
    const parsed = addCodesFromFile('nome;codice\nx;B1\ny;B2\nz;B1');
    expect(parsed).toMatchObject({ codes: ['B1', 'B2'], duplicates: 1, problem: null });
    expect($presaleDraft.get().codesText).toBe('A1\nB1\nB2');
    expect(addCodesFromFile(`codice\n${'y'.repeat(70)}`).problem).toBe(
      'Riga 2: un codice può avere al massimo 64 caratteri',
    );
    expect($presaleDraft.get().codesText).toBe('A1\nB1\nB2');
  });

  it('over 10,000 with those loaded: a problem; replacing counts only the new ones', () => {
    applyPage(savedPage({ buttons: [presaleEvent(1, 'Milano', { ...PRESALE, codes: 9_999 })] }));
    editButton(list()[0]!.key);
    setPresaleField('codesText', 'A1\nA2');
    expect(codesCheck().problem).toBe('Una data può avere al massimo 10000 codici: con questi sarebbero 10001');
    setPresaleField('replace', true);
    expect(codesCheck().problem).toBeNull();
    expect(commitDraft('text')).toBe(true);
    expect(list()[0]!.presaleCodes).toEqual({ text: 'A1\nA2', replace: true });
    expect(presaleSummary(list()[0]!.presale, list()[0]!.presaleCodes)).toBe(
      'Prevendita dal 10/05 10:00 · 2 codici da caricare al salvataggio, al posto di quelli caricati',
    );
  });

  it('codes can be replaced until the presale starts, then only added', () => {
    const loaded = { ...PRESALE, starts_at: '2030-01-01T00:00:00Z' };
    expect(mayReplace(loaded, Date.parse('2029-12-31T23:59:59Z'))).toBe(true);
    expect(mayReplace(loaded, Date.parse('2030-01-01T00:00:00Z'))).toBe(false);
    expect(mayReplace({ ...loaded, codes: 0 }, 0)).toBe(false);
    // a started presale: the replace box is ignored, the codes are added
    applyPage(savedPage({ buttons: [presaleEvent(1, 'Milano', { ...PRESALE, starts_at: '2020-01-01T00:00:00Z' })] }));
    editButton(list()[0]!.key);
    setPresaleField('replace', true);
    setPresaleField('codesText', 'Z9');
    expect(pendingOfDraft()).toEqual({ text: 'Z9', replace: false });
    expect(presaleSummary({ ...PRESALE, codes: 3 }, { text: 'Z9', replace: false })).toBe(
      'Prevendita dal 10/05 10:00 · 3 codici caricati, 1 codice da caricare al salvataggio',
    );
  });

  it('warns while a presale of one-time codes has none loaded nor typed; the group renders it', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { default: PresaleFields } = await import('../../src/islands/editor/PresaleFields');
    const render = () => renderToStaticMarkup(createElement(PresaleFields));
    const warning = 'Nessun codice caricato: i fan non riceveranno nulla finché non ne carichi';
    applyPage(
      savedPage({ buttons: [presaleEvent(1, 'Milano', { ...PRESALE, codes: 0 }), presaleEvent(2, 'Roma', null)] }),
    );
    editButton(list()[0]!.key);
    expect(draftWaitsForCodes()).toBe(true);
    expect(render()).toContain(warning);
    // typed codes will be loaded with the save: no warning; nor with a shared code
    setPresaleField('codesText', 'A1');
    expect(draftWaitsForCodes()).toBe(false);
    expect(render()).not.toContain('presale-no-codes');
    setPresaleField('codesText', '');
    setPresaleField('kind', 'shared');
    expect(draftWaitsForCodes()).toBe(false);
    // codes loaded: none
    applyPage(page());
    editButton(list()[0]!.key);
    expect(draftWaitsForCodes()).toBe(false);
    expect(render()).not.toContain('presale-no-codes');
    // a date without a presale, its group empty: nothing to warn of
    editButton(list()[1]!.key);
    expect(draftWaitsForCodes()).toBe(false);
  });
});
