/**
 * Buttons as received → the public view of a page (docs/behaviour.md#buttons): one function, used
 * by the Worker's renderer and by the editor's preview alike. Every URL leaving here is safe to put in
 * an href (http(s), protocol-relative, or absent); every image is a safe media reference.
 * Isomorphic: no DOM, no Workers APIs.
 */
import type { MediaSizes } from './image-sizes';
import { DEFAULT_PUBLIC_BUTTON_TEXT } from './constants';
import { decodeEventText } from './button-codec';
import { isSafeMediaRef, publicHref } from './urls';
import { isKeptLink } from './kept-links';
import { normaliseCustomStyles, type CustomStyles } from './styles';
import { eventDay, instantText, romeToday } from './schedule';
import { upcomingCities, type TourCity } from './fans';
import { availabilityOf, onSaleText, saleState, type Availability } from './on-sale';
import { presaleEnd, presaleState } from './presale';

export type ViewMode = 'text' | 'image';
export type ViewStyle = 'light' | 'dark' | 'custom';

/** A call-to-action as received (`cta_buttons` entries), loosely typed: it may come from JSON. */
export interface CtaLike {
  url?: string | null;
  buttonText?: string | null;
  /** its ticket drop (docs/behaviour.md#ticket-drops): absent on rows saved before it = on sale now */
  on_sale_at?: string | null;
  availability?: unknown;
}

/** A button as the API stores and returns it, loosely typed so the editor's draft buttons fit too. */
export interface ButtonLike {
  id?: number | string | null;
  position?: number | null;
  type?: string | null;
  text?: string | null;
  image_path?: string | null;
  /** the editor's shapes use `image` */
  image?: string | null;
  url?: string | null;
  cta_buttons?: readonly CtaLike[] | string | null;
  ctaButtons?: readonly CtaLike[] | null;
  /**
   * a date's presale (docs/behaviour.md#presales-on-the-published-page): only its window is read,
   * so a draft's or an organiser's full presale (link, code) never reaches the view
   */
  presale?: { starts_at?: unknown; ends_at?: unknown } | null;
}

export interface PageLike {
  title?: string | null;
  display_title?: string | null;
  header?: string | null;
  /** optional poster frame for an MP4 header */
  header_poster?: string | null;
  /** the pixel size of what the header shows first (image, or video poster), when known */
  header_width?: number | null;
  header_height?: number | null;
  /** the widths kept of the page's photos (src/core/image-sizes.ts); none in the preview */
  media_sizes?: MediaSizes | null;
  mode?: string | null;
  style?: string | null;
  custom_styles?: unknown;
  customStyles?: unknown;
  buttons?: readonly ButtonLike[] | null;
  /** past events stay, greyed, in a 'Date passate' list below the upcoming ones */
  show_past?: boolean | null;
  /** the 'Avvisami' block under the events of a text page; absent = on, as the column's default */
  fan_signup?: boolean | null;
  /** the organiser's company, named in the block's consent line */
  company?: string | null;
}

/**
 * The public view of a CTA; `url` is present only when it is a usable link (kept while the CTA
 * waits: the page carries the link, hidden, for the instant it opens).
 */
export interface PublicCta {
  url?: string;
  buttonText: string;
  /** how its tickets stand once on sale; the 'soldout' label means sold out */
  availability: Availability;
  /**
   * its on-sale instant (UTC ISO) while that is still ahead of the view's instant: the CTA waits
   * for it (docs/behaviour.md#ticket-drops); absent once on sale, and for a sold-out CTA
   */
  onSaleAt?: string;
  /** what it reads while it waits: 'In vendita dal 12 maggio alle 10:00' (Europe/Rome) */
  onSaleText?: string;
}

/**
 * A date's presale as the public sees it while it is ahead or open (docs/behaviour.md#presales-on-the-published-page):
 * its window, never its link nor its codes.
 */
export interface PublicPresale {
  /** its start (UTC ISO) while still ahead of the view's instant; absent once open */
  startsAt?: string;
  /** when it closes (UTC ISO): its own end, else the row's general on-sale instant */
  endsAt: string;
}

