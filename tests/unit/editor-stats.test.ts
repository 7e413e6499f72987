import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PageStats } from '../../src/core/schemas/stats';
import { STATS_DAYS_MAX } from '../../src/core/traffic';
import type { PageAsReceived, ButtonAsReceived } from '../../src/stores/editor/core';
import {
  MIN_BAR_PERCENT,
  barPercent,
  breakdownRows,
  buttonLabel,
  buttonRows,
  clickRate,
  clicksText,
  countryLabel,
  deviceLabel,
  formatRate,
  formatShare,
  periodDays,
  removedClicks,
  share,
  signupsText,
  sourceLabel,
  viewsText,
  periodShown,
} from '../../src/stores/editor/stats';
import { savedEvent } from './saved-page';

const at = (iso: string) => Date.parse(iso);

function stats(over: Partial<PageStats> = {}): PageStats {
  return {
    range: { from: '2027-03-01', to: '2027-03-07' },
    totals: { views: 0, clicks: 0, signups: 0 },
    daily: [],
    sources: [],
    devices: [],
    countries: [],
    buttons: [],
    ...over,
  };
}

/** A saved text event: its id, position, text and CTA labels. */
function event(id: number, position: number, text: string, ctas: string[] | null): ButtonAsReceived {
  return savedEvent(text, id, position, ctas);
}

function image(id: number, position: number, text: string): ButtonAsReceived {
  return {
    id,
    position,
    type: 'image',
    text,
    image_path: '/stores/spotify.svg',
    url: 'https://example.com/s',
    click_count: 0,
    cta_buttons: null,
  };
}

describe('periodDays', () => {
  it('asks for 7, 30 or 90 days whatever the page’s age', () => {
    expect(periodDays('7', '2027-03-10T10:00:00Z')).toBe(7);
    expect(periodDays('30', null)).toBe(30);
    expect(periodDays('90', '2020-01-01T00:00:00Z')).toBe(90);
  });

  it('covers the page’s life for Tutto, counted in Europe/Rome days, both ends included', () => {
    // created 23:30 UTC on the 10th = 00:30 on the 11th in Rome: the 11th is its first day
    expect(periodDays('all', '2027-03-10T23:30:00.000Z', at('2027-03-11T10:00:00Z'))).toBe(1);
    expect(periodDays('all', '2027-03-10T22:30:00.000Z', at('2027-03-11T10:00:00Z'))).toBe(2);
    // across the spring clock change (28 March 2027)
    expect(periodDays('all', '2027-03-20T12:00:00Z', at('2027-04-02T12:00:00Z'))).toBe(14);
  });

  it('never asks for more than the API allows, and asks the maximum when the creation is unknown', () => {
    expect(periodDays('all', '2020-01-01T00:00:00Z', at('2027-03-11T10:00:00Z'))).toBe(STATS_DAYS_MAX);
    expect(periodDays('all', null)).toBe(STATS_DAYS_MAX);
    expect(periodDays('all', 'not a date')).toBe(STATS_DAYS_MAX);
    // a clock behind the server's creation time still asks for one day, not zero
    expect(periodDays('all', '2027-03-12T10:00:00Z', at('2027-03-11T10:00:00Z'))).toBe(1);
  });
});

describe('figures', () => {
  it('click-through rate is clicks per 100 views, none without views', () => {
    expect(clickRate(200, 50)).toBe(25);
    expect(clickRate(3, 1)).toBeCloseTo(33.333, 3);
    expect(clickRate(0, 4)).toBeNull();
    expect(formatRate(clickRate(3, 1))).toBe('33,3%');
    expect(formatRate(clickRate(2, 5))).toBe('250,0%');
    expect(formatRate(null)).toBe('—');
  });

  it('shares are percentages with one decimal, 0 of nothing', () => {
    expect(share(3, 4)).toBe(75);
    expect(share(5, 0)).toBe(0);
    expect(formatShare(100 / 6)).toBe('16,7%');
    expect(formatShare(0)).toBe('0,0%');
    expect(formatShare(100)).toBe('100,0%');
  });

  it('bars are none for nothing, else at least 2 % wide and at most 100 %', () => {
    expect(barPercent(0)).toBe(0);
    expect(barPercent(1.2)).toBe(MIN_BAR_PERCENT);
    expect(barPercent(40)).toBe(40);
    expect(barPercent(250)).toBe(100);
    fc.assert(
      fc.property(fc.nat(1e6), fc.nat(1e6), (part, whole) => {
        const value = share(part, whole);
        const bar = barPercent(value);
        return value > 0 ? bar >= MIN_BAR_PERCENT && bar <= 100 : bar === 0;
      }),
    );
  });

  it('counts read as Italian words, singular for one', () => {
    expect(viewsText(1)).toBe('1 visita');
    expect(viewsText(12345)).toBe('12.345 visite');
    expect(clicksText(1)).toBe('1 clic');
    expect(clicksText(0)).toBe('0 clic');
    expect(signupsText(1)).toBe('1 iscrizione');
    expect(signupsText(0)).toBe('0 iscrizioni');
    expect(signupsText(1234)).toBe('1.234 iscrizioni');
  });
});

