import { describe, expect, it } from 'vitest';
import type { VersionButton, VersionSnapshot } from '../../src/core/schemas/versions';
import { eventLabel, restoredSummary, versionSummary, versionWhen } from '../../src/core/version-summary';
import { savedPage } from './saved-page';

function event(id: number, text: string, extra: Partial<VersionButton> = {}): VersionButton {
  const label = text.split('|')[1] ?? 'biglietti';
  return {
    id,
    position: id,
    type: 'text',
    text,
    image_path: null,
    url: 'https://t.it/a',
    cta_buttons: [{ url: 'https://t.it/a', buttonText: label, on_sale_at: null, availability: 'on_sale' }],
    ...extra,
  };
}

function image(id: number, path: string): VersionButton {
  return { id, position: id, type: 'image', text: 'Locandina', image_path: path, url: null, cta_buttons: null };
}

const MILANO = event(1, '12/07/2026 - Milano - Alcatraz|biglietti');
const ROMA = event(2, 'sab 14 luglio 2026 - Roma - Atlantico|biglietti');
const BOLOGNA = event(3, '15/07/2026 - Bologna - Estragon|biglietti');

/** The saved page 'tour' as a version keeps it (no views, no save time, no alerts). */
function page(patch: Partial<VersionSnapshot> = {}): VersionSnapshot {
  const {
    view_page: _views,
    updated_at: _updated,
    fan_alerts: _alerts,
    buttons: _buttons,
    ...stored
  } = savedPage({ header: '/dati/tour/a.png', created_at: '2026-01-01T00:00:00Z' });
  return { ...stored, buttons: [BOLOGNA], ...patch };
}

function soldOut(b: VersionButton): VersionButton {
  return { ...b, cta_buttons: b.cta_buttons!.map((c) => ({ ...c, buttonText: 'soldout', availability: 'sold_out' })) };
}