/** The public view of a text (event) button. */
export interface PublicEvent {
  type: 'text';
  data: string;
  city: string;
  venue: string;
  /** null for a button not saved yet (editor preview): never tracked */
  id: number | null;
  url?: string;
  buttonText: string;
  ctaButtons: PublicCta[];
  /** its presale, while not over at the view's instant; absent otherwise */
  presale?: PublicPresale;
}

/** The public view of an image button. */
export interface PublicImage {
  type: 'image';
  image: string;
  url?: string;
  id: number | null;
  buttonText: string;
}

export type PublicViewButton = PublicEvent | PublicImage;

export interface PublicHeader {
  kind: 'image' | 'video';
  src: string;
  poster?: string;
  /** its real pixel size (docs/behaviour.md#header-size); absent when unknown */
  width?: number;
  height?: number;
}

export interface PublicView {
  title: string;
  /** display_title, else title */
  displayTitle: string;
  header: PublicHeader;
  mode: ViewMode;
  style: ViewStyle;
  customStyles: CustomStyles;
  /** upcoming and undated events (text mode), or image buttons */
  buttons: PublicViewButton[];
  /** past events, newest first: empty unless the page shows them (show_past) */
  past: PublicEvent[];
  /** the 'Avvisami' block (docs/behaviour.md#fans-and-alerts), or null where the page has none */
  fanSignup: FanSignupView | null;
}

/** What the 'Avvisami' block shows: the cities of the upcoming dates and who sends the e-mails. */
export interface FanSignupView {
  /** in date order, one per city key; empty when no date is upcoming */
  cities: TourCity[];
  /** the organiser's company ('' when unknown) */
  company: string;
}

export interface PublicViewOptions {
  /** editor preview: drops image buttons without an image or with a temporary local (blob:) image */
  preview?: boolean;
  /** editor preview of a freshly picked (blob:) header file */
  headerType?: 'image' | 'video';
  /** the instant that decides which events are past (Europe/Rome days) and which CTAs wait; default now */
  now?: Date;
}

/** An empty button text shows as BIGLIETTI in the public view. */
function labelOf(text: string | null | undefined): string {
  const label = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return label || DEFAULT_PUBLIC_BUTTON_TEXT;
}

function idOf(id: ButtonLike['id']): number | null {
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

function withUrl<T extends object>(target: T, url: string | null | undefined): T & { url?: string } {
  const href = publicHref(url);
  return href ? { ...target, url: href } : target;
}

function ctaList(button: ButtonLike): CtaLike[] | null {
  const raw = button.cta_buttons ?? button.ctaButtons;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? (parsed.filter((c) => c && typeof c === 'object') as CtaLike[]) : null;
    } catch {
      return null;
    }
  }
  return Array.isArray(raw) ? [...raw] : null;
}

/** The mode from the page's mode field or, if absent, the first button's type; default text. */
export function viewModeOf(
  mode: string | null | undefined,
  buttons: readonly ButtonLike[] | null | undefined,
): ViewMode {
  if (mode === 'text' || mode === 'image') return mode;
  const first = buttons?.[0]?.type;
  return first === 'image' ? 'image' : 'text';
}

export function viewStyleOf(style: string | null | undefined): ViewStyle {
  return style === 'dark' || style === 'custom' ? style : 'light';
}

/** A CTA as the public sees it at `now`: its label, its link, and its ticket drop. */
function toCta(cta: CtaLike, now: Date): PublicCta {
  const view: PublicCta = { buttonText: labelOf(cta.buttonText), availability: availabilityOf(cta) };
  if (saleState(cta, now.getTime()) === 'waiting' && cta.on_sale_at) {
    view.onSaleAt = instantText(Date.parse(cta.on_sale_at));
    view.onSaleText = onSaleText(view.onSaleAt, now);
  }
  return withUrl(view, cta.url);
}

