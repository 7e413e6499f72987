// Importing dates (docs/behaviour.md#importing-and-exporting-dates): the formats the parser reads,
// its errors by line, and the on-sale column. The export and the editor's import:
// event-rows-export.test.ts.
import { describe, expect, it } from 'vitest';
import { MAX_COLUMNS, parseEventRows, serialiseEventRows } from '../../src/core/event-rows';
import { errors, ev, events, TICKET, VIVA } from './event-rows-helpers';

describe('parseEventRows: formats', () => {
  const expected = [
    ev('12/05/2027', 'Milano', 'Alcatraz', [TICKET, 'biglietti']),
    ev('13/05/2027', 'Roma', 'Atlantico', [VIVA, 'soldout']),
  ];

  it('reads tab-separated rows as a spreadsheet copies them; the CTA text is optional', () => {
    const text = `12/05/2027\tMilano\tAlcatraz\t${TICKET}\n13/05/2027\tRoma\tAtlantico\t${VIVA}\tsoldout`;
    expect(parseEventRows(text)).toEqual([
      { line: 1, event: expected[0] },
      { line: 2, event: expected[1] },
    ]);
  });

  it('reads CSV with commas and with semicolons, quoted fields included', () => {
    const comma = `12/05/2027,Milano,Alcatraz,${TICKET}\n"13/05/2027","Roma","Atlantico","${VIVA}","soldout"`;
    const semi = `12/05/2027;Milano;Alcatraz;${TICKET};\n13/05/2027;Roma;"Atlantico";${VIVA};soldout`;
    expect(events(parseEventRows(comma))).toEqual(expected);
    expect(events(parseEventRows(semi))).toEqual(expected);
  });

  it('keeps the delimiters, doubled quotes and line breaks that sit inside quotes', () => {
    const text = [
      `"12, 13 maggio";"Reggio; Emilia";"Teatro ""Valli""";"${TICKET}?a=1,b=2;c";"Ultimi posti; corri"`,
      `"14/05";"Bologna";"Estragon\nSala grande";${VIVA}`,
      `15/05;Napoli;Casa della Musica;${TICKET}`,
    ].join('\n');
    const rows = parseEventRows(text);
    expect(rows).toEqual([
      {
        line: 1,
        event: ev('12, 13 maggio', 'Reggio; Emilia', 'Teatro "Valli"', [`${TICKET}?a=1,b=2;c`, 'Ultimi posti; corri']),
      },
      // a line break inside a field becomes a space, as the button text codec stores it
      { line: 2, event: ev('14/05', 'Bologna', 'Estragon Sala grande', [VIVA, 'biglietti']) },
      // the quoted field spans two lines: the next row starts on line 4
      { line: 4, event: ev('15/05', 'Napoli', 'Casa della Musica', [TICKET, 'biglietti']) },
    ]);
  });

  it('reads a tab-separated cell that starts with a quote as it is', () => {
    const text = `12/05\t"Live" Club\tMilano\t${TICKET}\n13/05\tRoma\tAtlantico\t${VIVA}`;
    expect(events(parseEventRows(text))).toEqual([
      ev('12/05', '"Live" Club', 'Milano', [TICKET, 'biglietti']),
      ev('13/05', 'Roma', 'Atlantico', [VIVA, 'biglietti']),
    ]);
  });

  it('drops a UTF-8 BOM and reads CRLF line ends; blank lines are skipped but keep the line count', () => {
    const text = `\uFEFF12/05/2027;Milano;Alcatraz;${TICKET}\r\n\r\n   \r\n13/05/2027;Roma;Atlantico;${VIVA};soldout\r\n`;
    expect(parseEventRows(text)).toEqual([
      { line: 1, event: expected[0] },
      { line: 4, event: expected[1] },
    ]);
  });

  it('recognises and skips a header row, Italian or English, in any case and with or without accents', () => {
    for (const header of ['Data;Città;Locale;Link;Etichetta', 'DATE;CITY;VENUE;TICKET LINK;CTA', 'data;citta;luogo']) {
      const rows = parseEventRows(`${header}\n12/05/2027;Milano;Alcatraz;${TICKET}`);
      expect(rows, header).toEqual([{ line: 2, event: expected[0] }]);
    }
    // only the first row can be a header: a later one is an event with a bad link
    const later = parseEventRows(`12/05/2027;Milano;Alcatraz;${TICKET}\nData;Città;Locale;Link`);
    expect(errors(later)).toEqual(['Riga 2: il link «Link» non è un indirizzo web valido']);
  });

  it('takes more link/text pairs as more CTAs of the same event; empty trailing cells are ignored', () => {
    const text = `12/05;Milano;Alcatraz;${TICKET};biglietti;${VIVA};VIP;;;;`;
    expect(events(parseEventRows(text))).toEqual([
      ev('12/05', 'Milano', 'Alcatraz', [TICKET, 'biglietti'], [VIVA, 'VIP']),
    ]);
    // a CTA may be a text without a link, as long as one CTA of the event has a link
    expect(events(parseEventRows(`12/05;Milano;Alcatraz;;soldout;${VIVA};tickets`))).toEqual([
      ev('12/05', 'Milano', 'Alcatraz', ['', 'soldout'], [VIVA, 'tickets']),
    ]);
  });

  it('cleans the parts as the button text codec stores them', () => {
    const [row] = events(parseEventRows(`  10 - 11 maggio ;  Milano\t|x ; A|B  ;${TICKET};   `));
    expect(row).toEqual(ev('10 – 11 maggio', 'Milano /x', 'A/B', [TICKET, 'biglietti']));
  });

  it('a control character pasted in a cell becomes a space, as a line break does (one-line plain text)', () => {
    const [row] = events(parseEventRows(`12/05\u0001/2027;Mil\u0085ano;Club\u007F 2;${TICKET};VIP\u0000`));
    expect(row).toEqual(ev('12/05 /2027', 'Mil ano', 'Club 2', [TICKET, 'VIP']));
  });

  it('gives nothing for an empty or blank text', () => {
    expect(parseEventRows('')).toEqual([]);
    expect(parseEventRows(' \n\t\n ;;; \n')).toEqual([]);
    expect(parseEventRows('\uFEFF')).toEqual([]);
  });
});

