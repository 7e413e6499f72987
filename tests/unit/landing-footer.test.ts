// The published page's footer stays readable on any background (WCAG AA for its 12 px text),
// and image buttons draw nothing behind transparent store badges.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STYLE_PRESETS, contrastRatio, presetStyles } from '../../src/core/styles';
import { FOOTER_MIN_CONTRAST, customThemeCss, footerColors } from '../../src/landing/styles';
import { renderLanding } from '../../src/landing/render';
import { LINKS, tourPage } from './landing-fixtures';

/** Both footer texts meet AA on the page background and on the badge chip. */
function expectFooterReadable({ bg, fg, mut, chip }: { bg: string; fg: string; mut: string; chip: string }): void {
  for (const [text, under] of [
    [fg, bg],
    [fg, chip],
    [mut, bg],
    [mut, chip],
  ] as const) {
    expect(contrastRatio(text, under), `${text} on ${under} (background ${bg})`).toBeGreaterThanOrEqual(
      FOOTER_MIN_CONTRAST,
    );
  }
}

function readable(bg: string): void {
  expectFooterReadable({ bg, ...footerColors(bg) });
}

describe('footer colours', () => {
  it('meet AA on every preset, the Blue one included', () => {
    for (const name of Object.keys(STYLE_PRESETS) as (keyof typeof STYLE_PRESETS)[]) {
      readable(STYLE_PRESETS[name].styles.background.color);
    }
    expect(footerColors('#0B1F4D').fg).toBe('#FFFFFF');
    expect(footerColors('#FFFFFF').fg).toBe('#0A0A0A');
  });

  it('meet AA on any background colour', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0').toUpperCase()}`);
    fc.assert(
      fc.property(hex, (bg) => readable(bg)),
      { numRuns: 2000 },
    );
    for (const bg of ['#777777', '#767676', '#808080', '#000000', '#FFFFFF']) readable(bg);
  });

  it('the custom theme uses them, whatever the organiser text colours', () => {
    const styles = { ...presetStyles('blue'), venue: { ...presetStyles('blue').venue, color: '#0A0A0A' } };
    const css = customThemeCss(styles);
    const { fg, mut } = footerColors('#0B1F4D');
    expect(css).toContain(`--ft-fg:${fg}`);
    expect(css).toContain(`--ft-mut:${mut}`);
    const page = renderLanding(tourPage(2, 'custom', { custom_styles: styles }), {
      slug: 'x',
      origin: 'https://p.test',
      links: LINKS,
    });
    expect(page.styles[0]).toMatch(/\.ft\{[^}]*color:var\(--ft-mut\)/);
    expect(page.styles[0]).toMatch(/\.pw\{[^}]*color:var\(--ft-fg\)/);
  });
});

/** The value of a custom property in a page's inline CSS (the theme's :root block). */
function cssVar(css: string, name: string): string {
  const value = new RegExp(`--${name}:(#[0-9A-F]{6})[;}]`).exec(css)?.[1];
  expect(value, `--${name} in the page CSS`).toBeDefined();
  return value!;
}

describe('footer colours of every rendered theme', () => {
  // what a visitor sees: the variables the page's CSS really sets, for every theme and preset
  const pages: Array<[string, ReturnType<typeof tourPage>]> = [
    ['light', tourPage(2, 'light')],
    ['dark', tourPage(2, 'dark')],
    ['image mode', tourPage(0, 'custom', { mode: 'image' })],
    ...(Object.keys(STYLE_PRESETS) as (keyof typeof STYLE_PRESETS)[]).map(
      (name) =>
        [`custom ${name}`, tourPage(2, 'custom', { custom_styles: presetStyles(name) })] as [
          string,
          ReturnType<typeof tourPage>,
        ],
    ),
  ];

  it.each(pages)('%s: the small footer text meets AA on the page and on the chip', (_name, input) => {
    const css = renderLanding(input, { slug: 'x', origin: 'https://p.test', links: LINKS }).styles[0]!;
    expectFooterReadable({
      bg: cssVar(css, 'bg'),
      fg: cssVar(css, 'ft-fg'),
      mut: cssVar(css, 'ft-mut'),
      chip: cssVar(css, 'ft-chip'),
    });
  });
});

describe('image buttons', () => {
  it('have a transparent background (pill-shaped badges show alone)', () => {
    const page = renderLanding(
      tourPage(0, 'light', {
        mode: 'image',
        buttons: [
          {
            id: 1,
            position: 1,
            type: 'image',
            text: 'Spotify',
            image_path: '/stores/spotify.svg',
            url: 'https://open.spotify.com',
            cta_buttons: null,
          },
        ],
      }),
      { slug: 'x', origin: 'https://p.test', links: LINKS },
    );
    expect(page.html).toContain('src="/stores/spotify.svg"');
    const rule = /\.ib img\{([^}]*)\}/.exec(page.styles[0]!)?.[1] ?? '';
    expect(rule).toMatch(/background:transparent/);
    expect(page.styles[0]).not.toMatch(/\.ib (?:a|span|li|img)[^{]*\{[^}]*background:var/);
  });
});
