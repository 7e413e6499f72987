// The landing page render (docs/behaviour.md#the-public-page): the head and its preloads, the
// header's size, fonts, JSON-LD and the inline script under the CSP; the Italian date parser and
// the JSON-LD serialiser.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, renderLanding, renderLandingDocument } from '../../src/landing/render';
import { LANDING_SCRIPT } from '../../src/landing/script';
import { parseItalianDate } from '../../src/core/event-date';
import { serialiseJsonLd } from '../../src/landing/jsonld';
import { OPTS, styleOf, tourPage } from './landing-fixtures';

describe('renderLandingDocument', () => {
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
