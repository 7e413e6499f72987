// Ticket drops on the published page (docs/behaviour.md#ticket-drops): the Europe/Rome text of a
// waiting CTA, the next on-sale instant, and the states in the landing render (markup, CSS,
// scripts and their CSP, JSON-LD offers, the preview). The drops script: drops-script.test.ts.
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { nextOnSale, onSaleText } from '../../src/core/on-sale';
import { toPublicView, type PageLike } from '../../src/core/public-view';
import { nextBoundary } from '../../src/core/schedule';
import { contentSecurityPolicy, renderLanding, renderPreviewDocument } from '../../src/landing/render';
import { DROP_SCRIPT, LANDING_SCRIPT } from '../../src/landing/script';
import { auroraTour, OPTS, textRow } from './landing-fixtures';

const AT = '2027-05-12T08:00:00Z';
const at = Date.parse(AT);
const HOUR = 3600_000;

describe('onSaleText: Europe/Rome', () => {
  const now = new Date('2027-01-10T12:00:00Z');

  it('names the day and the Rome time, without the year in the same year', () => {
    expect(onSaleText(AT, now)).toBe('In vendita dal 12 maggio alle 10:00');
    // winter time: UTC+1
    expect(onSaleText('2027-01-20T09:30:00Z', now)).toBe('In vendita dal 20 gennaio alle 10:30');
  });

  it('adds the year when the sale is in another year than now, in Rome', () => {
    expect(onSaleText('2028-02-03T20:05:00Z', now)).toBe('In vendita dal 3 febbraio 2028 alle 21:05');
    // 23:30 UTC on 31 December is already the next year in Rome
    expect(onSaleText('2027-03-01T09:00:00Z', new Date('2026-12-31T23:30:00Z'))).toBe(
      'In vendita dal 1 marzo alle 10:00',
    );
    expect(onSaleText('2027-03-01T09:00:00Z', new Date('2026-12-31T22:30:00Z'))).toBe(
      'In vendita dal 1 marzo 2027 alle 10:00',
    );
  });

  it("elides before a vowel: dall'8, dall'11", () => {
    expect(onSaleText('2027-05-08T08:00:00Z', now)).toBe("In vendita dall'8 maggio alle 10:00");
    expect(onSaleText('2027-05-11T08:00:00Z', now)).toBe("In vendita dall'11 maggio alle 10:00");
    expect(onSaleText('2027-05-18T08:00:00Z', now)).toBe('In vendita dal 18 maggio alle 10:00');
  });

  it('follows the clock changes: the last Sunday of March and of October', () => {
    // 28 March 2027: 02:00 CET becomes 03:00 CEST (01:00 UTC)
    expect(onSaleText('2027-03-28T00:59:00Z', now)).toBe('In vendita dal 28 marzo alle 01:59');
    expect(onSaleText('2027-03-28T01:00:00Z', now)).toBe('In vendita dal 28 marzo alle 03:00');
    // 31 October 2027: 03:00 CEST goes back to 02:00 CET (01:00 UTC): 02:30 happens twice
    expect(onSaleText('2027-10-31T00:30:00Z', now)).toBe('In vendita dal 31 ottobre alle 02:30');
    expect(onSaleText('2027-10-31T01:30:00Z', now)).toBe('In vendita dal 31 ottobre alle 02:30');
    expect(onSaleText('2027-10-31T09:00:00Z', now)).toBe('In vendita dal 31 ottobre alle 10:00');
  });
});

describe('the next on-sale instant', () => {
  it('is the earliest waiting one; sold out and past instants never count', () => {
    const ctas = [
      { on_sale_at: '2027-06-01T08:00:00Z' },
      { on_sale_at: AT, availability: 'sold_out' },
      { on_sale_at: '2027-05-20T08:00:00Z', availability: 'limited' },
      { on_sale_at: '2027-01-01T08:00:00Z' },
      { on_sale_at: null },
    ];
    expect(nextOnSale(ctas, Date.parse('2027-03-01T00:00:00Z'))).toBe(Date.parse('2027-05-20T08:00:00Z'));
    expect(nextOnSale(ctas, Date.parse('2027-05-20T08:00:00Z'))).toBe(Date.parse('2027-06-01T08:00:00Z'));
    expect(nextOnSale(ctas, Date.parse('2027-06-01T08:00:00Z'))).toBeNull();
  });

  it("is the page's next boundary when it comes before the others", () => {
    const page = { visible_from: null, visible_until: '2027-07-01T00:00:00Z', eventDates: ['1 luglio 2027'] };
    const now = new Date('2027-05-12T07:00:00Z');
    expect(nextBoundary({ ...page, onSale: at }, now)).toBe(AT);
    expect(nextBoundary({ ...page, onSale: null }, now)).toBe('2027-07-01T00:00:00Z');
    // an instant already passed is no boundary
    expect(nextBoundary({ ...page, onSale: at }, new Date(at))).toBe('2027-07-01T00:00:00Z');
  });
});

