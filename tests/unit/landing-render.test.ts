// The landing page render (docs/behaviour.md#the-public-page): no user text escapes its place, the
// layouts, the event blocks, preview, fallbacks and the error document. The head, fonts, JSON-LD,
// the inline script and the date parser: landing-render-head.test.ts.
import { ERROR_REDIRECT_SCRIPT } from '../../src/landing/script';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { renderErrorDocument, renderLandingDocument } from '../../src/landing/render';
import { FONT_FAMILIES, STAND_IN_FAMILIES } from '../../src/core/fonts';
import { pagePaths } from '../../src/core/api-paths';
import { OPTS, styleOf, tourPage } from './landing-fixtures';

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
