/**
 * The public landing page (docs/behaviour.md#publishing-and-caching): pure React,
 * props in, markup out. The Worker renders it to publish; the editor renders the same document
 * into its preview iframe. User text reaches the markup only through React's escaping; CSS values
 * only from normalised styles; the one script is a constant.
 */
import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { t } from '../core/messages';
import type { PublicEvent, PublicImage, PublicView } from '../core/public-view';
import { serialiseJsonLd } from './jsonld';
import { clickBeaconPath, EventList } from './EventList';
import { FanSignup } from './FanSignup';
import { TourCalendar } from './TourCalendar';
import { eventDay } from '../core/schedule';
import { tourFeedPaths } from '../core/tour-feeds';
import type { MediaSizes } from '../core/image-sizes';
import { Backdrop, Picture, posterFile, type HeaderPreload } from './Picture';

export interface FooterLinks {
  provider: string;
  terms: string;
  privacy: string;
}

export interface LandingProps {
  view: PublicView;
  slug: string;
  /** editor preview: links inert, no tracking, not indexed */
  preview: boolean;
  links: FooterLinks;
  /** the public origin, e.g. 'https://palco.example': the calendar subscription is absolute */
  origin: string;
  /** the widths kept of the page's photos (docs/behaviour.md#image-sizes); none in the preview */
  sizes?: MediaSizes | null;
}

export interface LandingDocumentProps extends LandingProps {
  css: string;
  script: string;
  /** the ticket drops' script, at the end of the body, on a page with a CTA waiting (script.ts) */
  dropScript?: string;
  /** absolute URL of the page (canonical, og:url) */
  canonical: string;
  /** absolute URL of the share image, if any */
  shareImage?: string;
  description: string;
  jsonLd: object[];
  /** a policy delivered in the document itself (the editor preview, which has no response headers) */
  metaCsp?: string;
  /** the header's file (a video's poster) to fetch first, with the srcset its <picture> chooses from */
  headerPreload?: HeaderPreload;
}

function PalcoMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="pg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff3d8b" />
          <stop offset="1" stopColor="#f5a524" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#pg)" />
      <path d="M13.2 6h5.6l5.2 16H8z" fill="#fff" opacity=".38" />
      <circle cx="16" cy="7" r="2.6" fill="#fff" />
      <rect x="6" y="22" width="20" height="3.6" rx="1.8" fill="#fff" />
    </svg>
  );
}

/** One of the mute button's two icons: the speaker, then a cross (off) or sound waves (on). */
function SpeakerIcon({ className, mark }: { className: string; mark: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M11 5 6 9H2v6h4l5 4z" />
      <path d={mark} />
    </svg>
  );
}

function SpeakerIcons() {
  return (
    <>
      <SpeakerIcon className="off" mark="m22 9-6 6M16 9l6 6" />
      <SpeakerIcon className="on" mark="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
    </>
  );
}

