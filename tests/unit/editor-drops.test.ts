// Ticket drops in the editor's stores (docs/behaviour.md#ticket-drops-in-the-editor): the sale
// fields carried through load → list → creator → payload → preview, the 'soldout' label in step
// with 'Sold out', the list's badge, and the one-tap change saved alone. The network is a
// stand-in for the Worker's PATCH route that answers with the shared rule (src/core/on-sale.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applySaleChange, type SaleChange } from '../../src/core/on-sale';
import { normaliseButtons } from '../../src/core/schemas/page';
import { $buttons, $dirty, $form, $loadedPage, type EditorTextButton } from '../../src/stores/editor/state';
import type { ButtonAsReceived } from '../../src/stores/editor/core';
import {
  $textDraft,
  commitDraft,
  editButton,
  resetDraft,
  setCtaAvailability,
  setCtaOnSale,
  setCtaPreset,
} from '../../src/stores/editor/draft';
import { badgeOf, badgeText, setEventAvailability } from '../../src/stores/editor/drops';
import { setTitle } from '../../src/stores/editor/form';
import { applyPage, resetEditor } from '../../src/stores/editor/load';
import { buildPayload, previewPage } from '../../src/stores/editor/payload';
import { savedPage } from './saved-page';
import { API_PREFIX } from '../../src/core/api-paths';

const DROP = '2027-05-12T08:00:00Z'; // 10:00 in Rome (summer time)

function saved(id: number, city: string, ctas: ButtonAsReceived['cta_buttons']): ButtonAsReceived {
  return {
    id,
    position: id,
    type: 'text',
    text: `12/05/2027 - ${city} - Alcatraz|${ctas?.[0]?.buttonText ?? 'biglietti'}`,
    image_path: null,
    url: ctas?.[0]?.url ?? null,
    click_count: 4,
    cta_buttons: ctas,
  };
}

const page = () =>
  savedPage({
    buttons: [
      saved(1, 'Milano', [
        { url: 'https://t.example/1', buttonText: 'biglietti', on_sale_at: DROP, availability: 'on_sale' },
        { url: 'https://t.example/vip', buttonText: 'VIP', on_sale_at: null, availability: 'limited' },
      ]),
      saved(2, 'Roma', [
        { url: 'https://t.example/2', buttonText: 'soldout', on_sale_at: null, availability: 'sold_out' },
      ]),
    ],
  });

const list = () => $buttons.get() as EditorTextButton[];

beforeEach(() => {
  resetEditor();
  resetDraft();
});
afterEach(() => vi.unstubAllGlobals());

