/**
 * One landing page → one self-contained HTML document (inline CSS, one tiny inline script).
 * Isomorphic: the Worker publishes with it and the editor previews with it (iframe srcdoc), so
 * nothing here touches DOM or Workers APIs at module level.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { t } from '../core/messages';
import {
  toPublicView,
  viewModeOf,
  viewStyleOf,
  type PageLike,
  type PublicView,
  type PublicViewOptions,
} from '../core/public-view';
import { normaliseCustomStyles } from '../core/styles';
import { ErrorDocument, LandingDocument, type FooterLinks } from './LandingPage';
import { ERROR_CSS, noticeCss, pageCss } from './styles';
import { FanNoticeDocument, type FanNoticeContent } from './FanNotice';
import { ERROR_REDIRECT_SCRIPT, LANDING_SCRIPT } from './script';
import { musicEvents } from './jsonld';

/** Bump when the markup, CSS or script change: published copies live under a versioned R2 key. */
export const RENDERER_VERSION = 9;

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
  /** the header's file (a video's poster), preloaded first at high priority; absent when none */
  headerPreload?: string;
}

function absolute(url: string, origin: string): string {
  if (url.startsWith('//')) return `https:${url}`;
  if (url.startsWith('/')) return `${origin}${url}`;
  return url;
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
  // the largest paint: an image header, or a video's poster (a local blob: or data: file needs no fetch)
  const headerPreload = shareSource && !/^(blob|data):/i.test(shareSource) ? shareSource : undefined;
  const element = createElement(LandingDocument, {
    view,
    slug: opts.slug,
    preview,
    links: opts.links,
    css,
    script: LANDING_SCRIPT,
    canonical,
    shareImage,
    description: describe(view),
    jsonLd: preview || view.mode !== 'text' ? [] : musicEvents(view, origin, canonical),
    metaCsp: opts.metaCsp,
    headerPreload,
  });
  return {
    html: `<!doctype html>${renderToStaticMarkup(element)}`,
    styles: [css],
    scripts: [LANDING_SCRIPT],
    headerPreload,
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
  /** framed by no one (the fans' link pages, whose buttons act), instead of by our own pages */
  noFraming?: boolean;
}

/**
 * A strict CSP for a rendered document: only its own inline style and script (by hash), fonts,
 * the beacon and the sign-up's fetch to our origin, forms posted only to our origin, media from
 * our origin or https (organisers type media URLs).
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
    ...(options.meta ? [] : [options.noFraming ? "frame-ancestors 'none'" : "frame-ancestors 'self'"]),
  ].join('; ');
}