describe('parseEventRows: errors name the row by its line', () => {
  const one = (text: string) => {
    const rows = parseEventRows(text);
    expect(rows).toHaveLength(1);
    return 'error' in rows[0]! ? rows[0].error : `(no error: ${JSON.stringify(rows[0])})`;
  };

  it('names the bad row among good ones by its line, blank lines and the header counted', () => {
    const text = [
      'Data;Città;Locale;Link;Etichetta',
      `12/05/2027;Milano;Alcatraz;${TICKET}`,
      '',
      `14/05/2027;;Estragon;${VIVA}`,
      `15/05/2027;Roma;Atlantico;${TICKET};soldout`,
    ].join('\n');
    const rows = parseEventRows(text);
    expect(rows.map((r) => r.line)).toEqual([2, 4, 5]);
    expect(errors(rows)).toEqual(['Riga 4: manca la città']);
    expect(events(rows)).toHaveLength(2);
  });

  it('says which field is missing, in the editor’s order', () => {
    expect(one(`;Milano;Alcatraz;${TICKET}`)).toBe('Riga 1: manca la data');
    expect(one(`12/05;;Alcatraz;${TICKET}`)).toBe('Riga 1: manca la città');
    expect(one(`12/05;Milano;;${TICKET}`)).toBe('Riga 1: manca il locale');
    expect(one('12/05;Milano;Alcatraz')).toBe('Riga 1: manca il link dei biglietti');
    expect(one('12/05;Milano;Alcatraz;;soldout')).toBe('Riga 1: manca il link dei biglietti');
    // a lone word is a date without the rest
    expect(one('Tour 2027')).toBe('Riga 1: manca la città');
    // a field of spaces is missing too
    expect(one(`12/05;   ;Alcatraz;${TICKET}`)).toBe('Riga 1: manca la città');
  });

  it('refuses links that are not web addresses', () => {
    expect(one('12/05;Milano;Alcatraz;21:00;biglietti')).toBe('Riga 1: il link «21:00» non è un indirizzo web valido');
    expect(one('12/05;Milano;Alcatraz;javascript:alert(1)')).toBe(
      'Riga 1: il link «javascript:alert(1)» non è un indirizzo web valido',
    );
    expect(one('12/05;Milano;Alcatraz;biglietti')).toBe('Riga 1: il link «biglietti» non è un indirizzo web valido');
    expect(one(`12/05;Milano;Alcatraz;${TICKET};ok;ftp://example.com/x;altro`)).toMatch(/^Riga 1: il link «ftp:/);
    const long = `mailto:${'x'.repeat(60)}@example.com`;
    expect(one(`12/05;Milano;Alcatraz;${long}`)).toBe(
      `Riga 1: il link «${long.slice(0, 39)}…» non è un indirizzo web valido`,
    );
    // long links are fine; scheme-less web addresses are accepted, as in the editor
    expect(events(parseEventRows(`12/05;Milano;Alcatraz;https://example.com/${'x'.repeat(900)}`))).toHaveLength(1);
    expect(events(parseEventRows('12/05;Milano;Alcatraz;www.ticketone.it/x'))).toHaveLength(1);
  });

  it('refuses too many columns, a too long CTA text and a too long event', () => {
    const wide = ['12/05', 'Milano', 'Alcatraz', ...Array.from({ length: 31 }, () => TICKET)].join(';');
    expect(wide.split(';')).toHaveLength(MAX_COLUMNS + 1);
    expect(one(wide)).toBe(
      `Riga 1: troppe colonne (${MAX_COLUMNS + 1}): al massimo ${MAX_COLUMNS}, cioè data, città, locale e fino a 10 CTA (link, etichetta e in vendita dal)`,
    );
    // under a header without an on-sale column a CTA is two columns: 23 at most
    const pairs = `Data;Città;Locale;Link;Etichetta\n${wide.split(';').slice(0, 24).join(';')}`;
    expect(one(pairs)).toMatch(/^Riga 2: troppe colonne \(24\): al massimo 23,/);
    // 11 CTAs in 25 columns without a header: one too many
    expect(one(wide.split(';').slice(0, 25).join(';'))).toMatch(/^Riga 1: troppe colonne \(25\)/);
    expect(one(`12/05;Milano;Alcatraz;${TICKET};${'x'.repeat(301)}`)).toBe(
      'Riga 1: l’etichetta supera i 300 caratteri',
    );
    expect(one(`${'d'.repeat(300)};${'c'.repeat(300)};${'v'.repeat(300)};${TICKET}`)).toBe(
      'Riga 1: data, città e locale superano insieme i 900 caratteri',
    );
  });

  it('reports quotes that never close, and quotes in the wrong place, at the row where they start', () => {
    const open = parseEventRows(
      `12/05;Milano;Alcatraz;${TICKET}\n13/05;"Roma;Atlantico;${VIVA}\n14/05;Bari;Demodè;${VIVA}`,
    );
    expect(errors(open)).toEqual(['Riga 2: virgolette aperte e mai chiuse']);
    expect(events(open)).toHaveLength(1);
    const stray = parseEventRows(`12/05;"Mil"ano;Alcatraz;${TICKET}"\n`);
    expect(errors(stray)[0]).toMatch(/^Riga 1: virgolette/);
  });
});