describe('labels', () => {
  it('names the known sources and shows any other utm_source as it came', () => {
    expect(sourceLabel('direct')).toBe('Diretto');
    expect(sourceLabel('other')).toBe('Altri siti');
    expect(sourceLabel('qr')).toBe('Codice QR');
    expect(sourceLabel('instagram')).toBe('Instagram');
    expect(sourceLabel('whatsapp')).toBe('WhatsApp');
    expect(sourceLabel('newsletter-marzo')).toBe('newsletter-marzo');
    // the sources past the caps, folded when written or when read
    expect(sourceLabel('altro')).toBe('Altre fonti');
    // names of Object.prototype are sources like any other, not labels
    expect(sourceLabel('constructor')).toBe('constructor');
    expect(sourceLabel('__proto__')).toBe('__proto__');
  });

  it('names devices in Italian', () => {
    expect(['mobile', 'tablet', 'desktop'].map(deviceLabel)).toEqual(['Smartphone', 'Tablet', 'Computer']);
    expect(deviceLabel('toString')).toBe('toString');
  });

  it('names countries in Italian; XX and anything malformed is unknown', () => {
    expect(countryLabel('IT')).toBe('Italia');
    expect(countryLabel('DE')).toBe('Germania');
    expect(countryLabel('XX')).toBe('Sconosciuto');
    expect(countryLabel('it')).toBe('Sconosciuto');
    expect(countryLabel('')).toBe('Sconosciuto');
    expect(countryLabel('altro')).toBe('Altri paesi');
  });
});

describe('breakdownRows', () => {
  it('keeps the API’s order and gives each row its share of views and of clicks, and its sign-ups', () => {
    const rows = breakdownRows(
      [
        { source: 'instagram', views: 6, clicks: 1, signups: 2 },
        { source: 'qr', views: 2, clicks: 3, signups: 0 },
        // sign-ups only: their views fell in another period
        { source: 'newsletter', views: 0, clicks: 0, signups: 1 },
      ],
      (r) => r.source,
      sourceLabel,
      { views: 8, clicks: 4 },
      true,
    );
    expect(rows).toEqual([
      { key: 'instagram', label: 'Instagram', views: 6, clicks: 1, signups: 2, viewShare: 75, clickShare: 25 },
      { key: 'qr', label: 'Codice QR', views: 2, clicks: 3, signups: 0, viewShare: 25, clickShare: 75 },
      { key: 'newsletter', label: 'newsletter', views: 0, clicks: 0, signups: 1, viewShare: 0, clickShare: 0 },
    ]);
  });

  it('leaves out the rows with sign-ups only from a list that does not show sign-ups', () => {
    const countries = [
      { country: 'IT', views: 3, clicks: 0, signups: 1 },
      { country: 'DE', views: 0, clicks: 1, signups: 0 },
      { country: 'FR', views: 0, clicks: 0, signups: 2 },
    ];
    const keys = (withSignups?: boolean) =>
      breakdownRows(countries, (r) => r.country, countryLabel, { views: 3, clicks: 1 }, withSignups).map((r) => r.key);
    expect(keys()).toEqual(['IT', 'DE']);
    expect(keys(true)).toEqual(['IT', 'DE', 'FR']);
  });
});

