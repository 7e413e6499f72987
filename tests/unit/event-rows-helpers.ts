// Helpers for the date import and export tests (event-rows*.test.ts): ticket links, expected
// events, and the events and errors of parsed rows.
import type { EventRow, ParsedRow } from '../../src/core/event-rows';

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
