import { ERROR_REDIRECT_SCRIPT } from '../../src/landing/script';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  contentSecurityPolicy,
  renderErrorDocument,
  renderLanding,
  renderLandingDocument,
} from '../../src/landing/render';
import { LANDING_SCRIPT } from '../../src/landing/script';
import { parseItalianDate } from '../../src/core/event-date';
import { serialiseJsonLd } from '../../src/landing/jsonld';
import { FONT_FAMILIES, STAND_IN_FAMILIES } from '../../src/core/fonts';
import { pagePaths } from '../../src/core/api-paths';
import { LINKS, tourPage } from './landing-fixtures';

const OPTS = { slug: 'tour', origin: 'https://palco.test', links: LINKS };
const ALLOWED_TAGS = new Set([
  'html',
  'head',
  'meta',
  'title',
  'link',
  'style',
  'script',
  'body',
  'div',
  'header',
  'img',
  'video',
  'button',
  'svg',
  'path',
  'defs',
  'linearGradient',
  'stop',
  'rect',
  'circle',
  'main',
  'h1',
  'ol',
  'ul',
  'li',
  'p',
  'a',
  'span',
  'footer',
  'section',
  'h2',
  'symbol',
  'use',
  // the 'Avvisami' block
  'form',
  'label',
  'input',
  'select',
  'option',
]);

function styleOf(html: string): string {
  return /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
}

