/** 'Importa da link' in the editor (docs/behaviour.md#in-the-editor-importa-da-link): choices and rows. */
import { describe, expect, it } from 'vitest';
import { defaultChoice, newEventsOf, withListDuplicates } from '../../src/stores/editor/link-import';
import type { EditorButton } from '../../src/stores/editor/state';
import type { TicketEvent } from '../../src/core/ticket-import';

function event(over: Partial<TicketEvent> = {}): TicketEvent {
  return {
    name: 'Band Test',
    starts_at: '2027-05-12T19:00:00Z',
    date: '12/05/2027',
    time: '21:00',
    city: 'Milano',
    venue: 'Alcatraz',
    url: 'https://www.ticketone.it/event/milano/',
    sold_out: false,
    on_sale_at: null,
    status: 'new',
    ...over,
  };
}

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