describe('buttonRows', () => {
  const page: Pick<PageAsReceived, 'buttons'> = {
    buttons: [
      event(11, 1, '14 giugno - Milano - Alcatraz|biglietti', ['Biglietti', 'VIP', '']),
      event(12, 2, '20 giugno - Roma - Atlantico|biglietti', ['biglietti']),
      image(13, 3, 'Ascolta su Spotify'),
      image(14, 4, ''),
    ],
  };

  it('labels each button from the saved page, with its share of all clicks', () => {
    const s = stats({
      totals: { views: 50, clicks: 10, signups: 0 },
      buttons: [
        { id: 11, clicks: 5, daily: [], ctas: [{ index: 1, clicks: 5 }] },
        { id: 12, clicks: 1, daily: [], ctas: [{ index: 0, clicks: 1 }] },
        { id: 13, clicks: 2, daily: [], ctas: [] },
        { id: 14, clicks: 0, daily: [], ctas: [] },
      ],
    });
    const rows = buttonRows(s, page);
    expect(rows.map((r) => [r.id, r.position, r.kind, r.label, r.clicks, r.share])).toEqual([
      [11, 1, 'text', '14 giugno · Milano · Alcatraz', 5, 50],
      [12, 2, 'text', '20 giugno · Roma · Atlantico', 1, 10],
      [13, 3, 'image', 'Ascolta su Spotify', 2, 20],
      [14, 4, 'image', 'Pulsante immagine 4', 0, 0],
    ]);
    // several CTAs: one line each, untapped ones included, an empty text as the default label
    expect(rows[0]!.ctas).toEqual([
      { index: 0, label: 'Biglietti', clicks: 0, share: 0 },
      { index: 1, label: 'VIP', clicks: 5, share: 50 },
      { index: 2, label: 'biglietti', clicks: 0, share: 0 },
    ]);
    // one CTA: the event's own line says it all
    expect(rows[1]!.ctas).toEqual([]);
    // clicks of a deleted button count in the totals only
    expect(removedClicks(s)).toBe(2);
  });

  it('names a button the editor does not know by its place, and a tapped CTA it lost by its number', () => {
    const s = stats({
      totals: { views: 9, clicks: 4, signups: 0 },
      buttons: [
        {
          id: 99,
          clicks: 3,
          daily: [],
          ctas: [
            { index: 0, clicks: 1 },
            { index: 2, clicks: 2 },
          ],
        },
        { id: 12, clicks: 1, daily: [], ctas: [{ index: 3, clicks: 1 }] },
      ],
    });
    const rows = buttonRows(s, page);
    expect(rows[0]!.label).toBe('Evento 1');
    expect(rows[0]!.ctas.map((c) => c.label)).toEqual(['Link 1', 'Link 3']);
    expect(rows[1]!.ctas.map((c) => [c.index, c.label, c.clicks])).toEqual([
      [0, 'biglietti', 0],
      [3, 'Link 4', 1],
    ]);
    expect(buttonRows(s, null).map((r) => r.label)).toEqual(['Evento 1', 'Evento 2']);
    expect(removedClicks(s)).toBe(0);
  });

  it('reads an event without a CTA list from its text', () => {
    expect(buttonLabel(event(1, 1, ' - Napoli - |Prevendite', null), 1)).toBe('Napoli');
    expect(buttonLabel(event(1, 1, '', null), 5)).toBe('Evento 5');
    const s = stats({
      totals: { views: 1, clicks: 1, signups: 0 },
      buttons: [{ id: 1, clicks: 1, daily: [], ctas: [] }],
    });
    expect(buttonRows(s, { buttons: [event(1, 1, 'a - b - c|Prevendite', null)] })[0]!.ctas).toEqual([]);
  });
});

describe('what a view shows of a period load', () => {
  const load = (days: number, status: 'loading' | 'ready' | 'error', dataDays: number | null) => ({
    slug: 'tour',
    days,
    status,
    data: dataDays === null ? null : { days: dataDays },
  });

  it('the figures of the period asked for, once answered', () => {
    expect(periodShown(load(7, 'ready', 7), 'tour', 7)).toEqual({
      busy: false,
      current: { days: 7 },
      stale: false,
      failed: false,
    });
  });

  it("another period's figures, dimmed, only while the new ones load", () => {
    expect(periodShown(load(30, 'loading', 7), 'tour', 30)).toEqual({
      busy: true,
      current: { days: 7 },
      stale: true,
      failed: false,
    });
    expect(periodShown(load(30, 'error', 7), 'tour', 30)).toMatchObject({ current: null, failed: true });
  });

  it("another page's load, or none, is busy with nothing to show", () => {
    for (const shown of [periodShown(load(7, 'ready', 7), 'other', 7), periodShown(null, 'tour', 7)]) {
      expect(shown).toEqual({ busy: true, current: null, stale: false, failed: false });
    }
  });
});