function checkStructure(html: string) {
  const tags = [...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!);
  for (const tag of tags) expect(ALLOWED_TAGS, tag).toContain(tag);
  expect(html.match(/<script/g)?.length ?? 0).toBeLessThanOrEqual(2);
  expect(html.match(/<script/g)?.length).toBe(html.match(/<\/script>/g)?.length);
  expect(html.match(/<style/g)).toHaveLength(1);
  expect(html.match(/<\/style>/g)).toHaveLength(1);
  // attributes of real tags (text cannot contain '<': React escapes it), quoted values removed
  for (const m of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const attrs = m[2]!.replace(/"[^"]*"/g, '');
    expect(attrs).not.toMatch(/['<]/);
    for (const name of attrs.match(/[^\s=/]+/g) ?? []) expect(name).not.toMatch(/^on/i);
    for (const v of m[2]!.matchAll(/(?:href|src|poster|data-c)="([^"]*)"/g))
      expect(v[1]).not.toMatch(/^\s*(javascript|data|vbscript):/i);
  }
  const css = styleOf(html);
  expect(css).not.toMatch(/[<>]/);
  for (const [hex] of css.matchAll(/#[0-9a-zA-Z]+/g)) expect(hex).toMatch(/^#[0-9A-F]{6}$/);
  // the families offered, and Poppins' two local stand-ins (constants)
  const families = [...FONT_FAMILIES, ...STAND_IN_FAMILIES];
  for (const m of css.matchAll(/-ff:"([^"]+)"/g)) expect(families).toContain(m[1]);
  for (const m of css.matchAll(/font-family:"([^"]+)"/g)) expect(families).toContain(m[1]);
  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (ld) {
    expect(ld[1]).not.toMatch(/[<>&\u2028\u2029]/);
    JSON.parse(ld[1]!);
  }
}

const hostile = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '</script><script>alert(1)</script>',
    '</style><img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    "'; } body { background: url(//evil) } /*",
    '\u2028\u2029</title>',
    '<!--',
    ']]>',
    'javascript:alert(1)',
  ),
);
const styleValue = fc.oneof(
  hostile,
  fc.integer(),
  fc.constant(null),
  fc.constantFrom('#abc', 'Lora', 'italic', '700', '2rem', 'pill'),
);
const textGroup = fc.record(
  { color: styleValue, fontSize: styleValue, fontFamily: styleValue, fontWeight: styleValue, fontStyle: styleValue },
  { requiredKeys: [] },
);
const customStyles = fc.oneof(
  fc.record(
    {
      data: textGroup,
      city: textGroup,
      venue: textGroup,
      buttons: fc.record(
        { backgroundColor: styleValue, textColor: styleValue, borderRadius: styleValue, fontSize: styleValue },
        { requiredKeys: [] },
      ),
      background: fc.record({ color: styleValue }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  ),
  hostile,
  fc.anything(),
);

describe('renderLandingDocument', () => {
  it('property: no user text can open or close a tag, a <style> or a <script>; colours #RRGGBB; fonts from the list', () => {
    fc.assert(
      fc.property(
        hostile,
        hostile,
        hostile,
        hostile,
        hostile,
        hostile,
        hostile,
        customStyles,
        fc.constantFrom('light', 'dark', 'custom', 'x'),
        fc.constantFrom('text', 'image'),
        fc.boolean(),
        (title, display, date, city, venue, label, url, styles, style, mode, preview) => {
          const page = {
            title,
            display_title: display,
            header: url,
            mode,
            style,
            custom_styles: styles,
            buttons: [
              {
                id: 1,
                position: 1,
                type: mode,
                text: `${date} - ${city} - ${venue}|${label}`,
                image_path: url,
                url,
                cta_buttons: [
                  { url, buttonText: label },
                  { url: 'https://ok.it', buttonText: label },
                ],
              },
            ],
          };
          checkStructure(renderLandingDocument(page, { ...OPTS, preview }));
        },
      ),
      { numRuns: 120 },
    );
  }, 60_000);

  it('renders the four layouts distinctly', () => {
    const light = renderLandingDocument(tourPage(3, 'light'), OPTS);
    const dark = renderLandingDocument(tourPage(3, 'dark'), OPTS);
    const custom = renderLandingDocument(
      tourPage(3, 'custom', { custom_styles: { background: { color: '#123456' }, city: { fontFamily: 'Anton' } } }),
      OPTS,
    );
    const image = renderLandingDocument(
      {
        title: 'Link',
        header: '/dati/tour/tour.jpg',
        mode: 'image',
        buttons: [
          {
            id: 4,
            position: 1,
            type: 'image',
            text: 'Spotify',
            image_path: '/stores/spotify.svg',
            url: 'open.spotify.com',
          },
        ],
      },
      OPTS,
    );
    expect(styleOf(light)).toContain('--bg:#FFFFFF');
    expect(styleOf(dark)).toContain('--bg:#0B0B0F');
    expect(styleOf(custom)).toContain('--bg:#123456');
    expect(styleOf(custom)).toContain('url(/fonts/anton-400-normal.woff2)');
    // fonts are never preloaded (they come after load); their faces stay in the CSS, from our origin only
    for (const html of [light, dark, custom, image]) expect(html).not.toMatch(/<link[^>]*as="font"/);
    expect(image).toContain('<ul class="ib"');
    expect(image).toContain('href="//open.spotify.com"');
    expect(image).toContain(`data-c="${pagePaths.buttonClick('tour', 4)}"`);
    for (const html of [light, dark, custom, image]) {
      checkStructure(html);
      expect(html).toContain('Questo sito non contiene cookies');
      expect(html).toContain('href="/terms"');
      expect(html).toContain('href="/privacy"');
      expect(html).toContain('href="/about"');
      expect(html).toContain('url(/fonts/poppins-400-normal.woff2)');
    }
  });

  it('event blocks: soldout disabled, no URL not clickable, one button per CTA, beacons on links only', () => {
    const html = renderLandingDocument(tourPage(3), OPTS);
    expect(html).toContain('<span class="b off" aria-disabled="true">Sold out</span>');
    // each CTA of the event beacons on the event's button; the second one names its index
    expect(html.match(/data-c="\/api\/db\/landing-pages\/tour\/buttons\/3\/click"/g)).toHaveLength(1);
    expect(html.match(/data-c="\/api\/db\/landing-pages\/tour\/buttons\/3\/click\?k=1"/g)).toHaveLength(1);
    expect(html).toContain('href="//vivaticket.com/x"');
    const noUrl = renderLandingDocument(
      {
        title: 'x',
        buttons: [
          { id: 1, type: 'text', text: 'a - b - c|biglietti', url: '', cta_buttons: [{ url: '', buttonText: '' }] },
        ],
      },
      OPTS,
    );
    expect(noUrl).toContain('<span class="b nl">BIGLIETTI</span>');
    expect(noUrl).not.toContain('data-c=');
  });

  it('preview: links inert, no tracking, not indexed, no JSON-LD', () => {
    const html = renderLandingDocument(tourPage(3), { ...OPTS, preview: true });
    expect(html).not.toContain('data-c=');
    expect(html).not.toMatch(/<a [^>]*href=/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).not.toContain('application/ld+json');
  });

  it('empty state and video header', () => {
    const empty = renderLandingDocument({ title: 'x', buttons: [] }, OPTS);
    expect(empty).toContain('Nessun dato disponibile');
    const video = renderLandingDocument({ ...tourPage(1), header: '/dati/tour/tour.mp4' }, OPTS);
    expect(video).toMatch(
      /<video class="hd-m" data-h="" src="\/dati\/tour\/tour.mp4" autoPlay="" muted="" loop="" playsInline=""/,
    );
    expect(video).toContain('aria-label="Attiva audio"');
    expect(video).toContain('data-off="Disattiva audio"');
  });

  it('header fallback /dati/{slug}/{slug}.jpg; Open Graph, canonical, favicon', () => {
    const html = renderLandingDocument({ ...tourPage(1), header: '' }, OPTS);
    expect(html).toContain('src="/dati/tour/tour.jpg"');
    expect(html).toContain('<link rel="canonical" href="https://palco.test/tour"/>');
    expect(html).toContain('<meta property="og:image" content="https://palco.test/dati/tour/tour.jpg"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"');
  });

  it("the head: the header's file is preloaded first, at high priority; no font preload", () => {
    const heads = {
      image: renderLandingDocument({ ...tourPage(2), header: '/dati/tour/tour.abc.jpg' }, OPTS),
      video: renderLandingDocument(
        { ...tourPage(2), header: '/dati/tour/tour.abc.mp4', header_poster: '/dati/tour/tour-poster.abc.jpg' },
        OPTS,
      ),
      store: renderLandingDocument({ title: 'Link', header: 'https://cdn.example.com/h.webp', mode: 'image' }, OPTS),
    };
    const first = {
      image: '/dati/tour/tour.abc.jpg',
      video: '/dati/tour/tour-poster.abc.jpg',
      store: 'https://cdn.example.com/h.webp',
    };
    for (const [name, html] of Object.entries(heads)) {
      const head = html.slice(0, html.indexOf('</head>'));
      const links = [...head.matchAll(/<link\b[^>]*>/g)].map((m) => m[0]);
      // the first fetch the head asks for is the header (the video's poster), with nothing before it
      expect(links[0], name).toBe(
        `<link rel="preload" href="${first[name as keyof typeof first]}" as="image" fetchPriority="high"/>`,
      );
      expect(head.indexOf(links[0]!), name).toBeLessThan(head.indexOf('<style'));
      expect(head.indexOf(links[0]!), name).toBeLessThan(head.indexOf('<script'));
      expect(
        links.filter((l) => l.includes('rel="preload"')),
        name,
      ).toHaveLength(1);
      expect(head, name).not.toMatch(/as="font"/);
    }
    // the blurred backdrop (the same file) comes first in the body, yet does not set the priority
    expect(heads.image).toContain('<img class="bd" data-i="" src="/dati/tour/tour.abc.jpg"');
    // a video without a poster has no still to preload: the video itself is not preloaded
    const bare = renderLandingDocument({ ...tourPage(1), header: '/dati/tour/tour.abc.mp4' }, OPTS);
    expect(bare).not.toContain('rel="preload"');
  });

  it('the header carries its stored size, else the default ratio', () => {
    const tag = (html: string) => /<header class="hd">(<(img|video)\b[^>]*>)/.exec(html)![1]!;
    const sized = renderLandingDocument(
      { ...tourPage(1), header: '/dati/tour/t.jpg', header_width: 1080, header_height: 1350 },
      OPTS,
    );
    expect(tag(sized)).toContain('width="1080" height="1350" fetchPriority="high"');
    const video = renderLandingDocument(
      {
        ...tourPage(1),
        header: '/dati/tour/t.mp4',
        header_poster: '/dati/tour/p.jpg',
        header_width: 720,
        header_height: 1280,
      },
      OPTS,
    );
    expect(tag(video)).toMatch(/^<video [^>]*width="720" height="1280"/);
    expect(tag(renderLandingDocument({ ...tourPage(1), header: '/dati/tour/t.jpg' }, OPTS))).toContain(
      'width="1200" height="800"',
    );
    expect(tag(renderLandingDocument({ ...tourPage(1), header: '/dati/tour/t.mp4' }, OPTS))).toContain(
      'width="1080" height="1080"',
    );
    // nonsense sizes are not written
    for (const [w, h] of [
      [0, 10],
      [10.5, 10],
      [-1, 5],
      [70_000, 10],
    ]) {
      const html = renderLandingDocument(
        { ...tourPage(1), header: '/dati/tour/t.jpg', header_width: w, header_height: h },
        OPTS,
      );
      expect(tag(html)).toContain('width="1200" height="800"');
    }
  });

  it('fonts: sized local stand-ins until load, the web fonts under the `f` class the script sets on load', () => {
    const css = styleOf(renderLandingDocument(tourPage(2), OPTS));
    // Poppins' stand-ins: Arial-metric faces and Roboto, regular and bold, each sized
    expect(css.match(/@font-face\{font-family:"Poppins fallback( R)?";[^}]*src:local\(/g)).toHaveLength(4);
    expect(css).toMatch(
      /font-family:"Poppins fallback";font-weight:100 500;src:local\("Arial"\)[^}]*size-adjust:108\.6%/,
    );
    // before load the UI font is the stand-in; with `f` it is Poppins, then the stand-in
    expect(css).toContain(':root{--ui-ff:"Poppins fallback", "Poppins fallback R", system-ui');
    expect(css).toContain('.f{--ui-ff:"Poppins", "Poppins fallback", "Poppins fallback R", system-ui');
    // the faces themselves are still declared (they load once used), without preload
    expect(css).toContain('url(/fonts/poppins-700-normal.woff2)');
    // a custom page's own families apply with `f` too
    const custom = styleOf(
      renderLandingDocument(
        tourPage(2, 'custom', { custom_styles: { city: { fontFamily: 'Anton' }, data: { fontFamily: 'Lora' } } }),
        OPTS,
      ),
    );
    expect(custom).toMatch(/--c-ff:Impact, "Arial Black", system-ui, sans-serif;/);
    expect(custom).toMatch(/\.f\{--d-ff:"Lora", Georgia, "Times New Roman", serif;--c-ff:"Anton", Impact/);
    // the script adds `f` on the window's load event, nothing earlier
    expect(LANDING_SCRIPT).toContain('addEventListener("load",function(){h.add("f")})');
  });

  it('MusicEvent JSON-LD: startDate, location, offers with SoldOut', () => {
    const html = renderLandingDocument(tourPage(3), OPTS);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ld).toHaveLength(3);
    expect(ld[0]).toMatchObject({
      '@type': 'MusicEvent',
      startDate: '2099-03-10',
      location: { '@type': 'Place', name: 'Alcatraz', address: { addressLocality: 'Milano' } },
      offers: [{ url: 'https://www.ticketone.it/evento/0', availability: 'https://schema.org/InStock' }],
    });
    expect(ld[1].offers[0].availability).toBe('https://schema.org/SoldOut');
    expect(ld[2].offers[1].url).toBe('https://vivaticket.com/x');
  });

  it('the inline script stays within 2.5 KB and the CSP hashes it', async () => {
    expect(new TextEncoder().encode(LANDING_SCRIPT).length).toBeLessThanOrEqual(2560);
    const doc = renderLanding(tourPage(2), OPTS);
    const csp = await contentSecurityPolicy(doc);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).not.toContain('unsafe');
    // the sign-up form posts to the page's own origin, and its script fetches there
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("connect-src 'self'");
  });

  it('error document: spec texts, redirect to /home after 2 s by its one script, no meta refresh', () => {
    const { html, scripts } = renderErrorDocument();
    expect(html).toContain('Landing page non trovata');
    expect(html).toContain('Reindirizzamento in corso...');
    expect(html).not.toContain('http-equiv="refresh"');
    expect(scripts).toEqual([ERROR_REDIRECT_SCRIPT]);
    expect(ERROR_REDIRECT_SCRIPT).toContain('location.replace("/home")},2000)');
    expect(html.split('<script').length - 1).toBe(1);
  });
});

describe('parseItalianDate', () => {
  it.each([
    ['12 marzo 2099', '2099-03-12'],
    ['Sab 12 Mar 2099 ore 21:00', '2099-03-12T21:00'],
    ['1° maggio 2099', '2099-05-01'],
    ['12/03/2099', '2099-03-12'],
    ['12.03.27 - 21.30', '2027-03-12T21:30'],
    ['2099-03-12', '2099-03-12'],
    ['31 febbraio 2099', null],
    ['12 marzo', null],
    ['prossimamente', null],
  ])('%s → %s', (text, iso) => {
    expect(parseItalianDate(text)).toBe(iso);
  });
  it('serialiseJsonLd escapes what could close the script', () => {
    const s = serialiseJsonLd({ a: '</script><!--&\u2028' });
    expect(s).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(s)).toEqual({ a: '</script><!--&\u2028' });
  });
});