// ---------------------------------------------------------------------------------------------
// The states in the landing render

const event = textRow;

function dropsPage(extra: Partial<PageLike> = {}): PageLike {
  return auroraTour(
    [
      event(1, '20 maggio 2027 - Milano - Alcatraz|biglietti', [
        { url: 'https://t.it/a', buttonText: 'biglietti', on_sale_at: AT },
      ]),
      event(2, '21 maggio 2027 - Roma - Atlantico|biglietti', [
        { url: 'https://t.it/b', buttonText: 'biglietti', availability: 'limited' },
      ]),
      event(3, '22 maggio 2027 - Bari - Demodè|biglietti', [
        { url: 'https://t.it/c', buttonText: 'biglietti', availability: 'sold_out', on_sale_at: AT },
      ]),
      event(4, 'data da annunciare - Cagliari - Fiera|biglietti', [
        { url: 'https://t.it/d', buttonText: 'biglietti', on_sale_at: '2027-05-13T08:00:00Z', availability: 'limited' },
      ]),
    ],
    extra,
  );
}

function eventMarkup(html: string, id: number): string {
  const items = [...html.matchAll(/<li class="e">[\s\S]*?<\/li>/g)].map((m) => m[0]);
  const item = items.find((li) => li.includes(`/buttons/${id}/click`) || li.includes(`/events/${id}.ics`));
  if (!item) throw new Error(`no event ${id}`);
  return item;
}

function offers(html: string): Array<Record<string, string>> {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
  return (JSON.parse(json) as Array<{ offers: Array<Record<string, string>> }>).flatMap((e) => e.offers);
}

