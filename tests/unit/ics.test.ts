import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildCalendar, buildTourCalendar, calendarPath, escapeText, foldLine } from '../../src/core/ics';
import type { PublicEvent } from '../../src/core/public-view';

const bytes = (s: string) => new TextEncoder().encode(s).length;

function event(data: string, extra: Partial<PublicEvent> = {}): PublicEvent {
  return {
    type: 'text',
    data,
    city: 'Forlì',
    venue: 'Vidia Club',
    id: 7,
    buttonText: 'biglietti',
    ctaButtons: [{ url: 'https://tickets.example/forli', buttonText: 'biglietti', availability: 'on_sale' }],
    ...extra,
  };
}

const BASE = {
  title: 'I Nomadi Elettrici',
  buttonId: 7,
  host: 'palco.example',
  pageUrl: 'https://palco.example/nomadi',
  now: new Date('2027-03-01T09:30:15.123Z'),
};

function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n');
}

describe('foldLine', () => {
  it('keeps short lines whole and folds long ones at 75 octets, continuation lines starting with a space', () => {
    expect(foldLine('SUMMARY:corto')).toBe('SUMMARY:corto');
    const long = `DESCRIPTION:${'a'.repeat(200)}`;
    const parts = foldLine(long).split('\r\n');
    expect(parts[0]).toHaveLength(75);
    for (const p of parts.slice(1)) {
      expect(p.startsWith(' ')).toBe(true);
      expect(bytes(p)).toBeLessThanOrEqual(75);
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(long);
  });

  it('never splits a UTF-8 character: accents (2 octets) and emoji (4 octets)', () => {
    for (const text of [`SUMMARY:${'è'.repeat(80)}`, `SUMMARY:x${'🎸'.repeat(40)}`, `LOCATION:${'àé🎤,'.repeat(30)}`]) {
      const parts = foldLine(text).split('\r\n');
      expect(parts.length).toBeGreaterThan(1);
      for (const p of parts) {
        expect(bytes(p)).toBeLessThanOrEqual(75);
        expect(p).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }
      expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(text);
    }
  });
});

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('tab\there\u0007')).toBe('tabhere');
  });
});

