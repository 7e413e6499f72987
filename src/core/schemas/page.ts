/**
 * Landing pages and buttons: the shapes the API answers, the payloads it accepts, the rules.
 * The zod schemas check the shape of a payload (422 on a wrong type); `validatePage` then gives
 * the first broken rule's message, and is the same function the editor calls before saving.
 * The scheduling fields (publishing window, PATCH) are in page-schedule.ts.
 */
import { z } from '../zod';
import { fanAlertSchema } from './fans';
import { t } from '../messages';
import { DEFAULT_CTA_LABEL } from '../constants';
import { hasHiddenCharacterAsTyped } from '../company';
import { decodeEventText, encodeEventText, cleanLabel, type EventParts } from '../button-codec';
import { buttonTextProblem, eventPartsProblem, pageTextProblem } from '../plain-text';
import { SLUG_MAX, isReservedSlug, isValidSlugFormat } from '../slug';
import { isSafeLinkUrl, isSafeMediaRef, URL_MAX } from '../urls';
import { storeByPath } from '../store-badges';
import { instantSchema, scheduleFields } from './page-schedule';
import { AVAILABILITIES, availabilityOf } from '../on-sale';

export const PAGE_MODES = ['text', 'image'] as const;
export const PAGE_STYLES = ['light', 'dark', 'custom'] as const;
export type PageMode = (typeof PAGE_MODES)[number];
export type PageStyle = (typeof PAGE_STYLES)[number];
export type ButtonType = PageMode;

export const TITLE_MAX = 200;
export const TEXT_MAX = 300;
export const COMPANY_MAX = 100;
export const BUTTONS_MAX = 100;
export const CTAS_MAX = 10;

// ---------------------------------------------------------------------------------------------
// Shapes as received (answers): the Worker answers them, the site parses them, the tests check
// the Worker's answers against them (docs/api.md#the-openapi-document)

/** A call to action as stored and answered, with its ticket drop (docs/behaviour.md#ticket-drops). */
export const ctaSchema = z
  .object({
    url: z.string(),
    buttonText: z.string(),
    /** the on-sale instant, UTC ISO 8601 to the second ('…Z'); null = on sale now */
    on_sale_at: z.string().nullable(),
    availability: z.enum(AVAILABILITIES),
  })
  .meta({ id: 'Cta' });
export type Cta = z.infer<typeof ctaSchema>;

/** A call to action of an event: its link and its label. */
export type CtaLink = Pick<Cta, 'url' | 'buttonText'>;

const publicButtonShape = {
  id: z.number().int(),
  position: z.number().int(),
  type: z.enum(PAGE_MODES),
  /** text buttons: 'date - city - venue|label'; image buttons: the alt text */
  text: z.string(),
  image_path: z.string().nullable(),
  /** text buttons: the first CTA's URL */
  url: z.string().nullable(),
  /** text buttons: every CTA of the event; null for image buttons */
  cta_buttons: z.array(ctaSchema).nullable(),
};

/** A button as the API answers it. */
export const buttonAsReceivedSchema = z
  .object({ ...publicButtonShape, click_count: z.number().int().nonnegative() })
  .meta({ id: 'Button' });
export type ButtonAsReceived = z.infer<typeof buttonAsReceivedSchema>;

/** A button as the public sees it: no click count. */
const publicButtonSchema = z.object(publicButtonShape).meta({ id: 'PublicButton' });
export type PublicButton = z.infer<typeof publicButtonSchema>;

/** Custom styles as stored: the normalised object of src/core/styles.ts, or null (defaults). */
const storedCustomStylesSchema = z.record(z.string(), z.unknown()).nullable();
export type StoredCustomStyles = z.infer<typeof storedCustomStylesSchema>;

const listItemShape = {
  id: z.number().int(),
  folder_name: z.string(),
  title: z.string(),
  display_title: z.string(),
  company: z.string(),
  visible: z.boolean(),
  /** the publishing window (ISO 8601 UTC); null = open on that side */
  visible_from: z.string().nullable(),
  visible_until: z.string().nullable(),
  updated_at: z.string(),
};

