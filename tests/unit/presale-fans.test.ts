// The presales in the Fan view (docs/behaviour.md#presales-in-the-fan-view): the dates with a
// presale read from the page's answer, their state and times in Europe/Rome, the codes counted
// before they go, the upload's answer in words, and the loads and uploads against a stand-in for
// the Worker's presale routes (nothing goes when the text breaks a rule; a replace asks first).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/core/messages';
import type { PresaleAsReceived, PresaleCountsAsReceived } from '../../src/core/schemas/presale';
import { $dialog, registerDialogHost } from '../../src/stores/dialog';
import { $notice } from '../../src/stores/editor/notice';
import {
  $codesBusy,
  $codesResult,
  $presaleFigures,
  codesPreview,
  dateWaitsForCodes,
  loadPresaleFigures,
  presaleDateName,
  presaleDates,
  presaleWhen,
  uploadCodes,
  uploadResultText,
} from '../../src/stores/editor/presale-fans';
import { savedEvent, savedPage } from './saved-page';

const ON_SALE = '2099-05-01T08:00:00Z'; // 10:00 in Rome (summer)
const START = '2099-04-29T08:00:00Z';
const START_MS = Date.parse(START);

function presale(patch: Partial<PresaleAsReceived> = {}): PresaleAsReceived {
  return { starts_at: START, ends_at: null, url: 'https://t.example/pre', shared_code: null, codes: 3, ...patch };
}

/** Milano (presale of one-time codes), Roma (none), Torino (shared code, its own end), out of order. */
function page() {
  const milano = savedEvent('12/05/2099 - Milano - Alcatraz|biglietti', 11, 2);
  milano.cta_buttons = [
    { url: 'https://t.example', buttonText: 'biglietti', on_sale_at: ON_SALE, availability: 'on_sale' },
  ];
  milano.presale = presale();
  const roma = savedEvent('13/05/2099 - Roma - Atlantico|biglietti', 12, 3);
  const torino = savedEvent('02/05/2099 - Torino - Hiroshima|biglietti', 10, 1);
  torino.cta_buttons = milano.cta_buttons;
  torino.presale = presale({ shared_code: 'TUTTI', ends_at: '2099-04-30T20:00:00Z', codes: 0 });
  return savedPage({ folder_name: 'tour', buttons: [milano, roma, torino] });
}

function counts(patch: Partial<PresaleCountsAsReceived> = {}): PresaleCountsAsReceived {
  return {
    starts_at: START,
    ends_at: null,
    state: 'open',
    shared: false,
    loaded: 3,
    sent: 2,
    left: 1,
    fans_waiting: 1,
    emails_sent: 2,
    ...patch,
  };
}

describe('the dates with a presale', () => {
  it('in page order, with their city, state and end (their own, else the general sale)', () => {
    const before = presaleDates(page(), START_MS - 1);
    expect(before.map((d) => [d.id, d.city, d.venue, d.state, d.ends_at])).toEqual([
      [10, 'Torino', 'Hiroshima', 'before', '2099-04-30T20:00:00.000Z'],
      [11, 'Milano', 'Alcatraz', 'before', '2099-05-01T08:00:00.000Z'],
    ]);
    expect(presaleDates(page(), START_MS).map((d) => d.state)).toEqual(['open', 'open']);
    expect(presaleDates(page(), Date.parse('2099-04-30T21:00:00Z')).map((d) => d.state)).toEqual(['over', 'open']);
    expect(presaleDates(page(), Date.parse(ON_SALE)).map((d) => d.state)).toEqual(['over', 'over']);
    expect(presaleDates(null)).toEqual([]);
    expect(presaleDates(savedPage({ buttons: [savedEvent('12/05/2099 - Roma - X|b')] }))).toEqual([]);
  });

  it('says where each stands in Europe/Rome time, and names the date', () => {
    const [torino, milano] = presaleDates(page(), START_MS - 1);
    expect(presaleWhen(milano!, 'before')).toBe('Inizia il 29/04/2099 10:00');
    expect(presaleWhen(milano!, 'open')).toBe('Aperta fino al 01/05/2099 10:00');
    expect(presaleWhen(torino!, 'over')).toBe('Finita il 30/04/2099 22:00');
    expect(presaleWhen({ ...milano!, ends_at: null }, 'open')).toBe(t('presale.fans.state.openNoEnd'));
    // winter time: one hour ahead of UTC
    expect(presaleWhen({ ...milano!, presale: presale({ starts_at: '2099-01-10T08:00:00Z' }) }, 'before')).toBe(
      'Inizia il 10/01/2099 09:00',
    );
    expect(presaleDateName(milano!)).toBe('12/05/2099 · Milano');
  });
});

