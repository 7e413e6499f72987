// Exporting dates and importing them into the editor
// (docs/behaviour.md#importing-and-exporting-dates): the export and its round trip, the import
// preview and the import itself. The parser's formats and errors: event-rows.test.ts.
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanEventPart, cleanLabel } from '../../src/core/button-codec';
import { parseEventRows, serialiseEventRows } from '../../src/core/event-rows';
import { BUTTONS_MAX } from '../../src/core/schemas/page';
import { romeLocalToUtc, utcToRomeLocal } from '../../src/core/schedule';
import { $buttons, $form } from '../../src/stores/editor/state';
import {
  $importText,
  exportFileName,
  importRows,
  listEvents,
  previewOf,
  setImportText,
} from '../../src/stores/editor/import';
import { resetEditor } from '../../src/stores/editor/load';
import { $notice } from '../../src/stores/editor/notice';
import { errors, ev, events, TICKET, VIVA } from './event-rows-helpers';

describe('serialiseEventRows: the export', () => {
  it('writes a BOM, a header, ;-separated rows with CRLF, and quotes what needs it', () => {
    const csv = serialiseEventRows([
      ev('12/05/2027', 'Milano', 'Alcatraz', [TICKET, 'biglietti']),
      ev('13/05', 'Reggio; Emilia', 'Teatro "Valli"', [VIVA, 'soldout'], ['', 'VIP, posti limitati']),
    ]);
    expect(csv).toBe(
      '\uFEFFData;Città;Locale;Link;Etichetta;In vendita dal;Link 2;Etichetta 2;In vendita dal 2\r\n' +
        `12/05/2027;Milano;Alcatraz;${TICKET};biglietti;\r\n` +
        `13/05;"Reggio; Emilia";"Teatro ""Valli""";${VIVA};soldout;;;"VIP, posti limitati";`,
    );
  });

  it('writes only the header for no events, and the import reads that as nothing', () => {
    const csv = serialiseEventRows([]);
    expect(csv).toBe('\uFEFFData;Città;Locale;Link;Etichetta;In vendita dal');
    expect(parseEventRows(csv)).toEqual([]);
  });

  it('round trip: export → import gives the same events, tricky values included', () => {
    const tricky = [
      ev('sab 12 maggio, ore 21', 'Reggio; Emilia', 'Teatro "Valli"', [
        `${TICKET}?utm_source=palco&a=1,2;3`,
        'biglietti',
      ]),
      ev('13/05/2027', 'Città di Castello', 'Caffè “Nero”', [VIVA, 'soldout']),
      ev('14/05', 'Forlì', 'Sala\tA', [VIVA, 'Ultimi posti!'], ['', 'tickets'], [TICKET, 'VIP; "gold"']),
      ev('15/05', 'Data', 'Città', [TICKET, 'biglietti']),
      ev('16/05', '=HYPERLINK("https://x.example")', "'@sala", [TICKET, '+ info'], [VIVA, "''=1"]),
    ];
    const normal = tricky.map((e) => ({ ...e, venue: cleanEventPart(e.venue, true) }));
    expect(events(parseEventRows(serialiseEventRows(tricky)))).toEqual(normal);
    expect(errors(parseEventRows(serialiseEventRows(tricky)))).toEqual([]);
  });

  it('the export guards cells a spreadsheet would run as formulas; the import takes the guard off', () => {
    const csv = serialiseEventRows([ev('16/05', '=1+1', '@venue', [TICKET, '-sconto'], [VIVA, "'x"])]);
    expect(csv).toContain(`;"'=1+1";"'@venue";`);
    expect(csv).toContain(`;"'-sconto";`);
    expect(csv).toContain(`;"''x"`);
    expect(events(parseEventRows(csv))[0]).toMatchObject({ city: '=1+1', venue: '@venue' });
  });

  const char = fc.constantFrom(
    ...['a', 'Z', 'è', 'à', '“', ' ', ';', ',', '"', '\t', '\n', '-', '|', '1', '/', "'", '€', '=', '+', '@'],
  );
  const part = fc.string({ unit: char, maxLength: 20 }).filter((s) => cleanEventPart(s) !== '');
  const label = fc.oneof(
    fc.constantFrom('biglietti', 'tickets', 'soldout', ''),
    fc.string({ unit: char, maxLength: 20 }),
  );
  const link = fc.oneof(
    fc.constantFrom(TICKET, VIVA, ''),
    fc
      .string({ unit: fc.constantFrom('a', ';', ',', '"', '=', '&', '?', '/', 'è'), maxLength: 12 })
      .map((s) => `https://example.com/${s}`),
  );
  // an on-sale instant as the editor sets it: a Europe/Rome minute, or none
  const onSale = fc.oneof(
    fc.constant(null),
    fc
      .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:00Z'), noInvalidDate: true })
      .map((d) => romeLocalToUtc(utcToRomeLocal(d.toISOString()))),
  );
  const cta = fc.record({ url: link, buttonText: label, on_sale_at: onSale });
  const event = fc.record({
    date: part,
    city: part,
    venue: part,
    ctas: fc.array(cta, { minLength: 1, maxLength: 10 }).filter((cs) => cs.some((c) => c.url !== '')),
  });

  it('round trip (property): import(export(events)) gives the events as the editor would save them', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 6 }), (list) => {
        const saved = list.map((e) => ({
          date: cleanEventPart(e.date),
          city: cleanEventPart(e.city),
          venue: cleanEventPart(e.venue, true),
          ctas: e.ctas.map((c) => ({ url: c.url, buttonText: cleanLabel(c.buttonText), on_sale_at: c.on_sale_at })),
        }));
        const back = parseEventRows(serialiseEventRows(list));
        expect(errors(back)).toEqual([]);
        expect(events(back)).toEqual(saved);
        // and what was saved goes round unchanged
        expect(events(parseEventRows(serialiseEventRows(saved)))).toEqual(saved);
      }),
      { numRuns: 300 },
    );
    // the on-sale instants go through Intl's Europe/Rome clock: slower than the rest on a busy machine
  }, 20_000);
});