/** `GET /api/db/landing-pages`: one entry of the array (and the answer of a company or visibility change). */
export const pageListItemSchema = z.object(listItemShape).meta({ id: 'PageListItem' });
export type PageListItem = z.infer<typeof pageListItemSchema>;

/** The fields a page shows, as both the organiser and the public read them. */
const shownShape = {
  mode: z.enum(PAGE_MODES),
  style: z.enum(PAGE_STYLES),
  custom_styles: storedCustomStylesSchema,
  header: z.string(),
  /** the poster frame of an MP4 header (a /dati/{slug}/ path), '' when none */
  header_poster: z.string(),
  /** past events stay on the public page in a 'Date passate' list */
  show_past: z.boolean(),
  /** the 'Avvisami' block under the events of a text-mode page (docs/behaviour.md#fans-and-alerts) */
  fan_signup: z.boolean(),
};

/** `GET /api/db/landing-pages/{slug}`: the whole page with its buttons, views and dates. */
export const pageAsReceivedSchema = z
  .object({
    ...listItemShape,
    ...shownShape,
    /** the fans' reminder a day before an on-sale instant (docs/behaviour.md#on-sale-e-mails) */
    sale_reminder: z.boolean(),
    view_page: z.number().int().nonnegative(),
    created_at: z.string(),
    buttons: z.array(buttonAsReceivedSchema),
    /**
     * The page's scheduled fan alerts, newest first (docs/behaviour.md#alerts): a save that adds
     * an upcoming date answers the alert it scheduled, for the editor's 'Avviso ai fan di …'.
     */
    fan_alerts: z.array(fanAlertSchema).optional(),
  })
  .meta({ id: 'Page' });
export type PageAsReceived = z.infer<typeof pageAsReceivedSchema>;

/** `GET /api/db/public/landing/{slug}`: visible pages only, no click counts. */
export const publicLandingSchema = z
  .object({ title: z.string(), display_title: z.string(), ...shownShape, buttons: z.array(publicButtonSchema) })
  .meta({ id: 'PublicLanding' });
export type PublicLanding = z.infer<typeof publicLandingSchema>;

/** `DELETE /api/db/landing-pages/{slugOrId}`: what was deleted. */
export const pageDeletedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  folder_name: z.string(),
});

// ---------------------------------------------------------------------------------------------
// Payloads of create and update

const optionalText = z.string().nullish();

export const ctaInputSchema = z.object({
  url: optionalText,
  buttonText: optionalText,
  // ISO 8601 with its zone, stored as UTC; absent, null or '' = on sale now
  on_sale_at: instantSchema.optional(),
  // absent = on sale; the 'soldout' label means sold out whatever this says
  availability: z.enum(AVAILABILITIES).nullish(),
});

export const buttonInputSchema = z.object({
  // Unknown or temporary ids (the editor may number new buttons itself) mean 'new button'.
  id: z.union([z.number(), z.string()]).nullish(),
  position: z.number().nullish(),
  type: z.enum(PAGE_MODES),
  text: optionalText,
  image_path: optionalText,
  url: optionalText,
  cta_buttons: z.array(ctaInputSchema).nullish(),
});
export type ButtonInput = z.infer<typeof buttonInputSchema>;

export const pagePayloadSchema = z.object({
  title: optionalText,
  display_title: optionalText,
  folder_name: optionalText,
  // an administrator's company for the page (ignored for organisers); no hidden characters
  company: optionalText.refine((name) => !name || !hasHiddenCharacterAsTyped(name), t('validation.company.hidden')),
  visible: z.boolean().nullish(),
  mode: z.enum(PAGE_MODES).nullish(),
  style: z.enum(PAGE_STYLES).nullish(),
  // an object or a JSON string; normalised by src/core/styles.ts
  custom_styles: z.unknown().optional(),
  customStyles: z.unknown().optional(),
  header: optionalText,
  buttons: z.array(buttonInputSchema).nullish(),
  ...scheduleFields,
});
export type PagePayload = z.infer<typeof pagePayloadSchema>;

