// Presales on the published page (docs/behaviour.md#presales-on-the-published-page): the view's
// state at instants (before, open, over), only the window read, the render of each state (the
// tag, 'Iscriviti per ricevere il codice', the document's end, the CSS, JSON-LD), the preview and
// the embed from a draft's full presale, and the drops script switching a presale's markup.
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { publicPresale, toPublicView, type PageLike, type PublicEvent } from '../../src/core/public-view';
import { renderEmbed, renderLanding, renderPreviewDocument } from '../../src/landing/render';
import { DROP_SCRIPT, LANDING_SCRIPT } from '../../src/landing/script';
import { auroraTour, OPTS, textRow } from './landing-fixtures';

/** The general sale: 12 May 2027, 10:00 in Rome. */
const SALE = '2027-05-12T08:00:00Z';
const sale = Date.parse(SALE);
const START = '2027-05-10T08:00:00Z';
const start = Date.parse(START);
const HOUR = 3600_000;
const SECRET_URL = 'https://presale.example/segreto';
const SECRET_CODE = 'SEGRETO-CONDIVISO';

/** A presale as the organiser's answer and the editor's draft carry it: link and code too. */
const PRESALE = { starts_at: START, ends_at: null, url: SECRET_URL, shared_code: SECRET_CODE, codes: 0 };

function event(id: number, text: string, ctas: Array<Record<string, unknown>>, presale: unknown = null) {
  return textRow(id, text, ctas, { presale });
}

const CTAS = [{ url: 'https://t.it/a', buttonText: 'biglietti', on_sale_at: SALE }];

function presalePage(presale: unknown = PRESALE, extra: Partial<PageLike> = {}): PageLike {
  return auroraTour(
    [
      event(1, '20 maggio 2027 - Milano - Alcatraz|biglietti', CTAS, presale),
      event(2, '21 maggio 2027 - Roma - Atlantico|biglietti', [{ url: 'https://t.it/b', buttonText: 'biglietti' }]),
    ],
    extra,
  );
}

function milano(html: string): string {
  return [...html.matchAll(/<li class="e">[\s\S]*?<\/li>/g)].map((m) => m[0]).find((li) => li.includes('Milano'))!;
}

function firstEvent(page: PageLike, now: number): PublicEvent {
  return toPublicView(page, 'tour', { now: new Date(now) }).buttons[0] as PublicEvent;
}

const BADGE = t('presale.public.badge');
const SIGNUP = t('presale.public.signup');

describe("a presale's state in the view", () => {
  it('a date without a city offers no presale: its fans follow a city, and no e-mail would go', () => {
    const page = presalePage();
    (page.buttons![0] as { text: string }).text = '20 maggio 2027 -  - Alcatraz|biglietti';
    expect(firstEvent(page, start).presale).toBeUndefined();
    expect(firstEvent(presalePage(), start).presale).toEqual({ endsAt: SALE });
  });

  it('before its start: the start and the end (the general sale); open from the start to the second', () => {
    expect(firstEvent(presalePage(), start - 1).presale).toEqual({ startsAt: START, endsAt: SALE });
    expect(firstEvent(presalePage(), start).presale).toEqual({ endsAt: SALE });
    expect(firstEvent(presalePage(), sale - 1).presale).toEqual({ endsAt: SALE });
    // at the general sale it is over: the row is as it was without a presale
    expect(firstEvent(presalePage(), sale).presale).toBeUndefined();
  });

  it('an end of its own closes it earlier', () => {
    const ends = '2027-05-11T20:00:00Z';
    const page = presalePage({ ...PRESALE, ends_at: ends });
    expect(firstEvent(page, start).presale).toEqual({ endsAt: ends });
    expect(firstEvent(page, Date.parse(ends))).not.toHaveProperty('presale');
    // the CTA still waits after it
    expect(firstEvent(page, Date.parse(ends)).ctaButtons[0]!.onSaleAt).toBe(SALE);
  });

  it('none that can never open: no general sale (sold out), an end not after its start, a broken start', () => {
    const soldOut = [{ ...CTAS[0], availability: 'sold_out' }];
    expect(publicPresale(PRESALE, soldOut, new Date(start - HOUR))).toBeUndefined();
    expect(publicPresale({ ...PRESALE, ends_at: START }, CTAS, new Date(start - HOUR))).toBeUndefined();
    expect(publicPresale({ ...PRESALE, starts_at: 'domani' }, CTAS, new Date(start - HOUR))).toBeUndefined();
    expect(publicPresale({ ...PRESALE, starts_at: 12 }, CTAS, new Date(start - HOUR))).toBeUndefined();
    expect(publicPresale(null, CTAS, new Date(start))).toBeUndefined();
  });

  it('reads the window alone: no link, no code in the view', () => {
    for (const now of [start - HOUR, start]) {
      const view = JSON.stringify(toPublicView(presalePage(), 'tour', { now: new Date(now) }));
      expect(view).not.toContain(SECRET_URL);
      expect(view).not.toContain(SECRET_CODE);
      expect(view).not.toContain('presale.example');
    }
  });

  it('a past date shows no presale', () => {
    const past = presalePage(PRESALE, { show_past: true });
    const { html } = renderLanding(past, { ...OPTS, now: new Date('2027-05-22T12:00:00Z') });
    expect(html).not.toContain('class="pv"');
  });
});