describe('the on-sale column (docs/behaviour.md#ticket-drops)', () => {
  const at = (iso: string) => ({ on_sale_at: iso });

  it('reads an Italian date-time in Europe/Rome, summer and winter, with or without a header', () => {
    const header = 'Data;Città;Locale;Link;Etichetta;In vendita dal';
    const rows = parseEventRows(
      `${header}\n12/05/2027;Milano;Alcatraz;${TICKET};biglietti;01/04/2027 10:00\n` +
        `13/01/2028;Roma;Atlantico;${VIVA};;12/12/2027 ore 9.30`,
    );
    expect(errors(rows)).toEqual([]);
    expect(events(rows).map((e) => e.ctas[0])).toEqual([
      { url: TICKET, buttonText: 'biglietti', ...at('2027-04-01T08:00:00Z') },
      { url: VIVA, buttonText: 'biglietti', ...at('2027-12-12T08:30:00Z') },
    ]);
    // no header: a date and a time after a text is an on-sale cell, the next link follows it
    const sniffed = parseEventRows(`12/05/2027\tMilano\tAlcatraz\t${TICKET}\tbiglietti\t1/4/2027 10:00\t${VIVA}\tVIP`);
    expect(events(sniffed)[0]!.ctas).toEqual([
      { url: TICKET, buttonText: 'biglietti', ...at('2027-04-01T08:00:00Z') },
      { url: VIVA, buttonText: 'VIP', on_sale_at: null },
    ]);
  });

  it('an empty on-sale cell means on sale now; a header without the column keeps link/text pairs', () => {
    const rows = parseEventRows(
      `Data;Città;Locale;Link;Etichetta;In vendita dal;Link 2;Etichetta 2;In vendita dal 2\n` +
        `12/05;Milano;Alcatraz;${TICKET};biglietti;;${VIVA};VIP;02/04/2027 12:00`,
    );
    expect(events(rows)[0]!.ctas.map((c) => c.on_sale_at)).toEqual([null, '2027-04-02T10:00:00Z']);
    const pairs = parseEventRows(
      `Data;Città;Locale;Link;Etichetta\n12/05;Milano;Alcatraz;${TICKET};biglietti;${VIVA};VIP`,
    );
    expect(events(pairs)[0]!.ctas.map((c) => c.url)).toEqual([TICKET, VIVA]);
  });

  it('names a bad on-sale cell by its row', () => {
    for (const bad of ['domani alle 10', '31/02/2027 10:00', '12/05/2027 25:00', '12/05/2027']) {
      const rows = parseEventRows(
        `Data;Città;Locale;Link;Etichetta;In vendita dal\n12/05;Milano;Alcatraz;${TICKET};;${bad}`,
      );
      expect(errors(rows), bad).toEqual([
        `Riga 2: la data di inizio vendita «${bad}» non è valida: scrivi giorno/mese/anno ore:minuti, per esempio 12/05/2027 10:00`,
      ]);
    }
  });

  it('the export writes the instant in Italian time, and the import reads it back to the same instant', () => {
    const summer = {
      ...ev('12/05/2027', 'Milano', 'Alcatraz'),
      ctas: [{ url: TICKET, buttonText: 'biglietti', ...at('2027-05-12T08:00:00Z') }],
    };
    const winter = {
      ...ev('13/01/2028', 'Roma', 'Atlantico'),
      ctas: [{ url: VIVA, buttonText: 'soldout', ...at('2027-12-01T23:30:00Z') }],
    };
    const csv = serialiseEventRows([summer, winter]);
    expect(csv).toContain(`;${TICKET};biglietti;12/05/2027 10:00\r\n`);
    expect(csv).toContain(`;${VIVA};soldout;02/12/2027 00:30`);
    expect(events(parseEventRows(csv))).toEqual([summer, winter]);
  });
});
