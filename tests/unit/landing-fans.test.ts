// The 'Avvisami' block of the published page: when it shows, what it offers, a form that works
// without JavaScript, the consent line; and the small pages of the fans.
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import { toPublicView } from '../../src/core/public-view';
import { renderFanNotice, renderLanding, renderPreviewDocument } from '../../src/landing/render';
import { LINKS, tourPage } from './landing-fixtures';

const OPTS = {
  slug: 'tour',
  origin: 'https://palco.test',
  links: { ...LINKS, privacy: 'https://legal.example/privacy' },
};
const NOW = new Date('2099-03-12T10:00:00Z');

/** React escapes ' in text and attributes. */
function html(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
}

function block(doc: string): string | null {
  return /<section class="fs"[\s\S]*?<\/section>/.exec(doc)?.[0] ?? null;
}

/** The tag of the element with this id. */
function tagWithId(markup: string, id: string): string {
  const tag = new RegExp(`<[a-z][a-z0-9]* [^>]*id="${id}"[^>]*>`).exec(markup)?.[0];
  if (!tag) throw new Error(`no element #${id}`);
  return tag;
}

function options(markup: string): Array<[string, string]> {
  return [...markup.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1]!, m[2]!]);
}

function render(page = tourPage(4), opts: Partial<typeof OPTS> & { preview?: boolean } = {}): string {
  return renderLanding({ company: 'Concerti Aurora', ...page }, { ...OPTS, now: NOW, ...opts }).html;
}