/** The page's stylesheet, inline. */
export function InlineStyle({ css }: { css: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the CSS is built from normalised styles (allowed sets and #RRGGBB colours) and constants, never from text a user typed
  return <style dangerouslySetInnerHTML={{ __html: css }} />;
}

/** One of the page's scripts, inline. */
export function InlineScript({ code }: { code: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the scripts are constants of script.ts, never built from user data
  return <script dangerouslySetInnerHTML={{ __html: code }} />;
}

/** schema.org data for search engines. */
function JsonLd({ data }: { data: object[] }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: serialiseJsonLd escapes '<', '>' and '&', so no user text can close the element or open another
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serialiseJsonLd(data) }} />;
}

function Header({ view, sizes }: { view: PublicView; sizes: MediaSizes | null | undefined }) {
  const { header } = view;
  // the header's image or video: the page's script finds it by data-h
  const media = { className: 'hd-m', 'data-h': '', src: header.src };
  if (header.kind === 'video') {
    return (
      <header className="hd">
        <video
          {...media}
          poster={header.poster ? posterFile(header.poster, sizes) : undefined}
          autoPlay
          muted
          loop
          playsInline
          preload="auto"
          width={header.width ?? 1080}
          height={header.height ?? 1080}
        />
        <button
          type="button"
          className="mute"
          data-mute=""
          aria-pressed="false"
          aria-label={t('landing.unmute')}
          data-on={t('landing.unmute')}
          data-off={t('landing.mute')}
        >
          <SpeakerIcons />
        </button>
      </header>
    );
  }
  return (
    <header className="hd">
      <Picture src={header.src} sizes={sizes} shown="header">
        <img
          {...media}
          alt={view.displayTitle}
          width={header.width ?? 1200}
          height={header.height ?? 800}
          fetchPriority="high"
        />
      </Picture>
    </header>
  );
}

interface ImageButtonProps {
  button: PublicImage;
  slug: string;
  preview: boolean;
  sizes: MediaSizes | null | undefined;
}

function ImageButton({ button, slug, preview, sizes }: ImageButtonProps) {
  const img = (
    <Picture src={button.image} sizes={sizes} shown="button">
      <img
        data-i=""
        src={button.image}
        alt={button.buttonText}
        width={1200}
        height={400}
        loading="lazy"
        decoding="async"
      />
    </Picture>
  );
  if (!button.url || preview) {
    // biome-ignore lint/a11y/useValidAnchor: the preview shows the link inert: no href, so nothing navigates, while it keeps the look of the published link
    return <li>{button.url ? <a aria-disabled="true">{img}</a> : <span>{img}</span>}</li>;
  }
  return (
    <li>
      <a href={button.url} rel="noopener" data-c={button.id !== null ? clickBeaconPath(slug, button.id) : undefined}>
        {img}
      </a>
    </li>
  );
}

function Footer({ links, preview }: { links: FooterLinks; preview: boolean }) {
  const href = (url: string) => (preview ? undefined : url);
  return (
    <footer className="ft">
      <a className="pw" href={href(links.provider)}>
        <PalcoMark />
        <span>{t('landing.poweredBy')}</span>
        Palco
      </a>
      <p className="ln">
        <a href={href(links.terms)} rel="noopener">
          {t('landing.terms')}
        </a>
        ·
        <a href={href(links.privacy)} rel="noopener">
          {t('landing.privacy')}
        </a>
      </p>
      <p className="nc">{t('public.noCookies')}</p>
    </footer>
  );
}

/** The page body: header, events or image buttons (or the empty state), footer. */
export function LandingPage({ view, slug, preview, links, origin, sizes }: LandingProps) {
  let content: ReactNode;
  let subscribe = false;
  if (view.buttons.length === 0 && view.past.length === 0) {
    content = <p className="empty">{t('public.empty')}</p>;
  } else if (view.mode === 'image') {
    content = (
      <ul className="ib" aria-label={t('landing.links')}>
        {view.buttons.map((b, i) =>
          b.type === 'image' ? (
            <ImageButton key={b.id ?? `n${i}`} button={b} slug={slug} preview={preview} sizes={sizes} />
          ) : null,
        )}
      </ul>
    );
  } else {
    const events = view.buttons.filter((b): b is PublicEvent => b.type === 'text');
    content = <EventList events={events} past={view.past} slug={slug} preview={preview} signup={view.fanSignup} />;
    subscribe = events.some((e) => eventDay(e.data) !== null);
  }
  const backdrop = view.header.kind === 'image' ? view.header.src : view.header.poster;
  return (
    <>
      {/* Wide screens: the header, blurred, behind the 480 px column (hidden on phones) */}
      {backdrop ? <Backdrop src={backdrop} sizes={sizes} /> : null}
      <div className="pg">
        <Header view={view} sizes={sizes} />
        <main className="ct">
          <h1 className="vh">{view.displayTitle}</h1>
          {content}
          {subscribe ? <TourCalendar slug={slug} origin={origin} preview={preview} /> : null}
          {view.fanSignup ? (
            <FanSignup
              signup={view.fanSignup}
              title={view.displayTitle}
              slug={slug}
              privacy={links.privacy}
              preview={preview}
            />
          ) : null}
        </main>
        <Footer links={links} preview={preview} />
      </div>
    </>
  );
}

/** The whole self-contained document. */
export function LandingDocument(props: LandingDocumentProps) {
  const { view, css, script, canonical, shareImage, description, jsonLd, preview, metaCsp, headerPreload } = props;
  const title = view.displayTitle || view.title;
  // The header is the page's largest paint: its file is the first thing fetched after the
  // document, at high priority (React places this preload right after the viewport tag). Named
  // here rather than left to React's own preload of the first <img>, which may be the blurred
  // backdrop (no priority) or miss a video's poster. No font is preloaded: fonts come after load
  // (docs/behaviour.md#fonts-after-load).
  if (headerPreload) {
    const { href, srcset, sizes, type } = headerPreload;
    preload(href, { as: 'image', fetchPriority: 'high', imageSrcSet: srcset, imageSizes: sizes, type });
  }
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        {/* before every style and script, or they would load unchecked */}
        {metaCsp ? <meta httpEquiv="Content-Security-Policy" content={metaCsp} /> : null}
        <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover" />
        <title>{title}</title>
        <meta name="description" content={description} />
        {preview ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
        <meta name="theme-color" content={themeColor(view)} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* feed readers find the tour's RSS feed here (no request: an alternate is never fetched by the page) */}
        {!preview && view.mode === 'text' && view.buttons.length > 0 ? (
          <link
            rel="alternate"
            type="application/rss+xml"
            title={t('tour.feedLink', { title })}
            href={tourFeedPaths.feed(props.slug)}
          />
        ) : null}
        <meta property="og:type" content="website" />
        <meta property="og:locale" content="it_IT" />
        <meta property="og:site_name" content="Palco" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={canonical} />
        {shareImage ? <meta property="og:image" content={shareImage} /> : null}
        {shareImage ? <meta property="og:image:alt" content={title} /> : null}
        <meta name="twitter:card" content={shareImage ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        {shareImage ? <meta name="twitter:image" content={shareImage} /> : null}
        <InlineStyle css={css} />
        <InlineScript code={script} />
        {jsonLd.length > 0 ? <JsonLd data={jsonLd} /> : null}
      </head>
      <body>
        <LandingPage {...props} />
        {props.dropScript ? <InlineScript code={props.dropScript} /> : null}
      </body>
    </html>
  );
}

function themeColor(view: PublicView): string {
  if (view.mode === 'text' && view.style === 'custom') return view.customStyles.background.color;
  if (view.mode === 'text' && view.style === 'dark') return '#0B0B0F';
  return '#FFFFFF';
}

/**
 * The head of a page search engines must not list (the error state, the fans' link pages):
 * `referrer` false keeps their address, which holds a fan's token, from the next site; `children`
 * come last (a script).
 */
export function NoindexHead({
  title,
  css,
  referrer = true,
  children,
}: {
  title: string;
  css: string;
  referrer?: boolean;
  children?: ReactNode;
}) {
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width,initial-scale=1" />
      <meta name="robots" content="noindex" />
      {referrer ? null : <meta name="referrer" content="no-referrer" />}
      <title>{title}</title>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <InlineStyle css={css} />
      {children}
    </head>
  );
}

/**
 * The error state: the message, 'Reindirizzamento in corso...', then /home after 2 s by the
 * page's script, which any action of the visitor cancels (script.ts ERROR_REDIRECT_SCRIPT).
 */
export function ErrorDocument({ css, script }: { css: string; script: string }) {
  return (
    <html lang="it">
      <NoindexHead title={t('public.notFound')} css={css}>
        <InlineScript code={script} />
      </NoindexHead>
      <body>
        <main>
          <div className="sp" aria-hidden="true" />
          <h1>{t('public.notFound')}</h1>
          <p data-redirect="">{t('public.redirecting')}</p>
          <a href="/home">{t('landing.notFound.home')}</a>
        </main>
      </body>
    </html>
  );
}