/**
 * A date's presale at `now` as the public page shows it: before its start (to switch at it) or
 * open; undefined when there is none, it is over, or it can never open (no end, or an end not
 * after its start). Only `starts_at` and `ends_at` are read.
 */
export function publicPresale(
  presale: ButtonLike['presale'],
  ctas: readonly CtaLike[] | null | undefined,
  now: Date,
): PublicPresale | undefined {
  if (!presale || typeof presale.starts_at !== 'string') return undefined;
  const window = {
    starts_at: presale.starts_at,
    ends_at: typeof presale.ends_at === 'string' && presale.ends_at ? presale.ends_at : null,
  };
  const start = Date.parse(window.starts_at);
  const end = presaleEnd(window, ctas);
  if (Number.isNaN(start) || end === null || !(end > start)) return undefined;
  const state = presaleState(window, ctas, now.getTime());
  if (state === 'over') return undefined;
  const endsAt = instantText(end);
  return state === 'before' ? { startsAt: instantText(start), endsAt } : { endsAt };
}

/** The next instant (UTC ms) at which a presale the view shows turns: its start, else its end. */
export function presaleTurn(presale: PublicPresale): number {
  return Date.parse(presale.startsAt ?? presale.endsAt);
}

function toEvent(button: ButtonLike, now: Date): PublicEvent {
  const decoded = decodeEventText(button.text);
  const listed = ctaList(button);
  // Without cta_buttons the button's own url and label are the single CTA.
  const source: CtaLike[] =
    listed && listed.length > 0 ? listed : [{ url: button.url, buttonText: listed ? '' : decoded.label }];
  const ctaButtons = source.map((cta) => toCta(cta, now));
  const first: Partial<PublicCta> = ctaButtons[0] ?? {};
  const event: PublicEvent = {
    type: 'text',
    data: decoded.date,
    city: decoded.city,
    venue: decoded.venue,
    id: idOf(button.id),
    buttonText: first.buttonText ?? DEFAULT_PUBLIC_BUTTON_TEXT,
    ctaButtons,
  };
  // fans follow a city: a date without one has no presale e-mail, so the page offers none
  const presale = decoded.city.trim() ? publicPresale(button.presale, source, now) : undefined;
  if (presale) event.presale = presale;
  return first.url ? { ...event, url: first.url } : event;
}

function toImage(button: ButtonLike, preview: boolean): PublicImage | null {
  const image = String(button.image_path ?? button.image ?? '').trim();
  if (!image) return null;
  // Temporary local (blob:) images are dropped; published pages only take safe media references.
  if (/^blob:/i.test(image)) return null;
  // The preview also shows a local file not uploaded yet (data:) and an older version's kept file (a signed link).
  const previewOnly = preview && (/^data:image\/(png|jpe?g|webp|gif);/i.test(image) || isKeptLink(image));
  if (!isSafeMediaRef(image) && !previewOnly) return null;
  return withUrl({ type: 'image' as const, image, id: idOf(button.id), buttonText: labelOf(button.text) }, button.url);
}

/**
 * THE conversion: buttons as received → public-view buttons, ordered by position, keeping only
 * the page mode's type. Image buttons without a usable image are dropped (in the preview, where a
 * local file is not uploaded yet; on a published page they could only show as hidden broken images).
 */
export function toPublicButtons(
  buttons: readonly ButtonLike[] | null | undefined,
  mode: ViewMode,
  options: PublicViewOptions = {},
): PublicViewButton[] {
  const list = [...(buttons ?? [])]
    .map((b, i) => ({ b, i }))
    .sort((x, y) => (x.b.position ?? x.i + 1) - (y.b.position ?? y.i + 1) || x.i - y.i)
    .map(({ b }) => b);
  const out: PublicViewButton[] = [];
  const now = options.now ?? new Date();
  for (const button of list) {
    const type = button.type === 'image' || button.type === 'text' ? button.type : mode;
    if (type !== mode) continue;
    if (type === 'text') out.push(toEvent(button, now));
    else {
      const image = toImage(button, options.preview === true);
      if (image) out.push(image);
    }
  }
  return out;
}