describe('the render of each state', () => {
  it('before: both states, the presale hidden behind its start; Avvisami; the document ends at the start', () => {
    const { html, until, scripts } = renderLanding(presalePage(), { ...OPTS, now: new Date(start - HOUR) });
    const li = milano(html);
    expect(li).toContain(`<div class="pv" data-w="${start}"><p class="pb" data-w="${sale}">${BADGE}</p></div>`);
    expect(li).toContain('<a class="ak" href="#fs-h" data-a="Milano" aria-label="Avvisami per Milano">Avvisami</a>');
    expect(li).toContain(
      `<div class="pv" data-w="${start}"><a class="ak" href="#fs-h" data-a="Milano" data-w="${sale}" ` +
        `aria-label="${t('presale.public.signupLabel', { city: 'Milano' })}">${SIGNUP}</a></div>`,
    );
    // the waiting CTA as today: its label and the general sale's time
    expect(li).toContain('<span class="wd">In vendita dal 12 maggio alle 10:00</span>');
    expect(until).toBe(start);
    expect(scripts).toEqual([LANDING_SCRIPT, DROP_SCRIPT]);
  });

  it('open: the tag and the sign-up link shown (no data-w on the wrapper); the document ends at the end', () => {
    const { html, until } = renderLanding(presalePage(), { ...OPTS, now: new Date(start) });
    const li = milano(html);
    expect(li).toContain(`<div class="pv"><p class="pb" data-w="${sale}">Prevendita per gli iscritti</p></div>`);
    expect(li).toContain(`<div class="pv"><a class="ak" href="#fs-h" data-a="Milano" data-w="${sale}"`);
    expect(li).toContain('>Iscriviti per ricevere il codice</a>');
    expect(li).toContain('<span class="wd">In vendita dal 12 maggio alle 10:00</span>');
    expect(until).toBe(sale);
    // the tag sits above the CTAs, the link below them
    expect(li.indexOf('class="pb"')).toBeLessThan(li.indexOf('class="ctas"'));
    expect(li.lastIndexOf('class="ak"')).toBeGreaterThan(li.indexOf('class="ctas"'));
  });

  it('after: as without a presale', () => {
    const { html } = renderLanding(presalePage(), { ...OPTS, now: new Date(sale) });
    expect(html).not.toContain('class="pv"');
    expect(html).not.toContain(SIGNUP);
    const ends = '2027-05-11T20:00:00Z';
    const early = renderLanding(presalePage({ ...PRESALE, ends_at: ends }), {
      ...OPTS,
      now: new Date(Date.parse(ends)),
    });
    expect(early.html).not.toContain('class="pv"');
    expect(milano(early.html)).toContain('>Avvisami</a>');
    expect(early.until).toBe(sale);
  });

  it('without the sign-up block: the tag, and no link', () => {
    const { html } = renderLanding(presalePage(PRESALE, { fan_signup: false }), { ...OPTS, now: new Date(start) });
    expect(html).toContain(BADGE);
    expect(html).not.toContain('class="ak"');
    expect(html).not.toContain(SIGNUP);
  });

  it('the CSS shows the presale only between its two instants, and hides the plain Avvisami meanwhile', () => {
    const { html } = renderLanding(presalePage(), { ...OPTS, now: new Date(start - HOUR) });
    expect(html).toContain('.pv[data-w],.pv>:not([data-w]),li:has(.pv:not([data-w])>[data-w])>.ak{display:none}');
    expect(html).toContain('.pv .pb{');
  });

  it('JSON-LD during the presale: still a PreOrder valid from the general sale', () => {
    const { html } = renderLanding(presalePage(), { ...OPTS, now: new Date(start + HOUR) });
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const offers = (JSON.parse(ld) as Array<{ offers: Array<Record<string, string>> }>)[0]!.offers;
    expect(offers).toEqual([
      expect.objectContaining({ url: 'https://t.it/a', availability: 'https://schema.org/PreOrder', validFrom: SALE }),
    ]);
    expect(ld).not.toContain('presale.example');
    expect(ld).not.toContain(SECRET_CODE);
  });

  it('no link nor code in any document: the page, the preview, the embed and its preview', async () => {
    for (const now of [new Date(start - HOUR), new Date(start), new Date(sale)]) {
      const docs = [
        renderLanding(presalePage(), { ...OPTS, now }).html,
        await renderPreviewDocument(presalePage(), { ...OPTS, now }),
        renderEmbed(presalePage(), { slug: 'tour', origin: OPTS.origin, now }).html,
      ];
      for (const doc of docs) {
        expect(doc).not.toContain(SECRET_URL);
        expect(doc).not.toContain('presale.example');
        expect(doc).not.toContain(SECRET_CODE);
      }
    }
  });

  it('the preview and the embed show the same states: the preview inert, the embed without a link', async () => {
    const preview = await renderPreviewDocument(presalePage(), { ...OPTS, now: new Date(start) });
    expect(preview).toContain(BADGE);
    expect(preview).toContain(`<div class="pv"><a class="ak" data-a="Milano" data-w="${sale}"`);
    expect(preview).not.toContain('href="#fs-h"');
    const embed = renderEmbed(presalePage(), { slug: 'tour', origin: OPTS.origin, now: new Date(start - HOUR) });
    expect(embed.html).toContain(`<div class="pv" data-w="${start}"><p class="pb" data-w="${sale}">${BADGE}</p></div>`);
    expect(embed.html).not.toContain('class="ak"');
    expect(embed.html).toContain('.pv[data-w],.pv>:not([data-w])');
    expect(embed.until).toBe(start);
  });
});