describe('buildCalendar', () => {
  it('a timed event: DTSTART in UTC from Rome wall-clock time, CRLF, the parser accepts it', () => {
    const ics = buildCalendar({ ...BASE, event: event('sab 20 marzo 2027 ore 21:00') })!;
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = unfold(ics);
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    expect(lines).toContain('UID:7@palco.example');
    expect(lines).toContain('DTSTAMP:20270301T093015Z');
    // winter time: 21:00 Rome = 20:00 UTC
    expect(lines).toContain('DTSTART:20270320T200000Z');
    expect(lines.some((l) => l.startsWith('DTEND'))).toBe(false);
    expect(lines).toContain('SUMMARY:I Nomadi Elettrici – Forlì');
    expect(lines).toContain('LOCATION:Vidia Club\\, Forlì');
    expect(lines).toContain('URL:https://tickets.example/forli');
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    const e = new ICAL.Event(vevent);
    expect(e.uid).toBe('7@palco.example');
    expect(e.startDate.toJSDate().toISOString()).toBe('2027-03-20T20:00:00.000Z');
    expect(e.summary).toBe('I Nomadi Elettrici – Forlì');
    expect(e.location).toBe('Vidia Club, Forlì');
  });

  it('summer time: 21:30 Rome = 19:30 UTC', () => {
    const ics = buildCalendar({ ...BASE, event: event('12/07/2027 21:30') })!;
    expect(unfold(ics)).toContain('DTSTART:20270712T193000Z');
  });

  it('an all-day event: VALUE=DATE, DTEND the next day (across a month end)', () => {
    const ics = buildCalendar({ ...BASE, event: event('31 marzo 2027') })!;
    const lines = unfold(ics);
    expect(lines).toContain('DTSTART;VALUE=DATE:20270331');
    expect(lines).toContain('DTEND;VALUE=DATE:20270401');
    const e = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(e.startDate.isDate).toBe(true);
    expect(e.endDate.toString()).toBe('2027-04-01');
  });

  it('an undated event has no file', () => {
    expect(buildCalendar({ ...BASE, event: event('data da annunciare') })).toBeNull();
  });

  it('the UID is stable: the same for the same button and host, whatever the time', () => {
    const a = buildCalendar({ ...BASE, event: event('20 marzo 2027') })!;
    const b = buildCalendar({ ...BASE, now: new Date('2027-03-05T00:00:00Z'), event: event('21 marzo 2027') })!;
    const uid = (s: string) => unfold(s).find((l) => l.startsWith('UID:'));
    expect(uid(a)).toBe(uid(b));
    expect(uid(buildCalendar({ ...BASE, buttonId: 8, event: event('20 marzo 2027') })!)).toBe('UID:8@palco.example');
  });

  it('no ticket link: the page URL; protocol-relative links made absolute; no city: the title alone', () => {
    const noLink = buildCalendar({
      ...BASE,
      event: event('20 marzo 2027', { city: '', ctaButtons: [{ buttonText: 'soldout', availability: 'sold_out' }] }),
    })!;
    expect(unfold(noLink)).toContain('URL:https://palco.example/nomadi');
    expect(unfold(noLink)).toContain('SUMMARY:I Nomadi Elettrici');
    expect(unfold(noLink)).toContain('LOCATION:Vidia Club');
    const rel = buildCalendar({
      ...BASE,
      event: event('20 marzo 2027', {
        ctaButtons: [{ url: '//t.example/x', buttonText: 'b', availability: 'on_sale' }],
      }),
    })!;
    expect(unfold(rel)).toContain('URL:https://t.example/x');
  });

  it('long, accented, emoji and special text is folded and escaped, and reads back the same', () => {
    const city = 'Città di Castello; Umbria, Italia 🎸🎤 — una città con un nome molto lungo davvero';
    const venue = 'Teatro degli Illuminati\\sala grande';
    const ics = buildCalendar({
      ...BASE,
      title: 'Tour “Più forte” 2027',
      event: event('20 marzo 2027', { city, venue }),
    })!;
    for (const line of ics.split('\r\n')) expect(bytes(line)).toBeLessThanOrEqual(75);
    const e = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!);
    expect(e.summary).toBe(`Tour “Più forte” 2027 – ${city}`);
    expect(e.location).toBe(`${venue}, ${city}`);
  });

  it('calendarPath', () => {
    expect(calendarPath('nomadi', 7)).toBe('/nomadi/events/7.ics');
  });
});

describe('buildTourCalendar', () => {
  const entries = [
    { event: event('sab 20 marzo 2027 ore 21:00'), buttonId: 7, sequence: 2, lastModified: '2027-01-02T03:04:05.678Z' },
    { event: event('data da annunciare'), buttonId: 8 },
    { event: event('21 marzo 2027', { city: 'Roma' }), buttonId: 9, sequence: 0 },
  ];

  it('the events of the single files (same VEVENT), the dated ones only, with revision and hints', () => {
    const { buttonId: _b, ...context } = BASE;
    const ics = buildTourCalendar({ ...context, events: entries });
    const lines = unfold(ics);
    expect(lines).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');
    expect(lines).toContain('X-PUBLISHED-TTL:PT1H');
    const root = new ICAL.Component(ICAL.parse(ics));
    expect(root.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Rome');
    const vevents = root.getAllSubcomponents('vevent');
    expect(vevents.map((v) => v.getFirstPropertyValue('uid'))).toEqual(['7@palco.example', '9@palco.example']);
    expect(vevents[0]!.getFirstPropertyValue('sequence')).toBe(2);
    expect(lines).toContain('LAST-MODIFIED:20270102T030405Z');
    // the single file of the same event is the same VEVENT
    const single = unfold(buildCalendar({ ...BASE, ...entries[0]! })!);
    const veventOf = (l: string[]) => l.slice(l.indexOf('BEGIN:VEVENT'), l.indexOf('END:VEVENT') + 1);
    expect(veventOf(single)).toEqual(veventOf(lines));
  });
});
