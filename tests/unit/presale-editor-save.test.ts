// The one-time codes typed in the editor, sent after the page's save
// (docs/behaviour.md#presales-in-the-editor): not in the page's JSON, then POST (adds) or PUT
// ('Sostituisci i codici') to the saved date's id read from the save's answer, the count shown
// once the form is read again; a failed upload says so and keeps the codes for the next save.
// Through the real API client to the stand-in Worker (editor-worker.ts), with its presale field
// and codes route added here as the Worker answers them (worker/routes/presale.ts).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { parseCodes } from '../../src/core/presale';
import type { PagePayload } from '../../src/core/schemas/page';
import { $textDraft, commitDraft, editButton, setCta, setCtaOnSale, setTextField } from '../../src/stores/editor/draft';
import { $notice } from '../../src/stores/editor/notice';
import { $presaleDraft, setPresaleField } from '../../src/stores/editor/presale';
import { save } from '../../src/stores/editor/save';
import { $buttons, $dirty, type EditorTextButton } from '../../src/stores/editor/state';
import { calls, installWorker, open, stored } from './editor-worker';
import { presaleEvent, savedPage } from './saved-page';

installWorker();

const list = () => $buttons.get() as EditorTextButton[];

/** the codes each date holds on the stand-in, and whether its route fails */
let codes: Map<number, Set<string>>;
let failCodes = false;

/** The stand-in's page routes, with the presale stored and answered with its codes' count. */
beforeEach(() => {
  codes = new Map();
  failCodes = false;
  const pages = globalThis.fetch;
  const withCounts = () => {
    for (const b of stored.buttons) if (b.presale) b.presale = { ...b.presale, codes: codes.get(b.id)?.size ?? 0 };
    return new Response(JSON.stringify(stored), { status: 200 });
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const m = /\/buttons\/(\d+)\/presale-codes$/.exec(String(path));
      if (m) {
        calls.push({ method, path: String(path), body: init?.body });
        if (failCodes) return new Response(JSON.stringify({ detail: 'Servizio non disponibile' }), { status: 503 });
        const id = Number(m[1]);
        const held = method === 'PUT' ? new Set<string>() : (codes.get(id) ?? new Set<string>());
        const parsed = parseCodes(String(init?.body));
        const before = held.size;
        for (const code of parsed.codes) held.add(code);
        codes.set(id, held);
        const loaded = held.size - before;
        const result = { loaded, duplicates: parsed.codes.length - loaded + parsed.duplicates, total: held.size };
        return new Response(JSON.stringify(result), { status: 200 });
      }
      const kept = stored.buttons.map((b) => ({ id: b.id, presale: b.presale }));
      const res = await pages(path, init);
      if (String(path) !== pagePaths.page(stored.folder_name) || !res.ok) return res;
      if (method === 'PUT') {
        // a save that leaves the field out keeps the stored presale (docs/behaviour.md#presales)
        const before = new Map(kept.map((b) => [b.id, b.presale]));
        const payload = JSON.parse(String(init?.body)) as PagePayload;
        stored.buttons.forEach((b, i) => {
          const sent = payload.buttons?.[i];
          if (sent && 'presale' in sent) {
            b.presale = sent.presale ? { ...sent.presale, ends_at: sent.presale.ends_at ?? null, codes: 0 } : null;
          } else b.presale = before.get(b.id) ?? null;
        });
      }
      return withCounts();
    }),
  );
});

/** A new date for Milano with a presale and three one-time codes typed. */
function addMilano(text = 'A1\nA2\nA3\n'): void {
  setTextField('data', '12/05/2099');
  setTextField('city', 'Milano');
  setTextField('venue', 'Alcatraz');
  const row = $textDraft.get().ctas[0]!.rowId;
  setCta(row, { url: 'https://t.example/milano' });
  setCtaOnSale(row, '2099-05-12T10:00');
  setPresaleField('startsAt', '2099-05-10T10:00');
  setPresaleField('url', 'https://pre.example/milano');
  setPresaleField('codesText', text);
  expect(commitDraft('text')).toBe(true);
}

const codeCalls = () => calls.filter((c) => c.path.includes('/presale-codes'));

