import { describe, expect, it } from 'vitest';
import { renderLandingDocument } from '../../src/landing/render';
import { splitPast, toPublicView, type PageLike } from '../../src/core/public-view';
import { LINKS, tourPage } from './landing-fixtures';

const OPTS = { slug: 'tour', origin: 'https://palco.test', links: LINKS };

function ev(id: number, date: string, city: string) {
  return {
    id,
    position: id,
    type: 'text',
    text: `${date} - ${city} - Club ${id}|biglietti`,
    cta_buttons: [{ url: `https://tickets.example/${id}`, buttonText: 'biglietti' }],
  };
}

function page(buttons: ReturnType<typeof ev>[], extra: Partial<PageLike> = {}): PageLike {
  return tourPage(0, 'light', { buttons, ...extra });
}

const cities = (p: PageLike, now: Date) =>
  toPublicView(p, 'tour', { now }).buttons.map((b) => (b.type === 'text' ? b.city : ''));

function jsonLd(html: string): Array<{ name: string; startDate?: string }> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return m ? JSON.parse(m[1]!) : [];
}

function description(html: string): string {
  return /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
}

describe('past dates drop off (Europe/Rome days)', () => {
  const tour = page([
    ev(1, '10 marzo 2027', 'Milano'),
    ev(2, '12 marzo 2027 ore 23:30', 'Roma'),
    ev(3, 'data da annunciare', 'Bari'),
    ev(4, '20 marzo 2027', 'Torino'),
  ]);

  it('a show at 23:30 Rome time stays until midnight Rome, then goes; undated events stay', () => {
    // 12 March 2027 is winter time (UTC+1): 23:59 Rome is 22:59 UTC
    expect(cities(tour, new Date('2027-03-12T22:59:00Z'))).toEqual(['Roma', 'Bari', 'Torino']);
    expect(cities(tour, new Date('2027-03-12T23:00:00Z'))).toEqual(['Bari', 'Torino']);
    // past 23:30 UTC on the 11th is already the 12th in Rome: Milano (10th) gone, Roma still there
    expect(cities(tour, new Date('2027-03-11T23:30:00Z'))).toEqual(['Roma', 'Bari', 'Torino']);
  });

  it('on the days the clocks change, the day ends at Rome midnight', () => {
    const spring = page([ev(1, '28 marzo 2027', 'Napoli'), ev(2, '29 marzo 2027', 'Lecce')]);
    // 28 March 2027: summer time from 02:00, so midnight Rome is 22:00 UTC
    expect(cities(spring, new Date('2027-03-28T21:59:00Z'))).toEqual(['Napoli', 'Lecce']);
    expect(cities(spring, new Date('2027-03-28T22:00:00Z'))).toEqual(['Lecce']);
    const autumn = page([ev(1, '31 ottobre 2027', 'Pisa'), ev(2, '1 novembre 2027', 'Siena')]);
    // 31 October 2027: back to winter time, so midnight Rome is 23:00 UTC
    expect(cities(autumn, new Date('2027-10-31T22:59:00Z'))).toEqual(['Pisa', 'Siena']);
    expect(cities(autumn, new Date('2027-10-31T23:00:00Z'))).toEqual(['Siena']);
  });

  it('past events are not in the page, its JSON-LD or its description', () => {
    const html = renderLandingDocument(tour, { ...OPTS, now: new Date('2027-03-15T10:00:00Z') });
    expect(html).not.toContain('Milano');
    expect(html).not.toContain('Roma');
    expect(html).toContain('Torino');
    expect(html).toContain('Bari');
    const data = jsonLd(html);
    expect(data.map((d) => d.name)).toEqual([expect.stringContaining('Bari'), expect.stringContaining('Torino')]);
    expect(data.map((d) => d.startDate)).toEqual([undefined, '2027-03-20']);
    expect(description(html)).toMatch(/Bari · Torino$/);
    expect(html).not.toContain('Date passate');
  });

  it('every event past: the empty state, and no JSON-LD', () => {
    const html = renderLandingDocument(page([ev(1, '1 gennaio 2027', 'Como')]), {
      ...OPTS,
      now: new Date('2027-06-01T10:00:00Z'),
    });
    expect(html).toContain('Nessun dato disponibile');
    expect(html).not.toContain('Como');
    expect(html).not.toContain('application/ld+json');
  });

  it("show_past keeps them in a 'Date passate' list below, newest first, with no ticket button", () => {
    const p = page(
      [
        ev(1, '1 marzo 2027', 'Asti'),
        ev(2, '5 marzo 2027', 'Biella'),
        ev(3, '3 marzo 2027', 'Cuneo'),
        ev(4, '5 marzo 2027', 'Dronero'),
        ev(5, '30 marzo 2027', 'Enna'),
      ],
      { show_past: true },
    );
    const now = new Date('2027-03-10T10:00:00Z');
    const view = toPublicView(p, 'tour', { now });
    expect(view.past.map((e) => e.city)).toEqual(['Biella', 'Dronero', 'Cuneo', 'Asti']);
    const html = renderLandingDocument(p, { ...OPTS, now });
    const [upcoming, past] = html.split('Date passate');
    expect(upcoming).toContain('Enna');
    expect(past).toBeDefined();
    const pastBody = past!.slice(0, past!.indexOf('</section>'));
    expect([...pastBody.matchAll(/<p class="c">([^<]+)/g)].map((m) => m[1])).toEqual([
      'Biella',
      'Dronero',
      'Cuneo',
      'Asti',
    ]);
    expect(pastBody).not.toContain('class="b');
    expect(pastBody).not.toContain('tickets.example');
    expect(pastBody).not.toContain('.ics');
    // still not in the JSON-LD nor in the description
    expect(jsonLd(html).map((d) => d.startDate)).toEqual(['2027-03-30']);
    expect(description(html)).toMatch(/Enna$/);
  });

  it('without show_past the view has no past list (the default)', () => {
    const p = page([ev(1, '1 marzo 2027', 'Asti')]);
    expect(toPublicView(p, 'tour', { now: new Date('2027-03-10T10:00:00Z') }).past).toEqual([]);
    expect(toPublicView({ ...p, show_past: false }, 'tour', { now: new Date('2027-03-10T10:00:00Z') }).past).toEqual(
      [],
    );
  });

  it('image pages are untouched by dates', () => {
    const buttons = [{ id: 1, type: 'image', image_path: '/dati/tour/a.jpg', text: '1 gennaio 2020' }];
    const view = toPublicView({ mode: 'image', buttons }, 'tour', { now: new Date('2027-03-10T10:00:00Z') });
    expect(view.buttons).toHaveLength(1);
    expect(splitPast(view.buttons).past).toEqual([]);
  });
});