export const companyPayloadSchema = z.object({
  company: z
    .string()
    .refine((name) => !hasHiddenCharacterAsTyped(name), t('validation.company.hidden'))
    .trim()
    .min(1, t('pages.company.required'))
    .max(COMPANY_MAX),
});

const visibilityInvalid = { error: () => t('pages.visibility.invalid') };

/** `PATCH …/{slug}/visibility?visible=`: true or false (also 1 or 0, any case, spaces around). */
export const visibilityQuerySchema = z.object({
  visible: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
      z.enum(['true', 'false', '1', '0'], visibilityInvalid),
    )
    .transform((value) => value === 'true' || value === '1')
    .meta({ description: 'Whether the public sees the page', example: 'true' }),
});

/** A button index of an upload: a non-negative integer below 10000, as a number or in digits. */
const buttonIndexSchema = z.union([
  z.number().int().min(0).max(9999),
  z.string().regex(/^\d+$/).transform(Number).pipe(z.number().max(9999)),
]);

/**
 * The `image_mapping` field of a button-images upload: a JSON object from each file's place
 * among the uploaded files (0, 1, …) to the index of the image button it belongs to.
 */
export const imageMappingSchema = z.record(z.string().regex(/^\d{1,4}$/), buttonIndexSchema);

// ---------------------------------------------------------------------------------------------
// Buttons: from payload to what is stored

/** The CTAs of a text button: cta_buttons when given, else the codec's label with `url`. */
export function ctasOf(button: Pick<ButtonInput, 'text' | 'url' | 'cta_buttons'>): Cta[] {
  if (button.cta_buttons && button.cta_buttons.length > 0) {
    return button.cta_buttons.map((cta) => {
      const buttonText = cleanLabel(cta.buttonText);
      return {
        url: String(cta.url ?? '').trim(),
        buttonText,
        on_sale_at: cta.on_sale_at ?? null,
        availability: availabilityOf({ buttonText, availability: cta.availability }),
      };
    });
  }
  if (button.cta_buttons && button.cta_buttons.length === 0) return [];
  const buttonText = decodeEventText(button.text).label;
  return [
    {
      url: String(button.url ?? '').trim(),
      buttonText,
      on_sale_at: null,
      availability: availabilityOf({ buttonText }),
    },
  ];
}

export interface StoredButton {
  /** the client's id, matched against the page's buttons on update */
  clientId: number | null;
  position: number;
  type: ButtonType;
  text: string;
  image_path: string | null;
  url: string | null;
  cta_buttons: Cta[] | null;
}

function clientIdOf(id: ButtonInput['id']): number | null {
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * Buttons as stored: positions follow the array order (1-based); a text button's text is
 * re-encoded so its label is its first CTA's, and `url` is that CTA's URL.
 */
export function normaliseButtons(buttons: readonly ButtonInput[]): StoredButton[] {
  return buttons.map((b, i) => {
    const base = { clientId: clientIdOf(b.id), position: i + 1, type: b.type };
    if (b.type === 'image') {
      const image = String(b.image_path ?? '').trim();
      const url = String(b.url ?? '').trim();
      // a store badge without its own text is named after the store (the image's alt text)
      const text = String(b.text ?? '').trim() || storeByPath(image)?.label || '';
      return {
        ...base,
        text,
        image_path: image || null,
        url: url || null,
        cta_buttons: null,
      };
    }
    const ctas = ctasOf(b);
    const event = decodeEventText(b.text);
    const first = ctas[0];
    return {
      ...base,
      text: encodeEventText(event, first?.buttonText ?? DEFAULT_CTA_LABEL),
      image_path: null,
      url: first?.url || null,
      cta_buttons: ctas,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Validation: slug, page, text button, image button, URLs

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