describe('the sale fields through the editor', () => {
  it('load → list → creator → list again → payload → preview, with nothing lost and nothing to save', () => {
    applyPage(page());
    expect(list()[0]!.ctaButtons).toEqual(page().buttons[0]!.cta_buttons);
    editButton(list()[0]!.key);
    const rows = $textDraft.get().ctas;
    expect(rows.map((r) => [r.onSaleAt, r.availability, r.preset])).toEqual([
      ['2027-05-12T10:00', 'on_sale', 'biglietti'],
      ['', 'limited', 'custom'],
    ]);
    expect(commitDraft('text')).toBe(true);
    expect($dirty.get()).toBe(false);
    const payload = buildPayload();
    expect(payload.buttons.map((b) => b.cta_buttons)).toEqual(page().buttons.map((b) => b.cta_buttons));
    expect(previewPage().buttons.map((b) => b.cta_buttons)).toEqual(page().buttons.map((b) => b.cta_buttons));
  });

  it('keeps a saved instant to the second while its field is unchanged; a new one is read in Rome time', () => {
    const odd = '2027-10-31T00:30:30Z'; // 02:30 of the first of the two autumn 02:30s, and 30 s
    applyPage(
      savedPage({
        buttons: [
          saved(1, 'Milano', [
            { url: 'https://t.example/1', buttonText: 'biglietti', on_sale_at: odd, availability: 'on_sale' },
          ]),
        ],
      }),
    );
    editButton(list()[0]!.key);
    commitDraft('text');
    expect(list()[0]!.ctaButtons[0]!.on_sale_at).toBe(odd);
    editButton(list()[0]!.key);
    const row = $textDraft.get().ctas[0]!.rowId;
    setCtaOnSale(row, '2028-01-15T21:00');
    commitDraft('text');
    expect(list()[0]!.ctaButtons[0]!.on_sale_at).toBe('2028-01-15T20:00:00Z');
    editButton(list()[0]!.key);
    setCtaOnSale($textDraft.get().ctas[0]!.rowId, '');
    commitDraft('text');
    expect(list()[0]!.ctaButtons[0]!.on_sale_at).toBeNull();
    expect(buildPayload().buttons[0]!.cta_buttons![0]!.on_sale_at).toBeNull();
  });

  it("keeps the 'soldout' label and 'Sold out' in step, both ways", () => {
    const row = () => $textDraft.get().ctas[0]!;
    setCtaPreset(row().rowId, 'soldout');
    expect(row()).toMatchObject({ preset: 'soldout', availability: 'sold_out' });
    setCtaAvailability(row().rowId, 'limited');
    expect(row()).toMatchObject({ preset: 'biglietti', availability: 'limited' });
    setCtaAvailability(row().rowId, 'sold_out');
    expect(row()).toMatchObject({ preset: 'soldout', availability: 'sold_out' });
    setCtaPreset(row().rowId, 'tickets');
    expect(row()).toMatchObject({ preset: 'tickets', availability: 'on_sale' });
    // a custom label is kept for 'Ultimi biglietti', replaced by 'soldout' for 'Sold out'
    setCtaPreset(row().rowId, 'custom');
    $textDraft.setKey('ctas', [{ ...row(), custom: 'VIP' }]);
    setCtaAvailability(row().rowId, 'limited');
    expect(row()).toMatchObject({ preset: 'custom', custom: 'VIP', availability: 'limited' });
    setCtaAvailability(row().rowId, 'sold_out');
    expect(row()).toMatchObject({ preset: 'soldout', availability: 'sold_out' });
  });
});

describe('the badge', () => {
  const at = Date.parse('2027-05-01T00:00:00Z');
  const cta = (over: object) => ({
    url: '',
    buttonText: 'biglietti',
    on_sale_at: null,
    availability: 'on_sale' as const,
    ...over,
  });

  it("reads 'In vendita dal 12/05 10:00', 'In vendita', 'Ultimi biglietti', 'Sold out'", () => {
    expect(badgeText(badgeOf({ ctaButtons: [cta({ on_sale_at: DROP })] }, at))).toBe('In vendita dal 12/05 10:00');
    expect(badgeText(badgeOf({ ctaButtons: [cta({ on_sale_at: DROP })] }, Date.parse(DROP)))).toBe('In vendita');
    expect(badgeText(badgeOf({ ctaButtons: [cta({ availability: 'limited' })] }, at))).toBe('Ultimi biglietti');
    expect(badgeText(badgeOf({ ctaButtons: [cta({ buttonText: 'soldout' })] }, at))).toBe('Sold out');
    // winter time: 12 December 09:00 UTC is 10:00 in Rome
    expect(badgeText(badgeOf({ ctaButtons: [cta({ on_sale_at: '2027-12-12T09:00:00Z' })] }, at))).toBe(
      'In vendita dal 12/12 10:00',
    );
  });

  it('shows what the CTA a fan can do most with offers; waiting, the earliest instant', () => {
    const sold = cta({ availability: 'sold_out' });
    expect(badgeOf({ ctaButtons: [sold, cta({ availability: 'limited' })] }, at).state).toBe('limited');
    expect(badgeOf({ ctaButtons: [cta({ availability: 'limited' }), cta({})] }, at).state).toBe('on_sale');
    expect(
      badgeOf({ ctaButtons: [sold, cta({ on_sale_at: '2027-06-01T08:00:00Z' }), cta({ on_sale_at: DROP })] }, at),
    ).toEqual({ state: 'waiting', at: DROP });
    expect(badgeOf({ ctaButtons: [sold, sold] }, at).state).toBe('sold_out');
  });
});

