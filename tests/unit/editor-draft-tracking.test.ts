// The creator's ticket links are tracked on submit too: 'Aggiungi pulsante' waits for the
// tracking (a call under way is shared), adds once however often it is pressed, and adds the
// link as typed when tracking fails or stalls. The network is a stand-in for the Worker's
// track-url route that answers with the shared rule (src/core/urls.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { trackUrl } from '../../src/core/urls';
import { $buttons, type EditorTextButton } from '../../src/stores/editor/state';
import { resetEditor } from '../../src/stores/editor/load';
import {
  $committing,
  $textDraft,
  $tracking,
  resetDraft,
  setCta,
  setTextField,
  submitDraft,
  TRACK_WAIT_MS,
  trackCtaUrl,
} from '../../src/stores/editor/draft';

type Answer = 'track' | 'fail' | 'stall';
let calls: string[] = [];
let answer: Answer = 'track';
let release: (() => void) | null = null;

function fakeRoute(_path: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const { url, slug } = JSON.parse(String(init?.body)) as { url: string; slug?: string };
  calls.push(url);
  if (answer === 'stall') return new Promise(() => undefined);
  const reply = () =>
    answer === 'fail'
      ? new Response(JSON.stringify({ detail: 'Errore' }), { status: 500 })
      : new Response(JSON.stringify(trackUrl(url, slug ?? '')), { status: 200 });
  // each answer waits for release(), so a test can act while the call is under way
  return new Promise((resolve) => {
    release = () => resolve(reply());
  });
}

/** Lets the pending answers through until the promise settles. */
async function settle<T>(p: Promise<T>): Promise<T> {
  let done = false;
  const out = p.finally(() => {
    done = true;
  });
  while (!done) {
    release?.();
    await new Promise((r) => setTimeout(r, 0));
  }
  return out;
}

function draftEvent(url: string): string {
  setTextField('data', '1 maggio');
  setTextField('city', 'Roma');
  setTextField('venue', 'Atlantico');
  const row = $textDraft.get().ctas[0]!.rowId;
  setCta(row, { url });
  return row;
}

function added(): EditorTextButton[] {
  return $buttons.get() as EditorTextButton[];
}

beforeEach(() => {
  resetEditor();
  resetDraft();
  calls = [];
  answer = 'track';
  release = null;
  vi.stubGlobal('fetch', vi.fn(fakeRoute));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('track on submit', () => {
  it('tracks a ticket link typed without leaving the field, then adds the event with it', async () => {
    draftEvent('https://www.ticketone.it/roma');
    await expect(settle(submitDraft('text'))).resolves.toBe(true);
    expect(calls).toEqual(['https://www.ticketone.it/roma']);
    expect(added()).toHaveLength(1);
    expect(added()[0]!.ctaButtons[0]!.url).toContain('utm_source=palco');
    expect($committing.get()).toBe(false);
  });

  it('shares the call the blur started instead of making a second one', async () => {
    const row = draftEvent('https://www.vivaticket.com/it/roma');
    const blur = trackCtaUrl(row);
    expect($tracking.get()[row]).toBe('tracking');
    await settle(submitDraft('text'));
    await blur;
    expect(calls).toHaveLength(1);
    expect(added()[0]!.ctaButtons[0]!.url).toContain('utm_campaign=');
  });

  it('does not call again for a link already tracked', async () => {
    const row = draftEvent('https://www.ticketone.it/roma');
    await settle(trackCtaUrl(row));
    expect($tracking.get()[row]).toBe('tracked');
    await settle(submitDraft('text'));
    expect(calls).toHaveLength(1);
    expect(added()).toHaveLength(1);
  });

  it('adds once when pressed twice while the tracking is under way', async () => {
    draftEvent('https://www.ticketone.it/roma');
    const first = submitDraft('text');
    expect($committing.get()).toBe(true);
    await expect(submitDraft('text')).resolves.toBe(false);
    await expect(settle(first)).resolves.toBe(true);
    expect(added()).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('adds the link as typed when the tracking fails', async () => {
    answer = 'fail';
    draftEvent('https://www.ticketone.it/roma');
    await expect(settle(submitDraft('text'))).resolves.toBe(true);
    expect(added()[0]!.ctaButtons[0]!.url).toBe('https://www.ticketone.it/roma');
  });

  it('adds the link as typed when the tracking stalls', async () => {
    vi.useFakeTimers();
    answer = 'stall';
    draftEvent('https://www.ticketone.it/roma');
    const pending = submitDraft('text');
    await vi.advanceTimersByTimeAsync(TRACK_WAIT_MS - 100);
    expect(added()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    await expect(pending).resolves.toBe(true);
    expect(added()[0]!.ctaButtons[0]!.url).toBe('https://www.ticketone.it/roma');
  });

  it('leaves other links alone and calls nothing for them or for an incomplete event', async () => {
    draftEvent('https://example.com/biglietti');
    await expect(settle(submitDraft('text'))).resolves.toBe(true);
    expect(added()[0]!.ctaButtons[0]!.url).toBe('https://example.com/biglietti');
    setCta($textDraft.get().ctas[0]!.rowId, { url: 'https://www.ticketone.it/x' });
    await expect(settle(submitDraft('text'))).resolves.toBe(false);
    expect(calls).toEqual([]);
  });

  it('an empty custom CTA text becomes biglietti on submit', async () => {
    const row = draftEvent('https://example.com/t');
    setCta(row, { preset: 'custom', custom: '  ' });
    await settle(submitDraft('text'));
    expect(added()[0]!.ctaButtons[0]!.buttonText).toBe('biglietti');
  });
});