describe('the import preview of the editor', () => {
  const three = [`12/05;Milano;Alcatraz;${TICKET}`, `13/05;Roma;Atlantico;${VIVA}`, `14/05;Bari;Demodè;${VIVA}`].join(
    '\n',
  );

  it('lists the good rows while the page has room, and the rest as bad rows', () => {
    expect(previewOf(three, 0).good.map((r) => r.line)).toEqual([1, 2, 3]);
    const nearlyFull = previewOf(three, BUTTONS_MAX - 1);
    expect(nearlyFull.good.map((r) => r.line)).toEqual([1]);
    expect(nearlyFull.bad.map((r) => r.error)).toEqual([
      `Riga 2: oltre il massimo di ${BUTTONS_MAX} pulsanti della pagina`,
      `Riga 3: oltre il massimo di ${BUTTONS_MAX} pulsanti della pagina`,
    ]);
    expect(previewOf(`x\n${three}`, BUTTONS_MAX).good).toEqual([]);
    expect(previewOf(`x\n${three}`, BUTTONS_MAX).bad.map((r) => r.line)).toEqual([1, 2, 3, 4]);
  });
});

describe('the import into the editor (links off the ticket hosts: no tracking call)', () => {
  beforeEach(() => {
    resetEditor();
    $notice.set(null);
    setImportText('');
  });

  const rows = [
    'Data;Città;Locale;Link',
    '1/6;Pisa;Lumière;https://example.com/a',
    '2/6;;Nessuno;x',
    '3/6;Lucca;Foro;www.example.org/b;VIP',
  ];

  it('appends the good rows after the list in their order, clears the text and says how many', async () => {
    setImportText(rows.join('\n'));
    expect(previewOf($importText.get(), 0).bad.map((r) => r.error)).toEqual(['Riga 3: manca la città']);
    await expect(importRows()).resolves.toBe(2);
    expect(listEvents()).toEqual([
      ev('1/6', 'Pisa', 'Lumière', ['https://example.com/a', 'biglietti']),
      ev('3/6', 'Lucca', 'Foro', ['www.example.org/b', 'VIP']),
    ]);
    expect($importText.get()).toBe('');
    expect($notice.get()?.text).toBe('Aggiunte 2 date');
    // a second import goes after the first
    setImportText('4/6;Siena;Piazza;https://example.com/c');
    await expect(importRows()).resolves.toBe(1);
    expect(listEvents().map((e) => e.city)).toEqual(['Pisa', 'Lucca', 'Siena']);
    expect($notice.get()?.text).toBe('Aggiunta 1 data');
  });

  it('adds nothing to a page in image mode, nor from a text without good rows', async () => {
    $form.setKey('mode', 'image');
    setImportText(rows.join('\n'));
    await expect(importRows()).resolves.toBe(0);
    expect($buttons.get()).toEqual([]);
    expect($notice.get()?.text).toBe('L’importazione delle date funziona solo con i pulsanti di testo');
    $form.setKey('mode', 'text');
    setImportText('2/6;;Nessuno;x');
    await expect(importRows()).resolves.toBe(0);
    expect($buttons.get()).toEqual([]);
  });

  it('names the export after the slug, or date-date.csv without one', () => {
    expect(exportFileName()).toBe('date-date.csv');
    $form.setKey('slug', 'tour2027');
    expect(exportFileName()).toBe('tour2027-date.csv');
  });
});