describe('the one-tap change', () => {
  let bodies: Array<{ path: string; method: string; body: SaleChange & { cta?: number } }> = [];

  /** The PATCH route's answer by the shared rule, from the page as the test saved it. */
  function fakeRoute(path: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const body = JSON.parse(String(init?.body)) as SaleChange & { cta?: number };
    bodies.push({ path: String(path), method: String(init?.method), body });
    const id = Number(String(path).split('/').pop());
    const stored = page().buttons.find((b) => b.id === id)!;
    const ctas = stored.cta_buttons!.map((c) => applySaleChange(c, body));
    const [b] = normaliseButtons([{ type: 'text', text: stored.text, cta_buttons: ctas }]);
    const answer = { ...stored, text: b!.text, url: b!.url, cta_buttons: b!.cta_buttons };
    return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
  }

  beforeEach(() => {
    bodies = [];
    vi.stubGlobal('fetch', vi.fn(fakeRoute));
  });

  it('saves that event alone, shows it, and leaves the other unsaved changes unsaved', async () => {
    applyPage(page());
    setTitle('Tour 2027 – nuove date');
    // an unsaved edit of the same event: its venue
    $buttons.set(list().map((b, i) => (i === 0 ? { ...b, venue: 'Fabrique' } : b)));
    expect(await setEventAvailability(list()[0]!.key, 'sold_out')).toBe(true);
    expect(bodies).toEqual([
      { path: `${API_PREFIX.pages}/tour/buttons/1`, method: 'PATCH', body: { availability: 'sold_out' } },
    ]);
    expect(list()[0]!.ctaButtons.map((c) => [c.buttonText, c.availability])).toEqual([
      ['soldout', 'sold_out'],
      ['soldout', 'sold_out'],
    ]);
    expect(badgeText(badgeOf(list()[0]!))).toBe('Sold out');
    expect(list()[0]!.venue).toBe('Fabrique');
    expect($form.get().title).toBe('Tour 2027 – nuove date');
    expect($loadedPage.get()!.buttons[0]!.cta_buttons![0]!.availability).toBe('sold_out');
    // still unsaved: the title and the venue; the sale change is not
    expect($dirty.get()).toBe(true);
    setTitle('Tour');
    $buttons.set(list().map((b, i) => (i === 0 ? { ...b, venue: 'Alcatraz' } : b)));
    expect($dirty.get()).toBe(false);
    // and the next save sends it as saved
    expect(buildPayload().buttons[0]!.cta_buttons![0]).toMatchObject({
      buttonText: 'soldout',
      availability: 'sold_out',
    });
  });

  it('puts a sold-out event back on sale with the biglietti label; an unsaved event cannot be changed alone', async () => {
    applyPage(page());
    expect(await setEventAvailability(list()[1]!.key, 'on_sale')).toBe(true);
    expect(list()[1]!.ctaButtons[0]).toMatchObject({ buttonText: 'biglietti', availability: 'on_sale' });
    expect($dirty.get()).toBe(false);
    $buttons.set([...list(), { ...list()[0]!, key: 'new', id: undefined }]);
    expect(await setEventAvailability('new', 'sold_out')).toBe(false);
    expect(bodies).toHaveLength(1);
  });

  it('an error leaves the list as it was and says why', async () => {
    applyPage(page());
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ detail: 'Pagina non trovata' }), { status: 404 }))),
    );
    expect(await setEventAvailability(list()[0]!.key, 'sold_out')).toBe(false);
    expect(list()[0]!.ctaButtons[0]!.availability).toBe('on_sale');
    expect($dirty.get()).toBe(false);
  });
});
