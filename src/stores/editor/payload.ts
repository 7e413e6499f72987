// What the form becomes: the JSON payload a save sends, and the page the preview shows.
import { computed } from 'nanostores';
import { t } from '../../core/messages';
import { availabilityOf } from '../../core/on-sale';
import { romeLocalToUtc } from '../../core/schedule';
import { $buttons, $editing, $form, $loadedPage } from './state';
import { posterShown } from './poster';
import type { EditorPresale } from './presale';
import {
  type Cta,
  encodeEventText,
  type PageMode,
  type PagePayload,
  type PageStyle,
  type ButtonAsReceived,
} from './core';

/**
 * The page's schedule and options as the API takes them: the window in UTC ISO 8601, null on an
 * open side; fan_signup, the 'Avvisami' block under the events.
 */
export interface SchedulePayload {
  show_past: boolean;
  fan_signup: boolean;
  sale_reminder: boolean;
  visible_from: string | null;
  visible_until: string | null;
}

/** A date's presale as a save sends it (the one-time codes go apart, presale-codes.ts). */
function presaleInput({ starts_at, ends_at, url, shared_code }: EditorPresale) {
  return { starts_at, ends_at, url, shared_code };
}

/** A Europe/Rome wall-clock field as UTC ('' or a value that is no time → null, open). */
export function windowBound(local: string): string | null {
  return local ? romeLocalToUtc(local) : null;
}

/**
 * The display title a save sends and the preview shows. The editor has no field for it: a saved
 * page whose display title differs from its title keeps it, whatever the title becomes; any other
 * page's display title is its title (docs/behaviour.md#pages-and-ownership).
 */
function displayTitleOf(title: string): string {
  const saved = $editing.get() ? $loadedPage.get() : null;
  const own = saved?.display_title?.trim() ?? '';
  return own && own !== saved?.title.trim() ? own : title;
}

/**
 * The page as JSON. New files are left out (an image button waiting for its file sends an empty
 * path, the header keeps the saved one): they are uploaded right after the page is saved.
 * A text button sends its event text encoded with its first call to action's label, and the
 * first call to action's link as its own. Only a text page keeps its style; an image page is light.
 */
export function buildPayload(): PagePayload & SchedulePayload & { buttons: NonNullable<PagePayload['buttons']> } {
  const f = $form.get();
  const buttons = $buttons.get().map((b, i) => {
    const base = { ...(b.id !== undefined ? { id: b.id } : {}), position: i + 1 };
    if (b.type === 'text') {
      const ctas = b.ctaButtons.map((c) => {
        const buttonText = c.buttonText.trim() || t('editor.cta.defaultLabel');
        return {
          url: c.url.trim(),
          buttonText,
          on_sale_at: c.on_sale_at ?? null,
          availability: availabilityOf({ buttonText, availability: c.availability }),
        };
      });
      const first = ctas[0] ?? { url: '', buttonText: t('editor.cta.defaultLabel') };
      return {
        ...base,
        type: 'text' as const,
        text: encodeEventText({ date: b.data, city: b.city, venue: b.venue }, first.buttonText),
        image_path: '',
        url: first.url,
        cta_buttons: ctas,
        // never had one: left out; removed: null; else as loaded or set, without its codes' count
        ...(b.presale === undefined ? {} : { presale: b.presale && presaleInput(b.presale) }),
        // its ticket page: none or kept as saved: left out; removed: null; else its address
        ...(b.ticketSource === undefined ? {} : { ticket_source: b.ticketSource && { url: b.ticketSource.url } }),
      };
    }
    return {
      ...base,
      type: 'image' as const,
      text: '',
      image_path: b.imageFile ? '' : b.image,
      url: b.url.trim(),
      cta_buttons: null,
    };
  });
  const title = f.title.trim();
  return {
    title,
    display_title: displayTitleOf(title),
    ...($editing.get() ? {} : { folder_name: f.slug }),
    mode: f.mode,
    style: f.mode === 'text' ? f.style : 'light',
    custom_styles: f.customStyles ?? {},
    // a new file is uploaded right after; until then an update keeps the current header
    header: f.header,
    show_past: f.showPast,
    fan_signup: f.fanSignup,
    sale_reminder: f.saleReminder,
    visible_from: windowBound(f.visibleFrom),
    visible_until: windowBound(f.visibleUntil),
    buttons,
  };
}

// ---------------------------------------------------------------------------------------------
// The preview

/** The preview needs a title, a header and at least one button. */
export const $canPreview = computed([$form, $buttons], (f, b) =>
  Boolean(f.title.trim() && (f.header || f.headerPreview) && b.length > 0),
);

export interface PreviewPage {
  title: string;
  display_title: string;
  header: string;
  /** the video header's poster: the saved one, or the pending frame's blob: URL */
  header_poster: string;
  mode: PageMode;
  style: PageStyle;
  custom_styles: unknown;
  /** past events kept in a 'Date passate' list, as on the published page */
  show_past: boolean;
  /** the 'Avvisami' block under the events, as on the published page */
  fan_signup: boolean;
  buttons: ButtonAsReceived[];
}

/**
 * The form as the published page would show it, a new header shown from its blob: preview, with
 * the poster it will have (a frame not uploaded yet shown from its blob: URL too). Image
 * buttons without an image, or with a file not uploaded yet (blob:), are left to the public view,
 * which drops them.
 */
export function previewPage(): PreviewPage {
  const f = $form.get();
  const payload = buildPayload();
  const list = $buttons.get();
  const buttons: ButtonAsReceived[] = payload.buttons.map((b, i) => {
    const src = list[i]!;
    const image = src.type === 'image' ? (src.previewImage ?? src.image) : '';
    return {
      id: src.id ?? -(i + 1),
      position: i + 1,
      type: b.type,
      text: String(b.text ?? ''),
      image_path: b.type === 'image' ? image : null,
      url: b.url ?? null,
      click_count: 0,
      cta_buttons: b.type === 'text' ? (b.cta_buttons as Cta[]) : null,
      // the presale window turns the row as on the published page
      ...(src.type === 'text' && src.presale ? { presale: { ...src.presale } } : {}),
    };
  });
  return {
    title: f.title.trim(),
    display_title: displayTitleOf(f.title.trim()),
    header: f.headerPreview || f.header,
    header_poster: posterShown(f)?.src ?? '',
    mode: f.mode,
    style: f.mode === 'text' ? f.style : 'light',
    custom_styles: f.customStyles ?? {},
    show_past: f.showPast,
    fan_signup: f.fanSignup,
    buttons,
  };
}