export const PLACEHOLDER_HEADER = '/placeholder-header.svg';

/** A page without a header of its own falls back to /dati/{slug}/{slug}.jpg. */
export function headerOf(
  header: string | null | undefined,
  slug: string,
  poster?: string | null,
  options: PublicViewOptions = {},
): PublicHeader {
  const raw = String(header ?? '').trim();
  // The editor's preview also shows a file not uploaded yet (blob:, data:) and an older version's
  // kept file (a signed link, src/core/kept-links.ts); a published page neither.
  const previewLocal = options.preview === true && (/^(blob:|data:(image|video)\/)/i.test(raw) || isKeptLink(raw));
  const src = raw && (isSafeMediaRef(raw) || previewLocal) ? raw : `/dati/${slug}/${slug}.jpg`;
  // A blob: header (editor preview) says nothing of its type: the editor passes header_type.
  const isVideo = options.headerType === 'video' || /\.mp4($|[?#])/i.test(src) || /^data:video\//i.test(src);
  const view: PublicHeader = { kind: isVideo ? 'video' : 'image', src };
  // The editor's preview may show a poster frame not uploaded yet (blob:); a published page only
  // a safe reference.
  const p = String(poster ?? '').trim();
  const previewPoster = options.preview === true && (/^blob:/i.test(p) || isKeptLink(p));
  if (isVideo && p && (isSafeMediaRef(p) || previewPoster)) view.poster = p;
  return view;
}

/** A header with its stored pixel size, when both sides are whole numbers in a sane range. */
function sized(header: PublicHeader, width: unknown, height: unknown): PublicHeader {
  const ok = (n: unknown): n is number => Number.isInteger(n) && (n as number) > 0 && (n as number) <= 65_535;
  return ok(width) && ok(height) ? { ...header, width, height } : header;
}

/**
 * Upcoming (and undated) events apart from past ones (docs/behaviour.md#dates-and-publishing-windows):
 * an event is past when its day is before today in Europe/Rome. The past ones come newest first.
 */
export function splitPast(
  buttons: readonly PublicViewButton[],
  now: Date = new Date(),
): { upcoming: PublicViewButton[]; past: PublicEvent[] } {
  const today = romeToday(now);
  const upcoming: PublicViewButton[] = [];
  const past: { event: PublicEvent; day: string }[] = [];
  for (const b of buttons) {
    const day = b.type === 'text' ? eventDay(b.data) : null;
    if (b.type === 'text' && day !== null && day < today) past.push({ event: b, day });
    else upcoming.push(b);
  }
  // newest first; events of one day keep their order
  past.sort((x, y) => (x.day < y.day ? 1 : x.day > y.day ? -1 : 0));
  return { upcoming, past: past.map((p) => p.event) };
}

/** The whole page as the renderer and the preview read it. */
export function toPublicView(page: PageLike, slug: string, options: PublicViewOptions = {}): PublicView {
  const mode = viewModeOf(page.mode, page.buttons);
  const title = String(page.title ?? '').trim();
  const { upcoming, past } = splitPast(toPublicButtons(page.buttons, mode, options), options.now);
  return {
    title,
    displayTitle: String(page.display_title ?? '').trim() || title,
    header: sized(headerOf(page.header, slug, page.header_poster, options), page.header_width, page.header_height),
    mode,
    style: viewStyleOf(page.style),
    customStyles: normaliseCustomStyles(page.custom_styles ?? page.customStyles),
    buttons: upcoming,
    past: page.show_past === true ? past : [],
    fanSignup: mode === 'text' && page.fan_signup !== false ? fanSignupOf(page, options.now) : null,
  };
}

/** The block of a text page: its upcoming cities, as the sign-up route checks them. */
function fanSignupOf(page: PageLike, now: Date | undefined): FanSignupView {
  const buttons = (page.buttons ?? []).map((b) => ({ type: String(b.type ?? 'text'), text: String(b.text ?? '') }));
  return { cities: upcomingCities(buttons, now), company: String(page.company ?? '').trim() };
}