describe("the 'Avvisami' block", () => {
  it('shows under the events of a text page, on by default, and not when the page turns it off', () => {
    const doc = render();
    expect(block(doc)).not.toBeNull();
    // after the events, inside the main column, before the footer
    expect(doc.indexOf('<section class="fs"')).toBeGreaterThan(doc.indexOf('<ol class="ev"'));
    expect(doc.indexOf('<section class="fs"')).toBeLessThan(doc.indexOf('</main>'));
    expect(block(render(tourPage(4, 'light', { fan_signup: true })))).not.toBeNull();
    expect(block(render(tourPage(4, 'light', { fan_signup: false })))).toBeNull();
    expect(toPublicView(tourPage(4, 'light', { fan_signup: false }), 'tour').fanSignup).toBeNull();
  });

  it('never shows on an image page', () => {
    const page = tourPage(0, 'light', {
      mode: 'image',
      fan_signup: true,
      buttons: [
        { id: 1, type: 'image', image_path: '/stores/spotify.svg', url: 'https://open.spotify.com', text: 'Spotify' },
      ],
    });
    expect(block(render(page))).toBeNull();
  });

  it('offers the upcoming cities in date order, once each, then all dates and another city', () => {
    const page = tourPage(0, 'light', {
      buttons: [
        { id: 1, type: 'text', text: '20 marzo 2099 - Roma - Atlantico|x' },
        { id: 2, type: 'text', text: '1 marzo 2099 - Torino - Hiroshima|x' },
        { id: 3, type: 'text', text: '15 marzo 2099 - Milano - Alcatraz|x' },
        { id: 4, type: 'text', text: '22 marzo 2099 - roma - Largo|x' },
        { id: 5, type: 'text', text: 'prossimamente - Bari - Demodè|x' },
      ],
    });
    // on 12 March the Torino date is past, Bari has no date
    expect(options(block(render(page))!)).toEqual([
      ['', t('fans.public.chooseCity')],
      ['Milano', 'Milano'],
      ['Roma', 'Roma'],
      ['*', t('fans.public.allDates')],
      ['+', html(t('fans.public.otherCity'))],
    ]);
  });

  it('shows also with no upcoming date (all dates and another city only), and on a page with no events', () => {
    const past = tourPage(0, 'light', { buttons: [{ id: 1, type: 'text', text: '1 marzo 2099 - Torino - X|x' }] });
    for (const page of [past, tourPage(0)]) {
      expect(options(block(render(page))!).map(([value]) => value)).toEqual(['', '*', '+']);
    }
  });

  it('is a form that works without JavaScript: fields, labels, honeypot, status line', () => {
    const markup = block(render())!;
    expect(tagWithId(markup, 'fs-h')).toBe('<h2 class="fh" id="fs-h">');
    const form = /<form [^>]*>/.exec(markup)![0];
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/tour/fans"');
    expect(form).toContain('data-f=""');

    const email = tagWithId(markup, 'fs-e');
    expect(email).toMatch(/name="email"/);
    expect(email).toMatch(/type="email"/);
    expect(email).toMatch(/autocomplete="email"/i);
    expect(email).toMatch(/required=""/);
    const city = tagWithId(markup, 'fs-c');
    expect(city).toMatch(/name="city"/);
    expect(city).toMatch(/required=""/);
    const other = tagWithId(markup, 'fs-o');
    expect(other).toMatch(/name="other_city"/);
    expect(other).toMatch(/type="text"/);
    // every field has its label; the other city's says what it is for
    for (const id of ['fs-e', 'fs-c', 'fs-o', 'fs-w']) expect(markup).toContain(`<label for="${id}">`);
    expect(markup).toContain(`<label for="fs-o">${html(t('fans.public.otherCityLabel'))}</label>`);
    // the other city is in the markup (visible without JavaScript); the script's `js` class and
    // CSS hide it until 'Un'altra città' is chosen
    expect(markup).toMatch(/<div class="fo"><label for="fs-o">/);

    const honeypot = /<div class="vh" aria-hidden="true">[\s\S]*?<\/div>/.exec(markup)![0];
    const trap = tagWithId(honeypot, 'fs-w');
    expect(trap).toMatch(/name="website"/);
    expect(trap).toMatch(/tabindex="-1"/i);
    expect(trap).toMatch(/autocomplete="off"/i);

    expect(markup).toContain('<p class="fm" role="status"></p>');
    expect(markup).toMatch(/<button class="b" type="submit">Avvisami<\/button>/);
  });

  it("the consent line names the organiser's company and the page, and links the privacy page", () => {
    const markup = block(render())!;
    const consent = t('fans.public.consent', { company: 'Concerti Aurora', title: 'I Nomadi Elettrici – Tour 2099' });
    expect(markup).toContain(`<p class="fc">${html(consent)} <a href="https://legal.example/privacy" rel="noopener">`);
    expect(markup).toContain(t('fans.public.privacy'));
  });

  it('a company in hostile text stays text', () => {
    const doc = render(tourPage(2, 'light', { company: '<img src=x onerror=alert(1)>' }));
    expect(doc).not.toContain('<img src=x');
    expect(block(doc)).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('in the editor preview the form is inert: no action, a plain button, no link', async () => {
    const doc = await renderPreviewDocument({ company: 'Concerti Aurora', ...tourPage(4) }, { ...OPTS, now: NOW });
    const markup = block(doc)!;
    const form = /<form[^>]*>/.exec(markup)![0];
    expect(form).not.toMatch(/action=|method=|data-f/);
    expect(markup).toContain('<button class="b" type="button">Avvisami</button>');
    expect(markup).toMatch(/<a rel="noopener">Informativa privacy<\/a>/);
  });

  it('uses the theme of the page: its own custom properties for text, borders and focus', () => {
    for (const style of ['light', 'dark', 'custom']) {
      const css = /<style>([\s\S]*?)<\/style>/.exec(render(tourPage(2, style)))![1]!;
      expect(css).toMatch(/--cs:(light|dark)/);
      expect(css).toContain('.fs input,.fs select{');
      expect(css).toContain('.fs :focus-visible{outline:3px solid var(--focus)');
    }
    expect(render(tourPage(2, 'dark'))).toContain('--cs:dark');
    expect(render(tourPage(2, 'light'))).toContain('--cs:light');
  });
});

describe('the fans’ small pages', () => {
  it('carry no script, the page colours, the actions as form POSTs and the link back', () => {
    const doc = renderFanNotice(
      { mode: 'text', style: 'dark', title: 'Tour', display_title: 'Tour 2099' },
      {
        heading: 'Titolo',
        lines: ['Riga'],
        actions: [{ action: '/tour/fans/confirm?token=a&b', label: 'Conferma' }],
        back: { href: '/tour', label: t('fans.page.back') },
      },
    );
    expect(doc.scripts).toEqual([]);
    expect(doc.html).not.toContain('<script');
    expect(doc.html).toContain('--bg:#0B0B0F');
    expect(doc.html).toContain('<title>Titolo · Tour 2099</title>');
    expect(doc.html).toContain('<form action="/tour/fans/confirm?token=a&amp;b" method="post">');
    expect(doc.html).toContain('<a class="bk" href="/tour">Torna alla pagina</a>');
    // an image page or an unknown page: light
    expect(renderFanNotice({ mode: 'image', style: 'dark' }, { heading: 'x', lines: [] }).html).toContain(
      '--bg:#FFFFFF',
    );
    expect(renderFanNotice(null, { heading: 'x', lines: [] }).html).toContain('--bg:#FFFFFF');
  });
});
