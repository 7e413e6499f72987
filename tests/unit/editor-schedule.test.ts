// Dates and publishing windows in the editor's stores (docs/behaviour.md#in-the-editor): the window
// through Europe/Rome wall-clock time and back, its validation, 'Ordina per data' and 'Rimuovi
// date passate', and 'Mostra le date passate' in the payload and the preview.
import { savedEvent, savedPage as sharedSavedPage } from './saved-page';
import { ON_SALE_NOW } from '../../src/core/on-sale';
import { beforeEach, describe, expect, it } from 'vitest';
import { $buttons, $dirty, $form, newKey, type EditorTextButton } from '../../src/stores/editor/state';
import type { PageAsReceived } from '../../src/stores/editor/core';
import { addButton, pastEventKeys, removePastEvents, sortByDate } from '../../src/stores/editor/buttons';
import { setShowPast, setTitle, setWindowBound } from '../../src/stores/editor/form';
import { applyPage, resetEditor } from '../../src/stores/editor/load';
import { $notice } from '../../src/stores/editor/notice';
import { buildPayload, previewPage } from '../../src/stores/editor/payload';
import { $windowError, validateEditor } from '../../src/stores/editor/validation';

const WINDOW_INVALID = "La fine della pubblicazione deve venire dopo l'inizio";

function event(data: string, city = 'Roma'): EditorTextButton {
  return {
    key: newKey(),
    type: 'text',
    data,
    city,
    venue: 'Teatro',
    ctaButtons: [{ url: 'https://example.com/t', buttonText: 'biglietti', ...ON_SALE_NOW }],
    clickCount: 0,
  };
}

function savedPage(patch: Partial<PageAsReceived> = {}): PageAsReceived {
  return sharedSavedPage({
    header: 'https://example.com/h.jpg',
    buttons: [savedEvent('1 maggio 2027 - Roma - Teatro|biglietti')],
    ...patch,
  });
}

/** A page that passes every other check, so only the window can fail. */
function validPage(): void {
  setTitle('Tour estivo');
  $form.setKey('header', 'https://example.com/h.jpg');
  $buttons.set([event('12 maggio 2027')]);
}

beforeEach(() => {
  resetEditor();
  $notice.set(null);
});

describe('publishing window in the form', () => {
  it('an empty form has no window and keeps past dates off; the payload sends nulls', () => {
    expect($form.get()).toMatchObject({ showPast: false, visibleFrom: '', visibleUntil: '' });
    expect(buildPayload()).toMatchObject({ show_past: false, visible_from: null, visible_until: null });
  });

  it('goes through Europe/Rome wall-clock time and back to the same UTC instants, across both DST changes', () => {
    // 28 March 2027 03:30 summer time is the first half hour after the spring change;
    // 31 October 2027 02:30 is the first of the two 02:30s of the autumn change (still summer time)
    applyPage(
      savedPage({ show_past: true, visible_from: '2027-03-28T01:30:00Z', visible_until: '2027-10-31T00:30:00Z' }),
    );
    expect($form.get()).toMatchObject({
      showPast: true,
      visibleFrom: '2027-03-28T03:30',
      visibleUntil: '2027-10-31T02:30',
    });
    expect($dirty.get()).toBe(false);
    expect(buildPayload()).toMatchObject({
      show_past: true,
      visible_from: '2027-03-28T01:30:00Z',
      visible_until: '2027-10-31T00:30:00Z',
    });
  });

  it('reads winter and summer times with their own offsets; a cleared field is open (null)', () => {
    setWindowBound('visibleFrom', '2027-01-15T20:00');
    setWindowBound('visibleUntil', '2027-07-01T21:00');
    expect(buildPayload()).toMatchObject({
      visible_from: '2027-01-15T19:00:00Z',
      visible_until: '2027-07-01T19:00:00Z',
    });
    setWindowBound('visibleFrom', '');
    expect(buildPayload().visible_from).toBeNull();
  });

  it('counts the window and the past-dates option as unsaved changes', () => {
    applyPage(savedPage({ visible_until: '2027-06-01T10:00:00Z' }));
    expect($dirty.get()).toBe(false);
    setWindowBound('visibleUntil', '');
    expect($dirty.get()).toBe(true);
    setWindowBound('visibleUntil', '2027-06-01T12:00');
    expect($dirty.get()).toBe(false);
    setShowPast(true);
    expect($dirty.get()).toBe(true);
  });

  it('refuses a window that ends before or when it starts, before the save', () => {
    validPage();
    expect(validateEditor()).toBeNull();
    setWindowBound('visibleFrom', '2027-06-01T21:00');
    setWindowBound('visibleUntil', '2027-06-01T20:59');
    expect(validateEditor()).toBe(WINDOW_INVALID);
    expect($windowError.get()).toBe(WINDOW_INVALID);
    setWindowBound('visibleUntil', '2027-06-01T21:00');
    expect(validateEditor()).toBe(WINDOW_INVALID);
    setWindowBound('visibleUntil', '2027-06-01T21:01');
    expect(validateEditor()).toBeNull();
    expect($windowError.get()).toBeNull();
    // one side alone is always a valid window
    setWindowBound('visibleUntil', '');
    expect(validateEditor()).toBeNull();
  });
});