describe('one-time codes after the save', () => {
  it('a new date: the page (codes not in it), then POST to the id the save answered; the count shown', async () => {
    open(savedPage({ buttons: [presaleEvent(1, 'Roma')] }));
    addMilano();
    expect(await save()).toBe(true);
    const put = calls.find((c) => c.method === 'PUT' && c.path === pagePaths.page('tour'))!;
    expect(JSON.stringify(put.body)).not.toContain('A2');
    expect((put.body as PagePayload).buttons![1]!.presale).toEqual({
      starts_at: '2099-05-10T08:00:00Z',
      ends_at: null,
      url: 'https://pre.example/milano',
      shared_code: null,
    });
    const newId = stored.buttons[1]!.id;
    expect(codeCalls()).toEqual([{ method: 'POST', path: pagePaths.presaleCodes('tour', newId), body: 'A1\nA2\nA3' }]);
    // the form read again: the loaded count, nothing typed left, nothing to save
    expect(list()[1]!.presale?.codes).toBe(3);
    expect(list()[1]!.presaleCodes).toBeUndefined();
    expect($dirty.get()).toBe(false);
    expect($notice.get()?.kind).toBe('success');
    editButton(list()[1]!.key);
    expect($presaleDraft.get()).toMatchObject({ startsAt: '2099-05-10T10:00', codesText: '', kind: 'codes' });
  });

  it("'Sostituisci i codici' before the start: PUT; a page without typed codes sends none", async () => {
    const presale = {
      starts_at: '2099-05-10T08:00:00Z',
      ends_at: null,
      url: 'https://pre.example/r',
      shared_code: null,
      codes: 0,
    };
    codes.set(1, new Set(['OLD1', 'OLD2']));
    open(savedPage({ buttons: [presaleEvent(1, 'Roma', { ...presale, codes: 2 })] }));
    expect(await save()).toBe(true);
    expect(codeCalls()).toEqual([]);
    editButton(list()[0]!.key);
    setPresaleField('replace', true);
    setPresaleField('codesText', 'N1\nN2\nN3\nN1');
    expect(commitDraft('text')).toBe(true);
    expect(await save()).toBe(true);
    expect(codeCalls()).toEqual([{ method: 'PUT', path: pagePaths.presaleCodes('tour', 1), body: 'N1\nN2\nN3\nN1' }]);
    expect([...codes.get(1)!]).toEqual(['N1', 'N2', 'N3']);
    expect(list()[0]!.presale?.codes).toBe(3);
  });

  it('a failed upload says so and keeps the typed codes on their row; the next save sends them', async () => {
    open(savedPage({ buttons: [presaleEvent(1, 'Roma')] }));
    addMilano('C1\nC2\nC3');
    failCodes = true;
    expect(await save()).toBe(true);
    expect($notice.get()).toMatchObject({
      kind: 'error',
      text: 'Pagina salvata, ma i codici della prevendita di Milano, 12/05/2099 non sono stati caricati: Servizio non disponibile. Sono rimasti nel modulo: salva di nuovo per riprovare.',
    });
    // the page is saved (with the presale), the codes are still there to send
    expect(stored.buttons[1]!.presale).toMatchObject({ url: 'https://pre.example/milano' });
    expect(list()[1]!.presaleCodes).toEqual({ text: 'C1\nC2\nC3', replace: false });
    expect($dirty.get()).toBe(true);
    failCodes = false;
    expect(await save()).toBe(true);
    expect(codeCalls().map((c) => c.method)).toEqual(['POST', 'POST']);
    expect(list()[1]!.presale?.codes).toBe(3);
    expect(list()[1]!.presaleCodes).toBeUndefined();
    expect($dirty.get()).toBe(false);
  });

  it('a shared code sends no codes', async () => {
    open(savedPage({ buttons: [presaleEvent(1, 'Roma')] }));
    editButton(list()[0]!.key);
    setPresaleField('startsAt', '2099-05-10T10:00');
    setPresaleField('url', 'https://pre.example/roma');
    setPresaleField('codesText', 'X1');
    setPresaleField('kind', 'shared');
    setPresaleField('sharedCode', 'ROMA');
    expect(commitDraft('text')).toBe(true);
    expect(await save()).toBe(true);
    expect(codeCalls()).toEqual([]);
    expect(stored.buttons[0]!.presale).toMatchObject({ shared_code: 'ROMA' });
  });
});