// ---------------------------------------------------------------------------------------------
// The drops script on a presale's markup: a stand-in DOM of just what the script touches

class El {
  dataset: Record<string, string> = {};
  classes = new Set<string>();
  textContent = '';
  children: El[] = [];
  classList = { add: (c: string) => this.classes.add(c) };
  constructor(data: Record<string, string> = {}, children: El[] = []) {
    Object.assign(this.dataset, data);
    this.children = children;
  }
  get firstChild(): El | null {
    return this.children[0] ?? null;
  }
  get lastChild(): El | null {
    return this.children.at(-1) ?? null;
  }
  removeAttribute(name: string) {
    delete this.dataset[name.replace(/^data-/, '')];
  }
  querySelector(selector: string): El | null {
    const name = /^\[data-(\w+)\]$/.exec(selector)![1]!;
    return (
      this.all()
        .slice(1)
        .find((el) => name in el.dataset) ?? null
    );
  }
  all(): El[] {
    return [this, ...this.children.flatMap((c) => c.all())];
  }
}

function runScript(roots: El[], now: number) {
  const timers: Array<{ at: number; fn: () => void }> = [];
  let clock = now;
  const doc = {
    querySelectorAll: () => roots.flatMap((r) => r.all()).filter((el) => 'w' in el.dataset),
    addEventListener: () => {},
    getElementById: () => null,
  };
  // the script's clock and timers: it has one timer at a time (clearTimeout drops it)
  const Clock = class extends Date {
    static override now() {
      return clock;
    }
  };
  const setTimer = (fn: () => void, ms: number) => timers.push({ at: clock + ms, fn });
  const clearTimer = () => timers.splice(0);
  new Function('document', 'Date', 'setTimeout', 'clearTimeout', DROP_SCRIPT)(doc, Clock, setTimer, clearTimer);
  /** Runs the timers due until `to`, in order. */
  const advance = (to: number) => {
    for (;;) {
      const next = timers.sort((a, b) => a.at - b.at)[0];
      if (!next || next.at > to) break;
      timers.shift();
      clock = next.at;
      next.fn();
    }
    clock = to;
  };
  return { advance };
}

describe('the drops script on a presale', () => {
  it('drops the start at the start and the end at the end, on the second, with no countdown', () => {
    const tag = new El({ w: String(sale) });
    const wrapper = new El({ w: String(start) }, [tag]);
    const { advance } = runScript([wrapper], start - 3 * HOUR);
    advance(start - 1);
    expect('w' in wrapper.dataset).toBe(true);
    expect(wrapper.classes.size + tag.classes.size).toBe(0);
    advance(start);
    expect('w' in wrapper.dataset).toBe(false);
    expect('w' in tag.dataset).toBe(true);
    advance(sale - 1);
    expect('w' in tag.dataset).toBe(true);
    // no countdown class nor text in the last day
    expect(tag.classes.size).toBe(0);
    expect(tag.textContent).toBe('');
    advance(sale);
    expect('w' in tag.dataset).toBe(false);
  });

  it('beside a waiting CTA, which still counts down to the general sale', () => {
    const timer = new El({ p: 'Apre tra ' });
    const cta = new El({ w: String(sale) }, [new El({}, [new El(), new El(), timer]), new El()]);
    const wrapper = new El({ w: String(start) }, [new El({ w: String(sale) })]);
    const { advance } = runScript([wrapper, cta], sale - 2 * HOUR);
    // the presale opened long ago: the document switches as it loads
    expect('w' in wrapper.dataset).toBe(false);
    expect(timer.textContent).toBe('Apre tra 02:00:00');
    expect(cta.classes.has('c')).toBe(true);
    advance(sale);
    expect('w' in cta.dataset).toBe(false);
    expect('w' in wrapper.children[0]!.dataset).toBe(false);
  });
});
