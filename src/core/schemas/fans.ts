/**
 * Fans: the sign-up form's body and the answers of the organiser's fan routes
 * (docs/api.md#fans). The site parses every answer with these schemas and the Worker tests check
 * the Worker's answers against them.
 */
import { z } from '../zod';
import { FAN_CITY_MAX, FAN_EMAIL_MAX } from '../fans';
import { t } from '../messages';
import { slugParamSchema } from './params';

/**
 * POST /{slug}/fans, as a form (application/x-www-form-urlencoded, no JavaScript) or the page
 * script's same fields. `city`: a tour city's name, ALL_CITIES or OTHER_CITY; `other_city`: the
 * typed city when OTHER_CITY; `website`: the honeypot (a person leaves it empty); `u`/`r`: the
 * source of the view (as the click beacon sends them). Rules and messages: worker/routes.
 */
export const fanSignupSchema = z.object({
  email: z.string().max(FAN_EMAIL_MAX * 2),
  city: z.string().max(FAN_CITY_MAX * 4),
  other_city: z
    .string()
    .max(FAN_CITY_MAX * 4)
    .optional(),
  website: z.string().max(2000).optional(),
  u: z.string().max(200).optional(),
  r: z.string().max(2000).optional(),
});
export type FanSignup = z.infer<typeof fanSignupSchema>;

const count = z.number().int().nonnegative();
const instant = z.string();

/** One event an alert announces, as the page has it now (a removed event is left out). */
export const fanAlertEventSchema = z.object({
  button_id: z.number().int().positive(),
  date: z.string(),
  city: z.string(),
  venue: z.string(),
});

export const FAN_ALERT_KINDS = ['new_date', 'on_sale', 'sale_reminder', 'presale'] as const;
export const FAN_ALERT_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled'] as const;

/** An alert of the page: what, when, to how many, how it went. */
export const fanAlertSchema = z
  .object({
    id: z.number().int().positive(),
    /**
     * a new date, or an event's on-sale e-mail or its reminder (docs/behaviour.md#on-sale-e-mails),
     * or a date's presale e-mail (docs/behaviour.md#presales)
     */
    kind: z.enum(FAN_ALERT_KINDS),
    status: z.enum(FAN_ALERT_STATUSES),
    /** when it leaves (scheduled) or left, ISO 8601 UTC */
    due_at: instant,
    /**
     * a scheduled new-date alert the daily cap holds (FAN_ALERTS_PER_DAY in 24 hours,
     * docs/behaviour.md#alerts): when it may leave, ISO 8601 UTC (its due_at too); else null
     */
    held_until: instant.nullable(),
    /**
     * a scheduled presale e-mail of one-time codes with none loaded: it waits for them, whatever
     * its due_at says, and leaves once the first codes come (docs/behaviour.md#presales)
     */
    waits_for_codes: z.boolean(),
    created_at: instant,
    finished_at: instant.nullable(),
    /** the cities of its events, in the page's spelling */
    cities: z.array(z.string()),
    events: z.array(fanAlertEventSchema),
    /** fans it goes to (counted when it starts sending; for a scheduled one, the fans it would reach now) */
    recipients: count,
    sent: count,
    failed: count,
  })
  .meta({ id: 'FanAlert' });
export type FanAlert = z.infer<typeof fanAlertSchema>;

/** GET …/{slug}/fans/alerts: the page's alerts, newest first. */
export const fanAlertListSchema = z.object({ alerts: z.array(fanAlertSchema) });

/** POST …/fans/alerts/{id}/send and /cancel: the alert as it is now. */
export const fanAlertAnswerSchema = z.object({ alert: fanAlertSchema });

export const fanCityCountSchema = z.object({ key: z.string(), city: z.string(), fans: count });

/** GET /api/db/landing-pages/{slug}/fans?days=N: the page's fans and alerts. */
export const fanSummarySchema = z.object({
  /** confirmed fans of the page */
  total: count,
  /** sign-ups still waiting for their confirmation */
  pending: count,
  /** confirmed fans following 'Tutte le date' */
  all_dates: count,
  /** confirmed fans per city of the tour (upcoming dates), most fans first */
  cities: z.array(fanCityCountSchema),
  /** 'Città richieste': cities fans asked for that are not on the tour, most fans first */
  requested: z.array(fanCityCountSchema),
  /** confirmed sign-ups per Europe/Rome day of the period, oldest first, zero-filled */
  daily: z.array(z.object({ date: z.string(), signups: count })),
  /** newest first */
  alerts: z.array(fanAlertSchema),
});
export type FanSummary = z.infer<typeof fanSummarySchema>;

/** One fan in the organiser's list (GET …/fans/list?q=). */
export const fanRowSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  cities: z.array(z.string()),
  confirmed_at: instant.nullable(),
  created_at: instant,
});
export const fanListSchema = z.object({ fans: z.array(fanRowSchema), total: count });
export type FanRow = z.infer<typeof fanRowSchema>;

const searchTooLong = { error: () => t('fans.editor.searchTooLong', { max: FAN_EMAIL_MAX }) };

/** ?q= of the list: a piece of an address, trimmed; absent or empty lists every fan. */
export const fanListQuerySchema = z.object({
  q: z.string(searchTooLong).trim().max(FAN_EMAIL_MAX, searchTooLong).optional().default(''),
});

const badFanId = { error: () => t('fans.editor.badFanId') };

/** …/{slug}/fans/{id}: a fan's id, a whole number from 1 (written plainly: no sign, exponent or spaces). */
export const fanIdParamSchema = slugParamSchema.extend({
  id: z
    .string(badFanId)
    .regex(/^\d{1,15}$/, badFanId)
    .transform(Number)
    .refine((id) => id > 0, badFanId),
});

/** POST /api/fans/webhook: the provider's event was taken (suppressed, or ignored). */
export const webhookAnswerSchema = z.object({ received: z.literal(true) });

/**
 * POST /{slug}/fans asked by the page script (Accept: application/json): the sentence to show,
 * for the sign-up taken (202) as for a refusal.
 */
export const fanSignupAnswerSchema = z.object({ detail: z.string() });

/** GET /api/admin/fans: confirmed fans per company (administrators only). */
export const adminFanTotalsSchema = z.object({
  total: count,
  companies: z.array(z.object({ company: z.string(), pages: count, fans: count })),
});
export type AdminFanTotals = z.infer<typeof adminFanTotalsSchema>;
