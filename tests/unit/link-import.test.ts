/** 'Importa da link' in the editor (docs/behaviour.md#in-the-editor-importa-da-link): choices and rows. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { trackUrl } from '../../src/core/urls';
import {
  $linkChoice,
  $linkChosen,
  $linkRead,
  $linkUrl,
  defaultChoice,
  importChosen,
  newEventsOf,
  readLink,
  setLinkUrl,
  toggleRow,
  withListDuplicates,
} from '../../src/stores/editor/link-import';
import { resetEditor } from '../../src/stores/editor/load';
import { $notice } from '../../src/stores/editor/notice';
import { $buttons, $editing, $form, type EditorButton, type EditorTextButton } from '../../src/stores/editor/state';
import { ticketEvent } from './event-rows-helpers';

const event = ticketEvent;

const unsaved: EditorButton = {
  key: 'k1',
  type: 'text',
  data: 'Ven 14 maggio 2027',
  city: 'roma',
  venue: 'Atlantico',
  ctaButtons: [{ url: 'https://example.com/r', buttonText: 'biglietti', on_sale_at: null, availability: 'on_sale' }],
  clickCount: 0,
};

describe('link import', () => {
  it("marks a date of the editor's unsaved list as a duplicate too; chooses only new rows without a reason", () => {
    const rows = withListDuplicates(
      [
        event(),
        event({ date: '14/05/2027', city: 'Roma', url: 'https://www.ticketone.it/event/roma/' }),
        event({ date: '16/05/2027', city: 'Genova', url: 'https://x.example/g', reason: 'rinviato' }),
        event({ date: '17/05/2027', city: 'Bari', status: 'duplicate' }),
        event({ date: '01/01/2020', status: 'unusable', reason: 'passata' }),
      ],
      [unsaved],
    );
    expect(rows.map((r) => r.status)).toEqual(['new', 'duplicate', 'new', 'duplicate', 'unusable']);
    expect([...defaultChoice(rows)]).toEqual([0]);
  });

  it('a chosen row becomes a date row: its link as CTA 1, sold out or on sale from its instant, its source', () => {
    const rows = withListDuplicates(
      [
        event({ sold_out: true }),
        event({
          date: '20/05/2027',
          time: '',
          city: 'Bari',
          url: 'https://t.example/b',
          on_sale_at: '2027-03-01T09:00:00Z',
        }),
        event({ date: '21/05/2027', city: 'Lecce', status: 'unusable', reason: 'x' }),
      ],
      [],
    );
    expect(newEventsOf(rows, new Set([0, 1, 2]))).toEqual([
      {
        event: {
          date: '12/05/2027 21:00',
          city: 'Milano',
          venue: 'Alcatraz',
          ctas: [{ url: 'https://www.ticketone.it/event/milano/', buttonText: 'soldout', on_sale_at: null }],
        },
        ticketSource: 'https://www.ticketone.it/event/milano/',
      },
      {
        event: {
          date: '20/05/2027',
          city: 'Bari',
          venue: 'Alcatraz',
          ctas: [{ url: 'https://t.example/b', buttonText: 'biglietti', on_sale_at: '2027-03-01T09:00:00Z' }],
        },
        ticketSource: 'https://t.example/b',
      },
    ]);
  });
});

// The store through the real API client: the read (the page's slug sent, a refusal kept as the
// field's error) and the import (the same path as 'Importa date': links tracked, the notice, each
// row's untracked source). The network is a stand-in for the Worker's two routes.
describe('link import: read and import', () => {
  const TOUR = 'https://www.ticketone.it/artist/band-test/';
  let sent: { path: string; body: Record<string, unknown> }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { events: [] } };

  function route(path: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    sent.push({ path: String(path), body });
    const reply =
      path === pagePaths.trackUrl ? { status: 200, body: trackUrl(String(body.url), String(body.slug ?? '')) } : answer;
    return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
  }

  beforeEach(() => {
    resetEditor();
    setLinkUrl('');
    $linkRead.set({ phase: 'idle' });
    $linkChosen.set(new Set());
    sent = [];
    vi.stubGlobal('fetch', vi.fn(route));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the saved page’s slug; a refusal is the field’s error, and typing again clears it', async () => {
    $editing.set({ slug: 'tour2027', id: 7, company: null, visible: true });
    $buttons.set([unsaved]);
    answer = { status: 422, body: { detail: 'In questa pagina non abbiamo trovato date' } };
    setLinkUrl(`  ${TOUR} `);
    await readLink();
    expect(sent).toEqual([{ path: pagePaths.ticketImport, body: { url: TOUR, slug: 'tour2027' } }]);
    expect($linkRead.get()).toEqual({ phase: 'failed', error: 'In questa pagina non abbiamo trovato date' });
    setLinkUrl(TOUR);
    expect($linkRead.get()).toEqual({ phase: 'idle' });
  });

  it('adds the chosen rows after the list: tracked CTA, sold out, on-sale instant, untracked source', async () => {
    $buttons.set([unsaved]);
    const milano = 'https://www.ticketone.it/event/milano-1/';
    const bari = 'https://tickets.example/bari';
    answer = {
      status: 200,
      body: {
        events: [
          event({ url: milano, sold_out: true }),
          event({ date: '14/05/2027', city: 'Roma', url: 'https://tickets.example/roma' }),
          event({ date: '20/05/2027', time: '', city: 'Bari', url: bari, on_sale_at: '2027-03-01T09:00:00Z' }),
          event({ date: '01/01/2020', city: 'Pisa', status: 'unusable', reason: 'La data è passata' }),
        ],
      },
    };
    setLinkUrl(TOUR);
    await readLink();
    // Roma is on the editor's unsaved list: a duplicate, not chosen
    const read = $linkRead.get();
    expect(read.phase === 'done' && read.rows.map((r) => r.status)).toEqual(['new', 'duplicate', 'new', 'unusable']);
    expect([...$linkChosen.get()]).toEqual([0, 2]);
    expect($linkChoice.get()).toHaveLength(2);

    await expect(importChosen()).resolves.toBe(2);
    const [, first, second] = $buttons.get() as EditorTextButton[];
    expect($buttons.get()).toHaveLength(3);
    expect(first).toMatchObject({
      data: '12/05/2027 21:00',
      city: 'Milano',
      venue: 'Alcatraz',
      ctaButtons: [{ url: trackUrl(milano, '').tracked_url, buttonText: 'soldout', availability: 'sold_out' }],
      ticketSource: { url: milano },
    });
    expect(first!.ctaButtons[0]!.url).toContain('utm_source=palco');
    expect(second).toMatchObject({
      data: '20/05/2027',
      city: 'Bari',
      ctaButtons: [{ url: bari, buttonText: 'biglietti', on_sale_at: '2027-03-01T09:00:00Z', availability: 'on_sale' }],
      ticketSource: { url: bari },
    });
    expect($notice.get()?.text).toBe('Aggiunte 2 date');
    // the dialog starts afresh
    expect([$linkUrl.get(), $linkRead.get().phase, $linkChosen.get().size]).toEqual(['', 'idle', 0]);
  });

  it('a ticked duplicate is added too; an image page adds nothing', async () => {
    answer = { status: 200, body: { events: [event({ status: 'duplicate' })] } };
    setLinkUrl(TOUR);
    await readLink();
    expect($linkChosen.get().size).toBe(0);
    toggleRow(0);
    $form.setKey('mode', 'image');
    await expect(importChosen()).resolves.toBe(0);
    expect($notice.get()?.text).toBe('L’importazione delle date funziona solo con i pulsanti di testo');
    $form.setKey('mode', 'text');
    await expect(importChosen()).resolves.toBe(1);
    expect(($buttons.get()[0] as EditorTextButton).city).toBe('Milano');
  });
});
