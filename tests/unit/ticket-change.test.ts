// What a date row's ticket page now says that the row does not (docs/behaviour.md#keeping-up-with-the-ticket-page).
import { describe, expect, it } from 'vitest';
import {
  applyTicketChange,
  changeLeft,
  isTicketSourceUrl,
  sameChange,
  ticketChangeFor,
  type TicketRow,
} from '../../src/core/ticket-change';
import type { TicketEvent } from '../../src/core/ticket-import';
import { ticketEvent } from './event-rows-helpers';

const NOW = new Date('2027-03-01T10:00:00Z');
const LINK = 'https://www.ticketone.it/event/band-alcatraz-123/';

function cta(over: Partial<TicketRow['ctas'][number]> = {}) {
  return { url: LINK, buttonText: 'biglietti', on_sale_at: null, availability: 'on_sale', ...over };
}

function row(over: Partial<TicketRow> = {}): TicketRow {
  return { text: '12/05/2027 21:00 - Milano - Alcatraz|biglietti', ctas: [cta()], source: LINK, ...over };
}

function event(over: Partial<TicketEvent> = {}): TicketEvent {
  return ticketEvent({ name: 'Band', url: LINK, ...over });
}

describe('ticketChangeFor', () => {
  it('nothing changed: null', () => {
    expect(ticketChangeFor(row(), [event()], NOW)).toBeNull();
  });

  it('sold out now, the row is not', () => {
    expect(ticketChangeFor(row(), [event({ sold_out: true })], NOW)).toEqual({ sold_out: true });
    const sold = row({ ctas: [cta({ buttonText: 'soldout', availability: 'sold_out' })] });
    expect(ticketChangeFor(sold, [event({ sold_out: true })], NOW)).toBeNull();
  });

  it('the day or the time moved: both, as the page says them', () => {
    expect(ticketChangeFor(row(), [event({ date: '13/05/2027' })], NOW)).toEqual({ date: '13/05/2027', time: '21:00' });
    expect(ticketChangeFor(row(), [event({ time: '20:30' })], NOW)).toEqual({ date: '12/05/2027', time: '20:30' });
    // a row without a time is not moved by the page's time alone
    const dayOnly = row({ text: 'Mer 12 maggio 2027 - Milano - Alcatraz|biglietti' });
    expect(ticketChangeFor(dayOnly, [event({ time: '20:30' })], NOW)).toBeNull();
    expect(ticketChangeFor(row(), [event({ date: '13/05/2027', time: '' })], NOW)).toEqual({ date: '13/05/2027' });
  });

  it('a future on-sale instant that moved; a past one is no change', () => {
    const at = '2027-04-01T08:00:00Z';
    expect(ticketChangeFor(row(), [event({ on_sale_at: at })], NOW)).toEqual({ on_sale_at: at });
    const same = row({ ctas: [cta({ on_sale_at: '2027-04-01T08:00:00Z' })] });
    expect(ticketChangeFor(same, [event({ on_sale_at: '2027-04-01T10:00:00+02:00' })], NOW)).toBeNull();
    expect(ticketChangeFor(row(), [event({ on_sale_at: '2027-02-01T08:00:00Z' })], NOW)).toBeNull();
  });

  it('finds the row by its link, ignoring query, fragment and trailing slash', () => {
    const other = event({ url: 'https://www.ticketone.it/event/other/', city: 'Roma', sold_out: true });
    const mine = event({ url: `${LINK.slice(0, -1)}?affiliate=x#top`, city: 'Torino', sold_out: true });
    expect(ticketChangeFor(row(), [other, mine], NOW)).toEqual({ sold_out: true });
    // by link even when the day moved (no day and city could find it)
    expect(ticketChangeFor(row(), [other, event({ url: `${LINK}?x=1`, date: '14/05/2027' })], NOW)).toEqual({
      date: '14/05/2027',
      time: '21:00',
    });
  });

  it('else by the same Rome day and city (accents and case aside)', () => {
    const unlinked = row({ ctas: [cta({ url: 'https://shop.example/a' })], source: 'https://list.example/tour' });
    const roma = event({ url: 'https://list.example/e/1', city: 'Roma', sold_out: true });
    const milano = event({ url: 'https://list.example/e/2', city: 'MILANO ', sold_out: true });
    expect(ticketChangeFor(unlinked, [roma, milano], NOW)).toEqual({ sold_out: true });
    expect(ticketChangeFor(unlinked, [roma], NOW)).toBeNull();
    expect(ticketChangeFor(unlinked, [event({ url: 'https://list.example/e/3', date: '13/05/2027' })], NOW)).toBeNull();
  });
});

describe('changeLeft, sameChange, applyTicketChange', () => {
  it('what a save by hand already did is settled', () => {
    const sold = row({ ctas: [cta({ buttonText: 'soldout', availability: 'sold_out' })] });
    expect(changeLeft(sold, { sold_out: true })).toBeNull();
    expect(changeLeft(sold, { sold_out: true, date: '13/05/2027', time: '21:00' })).toEqual({
      date: '13/05/2027',
      time: '21:00',
    });
    const moved = row({ text: '13/05/2027 21:00 - Milano - Alcatraz|biglietti' });
    expect(changeLeft(moved, { date: '13/05/2027', time: '21:00' })).toBeNull();
  });

  it('compares changes field by field, instants as instants', () => {
    expect(sameChange({ on_sale_at: '2027-04-01T08:00:00Z' }, { on_sale_at: '2027-04-01T10:00:00+02:00' })).toBe(true);
    expect(sameChange({ sold_out: true }, { sold_out: true, date: '13/05/2027' })).toBe(false);
    expect(sameChange(null, null)).toBe(true);
  });

  it('applies each change to the row', () => {
    const r = row({ ctas: [cta(), cta({ url: 'https://other.example/b', buttonText: 'VIP' })] });
    const sold = applyTicketChange(r, { sold_out: true });
    expect(sold.ctas.map((c) => [c.buttonText, c.availability])).toEqual([
      ['soldout', 'sold_out'],
      ['soldout', 'sold_out'],
    ]);
    expect(sold.text).toBe('12/05/2027 21:00 - Milano - Alcatraz|soldout');
    expect(applyTicketChange(r, { date: '13/05/2027', time: '20:30' }).text).toBe(
      '13/05/2027 20:30 - Milano - Alcatraz|biglietti',
    );
    const opening = applyTicketChange(r, { on_sale_at: '2027-04-01T08:00:00Z' });
    expect(opening.ctas.map((c) => c.on_sale_at)).toEqual(['2027-04-01T08:00:00Z', null]);
  });
});

describe('isTicketSourceUrl', () => {
  it.each([
    [LINK, true],
    ['http://127.0.0.1:4321/tour.html', true],
    ['http://localhost:8787/t', true],
    ['http://www.ticketone.it/x', false],
    ['ftp://www.ticketone.it/x', false],
    ['www.ticketone.it/x', false],
    ['https://user:pw@ticketone.it/x', false],
    [`https://t.example/${'a'.repeat(2048)}`, false],
    ['https://t.example/a b', false],
  ])('%s → %s', (url, ok) => {
    expect(isTicketSourceUrl(url)).toBe(ok);
  });
});
