/**
 * One landing page → one self-contained HTML document (inline CSS, one tiny inline script).
 * Isomorphic: the Worker publishes with it and the editor previews with it (iframe srcdoc), so
 * nothing here touches DOM or Workers APIs at module level.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { t } from '../core/messages';
import {
  presaleTurn,
  toPublicView,
  viewModeOf,
  viewStyleOf,
  type PageLike,
  type PublicView,
  type PublicViewOptions,
} from '../core/public-view';
import { normaliseCustomStyles } from '../core/styles';
import { ErrorDocument, LandingDocument, type FooterLinks } from './LandingPage';
import { ERROR_CSS, embedCss, noticeCss, pageCss } from './styles';
import { FanNoticeDocument, type FanNoticeContent } from './FanNotice';
import { DROP_SCRIPT, EMBED_SCRIPT, ERROR_REDIRECT_SCRIPT, LANDING_SCRIPT } from './script';
import { EmbedDocument } from './Embed';
import { musicEvents } from './jsonld';
import { headerPreloadOf, type HeaderPreload } from './Picture';

/** Bump when the markup, CSS or script change: published copies live under a versioned R2 key. */
export const RENDERER_VERSION = 12;

export interface RenderOptions {
  slug: string;
  /** e.g. 'https://palco.example' — for canonical, Open Graph and JSON-LD URLs */
  origin: string;
  preview?: boolean;
  /** preview of a freshly picked (blob:) header file */
  headerType?: PublicViewOptions['headerType'];
  links: FooterLinks;
  /** a Content-Security-Policy <meta> as the head's first tag after the charset */
  metaCsp?: string;
  /** the instant that decides which events are past (Europe/Rome days); default now */
  now?: Date;
}

export interface RenderedDocument {
  html: string;
  /** the inline <style> and executable <script> bodies, for CSP hashes */
  styles: string[];
  scripts: string[];
  /**
   * the earliest on-sale instant (UTC ms) of a CTA the document shows waiting: the document is
   * out of date from then on (docs/behaviour.md#ticket-drops); absent when none waits
   */
  until?: number;
  /** the header's file (a video's poster), preloaded first at high priority; absent when none */
  headerPreload?: HeaderPreload;
}

function absolute(url: string, origin: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return `${origin}${url}`;
  return url;
}

/**
 * The earliest instant (UTC ms) at which a CTA the view shows waiting opens, or a presale it shows
 * opens or closes, or undefined: a document of the view needs the drops script, and goes out of
 * date then (docs/behaviour.md#ticket-drops, #presales-on-the-published-page).
 */
function waitingUntil(view: PublicView): number | undefined {
  const instants = view.buttons.flatMap((b) =>
    b.type === 'text'
      ? [
          ...b.ctaButtons.flatMap((c) => (c.onSaleAt ? [Date.parse(c.onSaleAt)] : [])),
          ...(b.presale ? [presaleTurn(b.presale)] : []),
        ]
      : [],
  );
  return instants.length > 0 ? Math.min(...instants) : undefined;
}

function describe(view: PublicView): string {
  const key = view.mode === 'image' ? 'landing.descriptionImage' : 'landing.description';
  const base = t(key, { title: view.displayTitle });
  if (view.mode !== 'text') return base;
  const cities = [...new Set(view.buttons.flatMap((b) => (b.type === 'text' && b.city ? [b.city] : [])))];
  return cities.length > 0 ? `${base} ${cities.slice(0, 8).join(' · ')}` : base;
}

