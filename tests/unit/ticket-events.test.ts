/** The judging of a ticket page's events (docs/behaviour.md#what-is-read): times, reasons, duplicates. */
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { isSameEvent, readStart, rowDateText, ticketEvents } from '../../src/core/ticket-events';
import type { ReadEvent } from '../../src/core/ticket-import';
import { ticketEvent } from './event-rows-helpers';

const NOW = new Date('2026-11-28T10:00:00Z');

function read(over: Partial<ReadEvent> = {}): ReadEvent {
  return {
    name: 'Band Test',
    start: '2027-05-12T21:00:00+02:00',
    city: 'Milano',
    venue: 'Alcatraz',
    url: 'https://www.ticketone.it/event/milano/',
    sold_out: false,
    sale_starts: null,
    event_status: 'scheduled',
    ...over,
  };
}

describe('readStart', () => {
  it.each([
    ['2027-05-12T21:00:00+02:00', '2027-05-12T19:00:00Z', '2027-05-12T21:00'],
    ['2027-05-12T19:00:00Z', '2027-05-12T19:00:00Z', '2027-05-12T21:00'],
    ['2027-05-12T21:00:00+0200', '2027-05-12T19:00:00Z', '2027-05-12T21:00'],
    ['2027-05-12 21:00', '2027-05-12T19:00:00Z', '2027-05-12T21:00'],
    // no offset: Europe/Rome, winter time in January
    ['2027-01-15T21:00:00', '2027-01-15T20:00:00Z', '2027-01-15T21:00'],
    ['2027-01-15T21:00:00.000', '2027-01-15T20:00:00Z', '2027-01-15T21:00'],
    // an offset from elsewhere shown in Rome's time
    ['2027-01-15T15:00:00-05:00', '2027-01-15T20:00:00Z', '2027-01-15T21:00'],
  ])('%s', (text, startsAt, local) => {
    expect(readStart(text)).toEqual({ startsAt, local, hasTime: true });
  });

  it('a day alone is that day, without a time', () => {
    expect(readStart('2027-05-12')).toEqual({
      startsAt: '2027-05-11T22:00:00Z',
      local: '2027-05-12T00:00',
      hasTime: false,
    });
  });

  it.each(['', 'sabato', '12/05/2027', '2027-13-01', '2027-02-30T21:00', 'May 12, 2027'])('%j is not read', (text) => {
    expect(readStart(text)).toBeNull();
  });
});

describe('ticketEvents', () => {
  it('an event becomes a row in Rome time; a future sale start is its on-sale instant', () => {
    const [row] = ticketEvents([read({ sale_starts: '2027-03-01T10:00:00+01:00' })], [], NOW);
    expect(row).toEqual(ticketEvent({ on_sale_at: '2027-03-01T09:00:00Z' }));
    expect(rowDateText(row!)).toBe('12/05/2027 21:00');
  });

  it('a sale start already past, or on a sold-out event, is no on-sale instant', () => {
    const [open, soldOut] = ticketEvents(
      [
        read({ sale_starts: '2026-10-01T10:00:00+02:00' }),
        read({ city: 'Roma', sold_out: true, sale_starts: '2027-03-01' }),
      ],
      [],
      NOW,
    );
    expect(open?.on_sale_at).toBeNull();
    expect(soldOut?.on_sale_at).toBeNull();
  });

  it.each([
    [{ start: null }, t('ticketEvents.noDate')],
    [{ start: 'prossimamente' }, t('ticketEvents.badDate', { value: 'prossimamente' })],
    [{ start: '2026-11-27T21:00:00+01:00' }, t('ticketEvents.past')],
    [{ event_status: 'cancelled' as const }, t('ticketEvents.cancelled')],
    [{ city: '' }, t('ticketEvents.noCity')],
    [{ venue: ' ' }, t('ticketEvents.noVenue')],
    [{ url: '' }, t('ticketEvents.noLink')],
  ])('%j is not usable', (over, reason) => {
    expect(ticketEvents([read(over)], [], NOW)[0]).toMatchObject({ status: 'unusable', reason });
  });

  it('today is not past: a show tonight can still be imported', () => {
    expect(ticketEvents([read({ start: '2026-11-28T21:00:00+01:00' })], [], NOW)[0]?.status).toBe('new');
  });

  it('postponed and moved online are new but carry a reason (shown, not chosen)', () => {
    const rows = ticketEvents(
      [
        read({ event_status: 'postponed' }),
        read({ city: 'Roma', url: 'https://www.ticketone.it/event/roma/', event_status: 'moved_online' }),
      ],
      [],
      NOW,
    );
    expect(rows.map((r) => [r.status, r.reason])).toEqual([
      ['new', t('ticketEvents.postponed')],
      ['new', t('ticketEvents.online')],
    ]);
  });

  it('an event listed twice on the ticket page is new once', () => {
    const rows = ticketEvents([read(), read({ url: 'https://www.ticketone.it/event/milano-vip/' })], [], NOW);
    expect(rows.map((r) => r.status)).toEqual(['new', 'unusable']);
    expect(rows[1]?.reason).toBe(t('ticketEvents.repeated'));
  });

  it('texts are cleaned as the editor cleans them: no codec separator survives', () => {
    const [row] = ticketEvents([read({ city: 'Milano | Assago', venue: 'Forum - Sala A' })], [], NOW);
    expect(row?.city).toBe('Milano / Assago');
    expect(row?.venue).toBe('Forum - Sala A');
  });
});

describe('isSameEvent', () => {
  const milano = {
    date: '12/05/2027 21:00',
    city: 'Milano',
    urls: ['https://www.ticketone.it/event/milano/?affiliate=x'],
  };

  it('the same day in the same city, however the date and the city are written', () => {
    expect(isSameEvent(milano, { date: 'Mer 12 maggio 2027', city: ' MILANO ', urls: [] })).toBe(true);
    expect(isSameEvent({ ...milano, city: 'Forlì' }, { date: '2027-05-12', city: 'forli', urls: [] })).toBe(true);
  });

  it('the same link on the same day, or where a date has no day', () => {
    const link = ['http://ticketone.it/event/milano'];
    expect(isSameEvent(milano, { date: '12/05/2027', city: 'Assago', urls: link })).toBe(true);
    expect(isSameEvent(milano, { date: 'data da annunciare', city: 'Assago', urls: link })).toBe(true);
  });

  it('a tour whose dates all link to one page: other days are other events', () => {
    expect(isSameEvent(milano, { date: '13/05/2027', city: 'Milano', urls: milano.urls })).toBe(false);
    expect(isSameEvent(milano, { date: '12/05/2027', city: 'Roma', urls: [] })).toBe(false);
  });
});
