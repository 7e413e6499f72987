import { z } from '../zod';
import { t } from '../messages';
import { COMPANY_MAX, companyRoleSchema, EMAIL_MAX, isValidEmail, membershipSchema } from './user';

/**
 * A company's members, requests, invitations and activity log (docs/behaviour.md#teams,
 * docs/api.md#teams): the bodies and answers of /api/company.
 */

/** A member of the company, or an account whose request to join waits. */
export const memberSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    full_name: z.string().nullable(),
    /** null while a request waits */
    role: companyRoleSchema.nullable(),
    /** the 'Dati dei fan' right (always true for a Titolare) */
    fans_access: z.boolean(),
    membership: membershipSchema,
    /** since when a member (or since when the request waits) */
    since: z.string(),
    /** who invited them, when they joined through an invitation */
    invited_by_name: z.string().nullable(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

/** A pending invitation (not used, not revoked, not expired). */
export const invitationSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: companyRoleSchema,
    fans_access: z.boolean(),
    invited_by_name: z.string(),
    created_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/company/members */
export const membersAnswerSchema = z.object({
  company: z.string(),
  members: z.array(memberSchema),
  requests: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  /** whether the caller may invite, accept, refuse, change and remove (a Titolare, an administrator) */
  can_manage: z.boolean(),
});

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** ?company=NAME: which company an administrator looks at (ignored for anyone else). */
export const companyQuerySchema = z.object({
  company: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(COMPANY_MAX).optional()),
});

/** POST /api/company/invitations */
export const inviteBodySchema = z.object({
  email: z
    .string({ error: t('validation.email.required') })
    .trim()
    .max(EMAIL_MAX)
    .refine(isValidEmail, t('validation.email.invalid')),
  role: companyRoleSchema,
  fans_access: z.boolean().default(false),
});

export const invitationAnswerSchema = z.object({ invitation: invitationSchema });

/** GET /api/company/invitations/lookup?token= */
export const lookupQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** What the signup form fills in from an invitation. */
export const lookupAnswerSchema = z
  .object({ company: z.string(), email: z.string(), role: companyRoleSchema })
  .meta({ id: 'InvitationLookup' });

/** POST /api/company/members/{id}/accept */
export const acceptBodySchema = z.object({ role: companyRoleSchema, fans_access: z.boolean().default(false) });

/** PATCH /api/company/members/{id}: at least one of the two. */
export const patchMemberBodySchema = z
  .object({ role: companyRoleSchema.optional(), fans_access: z.boolean().optional() })
  .refine((b) => b.role !== undefined || b.fans_access !== undefined, { message: t('request.invalidBody') });

export const memberAnswerSchema = z.object({ member: memberSchema });

export const ACTIVITY_PAGE_MAX = 100;

/** GET /api/company/activity: filters by member (the actor's id) and page (slug); pages by `before`. */
export const activityQuerySchema = z.object({
  member: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional()),
  page: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(200).optional()),
  before: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional()),
  limit: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(ACTIVITY_PAGE_MAX).default(50)),
  company: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(COMPANY_MAX).optional()),
});

/** One act of the log, with its Italian label (`text`). */
export const activityEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.string(),
    actor_name: z.string(),
    actor_email: z.string(),
    action: z.string(),
    text: z.string(),
    page_slug: z.string().nullable(),
    page_title: z.string().nullable(),
    target_name: z.string().nullable(),
    summary: z.string(),
    company: z.string(),
  })
  .meta({ id: 'ActivityEntry' });
export type ActivityEntryAnswer = z.infer<typeof activityEntrySchema>;

export const activityAnswerSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** pass as ?before= for the older acts; null when there are none */
  next_before: z.number().int().nullable(),
});