describe('versionSummary', () => {
  it('reads as the one-line summary of the Cronologia', () => {
    const before = page();
    const after = page({ title: 'Tour 2026', buttons: [soldOut(BOLOGNA), MILANO, ROMA] });
    expect(versionSummary(before, after)).toBe(
      'Aggiunte 2 date: Milano 12/07, Roma 14/07 · Bologna 15/07 esaurito · titolo cambiato',
    );
  });

  it('tells when the dates kept changed places', () => {
    const a = { ...MILANO, position: 1 };
    const b = { ...ROMA, position: 2 };
    expect(
      versionSummary(
        page({ buttons: [a, b] }),
        page({
          buttons: [
            { ...b, position: 1 },
            { ...a, position: 2 },
          ],
        }),
      ),
    ).toBe('Ordine cambiato');
  });

  it('names a first version and a save that changes nothing', () => {
    expect(versionSummary(null, page())).toBe('Pagina creata');
    expect(versionSummary(page(), page())).toBe('Nessuna modifica');
  });

  it('counts removed and changed dates, one or many, naming at most three', () => {
    const all = [MILANO, ROMA, BOLOGNA, event(4, '16/07/2026 - Pisa - Lumiere|b'), event(5, '17/07/2026 - Bari - X|b')];
    expect(versionSummary(page({ buttons: all }), page({ buttons: [] }))).toBe(
      'Tolte 5 date: Milano 12/07, Roma 14/07, Bologna 15/07 e altre 2',
    );
    expect(versionSummary(page({ buttons: [MILANO] }), page({ buttons: [] }))).toBe('Tolta 1 data: Milano 12/07');
    const moved = { ...MILANO, text: '13/07/2026 - Milano - Alcatraz|biglietti' };
    expect(versionSummary(page({ buttons: [MILANO] }), page({ buttons: [moved] }))).toBe(
      'Modificata 1 data: Milano 13/07',
    );
  });

  it('tells availability and on-sale instants apart from links', () => {
    const limited = { ...BOLOGNA, cta_buttons: [{ ...BOLOGNA.cta_buttons![0]!, availability: 'limited' as const }] };
    expect(versionSummary(page(), page({ buttons: [limited] }))).toBe('Bologna 15/07 ultimi biglietti');
    // back on sale from sold out: the label turning back is not a change of link
    const back = { ...BOLOGNA, cta_buttons: [{ ...BOLOGNA.cta_buttons![0]!, buttonText: 'Biglietti' }] };
    expect(versionSummary(page({ buttons: [soldOut(BOLOGNA)] }), page({ buttons: [back] }))).toBe(
      'Bologna 15/07 in vendita',
    );
    const timed = {
      ...BOLOGNA,
      cta_buttons: [{ ...BOLOGNA.cta_buttons![0]!, on_sale_at: '2026-06-01T08:00:00Z' }],
    };
    expect(versionSummary(page(), page({ buttons: [timed] }))).toBe('Bologna 15/07: apertura vendite cambiata');
    const linked = {
      ...BOLOGNA,
      url: 'https://t.it/b',
      cta_buttons: [{ ...BOLOGNA.cta_buttons![0]!, url: 'https://t.it/b' }],
    };
    expect(versionSummary(page(), page({ buttons: [linked] }))).toBe('Link cambiato: Bologna 15/07');
  });

  it('counts image buttons added, removed and changed', () => {
    const a = image(10, '/dati/tour/1.png');
    const b = image(11, '/dati/tour/2.png');
    expect(versionSummary(page({ buttons: [] }), page({ buttons: [a, b] }))).toBe('Aggiunti 2 pulsanti');
    expect(versionSummary(page({ buttons: [a, b] }), page({ buttons: [a] }))).toBe('Tolto 1 pulsante');
    expect(versionSummary(page({ buttons: [a] }), page({ buttons: [{ ...a, image_path: '/dati/tour/3.png' }] }))).toBe(
      'Modificato 1 pulsante',
    );
  });

  it('names every page setting that changed', () => {
    const before = page();
    const after = page({
      display_title: 'Altro',
      header: '/dati/tour/b.png',
      style: 'dark',
      visible: false,
      visible_until: '2026-09-01T00:00:00Z',
      show_past: true,
      fan_signup: false,
      sale_reminder: false,
    });
    expect(versionSummary(before, after)).toBe(
      'Titolo mostrato cambiato · testata cambiata · stile cambiato · pagina nascosta · programmazione cambiata · ' +
        'date passate mostrate · Avvisami disattivato · promemoria della vendita disattivato',
    );
    expect(
      versionSummary(page({ header_poster: '/dati/tour/p1.png' }), page({ header_poster: '/dati/tour/p2.png' })),
    ).toBe('Copertina del video cambiata');
    expect(versionSummary(page({ custom_styles: { a: 1 } }), page({ custom_styles: { a: 2 } }))).toBe('Stile cambiato');
    expect(versionSummary(page({ visible: false }), page())).toBe('Pagina visibile');
  });
});

describe('the labels and a restore', () => {
  it('an event is its city (else venue) and day/month (else the date as typed)', () => {
    expect(eventLabel(MILANO)).toBe('Milano 12/07');
    expect(eventLabel({ text: 'Ferragosto -  - Arena|b' })).toBe('Arena Ferragosto');
    expect(eventLabel({ text: '' })).toBe('data senza nome');
  });

  it('a restore names the version it brought back, in Rome time, then what changed', () => {
    expect(versionWhen('2026-07-12T19:30:00Z')).toBe('12/07/2026 alle 21:30');
    expect(restoredSummary('2026-01-05T08:05:00Z', page({ title: 'X' }), page())).toBe(
      'Ripristinata la versione del 05/01/2026 alle 09:05 · titolo cambiato',
    );
    expect(restoredSummary('2026-01-05T08:05:00Z', page(), page())).toBe(
      'Ripristinata la versione del 05/01/2026 alle 09:05',
    );
  });
});