describe('codes counted before they go', () => {
  it('one a line or a CSV column; repeats and blanks dropped and counted; a rule broken', () => {
    expect(codesPreview('').line).toBe('Nessun codice ancora');
    expect(codesPreview('A1\n').line).toBe('1 codice pronto');
    const pasted = codesPreview('A1\nA2\n\nA1\nA3\n');
    expect(pasted.codes).toEqual(['A1', 'A2', 'A3']);
    expect(pasted.line).toBe('3 codici pronti · 2 tra doppi e righe vuote scartati');
    expect(codesPreview('nome,codice\nAnna,X1\nBea,X2\n').codes).toEqual(['X1', 'X2']);
    expect(codesPreview(`OK\n${'x'.repeat(65)}\n`).problem).toBe(t('presale.codeTooLongAt', { line: 2, max: 64 }));
  });

  it("the answer in words: 'Caricati N codici, M doppi scartati: ora sono T'", () => {
    expect(uploadResultText({ loaded: 3, duplicates: 2, total: 8 })).toBe(
      'Caricati 3 codici, 2 doppi scartati: ora sono 8',
    );
    expect(uploadResultText({ loaded: 1, duplicates: 1, total: 1 })).toBe(
      'Caricato 1 codice, 1 doppio scartato: ora è 1',
    );
    expect(uploadResultText({ loaded: 1000, duplicates: 0, total: 10000 })).toBe(
      'Caricati 1.000 codici: ora sono 10.000',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The stand-in for the Worker

interface Call {
  method: string;
  path: string;
  body: string | null;
}
let calls: Call[] = [];
let answer: (call: Call) => { status: number; body: unknown } = () => ({ status: 404, body: { detail: 'no' } });

function route(path: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const call = { method: init?.method ?? 'GET', path: String(path), body: (init?.body as string) ?? null };
  calls.push(call);
  const r = answer(call);
  return Promise.resolve(new Response(JSON.stringify(r.body), { status: r.status }));
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

const BASE = '/api/db/landing-pages/tour/buttons';

beforeEach(() => {
  calls = [];
  $presaleFigures.set(null);
  $codesResult.set(null);
  $codesBusy.set(new Set());
  $notice.set(null);
  vi.stubGlobal('fetch', vi.fn(route));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the figures', () => {
  it('reads every date at once; a failed one says why and keeps what it showed', async () => {
    answer = (c) =>
      c.path === `${BASE}/11/presale`
        ? { status: 200, body: counts() }
        : { status: 500, body: { detail: 'Errore del server' } };
    await loadPresaleFigures('tour', [11, 10]);
    const shown = $presaleFigures.get()!;
    expect(shown.slug).toBe('tour');
    expect(shown.byDate[11]).toEqual({ status: 'ready', counts: counts(), detail: null });
    expect(shown.byDate[10]).toMatchObject({ status: 'error', counts: null, detail: 'Errore del server' });
    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([
      `GET ${BASE}/10/presale`,
      `GET ${BASE}/11/presale`,
    ]);
    // read again while the server fails: the figures stay
    answer = () => ({ status: 503, body: { detail: 'Riprova' } });
    await loadPresaleFigures('tour', [11]);
    expect($presaleFigures.get()!.byDate[11]).toMatchObject({ status: 'error', counts: counts() });
  });

  it('an answer that is not the schema is an error, not figures', async () => {
    answer = () => ({ status: 200, body: { loaded: 'tre' } });
    await loadPresaleFigures('tour', [11]);
    expect($presaleFigures.get()!.byDate[11]!.status).toBe('error');
  });
});

describe("'Aggiungi codici'", () => {
  const [, milano] = presaleDates(page(), START_MS + 1);

  it('counts first: no code, or a code that breaks a rule, sends nothing', async () => {
    expect(await uploadCodes('tour', milano!, '\n\n')).toBe(false);
    expect($notice.get()).toMatchObject({ kind: 'error', text: t('presale.codesEmpty') });
    expect(await uploadCodes('tour', milano!, `${'y'.repeat(65)}\n`)).toBe(false);
    expect($notice.get()!.text).toBe(t('presale.codeTooLongAt', { line: 1, max: 64 }));
    expect(calls).toEqual([]);
  });

  it('adds (POST, the text as typed), shows the answer and reads the figures again', async () => {
    answer = (c) =>
      c.method === 'POST'
        ? { status: 200, body: { loaded: 1, duplicates: 1, total: 4 } }
        : { status: 200, body: counts({ loaded: 4, left: 2 }) };
    expect(await uploadCodes('tour', milano!, 'NEW-1\nNEW-1\n')).toBe(true);
    expect(calls[0]).toEqual({ method: 'POST', path: `${BASE}/11/presale-codes`, body: 'NEW-1\nNEW-1\n' });
    expect($notice.get()).toMatchObject({ kind: 'success', text: 'Caricato 1 codice, 1 doppio scartato: ora sono 4' });
    expect($codesResult.get()).toEqual({ slug: 'tour', byDate: { 11: $notice.get()!.text } });
    await flush();
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: `${BASE}/11/presale` });
    expect($presaleFigures.get()!.byDate[11]!.counts!.loaded).toBe(4);
    expect($codesBusy.get().size).toBe(0);
  });

  it("the server's refusal is shown in its words; the form stays open", async () => {
    answer = (c) =>
      c.method === 'POST'
        ? { status: 422, body: { detail: t('presale.sharedCode') } }
        : { status: 200, body: counts() };
    expect(await uploadCodes('tour', milano!, 'A\n')).toBe(false);
    expect($notice.get()).toMatchObject({
      kind: 'error',
      text: t('presale.fans.upload.failed', { detail: t('presale.sharedCode') }),
    });
    expect($codesResult.get()).toBeNull();
  });

  it("'Sostituisci i codici' asks first, then replaces (PUT); saying no sends nothing", async () => {
    const unregister = registerDialogHost();
    let agree = false;
    const asked: string[] = [];
    const stop = $dialog.listen((request) => {
      if (!request) return;
      asked.push(request.options.message);
      queueMicrotask(() => request.resolve(agree));
    });
    try {
      answer = (c) =>
        c.method === 'PUT'
          ? { status: 200, body: { loaded: 2, duplicates: 0, total: 2 } }
          : { status: 200, body: counts({ state: 'before', loaded: 2 }) };
      expect(await uploadCodes('tour', milano!, 'R1\nR2\n', true)).toBe(false);
      expect(calls).toEqual([]);
      agree = true;
      expect(await uploadCodes('tour', milano!, 'R1\nR2\n', true)).toBe(true);
      expect(calls[0]).toMatchObject({ method: 'PUT', path: `${BASE}/11/presale-codes` });
      expect(asked[0]).toBe(t('presale.fans.replace.confirm', { total: 3, date: '12/05/2099 · Milano', count: 2 }));
      expect($notice.get()!.text).toBe('Caricati 2 codici: ora sono 2');
    } finally {
      stop();
      unregister();
    }
  });
});

describe('a presale of one-time codes with none loaded', () => {
  it('its row warns that the fans get nothing until codes come; not with codes, a shared code, or over', () => {
    const empty = page();
    empty.buttons[0]!.presale = presale({ codes: 0 });
    const [torino, milano] = presaleDates(empty, START_MS - 1);
    expect(dateWaitsForCodes(milano!, null)).toBe(true);
    expect(dateWaitsForCodes(torino!, null)).toBe(false);
    expect(dateWaitsForCodes({ ...milano!, state: 'over' }, null)).toBe(false);
    // the figures' answer wins: codes loaded since the page was read, or the server's clock
    expect(dateWaitsForCodes(milano!, counts({ loaded: 0, sent: 0, left: 0 }))).toBe(true);
    expect(dateWaitsForCodes(milano!, counts({ loaded: 2 }))).toBe(false);
    expect(dateWaitsForCodes(milano!, counts({ loaded: 0, state: 'over' }))).toBe(false);
    const [, loaded] = presaleDates(page(), START_MS - 1);
    expect(dateWaitsForCodes(loaded!, null)).toBe(false);
  });

  it('the Fan view shows the warning in that row only', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { FanPresales } = await import('../../src/islands/editor/extras/fans/FanPresales');
    const { $loadedPage } = await import('../../src/stores/editor/state');
    const empty = page();
    empty.buttons[0]!.presale = presale({ codes: 0 });
    $loadedPage.set(empty);
    try {
      const html = renderToStaticMarkup(createElement(FanPresales, { slug: 'tour' }));
      // Milano (no code loaded) warns; Torino (a shared code) does not
      expect(html.match(/data-testid="presale-no-codes"/g)).toHaveLength(1);
      expect(html).toContain(t('presale.editor.noCodes'));
      $loadedPage.set(page());
      expect(renderToStaticMarkup(createElement(FanPresales, { slug: 'tour' }))).not.toContain('presale-no-codes');
    } finally {
      $loadedPage.set(null);
    }
  });
});
