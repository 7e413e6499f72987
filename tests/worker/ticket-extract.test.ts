/**
 * The events read from ticket pages (docs/behaviour.md#what-is-read): every shape the fixtures in
 * tests/fixtures/ticket-pages/ hold, read by the Workers runtime's HTMLRewriter, and judged.
 */
import { describe, expect, it } from 'vitest';
import aggregate from '../fixtures/ticket-pages/aggregate.html?raw';
import broken from '../fixtures/ticket-pages/broken.html?raw';
import cancelled from '../fixtures/ticket-pages/cancelled.html?raw';
import graph from '../fixtures/ticket-pages/graph.html?raw';
import list20 from '../fixtures/ticket-pages/list-20.html?raw';
import microdata from '../fixtures/ticket-pages/microdata.html?raw';
import none from '../fixtures/ticket-pages/none.html?raw';
import offersArray from '../fixtures/ticket-pages/offers-array.html?raw';
import single from '../fixtures/ticket-pages/single.html?raw';
import tour12 from '../fixtures/ticket-pages/tour-12.html?raw';
import { t } from '../../src/core/messages';
import { ticketEvents } from '../../src/core/ticket-events';
import { extractEvents } from '../../worker/services/ticket-import/extract';

const BASE = 'https://www.ticketone.it/artist/band-test/';
const NOW = new Date('2026-11-28T10:00:00Z');

async function judged(html: string, existing = []) {
  return ticketEvents(await extractEvents(html, 'html', BASE), existing, NOW);
}

describe('reading ticket pages', () => {
  it('a TicketOne-like list of 12 ListItems: links made absolute, sold out, a future on-sale', async () => {
    const events = await judged(tour12);
    expect(events).toHaveLength(12);
    expect(events.every((e) => e.status === 'new')).toBe(true);
    expect(events[0]).toMatchObject({
      date: '12/05/2027',
      time: '21:00',
      city: 'Milano',
      venue: 'Alcatraz',
      url: 'https://www.ticketone.it/event/band-test-milano-2027-05-12/',
      sold_out: false,
      on_sale_at: null,
      starts_at: '2027-05-12T19:00:00Z',
    });
    expect(events.find((e) => e.city === 'Firenze')?.sold_out).toBe(true);
    expect(events.find((e) => e.city === 'Napoli')?.on_sale_at).toBe('2027-03-01T09:00:00Z');
  });

  it('an ItemList of 20 events whose times carry no offset are read in Europe/Rome', async () => {
    const events = await judged(list20);
    expect(events).toHaveLength(20);
    // 20:30 in July is summer time (UTC+2); in August too
    expect(events[0]).toMatchObject({ date: '01/07/2027', time: '20:30', starts_at: '2027-07-01T18:30:00Z' });
    expect(new Set(events.map((e) => e.city)).size).toBe(20);
  });

  it('one event with an offers array: PreOrder, the earliest of validFrom and availabilityStarts', async () => {
    const [event] = await judged(single);
    expect(event).toMatchObject({
      name: 'Band Test Live',
      city: 'Milano',
      venue: 'Unipol Forum',
      url: 'https://www.ticketmaster.it/event/band-test-live-123',
      sold_out: false,
      on_sale_at: '2027-02-14T09:00:00Z',
    });
  });

  it('@graph: the events among other things, a day without a time, entities decoded', async () => {
    const events = await judged(graph);
    expect(events.map((e) => [e.name, e.date, e.time])).toEqual([
      ['Amleto', '05/11/2027', '21:00'],
      ['Risate & Canzoni', '06/11/2027', ''],
    ]);
  });

  it('an AggregateOffer sold out makes the festival sold out', async () => {
    const [event] = await judged(aggregate);
    expect(event).toMatchObject({
      city: 'Ferrara',
      sold_out: true,
      url: 'https://www.eventbrite.it/e/festival-estate-2027',
    });
  });

  it('an offers array with one of two sold out is on sale, with the first link', async () => {
    const [event] = await judged(offersArray);
    expect(event).toMatchObject({ sold_out: false, url: 'https://www.vivaticket.com/it/ticket/band-test/1' });
  });

  it('cancelled is not usable, postponed is shown with its reason, the rest is new', async () => {
    const events = await judged(cancelled);
    expect(events.map((e) => [e.city, e.status, e.reason])).toEqual([
      ['Verona', 'unusable', t('ticketEvents.cancelled')],
      ['Genova', 'new', t('ticketEvents.postponed')],
      ['Trento', 'new', undefined],
    ]);
  });

  it('broken JSON-LD beside good JSON-LD: the good one is read; an address as text gives its town', async () => {
    const events = await judged(broken);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ venue: 'Vox Club', city: 'Nonantola', date: '03/04/2027' });
  });

  it('Microdata when there is no JSON-LD: nested items, links, times and meta values', async () => {
    const events = await judged(microdata);
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      name: 'Band Test a Lucca',
      city: 'Lucca',
      venue: 'Piazza Napoleone',
      date: '01/08/2027',
      time: '21:30',
      url: 'https://www.ticketone.it/event/lucca/',
      sold_out: true,
    });
    expect(events[1]).toMatchObject({
      name: 'Band Test & amici',
      city: 'Massa',
      venue: 'Castello',
      time: '',
      url: 'https://www.ticketone.it/biglietti/massa',
    });
  });

  it('a page with no events gives none; junk gives none and never throws', async () => {
    expect(await extractEvents(none, 'html', BASE)).toEqual([]);
    expect(await extractEvents('<html><script type="application/ld+json">{{{</script>', 'html', BASE)).toEqual([]);
    expect(await extractEvents('not json', 'json', BASE)).toEqual([]);
    expect(await extractEvents('[1, "x", null, {"@type": 5}]', 'json', BASE)).toEqual([]);
  });

  it('a place and an offer given by @id in a @graph are looked up; a BOM before JSON is skipped', async () => {
    const body = `\uFEFF${JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Place', '@id': '#alcatraz', name: 'Alcatraz', address: { addressLocality: 'Milano' } },
        { '@type': 'Offer', '@id': '#o1', url: '/e/1', availability: 'https://schema.org/SoldOut' },
        {
          '@type': 'MusicEvent',
          name: 'X',
          startDate: '2027-05-12T21:00',
          location: { '@id': '#alcatraz' },
          offers: [{ '@id': '#o1' }],
        },
      ],
    })}`;
    const [read] = await extractEvents(body, 'json', BASE);
    expect(read).toMatchObject({
      venue: 'Alcatraz',
      city: 'Milano',
      sold_out: true,
      url: 'https://www.ticketone.it/e/1',
    });
  });

  it('JSON itself (application/ld+json) is read as JSON-LD', async () => {
    const body = JSON.stringify({ '@type': ['Event'], name: 'X', startDate: '2027-01-02', location: 'Palazzo' });
    const [read] = await extractEvents(body, 'json', BASE);
    expect(read).toMatchObject({ name: 'X', venue: 'Palazzo', city: '', start: '2027-01-02' });
  });

  it('two dates already on the page are marked as duplicates', async () => {
    const events = await judged(tour12, [
      { date: 'Mer 12 maggio 2027', city: 'milano', urls: [] },
      { date: '14/05/2027 21:00', city: 'Roma', urls: ['https://example.com/x'] },
    ] as never);
    expect(events.filter((e) => e.status === 'duplicate').map((e) => e.city)).toEqual(['Milano', 'Roma']);
    expect(events.filter((e) => e.status === 'new')).toHaveLength(10);
  });
});