describe('publishing window bounds the API would refuse', () => {
  const BOUND_INVALID = "Data e ora non valide: scegli una data tra l'anno 1000 e l'anno 9999";

  it('refuses, before the save, a field whose year is outside 1000 to 9999 once in UTC', () => {
    validPage();
    // midnight of 1 January 1000 in Rome is still the year 999 in UTC; 0050 is no 1950
    for (const local of ['0999-12-31T23:00', '1000-01-01T00:30', '0050-01-01T00:00', '10000-01-01T00:00']) {
      for (const key of ['visibleFrom', 'visibleUntil'] as const) {
        resetEditor();
        validPage();
        setWindowBound(key, local);
        expect(validateEditor(), `${key}=${local}`).toBe(BOUND_INVALID);
        expect($windowError.get(), `${key}=${local}`).toBe(BOUND_INVALID);
      }
    }
    resetEditor();
    validPage();
    setWindowBound('visibleFrom', '1000-01-02T12:00');
    setWindowBound('visibleUntil', '9999-12-31T12:00');
    expect(validateEditor()).toBeNull();
    expect(buildPayload()).toMatchObject({
      visible_from: '1000-01-02T11:00:00Z',
      visible_until: '9999-12-31T11:00:00Z',
    });
  });
});

describe('past dates in the editor', () => {
  it('a date is past from midnight in Rome: 23:30 Rome time is still the same day', () => {
    const list = [event('12/05/2027'), event('data da annunciare')];
    expect(pastEventKeys(list, new Date('2027-05-12T21:30:00Z'))).toEqual([]);
    expect(pastEventKeys(list, new Date('2027-05-12T22:00:00Z'))).toEqual([list[0]!.key]);
  });

  it("'Rimuovi date passate' removes the past events only and says how many", () => {
    const now = new Date('2027-06-01T10:00:00Z');
    const list = [
      event('1 maggio 2027', 'Milano'),
      event('data da annunciare', 'Bari'),
      event('3 giugno 2027', 'Roma'),
    ];
    list.push(event('31/05/2027', 'Napoli'));
    $buttons.set(list);
    expect(removePastEvents(now)).toBe(2);
    expect($buttons.get().map((b) => (b as EditorTextButton).city)).toEqual(['Bari', 'Roma']);
    expect($notice.get()?.text).toBe('Rimosse 2 date passate');
    $buttons.set([...$buttons.get(), event('1 gennaio 2027', 'Torino')]);
    expect(removePastEvents(now)).toBe(1);
    expect($notice.get()?.text).toBe('Rimossa 1 data passata');
    $notice.set(null);
    expect(removePastEvents(now)).toBe(0);
    expect($notice.get()).toBeNull();
  });

  it("'Ordina per data' puts dated events by day, undated last, and keeps the order otherwise", () => {
    addButton(event('data da annunciare', 'A'));
    addButton(event('sab 12 maggio 2027 ore 21', 'B'));
    addButton(event('3 marzo 2027', 'C'));
    addButton(event('12/05/2027', 'D'));
    addButton(event('TBA', 'E'));
    addButton(event('2026-12-31', 'F'));
    sortByDate();
    expect($buttons.get().map((b) => (b as EditorTextButton).city)).toEqual(['F', 'C', 'B', 'D', 'A', 'E']);
    // sorting again changes nothing
    sortByDate();
    expect($buttons.get().map((b) => (b as EditorTextButton).city)).toEqual(['F', 'C', 'B', 'D', 'A', 'E']);
  });

  it("the preview follows 'Mostra le date passate' as the published page will", () => {
    validPage();
    expect(previewPage().show_past).toBe(false);
    setShowPast(true);
    expect(previewPage().show_past).toBe(true);
  });
});