export function renderLanding(page: PageLike, opts: RenderOptions): RenderedDocument {
  const preview = opts.preview === true;
  const origin = opts.origin.replace(/\/+$/, '');
  const view = toPublicView(page, opts.slug, { preview, headerType: opts.headerType, now: opts.now });
  const css = pageCss(view);
  const canonical = `${origin}/${encodeURIComponent(opts.slug)}`;
  const shareSource = view.header.kind === 'image' ? view.header.src : view.header.poster;
  const shareImage = shareSource && !/^(blob|data):/i.test(shareSource) ? absolute(shareSource, origin) : undefined;
  const until = waitingUntil(view);
  const scripts = until === undefined ? [LANDING_SCRIPT] : [LANDING_SCRIPT, DROP_SCRIPT];
  // the largest paint: an image header, or a video's poster (a local blob: or data: file needs no
  // fetch), in the size the page will pick (docs/behaviour.md#image-sizes); the preview has none
  const sizes = preview ? null : (page.media_sizes ?? null);
  const headerPreload = headerPreloadOf(view.header, sizes);
  const element = createElement(LandingDocument, {
    view,
    slug: opts.slug,
    preview,
    links: opts.links,
    origin,
    css,
    script: LANDING_SCRIPT,
    dropScript: until === undefined ? undefined : DROP_SCRIPT,
    canonical,
    shareImage,
    description: describe(view),
    jsonLd: preview || view.mode !== 'text' ? [] : musicEvents(view, origin, canonical),
    metaCsp: opts.metaCsp,
    headerPreload,
    sizes,
  });
  const html = `<!doctype html>${renderToStaticMarkup(element)}`;
  return {
    html,
    styles: [css],
    scripts,
    ...(until === undefined ? {} : { until }),
    ...(headerPreload === undefined ? {} : { headerPreload }),
  };
}

/** The published document of a page, in whichever layout its mode and style choose. */
export function renderLandingDocument(page: PageLike, opts: RenderOptions): string {
  return renderLanding(page, opts).html;
}

/**
 * The editor's preview document: the published markup carrying the published page's policy in a
 * <meta> tag, so inside the preview iframe (which shares the editor's origin, to show a header file
 * not uploaded yet) only the page's own hashed script can run, as on the published page. The
 * frame-ancestors directive has no effect in a <meta> and is left out; blob: media are allowed
 * for that not-yet-uploaded header.
 */
export async function renderPreviewDocument(
  page: PageLike,
  opts: Omit<RenderOptions, 'preview' | 'metaCsp'>,
): Promise<string> {
  const plain = renderLanding(page, { ...opts, preview: true });
  const metaCsp = await contentSecurityPolicy(plain, { meta: true, blobMedia: true });
  return renderLanding(page, { ...opts, preview: true, metaCsp }).html;
}

export interface EmbedRenderOptions {
  slug: string;
  /** e.g. 'https://palco.example' — for the link to the page */
  origin: string;
  preview?: boolean;
  metaCsp?: string;
  /** the instant that decides which events are past (Europe/Rome days); default now */
  now?: Date;
}

/**
 * The embed of a page (docs/behaviour.md#embedding-the-dates): its upcoming dates in its own
 * style, or, for `null` (a page the public may not see, or none), the neutral empty state.
 */
export function renderEmbed(page: PageLike | null, opts: EmbedRenderOptions): RenderedDocument {
  const preview = opts.preview === true;
  const origin = opts.origin.replace(/\/+$/, '');
  const view = page ? toPublicView(page, opts.slug, { preview, now: opts.now }) : null;
  // the empty state takes the light theme and the UI font of an empty page
  const css = embedCss(view ?? toPublicView({}, opts.slug));
  // a CTA waiting for its sale switches in the embed as on the page (docs/behaviour.md#ticket-drops)
  const until = view ? waitingUntil(view) : undefined;
  const element = createElement(EmbedDocument, {
    view,
    slug: opts.slug,
    canonical: `${origin}/${encodeURIComponent(opts.slug)}`,
    css,
    script: EMBED_SCRIPT,
    dropScript: until === undefined ? undefined : DROP_SCRIPT,
    preview,
    metaCsp: opts.metaCsp,
  });
  const html = `<!doctype html>${renderToStaticMarkup(element)}`;
  return until === undefined
    ? { html, styles: [css], scripts: [EMBED_SCRIPT] }
    : { html, styles: [css], scripts: [EMBED_SCRIPT, DROP_SCRIPT], until };
}