describe('ticket drops in the landing render', () => {
  const before = new Date(at - 2 * 24 * HOUR);

  it('before the instant: the waiting block, the link hidden in the same wrapper, and Avvisami', async () => {
    const { html, until, scripts } = renderLanding(dropsPage(), { ...OPTS, now: before });
    const waiting = eventMarkup(html, 1);
    expect(waiting).toContain(
      `<div class="dw" data-w="${at}"><p class="b ws"><span class="wn">biglietti</span>` +
        '<span class="wd">In vendita dal 12 maggio alle 10:00</span><span role="timer" data-p="Apre tra "></span></p>' +
        `<a class="b" href="https://t.it/a" rel="noopener" data-c="${pagePaths.buttonClick('tour', 1)}">biglietti</a></div>`,
    );
    expect(waiting).toContain(
      '<a class="ak" href="#fs-h" data-a="Milano" aria-label="Avvisami per Milano">Avvisami</a>',
    );
    // limited: a tag inside the link
    expect(eventMarkup(html, 2)).toContain(
      `<a class="b" href="https://t.it/b" rel="noopener" data-c="${pagePaths.buttonClick('tour', 2)}">biglietti<span class="tg">Ultimi biglietti</span></a>`,
    );
    expect(eventMarkup(html, 2)).not.toContain('class="ak"');
    // sold out wins over the instant: as before, no link, no Avvisami
    expect(html).toContain('<span class="b off" aria-disabled="true">Sold out</span>');
    expect(eventMarkup(html, 3)).not.toContain('https://t.it/c');
    // an undated event's city is no choice of the form: 'Un'altra città' with its name
    const undated = [...html.matchAll(/<li class="e">[\s\S]*?<\/li>/g)].find((m) => m[0].includes('Cagliari'))![0];
    expect(undated).toContain('data-w="1810195200000"');
    expect(undated).toContain('<span class="tg">Ultimi biglietti</span></a></div>');
    expect(undated).toContain('data-a="+" data-o="Cagliari"');
    // the document's end, its scripts and its policy
    expect(until).toBe(at);
    expect(scripts).toEqual([LANDING_SCRIPT, DROP_SCRIPT]);
    expect(html.endsWith(`<script>${DROP_SCRIPT}</script></body></html>`)).toBe(true);
    const policy = await contentSecurityPolicy({ styles: [], scripts });
    expect(policy.match(/'sha256-/g)).toHaveLength(2);
  });

  it('the CSS shows one state or the other, and the countdown only in the last day', () => {
    const { html } = renderLanding(dropsPage(), { ...OPTS, now: before });
    expect(html).toContain(
      '.dw[data-w]>:last-child,.dw:not([data-w])>.ws,.dw:not(.c) [role=timer],.dw.c .wd{display:none}',
    );
    expect(html).toContain('li:not(:has([data-w])) .ak{display:none}');
  });

  it('at the instant, to the second: the link, no waiting block, no drops script', () => {
    const justBefore = renderLanding(dropsPage(), { ...OPTS, now: new Date(at - 1000) });
    expect(eventMarkup(justBefore.html, 1)).toContain('data-w=');
    const { html, until, scripts } = renderLanding(dropsPage(), { ...OPTS, now: new Date(at) });
    const open = eventMarkup(html, 1);
    expect(open).not.toContain('data-w');
    expect(open).not.toContain('class="ak"');
    expect(open).toContain('<a class="b" href="https://t.it/a"');
    // the undated event still waits a day
    expect(until).toBe(Date.parse('2027-05-13T08:00:00Z'));
    expect(scripts).toHaveLength(2);
    const after = renderLanding(dropsPage(), { ...OPTS, now: new Date('2027-05-13T08:00:00Z') });
    expect(after.until).toBeUndefined();
    expect(after.scripts).toEqual([LANDING_SCRIPT]);
    expect(after.html).not.toContain('class="dw"');
    expect(after.html).not.toContain('class="ak"');
  });

  it('JSON-LD offers: PreOrder with validFrom before the sale, then InStock; limited; sold out', () => {
    const pre = offers(renderLanding(dropsPage(), { ...OPTS, now: before }).html);
    expect(pre).toEqual([
      expect.objectContaining({ url: 'https://t.it/a', availability: 'https://schema.org/PreOrder', validFrom: AT }),
      expect.objectContaining({ url: 'https://t.it/b', availability: 'https://schema.org/LimitedAvailability' }),
      expect.objectContaining({ url: 'https://t.it/c', availability: 'https://schema.org/SoldOut' }),
      expect.objectContaining({ availability: 'https://schema.org/PreOrder', validFrom: '2027-05-13T08:00:00Z' }),
    ]);
    expect(pre[2]).not.toHaveProperty('validFrom');
    const post = offers(renderLanding(dropsPage(), { ...OPTS, now: new Date('2027-05-13T08:00:00Z') }).html);
    expect(post.map((o) => o.availability)).toEqual([
      'https://schema.org/InStock',
      'https://schema.org/LimitedAvailability',
      'https://schema.org/SoldOut',
      'https://schema.org/LimitedAvailability',
    ]);
    expect(post.some((o) => 'validFrom' in o)).toBe(false);
  });

  it('without the sign-up block there is no Avvisami', () => {
    const { html } = renderLanding(dropsPage({ fan_signup: false }), { ...OPTS, now: before });
    expect(html).toContain('data-w=');
    expect(html).not.toContain('class="ak"');
  });

  it('labels and cities in hostile text stay text', () => {
    const page = dropsPage({
      buttons: [
        event(1, '20 maggio 2027 - <img src=x onerror=alert(1)> - "Club"|x', [
          {
            url: 'https://t.it/a',
            buttonText: '</script><script>alert(1)</script>',
            on_sale_at: AT,
            availability: 'limited',
          },
        ]),
      ],
    });
    const { html } = renderLanding(page, { ...OPTS, now: before });
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<span class="wn">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</span>');
    expect(html).toContain('data-a="&lt;img src=x onerror=alert(1)&gt;"');
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(ld).not.toContain('<');
  });

  it('the view carries the instant while it is ahead, and the availability always', () => {
    const view = toPublicView(dropsPage(), 'tour', { now: before });
    const ctas = view.buttons.flatMap((b) => (b.type === 'text' ? b.ctaButtons : []));
    expect(ctas.map((c) => [c.availability, c.onSaleAt])).toEqual([
      ['on_sale', AT],
      ['limited', undefined],
      ['sold_out', undefined],
      ['limited', '2027-05-13T08:00:00Z'],
    ]);
    expect(ctas[0]!.onSaleText).toBe('In vendita dal 12 maggio alle 10:00');
  });

  it('the preview shows the same states, its links inert, the drops script allowed by its policy', async () => {
    const doc = await renderPreviewDocument(dropsPage(), { ...OPTS, now: before });
    expect(doc).toContain(`<div class="dw" data-w="${at}">`);
    expect(doc).toContain('<a class="b" role="link" aria-disabled="true">biglietti</a></div>');
    expect(doc).toContain('<a class="ak" data-a="Milano"');
    expect(doc).not.toContain('href="#fs-h"');
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(doc)![1]!;
    const hashes = await contentSecurityPolicy({ styles: [], scripts: [LANDING_SCRIPT, DROP_SCRIPT] });
    expect(policy.replaceAll('&#x27;', "'")).toContain(/script-src [^;]+/.exec(hashes)![0]);
  });

  it('inline JS stays within the page budget with both scripts', () => {
    expect(Buffer.byteLength(LANDING_SCRIPT) + Buffer.byteLength(DROP_SCRIPT)).toBeLessThanOrEqual(2560);
  });
});
