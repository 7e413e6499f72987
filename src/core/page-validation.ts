/**
 * The rules of a landing page and its buttons: `validatePage` gives the first broken rule's
 * message for a payload whose shape the zod schemas of schemas/page.ts have checked (422 on a
 * wrong type), and is the same function the editor calls before saving; `titleKey` is what a
 * title is unique by.
 */
import { t } from './messages';
import { decodeEventText, type EventParts } from './button-codec';
import { buttonTextProblem, eventPartsProblem, pageTextProblem } from './plain-text';
import { SLUG_MAX, isReservedSlug, isValidSlugFormat } from './slug';
import { isSafeLinkUrl, isSafeMediaRef, URL_MAX } from './urls';
import { presaleProblem } from './presale';
import {
  BUTTONS_MAX,
  CTAS_MAX,
  TEXT_MAX,
  TITLE_MAX,
  ctasOf,
  type ButtonInput,
  type ButtonType,
  type PageMode,
  type PagePayload,
} from './schemas/page';

export function slugProblem(slug: string | null | undefined): string | null {
  const value = String(slug ?? '');
  if (!value.trim()) return t('slug.required');
  if (!isValidSlugFormat(value)) return t('slug.pattern');
  if (value.length > SLUG_MAX) return t('pages.slug.tooLong', { max: SLUG_MAX });
  if (isReservedSlug(value)) return t('pages.slug.reserved', { slug: value });
  return null;
}

function typeLabel(type: ButtonType): string {
  return t(type === 'text' ? 'pages.type.text' : 'pages.type.image');
}

/** A text button as the editor adds or updates it: date, city and venue required, and a CTA. */
export function validateEventForm(form: EventParts & { ctaButtons?: readonly unknown[] }): string | null {
  if (!form.date.trim()) return t('button.dateMissing');
  if (!form.city.trim()) return t('button.cityMissing');
  if (!form.venue.trim()) return t('button.venueMissing');
  if (form.ctaButtons && form.ctaButtons.length === 0) return t('button.ctaMissing');
  return eventPartsProblem(form);
}

function buttonProblem(
  button: ButtonInput,
  index: number,
  mode: PageMode,
  imagePending: (index: number) => boolean,
): string | null {
  if (button.type !== mode) return null; // reported by the page-level rule
  if (String(button.text ?? '').length > TEXT_MAX * 3) {
    return t('pages.button.textTooLong', { max: TEXT_MAX * 3 });
  }
  if (button.type === 'image') {
    if (button.presale) return t('presale.notText');
    const image = String(button.image_path ?? '').trim();
    if (!image) {
      if (!imagePending(index)) return t('button.imageMissing');
    } else if (!isSafeMediaRef(image)) return t('pages.button.imageInvalid');
    if (!isSafeLinkUrl(button.url)) return t('pages.url.invalid');
    return buttonTextProblem(button);
  }
  const event = decodeEventText(button.text);
  if (!event.date && !event.city && !event.venue) return t('pages.button.eventMissing');
  const ctas = ctasOf(button);
  if (ctas.length === 0) return t('button.ctaMissing');
  if (ctas.length > CTAS_MAX) return t('pages.button.ctaTooMany', { max: CTAS_MAX });
  for (const cta of ctas) {
    if (cta.url.length > URL_MAX || !isSafeLinkUrl(cta.url)) return t('pages.url.invalid');
    if (cta.buttonText.length > TEXT_MAX) return t('pages.button.textTooLong', { max: TEXT_MAX });
  }
  if (!ctas.some((cta) => cta.url)) return t('pages.button.ctaUrlMissing');
  if (button.presale) {
    const problem = presaleProblem({ ...button.presale, ends_at: button.presale.ends_at ?? null }, ctas);
    if (problem) return problem;
  }
  return buttonTextProblem(button);
}

export interface ValidateOptions {
  isCreate: boolean;
  /** a header file will be uploaded right after saving (the editor's save order) */
  headerPending?: boolean;
  /** button images that will be uploaded right after saving, by 0-based index */
  imagePending?: (index: number) => boolean;
}

/** The effective mode: the page's mode, else the first button's type, else text. */
export function pageModeOf(payload: Pick<PagePayload, 'mode' | 'buttons'>): PageMode {
  return payload.mode ?? payload.buttons?.[0]?.type ?? 'text';
}

/** The first broken rule's message, or null: only the first error is ever shown. */
export function validatePage(payload: PagePayload, options: ValidateOptions): string | null {
  if (options.isCreate) {
    if (!String(payload.folder_name ?? '').trim()) return t('page.slugMissing');
    const problem = slugProblem(payload.folder_name);
    if (problem) return problem;
  }
  const title = String(payload.title ?? '').trim();
  if (!title) return t('page.titleMissing');
  if (title.length > TITLE_MAX) return t('pages.title.tooLong', { max: TITLE_MAX });
  if (String(payload.display_title ?? '').trim().length > TITLE_MAX) {
    return t('pages.displayTitle.tooLong', { max: TITLE_MAX });
  }
  const plain = pageTextProblem(payload);
  if (plain) return plain;
  const header = String(payload.header ?? '').trim();
  if (!header) {
    if (!options.headerPending) return t('page.headerMissing');
  } else if (!isSafeMediaRef(header)) return t('pages.header.invalid');

  const buttons = payload.buttons ?? [];
  if (buttons.length === 0) return t('page.buttonsMissing');
  if (buttons.length > BUTTONS_MAX) return t('pages.buttons.tooMany', { max: BUTTONS_MAX });
  const firstType = buttons[0]!.type;
  if (buttons.some((b) => b.type !== firstType)) return t('page.buttonsMixed');
  const mode = pageModeOf(payload);
  if (firstType !== mode) {
    return t('page.buttonModeMismatch', { type: typeLabel(firstType), mode: typeLabel(mode) });
  }
  const imagePending = options.imagePending ?? (() => false);
  for (const [i, button] of buttons.entries()) {
    const problem = buttonProblem(button, i, mode, imagePending);
    if (problem) return t('page.buttonPrefix', { n: i + 1 }) + problem;
  }
  return null;
}

/** Title comparison key: unique ignoring case (accents included). */
export function titleKey(title: string): string {
  return title.trim().toLocaleLowerCase('it');
}