describe('add-to-calendar links', () => {
  const tour = page([
    ev(1, '1 marzo 2027', 'Asti'),
    ev(2, 'sab 20 marzo 2027 ore 21:00', 'Forlì'),
    ev(3, 'data da annunciare', 'Bari'),
    ev(4, '22/03/2027', 'Torino'),
  ]);
  const now = new Date('2027-03-10T10:00:00Z');

  it('each dated upcoming event links to its file, with a label naming city and date; one icon symbol', () => {
    const html = renderLandingDocument({ ...tour, show_past: true }, { ...OPTS, now });
    const links = [...html.matchAll(/<a class="cal" href="([^"]+)" aria-label="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(links).toEqual([
      ['/tour/events/2.ics', 'Aggiungi al calendario: Forlì sab 20 marzo 2027 ore 21:00'],
      ['/tour/events/4.ics', 'Aggiungi al calendario: Torino 22/03/2027'],
    ]);
    expect(html.match(/<symbol /g)).toHaveLength(1);
    // one per event, and the link to subscribe to them all
    expect(html.match(/<use /g)).toHaveLength(3);
  });

  it('no symbol when no event has a date; the preview shows the link inert', () => {
    const undated = renderLandingDocument(page([ev(3, 'data da annunciare', 'Bari')]), { ...OPTS, now });
    expect(undated).not.toContain('<symbol');
    expect(undated).not.toContain('class="cal"');
    const preview = renderLandingDocument(tour, { ...OPTS, now, preview: true });
    expect(preview).toContain('class="cal"');
    expect(preview).not.toContain('.ics');
  });

  it('thirty events stay cheap: the icon path is written once', () => {
    const many = page(Array.from({ length: 30 }, (_, i) => ev(i + 1, `${(i % 28) + 1} aprile 2027`, `Città ${i}`)));
    const html = renderLandingDocument(many, { ...OPTS, now });
    expect(html.match(/<use /g)).toHaveLength(31);
    expect(html.match(/M7 3v3/g)).toHaveLength(1);
  });
});

describe("'Aggiungi tutte le date al calendario'", () => {
  const now = new Date('2027-03-10T10:00:00Z');

  it('subscribes by webcal:// to the whole calendar, with the https file beside it', () => {
    const html = renderLandingDocument(page([ev(2, 'sab 20 marzo 2027 ore 21:00', 'Forlì')]), { ...OPTS, now });
    expect(html).toContain('<a class="sa" href="webcal://palco.test/tour/calendar.ics" rel="nofollow">');
    expect(html).toContain('Aggiungi tutte le date al calendario</a>');
    expect(html).toContain(
      '<a class="sd" href="/tour/calendar.ics" rel="nofollow" download="tour.ics">oppure scarica il file</a>',
    );
  });

  it('is absent without an upcoming dated event, and inert in the preview', () => {
    const undated = renderLandingDocument(page([ev(3, 'data da annunciare', 'Bari')]), { ...OPTS, now });
    expect(undated).not.toContain('calendar.ics');
    expect(undated).not.toContain('class="sa"');
    const past = renderLandingDocument({ ...page([ev(1, '1 marzo 2027', 'Asti')]), show_past: true }, { ...OPTS, now });
    expect(past).not.toContain('class="sa"');
    const preview = renderLandingDocument(page([ev(2, '20 marzo 2027', 'Forlì')]), { ...OPTS, now, preview: true });
    expect(preview).toContain('<a class="sa" rel="nofollow">');
    expect(preview).not.toContain('calendar.ics');
    expect(preview).not.toContain('feed.xml');
  });
});
