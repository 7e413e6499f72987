/**
 * The published page's CSS, inlined in its one HTML document. Layout rules are constant; each
 * theme only sets custom properties, and custom themes take their values from normalised
 * CustomStyles (colours #RRGGBB, fonts/sizes/weights from allowed sets), never from raw input.
 */
import {
  contrastRatio,
  lineHeightFor,
  normaliseColor,
  normaliseCustomStyles,
  type CustomStyles,
  type TextStyle,
} from '../core/styles';
import {
  DEFAULT_FONT,
  fallbackStack,
  fontFaceCss,
  fontStack,
  loadedStack,
  metricFallbackCss,
  type FaceRequest,
} from '../core/fonts';
import type { PublicView } from '../core/public-view';

/** The reset and the helpers every document of a page shares (the page and its embed). */
const RESET_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%;background:var(--bg)}
body{margin:0;min-height:100vh;min-height:100dvh;background:var(--bg);color:var(--fg);font-family:var(--ui-ff);font-size:16px;line-height:1.5;-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale}
img,video{display:block;max-width:100%}
a{color:inherit}
[hidden]{display:none!important}
.bd{display:none}
.vh{position:absolute!important;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`
  .replace(/\n/g, '')
  .trim();

/** The page's frame: the column, the header and its mute button, the content area. */
const FRAME_CSS = `
.pg{display:flex;flex-direction:column;min-height:100vh;min-height:100dvh;width:100%;margin:0 auto;background:var(--bg)}
.hd{position:relative;background:var(--hd-bg);overflow:hidden}
.hd-m{width:100%;height:auto;max-height:80vh;object-fit:cover}
.mute{position:absolute;right:12px;bottom:12px;display:grid;place-items:center;width:44px;height:44px;padding:0;border:0;border-radius:50%;background:rgba(0,0,0,.55);color:#FFFFFF;cursor:pointer;-webkit-backdrop-filter:blur(8px);backdrop-filter:blur(8px);transition:transform .15s ease}
.mute:active{transform:scale(.92)}
.mute svg{width:22px;height:22px}
.mute .on,.mute[aria-pressed=true] .off{display:none}
.mute[aria-pressed=true] .on{display:block}
.ct{flex:1;padding:8px 0 16px}
`
  .replace(/\n/g, '')
  .trim();

/** The events: date, city, venue, the CTAs and the calendar links (the page and its embed). */
const EVENTS_CSS = `
.ev{list-style:none;margin:0;padding:0 20px}
.e{padding:28px 0 30px;text-align:center;border-top:1px solid var(--line)}
.e:first-child{border-top:0}
.e p{margin:0;overflow-wrap:anywhere;text-wrap:balance}
.d{color:var(--d-c);font:var(--d-fst) var(--d-fw) var(--d-fs)/var(--d-lh) var(--d-ff);letter-spacing:.01em}
.c{margin-top:2px!important;color:var(--c-c);font:var(--c-fst) var(--c-fw) var(--c-fs)/var(--c-lh) var(--c-ff);letter-spacing:-.01em;text-transform:var(--c-tt)}
.v{margin-top:4px!important;color:var(--v-c);font:var(--v-fst) var(--v-fw) var(--v-fs)/var(--v-lh) var(--v-ff)}
.ctas{display:flex;flex-direction:column;gap:10px;margin-top:20px}
.b{display:flex;align-items:center;justify-content:center;min-height:54px;padding:12px 24px;border:0;border-radius:var(--b-r);background:var(--b-bg);color:var(--b-fg);box-shadow:inset 0 0 0 1.5px var(--b-ring),0 1px 2px rgba(0,0,0,.08);font:600 var(--b-fs)/1.2 var(--ui-ff);letter-spacing:.08em;text-transform:uppercase;text-decoration:none;text-align:center;overflow-wrap:anywhere;-webkit-tap-highlight-color:transparent;transition:transform .12s ease,filter .12s ease,box-shadow .12s ease}
a.b{cursor:pointer}
a.b:hover{filter:brightness(.94)}
a.b:active{transform:scale(.98)}
a.b:focus-visible,.ib a:focus-visible,.mute:focus-visible,.ft a:focus-visible{outline:3px solid var(--focus);outline-offset:3px}
.b.off{background:var(--off-bg);color:var(--off-fg);box-shadow:none;text-decoration:line-through;text-decoration-thickness:1.5px;cursor:not-allowed}
.b.nl{cursor:default}
.cal{display:inline-flex;align-items:center;justify-content:center;width:44px;height:44px;margin:-12px -8px -12px 4px;vertical-align:middle;border-radius:50%;color:inherit;-webkit-tap-highlight-color:transparent}
.cal svg{width:20px;height:20px;opacity:.8}
.cal:hover svg{opacity:1}
.cal:focus-visible{outline:3px solid var(--focus);outline-offset:-3px}
`
  .replace(/\n/g, '')
  .trim();

/** The rest of the page: past dates, image buttons, footer, sign-up, wide screens. */
const REST_CSS = `
.ph{margin:12px 20px 0;padding-top:28px;border-top:1px solid var(--line);text-align:center;color:var(--mut);font:600 12px/1.4 var(--ui-ff);letter-spacing:.14em;text-transform:uppercase}
.ps .e{padding:18px 0 20px;opacity:.55;filter:grayscale(1)}
.ps .e:first-child{border-top:0}
.sub{margin:4px 20px 0;padding:22px 0 6px;border-top:1px solid var(--line);text-align:center}
.sa{display:flex;align-items:center;justify-content:center;gap:10px;min-height:48px;padding:10px 16px;border-radius:999px;box-shadow:inset 0 0 0 1.5px color-mix(in srgb,var(--ft-fg) 28%,transparent);color:var(--ft-fg);font:600 .875rem/1.3 var(--ui-ff);text-decoration:none;text-wrap:balance;-webkit-tap-highlight-color:transparent}
.sa svg{width:20px;height:20px;flex:none}
.sd{display:block;width:max-content;margin:2px auto 0;padding:10px 8px;color:var(--ft-mut);font-size:.8125rem}
.sa:focus-visible,.sd:focus-visible{outline:3px solid var(--focus);outline-offset:3px}
.ib{list-style:none;margin:0;padding:16px 16px 0;display:flex;flex-direction:column;gap:14px}
.ib a,.ib span{display:block;border-radius:16px;overflow:hidden;-webkit-tap-highlight-color:transparent;transition:transform .12s ease}
.ib a:active{transform:scale(.985)}
.ib img{width:100%;height:auto;background:transparent}
.empty{margin:48px 20px;text-align:center;color:var(--mut);font-size:1rem}
.ft{padding:36px 20px 28px;text-align:center;color:var(--ft-mut);font-size:12px;line-height:1.6}
.pw{display:inline-flex;align-items:center;gap:8px;padding:7px 14px 7px 8px;border-radius:999px;background:var(--ft-chip);color:var(--ft-fg);font-size:13px;font-weight:600;text-decoration:none}
.pw svg{width:22px;height:22px;flex:none}
.pw span{font-weight:400;color:var(--ft-mut)}
.ln{margin:14px 0 6px}
.ln a{color:var(--ft-mut);text-decoration:none;margin:0 6px}
.ln a:hover{color:var(--ft-fg);text-decoration:underline}
.nc{margin:0}
.fs{margin:12px 20px 0;padding:28px 0 8px;border-top:1px solid var(--line);color:var(--ft-fg);color-scheme:var(--cs)}
.fh{margin:0;text-align:center;font:600 1.25rem/1.3 var(--ui-ff);letter-spacing:-.01em}
.fi{margin:6px 0 10px;text-align:center;color:var(--ft-mut);font-size:.9375rem}
.fs form,.fo{display:flex;flex-direction:column;gap:6px}
.fs label{margin-top:10px;font-size:.875rem;font-weight:600}
.fs input,.fs select{width:100%;min-height:50px;padding:12px 14px;border:1.5px solid var(--ft-mut);border-radius:12px;background:var(--bg);color:var(--ft-fg);font:16px/1.3 var(--ui-ff)}
.fs :focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.js form:not(:has([value="+"]:checked)) .fo{display:none}
.fc{margin:14px 0 4px;color:var(--ft-mut);font-size:.8125rem}
.fc a{color:var(--ft-fg)}
.fs .b{width:100%;margin-top:8px;cursor:pointer}
.fs .b:disabled{opacity:.6;cursor:progress}
.fm{margin:8px 0 0;text-align:center;font-weight:600}
.fm:empty{display:none}
@media (min-width:768px){
html{background:var(--out)}
body{background:transparent;padding:32px 0}
.bd{display:block;position:fixed;top:-60px;left:-60px;width:calc(100% + 120px);height:calc(100% + 120px);max-width:none;object-fit:cover;filter:blur(48px) saturate(1.2);opacity:var(--bd-o);z-index:-1;pointer-events:none}
.pg{max-width:480px;min-height:calc(100vh - 64px);border-radius:28px;overflow:hidden;box-shadow:0 1px 2px rgba(0,0,0,.06),0 24px 64px rgba(0,0,0,.18)}
}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}

`
  .replace(/\n/g, '')
  .trim();

const BASE_CSS = RESET_CSS + FRAME_CSS + EVENTS_CSS + REST_CSS;

/** The default type scale, its families on `ui` (a font-family value). */
function defaultType(ui: string): string {
  return (
    `:root{--ui-ff:${ui};--d-ff:var(--ui-ff);--c-ff:var(--ui-ff);--v-ff:var(--ui-ff);` +
    '--d-fs:1.5rem;--c-fs:2.5rem;--v-fs:1.25rem;--d-fw:400;--c-fw:700;--v-fw:400;' +
    '--d-fst:normal;--c-fst:normal;--v-fst:normal;' +
    `--d-lh:${lineHeightFor('1.5rem')};--c-lh:${lineHeightFor('2.5rem')};--v-lh:${lineHeightFor('1.25rem')}}`
  );
}

/**
 * The published page's type: local stand-ins sized like Poppins until the page has loaded, then
 * (class `f`, set by the page's script on load) the web fonts. No font is fetched before the
 * header and the first paint, and a page without JavaScript keeps the stand-ins
 * (docs/behaviour.md#fonts-after-load).
 */
const LANDING_TYPE = `${metricFallbackCss()}${defaultType(fallbackStack(DEFAULT_FONT))}.f{--ui-ff:${loadedStack(DEFAULT_FONT)}}`;

/**
 * The web font straight away (it swaps in): the small pages without the page's script, and the
 * embed, which is no one's first paint.
 */
const WEB_FONT_TYPE = defaultType(fontStack(DEFAULT_FONT));

function textVars(prefix: 'd' | 'c' | 'v', s: TextStyle): string {
  return (
    `--${prefix}-c:${s.color};--${prefix}-fs:${s.fontSize};--${prefix}-ff:${fallbackStack(s.fontFamily)};` +
    `--${prefix}-fw:${s.fontWeight};--${prefix}-fst:${s.fontStyle};--${prefix}-lh:${lineHeightFor(s.fontSize)};`
  );
}

/** Mixes two #RRGGBB colours: `weight` of `a`, the rest of `b`. */
function mixHex(a: string, b: string, weight: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(i, i + 2), 16);
  return (
    '#' +
    [1, 3, 5]
      .map((i) => Math.round(channel(a, i) * weight + channel(b, i) * (1 - weight)))
      .map((v) => v.toString(16).padStart(2, '0').toUpperCase())
      .join('')
  );
}

/** WCAG AA for the footer's small text. */
export const FOOTER_MIN_CONTRAST = 4.5;

/**
 * The footer's colours on a custom background, from the background alone: the footer shows no
 * organiser text, and the organiser's text colours may suit the events but not 12 px type
 * (dark venue text on navy). Ink is white or (near-)black, whichever contrasts more; the muted
 * tone is the softest mix of ink into the background that still meets AA on the background
 * and on the 'Creato con Palco' chip.
 */
export function footerColors(background: string): { fg: string; mut: string; chip: string } {
  const bg = normaliseColor(background);
  const white = contrastRatio(bg, '#FFFFFF');
  // near-black like the light theme, pure black where only that reaches AA (some mid tones)
  const dark = contrastRatio(bg, '#0A0A0A') >= FOOTER_MIN_CONTRAST ? '#0A0A0A' : '#000000';
  const ink = white >= contrastRatio(bg, dark) ? '#FFFFFF' : dark;
  const tinted = mixHex(ink, bg, 0.08);
  // on mid tones even the ink barely passes: no tint under it then
  const chip = contrastRatio(ink, tinted) >= FOOTER_MIN_CONTRAST ? tinted : bg;
  const passes = (c: string) => Math.min(contrastRatio(c, bg), contrastRatio(c, chip)) >= FOOTER_MIN_CONTRAST;
  for (let w = 60; w < 100; w += 4) {
    const mut = mixHex(ink, bg, w / 100);
    if (passes(mut)) return { fg: ink, mut, chip };
  }
  return { fg: ink, mut: ink, chip };
}

/** The footer's custom properties for a background (see footerColors); the sign-up block uses them too. */
function footerVars(background: string): string {
  const ft = footerColors(background);
  // native form controls (the sign-up's select) drawn for a light or a dark background
  return `--ft-fg:${ft.fg};--ft-mut:${ft.mut};--ft-chip:${ft.chip};--cs:${ft.fg === '#FFFFFF' ? 'dark' : 'light'}`;
}

/**
 * The light (default) and dark themes: the light one with the product's default colours and sizes.
 * WCAG 1.4.3: the footer's 12-13 px text needs 4.5:1 on the page and on the chip, so every
 * theme takes its footer colours from footerColors, not from fixed greys.
 */
const THEME_LIGHT =
  ':root{--bg:#FFFFFF;--out:#EEEEF1;--fg:#0A0A0A;--mut:#6B7280;--line:#ECECEF;--chip:#F4F4F5;--hd-bg:#F4F4F5;--focus:#E11D74;' +
  '--d-c:#000000;--c-c:#000000;--v-c:#6B7280;--b-bg:#111111;--b-fg:#FFFFFF;--b-ring:transparent;--b-r:9999px;--b-fs:1rem;' +
  `--off-bg:#EDEDF0;--off-fg:#9A9AA3;--c-tt:none;--bd-o:.35;${footerVars('#FFFFFF')}}`;
const THEME_DARK =
  ':root{--bg:#0B0B0F;--out:#000000;--fg:#FFFFFF;--mut:#A1A1AA;--line:#23232A;--chip:#18181F;--hd-bg:#18181F;--focus:#FF5CA8;' +
  '--d-c:#FFFFFF;--c-c:#FFFFFF;--v-c:#A1A1AA;--b-bg:#FFFFFF;--b-fg:#0B0B0F;--b-ring:transparent;--b-r:9999px;--b-fs:1rem;' +
  `--off-bg:#1F1F26;--off-fg:#6E6E78;--c-tt:none;--bd-o:.5;${footerVars('#0B0B0F')}}`;

/** Custom theme: every value below comes from a normalised CustomStyles. */
export function customThemeCss(input: CustomStyles): string {
  // Normalise again: the renderer must never trust that its caller did.
  const s = normaliseCustomStyles(input);
  const bg = s.background.color;
  return (
    `:root{--bg:${bg};--out:color-mix(in srgb,${bg} 88%,#808080);--fg:${s.city.color};` +
    `--mut:color-mix(in srgb,${s.venue.color} 80%,${bg});--line:color-mix(in srgb,${s.city.color} 12%,${bg});` +
    `--chip:color-mix(in srgb,${s.city.color} 7%,${bg});--hd-bg:color-mix(in srgb,${s.city.color} 6%,${bg});--focus:${s.city.color};` +
    textVars('d', s.data) +
    textVars('c', s.city) +
    textVars('v', s.venue) +
    `--b-bg:${s.buttons.backgroundColor};--b-fg:${s.buttons.textColor};` +
    `--b-ring:color-mix(in srgb,${s.buttons.textColor} 14%,transparent);--b-r:${s.buttons.borderRadius};--b-fs:${s.buttons.fontSize};` +
    `--off-bg:color-mix(in srgb,${bg} 82%,#808080);--off-fg:color-mix(in srgb,${bg} 40%,#808080);--c-tt:none;--bd-o:.45;` +
    `${footerVars(bg)}}` +
    // the groups' own families once the page has loaded (see LANDING_TYPE)
    `.f{--d-ff:${loadedStack(s.data.fontFamily)};--c-ff:${loadedStack(s.city.fontFamily)};--v-ff:${loadedStack(s.venue.fontFamily)}}`
  );
}

/** The faces a page needs: Poppins for the UI (400, 600, 700) plus the custom groups' faces. */
export function facesFor(view: PublicView): FaceRequest[] {
  const faces: FaceRequest[] = [
    { family: 'Poppins', weight: '400', style: 'normal' },
    { family: 'Poppins', weight: '600', style: 'normal' },
  ];
  // the past list shows cities and dates too, even on a page whose events are all past
  if (view.mode === 'text' && (view.buttons.length > 0 || view.past.length > 0)) {
    if (view.style === 'custom') {
      for (const g of [view.customStyles.city, view.customStyles.data, view.customStyles.venue]) {
        faces.push({ family: g.fontFamily, weight: g.fontWeight, style: g.fontStyle });
      }
    } else {
      faces.push({ family: 'Poppins', weight: '700', style: 'normal' });
    }
  }
  return faces;
}

/** The custom properties of a page's theme: its style in text mode, light in image mode. */
function themeCss(view: Pick<PublicView, 'mode' | 'style' | 'customStyles'>): string {
  if (view.mode === 'text' && view.style === 'custom') return customThemeCss(view.customStyles);
  return view.mode === 'text' && view.style === 'dark' ? THEME_DARK : THEME_LIGHT;
}

/**
 * Ticket drops (docs/behaviour.md#ticket-drops), only on a page with a CTA waiting or with few
 * tickets left. A waiting CTA's wrapper (.dw) holds the waiting block (.ws) and the CTA as it
 * will be: while data-w is there the CTA is hidden, without it (the drops script's switch) the
 * waiting block is; the class c (the last 24 hours) shows the countdown instead of the date.
 * An event's 'Avvisami' (.ak) goes once none of its CTAs waits. The 'Ultimi biglietti' tag (.tg)
 * is black on yellow whatever the theme: 14:1. A presale's wrapper (.pv, EventList's
 * PresaleSwitch) shows its child only between its start and its end (neither data-w left on the
 * wrapper, the child's still there), and the event's plain 'Avvisami' hides meanwhile: the tag
 * (.pb) in the button's colours, and 'Iscriviti per ricevere il codice' in its place
 * (docs/behaviour.md#presales-on-the-published-page).
 */
const DROPS_CSS = `
.dw{display:flex;flex-direction:column}
.dw[data-w]>:last-child,.dw:not([data-w])>.ws,.dw:not(.c) [role=timer],.dw.c .wd{display:none}
.ws{flex-direction:column;gap:2px;margin:0;padding:10px 18px;background:transparent;color:var(--fg);box-shadow:inset 0 0 0 1.5px var(--b-bg);letter-spacing:0;text-transform:none;font-weight:500}
.wd{font-size:.9375rem}
.wn{font-size:.75rem;font-weight:600;letter-spacing:.12em;text-transform:uppercase;opacity:.8}
.ws [role=timer]{font-weight:600;font-variant-numeric:tabular-nums}
.tg{flex:none;margin-left:10px;padding:4px 9px;border-radius:999px;background:#FFD60A;color:#0A0A0A;font-size:.6875rem;line-height:1.2;letter-spacing:.06em;white-space:nowrap}
.ak{display:inline-flex;align-items:center;min-height:44px;margin-top:8px;padding:0 14px;font-weight:600;text-underline-offset:3px}
.ak:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
li:not(:has([data-w])) .ak{display:none}
.pv[data-w],.pv>:not([data-w]),li:has(.pv:not([data-w])>[data-w])>.ak{display:none}
.pv .pb{display:inline-block;margin-top:16px;padding:5px 12px;border-radius:999px;background:var(--b-bg);color:var(--b-fg);font:600 .75rem/1.3 var(--ui-ff);letter-spacing:.1em;text-transform:uppercase}
`
  .replace(/\n/g, '')
  .trim();

function hasDrops(view: PublicView): boolean {
  return view.buttons.some(
    (b) =>
      b.type === 'text' &&
      (b.presale !== undefined || b.ctaButtons.some((c) => c.onSaleAt !== undefined || c.availability === 'limited')),
  );
}

/** The complete stylesheet of one page. */
export function pageCss(view: PublicView, fontBase = '/fonts/'): string {
  return (
    fontFaceCss(facesFor(view), fontBase) + LANDING_TYPE + themeCss(view) + BASE_CSS + (hasDrops(view) ? DROPS_CSS : '')
  );
}

/**
 * What the embed adds: no full-height body (its frame takes the height of its content), a
 * centred column, the title line, the empty state and the link to the page.
 */
const EMBED_CSS = `
body{min-height:0}
.em{max-width:560px;margin:0 auto;padding:4px 0 0}
.eh{margin:0;padding:20px 20px 0;text-align:center;color:var(--mut);font:600 12px/1.4 var(--ui-ff);letter-spacing:.14em;text-transform:uppercase;overflow-wrap:anywhere}
.empty{margin:0;padding:28px 20px;text-align:center;color:var(--mut)}
.ef{margin:0;padding:14px 20px 18px;text-align:center;border-top:1px solid var(--line);font-size:14px}
.ef a{color:var(--fg);font-weight:600;text-underline-offset:3px}
.ef a:focus-visible{outline:3px solid var(--focus);outline-offset:3px}
@media (prefers-reduced-motion:reduce){*{transition:none!important}}
`
  .replace(/\n/g, '')
  .trim();

/**
 * The embed's stylesheet: the page's own faces, type and theme, and the same reset, event and
 * ticket-drop rules as the page (one set of rules, not a copy), plus EMBED_CSS. Its type is the
 * web fonts at once, and its document carries the class `f` from the start, so a custom page's
 * own families apply too (themeCss names them under `.f`).
 */
export function embedCss(view: PublicView, fontBase = '/fonts/'): string {
  return (
    fontFaceCss(facesFor(view), fontBase) +
    WEB_FONT_TYPE +
    themeCss(view) +
    RESET_CSS +
    EVENTS_CSS +
    (hasDrops(view) ? DROPS_CSS : '') +
    EMBED_CSS
  );
}

const NOTICE_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%;background:var(--bg)}
body{margin:0;min-height:100vh;min-height:100dvh;display:grid;place-items:center;background:var(--bg);color:var(--ft-fg);font:16px/1.5 var(--ui-ff);color-scheme:var(--cs);-webkit-font-smoothing:antialiased}
main{width:100%;max-width:480px;padding:40px 24px;text-align:center}
.pt{margin:0 0 10px;color:var(--ft-mut);font-size:.8125rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase;overflow-wrap:anywhere}
h1{margin:0 0 12px;font-size:1.5rem;line-height:1.3;font-weight:600;text-wrap:balance}
p{margin:0 0 12px;overflow-wrap:anywhere}
form{margin:20px 0 0}
.b{display:flex;align-items:center;justify-content:center;width:100%;min-height:54px;padding:12px 24px;border:0;border-radius:var(--b-r);background:var(--b-bg);color:var(--b-fg);box-shadow:inset 0 0 0 1.5px var(--b-ring);font:600 1rem/1.2 var(--ui-ff);letter-spacing:.06em;text-transform:uppercase;cursor:pointer}
.b2{background:transparent;color:var(--ft-fg);box-shadow:inset 0 0 0 1.5px var(--ft-mut)}
.bk{display:inline-block;margin-top:28px;color:var(--ft-fg);font-weight:600}
:focus-visible{outline:3px solid var(--focus);outline-offset:3px}
`
  .replace(/\n/g, '')
  .trim();

/**
 * The stylesheet of the small pages of the sign-up and of the fan links: the page's theme
 * (colours, button shape) and the UI font, nothing else.
 */
export function noticeCss(view: Pick<PublicView, 'mode' | 'style' | 'customStyles'>, fontBase = '/fonts/'): string {
  const faces: FaceRequest[] = [
    { family: 'Poppins', weight: '400', style: 'normal' },
    { family: 'Poppins', weight: '600', style: 'normal' },
  ];
  return fontFaceCss(faces, fontBase) + WEB_FONT_TYPE + themeCss(view) + NOTICE_CSS;
}

/** The error-state document's stylesheet (no custom values at all). */
export const ERROR_CSS =
  fontFaceCss([
    { family: 'Poppins', weight: '400', style: 'normal' },
    { family: 'Poppins', weight: '600', style: 'normal' },
  ]) +
  `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0B0B0F;color:#fff;font-family:${fontStack('Poppins')};text-align:center}` +
  'main{padding:24px}h1{margin:20px 0 6px;font-size:1.375rem;font-weight:600}p{margin:0;color:#A1A1AA}' +
  '.sp{width:36px;height:36px;margin:0 auto;border:3px solid #2A2A33;border-top-color:#FF3D8B;border-radius:50%;animation:s .8s linear infinite}' +
  'a{display:inline-block;margin-top:20px;color:#FF8CC0;font-size:.875rem}' +
  '@keyframes s{to{transform:rotate(360deg)}}@media (prefers-reduced-motion:reduce){.sp{animation:none}}';
