/**
 * Landing pages and buttons: the shapes the API answers, the payloads it accepts, and the buttons
 * as stored. The zod schemas check the shape of a payload (422 on a wrong type); `validatePage`
 * (src/core/page-validation.ts) then gives the first broken rule's message.
 * The scheduling fields (publishing window, PATCH) are in page-schedule.ts.
 */
import { z } from '../zod';
import { fanAlertSchema } from './fans';
import { t } from '../messages';
import { DEFAULT_CTA_LABEL } from '../constants';
import { hasHiddenCharacterAsTyped } from '../company';
import { decodeEventText, encodeEventText, cleanLabel } from '../button-codec';
import { storeByPath } from '../store-badges';
import { instantSchema, scheduleFields } from './page-schedule';
import { AVAILABILITIES, availabilityOf } from '../on-sale';
import type { Presale } from '../presale';
import { presaleInputSchema, presaleSchema } from './presale';
// a date row's ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page)
import { ticketSourceInputSchema, ticketSourceSchema } from './ticket-source';

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
  .object({
    ...publicButtonShape,
    click_count: z.number().int().nonnegative(),
    /** a text button's presale for the fans (docs/behaviour.md#presales); null when none; never public */
    presale: presaleSchema.nullable().optional(),
    /** a text button's ticket page and what it now says (docs/behaviour.md#keeping-up-with-the-ticket-page); never public */
    ticket_source: ticketSourceSchema.nullable().optional(),
  })
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

/**
 * `DELETE /api/db/landing-pages/{slugOrId}`: the page moved to the trash (docs/behaviour.md#trash),
 * restorable until `purge_at` (ISO 8601 UTC).
 */
export const pageDeletedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  folder_name: z.string(),
  trashed: z.literal(true),
  purge_at: z.string(),
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
  // a text button's presale (docs/behaviour.md#presales): null removes it, absent keeps the saved one
  presale: presaleInputSchema.nullish(),
  // a text button's ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page): null removes
  // it, absent keeps the saved one; an image button's is ignored
  ticket_source: ticketSourceInputSchema.nullish(),
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
  /** a text button's presale; null = none, undefined = keep what the row has (docs/behaviour.md#presales) */
  presale?: Presale | null;
  /** a text button's ticket page; null = none, undefined = keep what the row has (ticket-sources.ts) */
  ticket_source?: { url: string } | null;
}

function clientIdOf(id: ButtonInput['id']): number | null {
  const n = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A presale as stored: its link trimmed, no end = at the general sale. */
function presaleOf(input: NonNullable<ButtonInput['presale']> | null): Presale | null {
  if (input === null) return null;
  return {
    starts_at: input.starts_at,
    ends_at: input.ends_at ?? null,
    url: input.url.trim(),
    shared_code: input.shared_code,
  };
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
      ...(b.presale === undefined ? {} : { presale: presaleOf(b.presale) }),
      ...(b.ticket_source === undefined ? {} : { ticket_source: b.ticket_source && { url: b.ticket_source.url } }),
    };
  });
}