/** The editor's preview of the embed: inert links and the embed's policy in a <meta>, as renderPreviewDocument. */
export async function renderEmbedPreview(
  page: PageLike,
  opts: Omit<EmbedRenderOptions, 'preview' | 'metaCsp'>,
): Promise<string> {
  const plain = renderEmbed(page, { ...opts, preview: true });
  const metaCsp = await contentSecurityPolicy(plain, { meta: true });
  return renderEmbed(page, { ...opts, preview: true, metaCsp }).html;
}

/** The 404 error state: message, 'Reindirizzamento in corso...', /home after 2 s. */
export function renderErrorDocument(): RenderedDocument {
  const html = `<!doctype html>${renderToStaticMarkup(
    createElement(ErrorDocument, { css: ERROR_CSS, script: ERROR_REDIRECT_SCRIPT }),
  )}`;
  return { html, styles: [ERROR_CSS], scripts: [ERROR_REDIRECT_SCRIPT] };
}

/**
 * A small page of the fans (the form's answer without JavaScript, the confirmation and
 * unsubscribe links) in the colours of `page` (light for an unknown page or an image page).
 * It has no script: its CSP allows its style alone.
 */
export function renderFanNotice(page: PageLike | null, content: FanNoticeContent): RenderedDocument {
  const mode = viewModeOf(page?.mode, page?.buttons);
  const css = noticeCss({
    mode,
    style: viewStyleOf(page?.style),
    customStyles: normaliseCustomStyles(page?.custom_styles ?? page?.customStyles),
  });
  const pageTitle = page ? String(page.display_title ?? '').trim() || String(page.title ?? '').trim() : '';
  const html = `<!doctype html>${renderToStaticMarkup(createElement(FanNoticeDocument, { ...content, css, pageTitle }))}`;
  return { html, styles: [css], scripts: [] };
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let bin = '';
  for (const byte of new Uint8Array(digest)) bin += String.fromCharCode(byte);
  return `'sha256-${btoa(bin)}'`;
}

export interface PolicyOptions {
  /** delivered in a <meta> tag: without frame-ancestors, which a <meta> cannot set */
  meta?: boolean;
  /** images and video may also be blob: URLs (a header picked in the editor, not uploaded yet) */
  blobMedia?: boolean;
  /** framed by any site (the embed, made for other sites' iframes) instead of by no one */
  anyAncestor?: boolean;
}

/**
 * A strict CSP for a rendered document: only its own inline style and script (by hash), fonts,
 * the beacon and the sign-up's fetch to our origin, forms posted only to our origin, media from
 * our origin or https (organisers type media URLs), framed by no one but for the embed.
 */
export async function contentSecurityPolicy(
  doc: Pick<RenderedDocument, 'styles' | 'scripts'>,
  options: PolicyOptions = {},
): Promise<string> {
  const styles = await Promise.all(doc.styles.map(sha256));
  const scripts = await Promise.all(doc.scripts.map(sha256));
  const media = options.blobMedia ? "'self' https: blob:" : "'self' https:";
  return [
    "default-src 'none'",
    `img-src ${media}`,
    `media-src ${media}`,
    `style-src ${styles.length ? styles.join(' ') : "'none'"}`,
    `script-src ${scripts.length ? scripts.join(' ') : "'none'"}`,
    "connect-src 'self'",
    "font-src 'self'",
    "base-uri 'none'",
    // the 'Avvisami' form posts to the page's own /{slug}/fans
    "form-action 'self'",
    // Only the embed may be framed; the page, the fans' pages and the error state never are
    // (click-jacking: the page's links and forms act), which the middleware's X-Frame-Options repeats.
    ...(options.meta ? [] : [options.anyAncestor ? 'frame-ancestors *' : "frame-ancestors 'none'"]),
  ].join('; ');
}
