// The editor's message bar (src/stores/editor/notice.ts): a message goes after its time, but never
// while the keyboard focus is in it (WCAG 2.2.1); its time starts again when the focus leaves.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../../src/core/constants';
import { $notice, dismissNotice, holdNotice, notify, releaseNotice } from '../../src/stores/editor/notice';

describe('the message bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismissNotice();
    vi.useRealTimers();
  });

  it('a success goes after 3 s, an error after 5 s', () => {
    notify('success', 'Salvato');
    vi.advanceTimersByTime(TOAST_SUCCESS_MS - 1);
    expect($notice.get()?.text).toBe('Salvato');
    vi.advanceTimersByTime(1);
    expect($notice.get()).toBeNull();
    notify('error', 'Errore');
    vi.advanceTimersByTime(TOAST_ERROR_MS - 1);
    expect($notice.get()?.text).toBe('Errore');
    vi.advanceTimersByTime(1);
    expect($notice.get()).toBeNull();
  });

  it('stays while the focus is in it, and goes its full time after the focus leaves', () => {
    notify('success', 'Salvato');
    vi.advanceTimersByTime(TOAST_SUCCESS_MS - 10);
    holdNotice();
    vi.advanceTimersByTime(60_000);
    expect($notice.get()?.text).toBe('Salvato');
    releaseNotice();
    vi.advanceTimersByTime(TOAST_SUCCESS_MS - 1);
    expect($notice.get()?.text).toBe('Salvato');
    vi.advanceTimersByTime(1);
    expect($notice.get()).toBeNull();
  });

  it('a focus leaving when no message is on screen brings none back', () => {
    releaseNotice();
    vi.advanceTimersByTime(TOAST_ERROR_MS);
    expect($notice.get()).toBeNull();
  });
});
