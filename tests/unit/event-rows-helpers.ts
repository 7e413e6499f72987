// Helpers for the date import and export tests (event-rows*.test.ts, the ticket-page import's):
// ticket links, expected events, the events and errors of parsed rows, and a ticket page's event.
import type { EventRow, ParsedRow } from '../../src/core/event-rows';
import type { TicketEvent } from '../../src/core/ticket-import';

export const TICKET = 'https://www.ticketone.it/event/tour-2027';
export const VIVA = 'https://www.vivaticket.com/it/ticket/concerto/123';

export const ev = (date: string, city: string, venue: string, ...ctas: [string, string][]): EventRow => ({
  date,
  city,
  venue,
  ctas: ctas.map(([url, buttonText]) => ({ url, buttonText, on_sale_at: null })),
});

export const events = (rows: ParsedRow[]) => rows.flatMap((r) => ('event' in r ? [r.event] : []));
export const errors = (rows: ParsedRow[]) => rows.flatMap((r) => ('error' in r ? [r.error] : []));

/** A ticket page's event as the import lists it: Band Test in Milano, 12/05/2027 21:00 Rome time, new. */
export function ticketEvent(over: Partial<TicketEvent> = {}): TicketEvent {
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
