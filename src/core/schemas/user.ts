import { z } from '../zod';
import { t } from '../messages';
import { cleanCompanyName, hasHiddenCharacter, hasHiddenCharacterAsTyped, isOperatorCompanyName } from '../company';
import { hasControlCharacter } from '../plain-text';
import { COMPANY_MIN, LOGIN_PASSWORD_MIN, NAME_MIN, REGISTER_PASSWORD_MIN } from '../constants';

export const USER_STATUSES = ['pending', 'approved', 'active', 'rejected', 'banned'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** A member's role inside their company (docs/behaviour.md#teams): Titolare, Editor, Lettore. */
export const COMPANY_ROLES = ['owner', 'editor', 'viewer'] as const;
export const companyRoleSchema = z.enum(COMPANY_ROLES);
export type CompanyRole = z.infer<typeof companyRoleSchema>;
/** 'member' once joined; 'requested' while a request to join waits for a Titolare. */
export const membershipSchema = z.enum(['member', 'requested']);
export type Membership = z.infer<typeof membershipSchema>;

/** The user as every API answers it (never the hash, never the token version). */
export const userSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    full_name: z.string().nullable(),
    company: z.string().nullable(),
    status: userStatusSchema,
    is_active: z.boolean(),
    is_verified: z.boolean(),
    is_superuser: z.boolean(),
    created_at: z.string(),
    /** the role inside the company; null while a request waits, before approval, or after removal */
    company_role: companyRoleSchema.nullable(),
    /** the 'Dati dei fan' right (always true for a Titolare) */
    fans_access: z.boolean(),
    membership: membershipSchema.nullable(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

// A bare address, shared by client and server: the HTML 'valid e-mail address' (letters,
// digits and .!#$%&'*+/=?^_`{|}~- before the @, dotted host labels after it) with at least
// one dot in the domain. No display names ('x<victim@bank.com>'), quotes, comments or spaces,
// so a mail provider can never read another recipient out of it.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
export const EMAIL_MAX = 254;

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_RE.test(value);
}

/** E-mails compare ignoring case and surrounding spaces. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * The registration password policy (at least 8 characters, with a lower-case letter, an
 * upper-case letter and a digit): the first broken rule's message, or null.
 */
export function passwordProblem(password: string): string | null {
  if (!password) return t('validation.password.required');
  if (password.length < REGISTER_PASSWORD_MIN) return t('validation.password.min');
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/\d/.test(password)) {
    return t('validation.password.pattern');
  }
  return null;
}

const emailField = z
  .string({ error: t('validation.email.required') })
  .trim()
  .min(1, t('validation.email.required'))
  .refine(isValidEmail, t('validation.email.invalid'));

/** The login form: a valid e-mail and a password of at least 6 characters. */
export const loginFormSchema = z.object({
  email: emailField,
  password: z
    .string({ error: t('validation.password.required') })
    .min(1, t('validation.password.required'))
    .min(LOGIN_PASSWORD_MIN, t('validation.loginPassword.min')),
});

/** The signup form; confirmPassword is a client-side check only. */
export const signupFormSchema = z
  .object({
    fullName: z.string().trim().min(1, t('validation.fullName.required')).min(NAME_MIN, t('validation.fullName.min')),
    company: z
      .string()
      .refine((name) => !hasHiddenCharacterAsTyped(name), t('validation.company.hidden'))
      .trim()
      .min(1, t('validation.company.required'))
      .min(COMPANY_MIN, t('validation.company.min'))
      .refine((name) => !isOperatorCompanyName(name), t('validation.company.reserved')),
    email: emailField,
    password: z.string().superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    confirmPassword: z.string().min(1, t('validation.confirmPassword.required')),
  })
  .superRefine((form, ctx) => {
    if (form.confirmPassword && form.confirmPassword !== form.password) {
      ctx.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: t('validation.confirmPassword.mismatch'),
      });
    }
  });

/** Field lengths the server accepts; longer bodies answer 422. */
export const NAME_MAX = 120;
export const COMPANY_MAX = 120;
export const PASSWORD_MAX = 128;

/**
 * The company of an organiser's account, as the server takes it (registration and an
 * administrator's change): required, without a control character as typed (a line break is
 * refused, not cleaned into a space), cleaned (src/core/company.ts), without hidden
 * characters, and never the operator's own company name, which would otherwise look like the
 * operator's pages. The Worker also refuses the name's look-alikes (company-skeleton.ts).
 */
export const accountCompanyField = z
  .string({ error: t('validation.company.required') })
  .refine((name) => !hasControlCharacter(name), t('validation.company.hidden'))
  .transform(cleanCompanyName)
  .pipe(
    z
      .string()
      .min(1, t('validation.company.required'))
      .min(COMPANY_MIN, t('validation.company.min'))
      .max(COMPANY_MAX, t('validation.company.max', { max: COMPANY_MAX }))
      .refine((name) => !hasHiddenCharacter(name), t('validation.company.hidden'))
      .refine((name) => !isOperatorCompanyName(name), t('validation.company.reserved')),
  );

/**
 * POST /auth/register body. Privilege fields (is_superuser, status, …) are stripped by
 * zod's default object behaviour. The password policy is checked after parsing so its
 * failure answers 400 REGISTER_INVALID_PASSWORD, as fastapi-users does.
 */
export const registerBodySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX).refine(isValidEmail, t('validation.email.invalid')),
  password: z.string().max(PASSWORD_MAX),
  full_name: z
    .string()
    .trim()
    .max(NAME_MAX)
    .nullish()
    .transform((v) => (v ? v : null)),
  company: accountCompanyField,
  /**
   * The token of an invitation link (/signup?invito=…, docs/behaviour.md#teams): the account
   * joins the invitation's company with its role once approved.
   */
  invitation: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => (v ? v : null)),
});

/**
 * POST /auth/jwt/login body: fastapi-users' OAuth2 password form (`username` is the e-mail),
 * form-encoded as the site sends it; the Worker reads the same fields from JSON and multipart.
 */
export const loginBodySchema = z.object({
  username: z.string().trim().min(1).max(EMAIL_MAX),
  password: z.string().min(1).max(PASSWORD_MAX),
});

/** Answer of POST /auth/jwt/login: the session's Bearer token. */
export const loginAnswerSchema = z
  .object({ access_token: z.string(), token_type: z.literal('bearer') })
  .meta({ id: 'LoginAnswer' });

/** POST /auth/request-verify-token and /auth/forgot-password body (the answer never tells if it is known). */
export const emailBodySchema = z.object({ email: z.string().trim().max(EMAIL_MAX) });

const tokenField = z.string().max(4096);

/** POST /auth/verify body: the token of the e-mailed link. */
export const verifyBodySchema = z.object({ token: tokenField });

/** POST /auth/reset-password body: the e-mailed token and the new password. */
export const resetBodySchema = z.object({ token: tokenField, password: z.string().max(PASSWORD_MAX) });

/** The message the guard shows for a status, or null for 'active'. */
export function statusMessage(status: string): { level: 'warning' | 'info' | 'error'; text: string } | null {
  switch (status) {
    case 'active':
      return null;
    case 'pending':
      return { level: 'warning', text: t('status.pending') };
    case 'approved':
      return { level: 'info', text: t('status.approved') };
    case 'rejected':
      return { level: 'error', text: t('status.rejected') };
    default:
      return { level: 'warning', text: t('status.unknown') };
  }
}

/** A user counts as approved only when active and in status active or approved. */
export function isApprovedUser(user: Pick<User, 'is_active' | 'status'>): boolean {
  return user.is_active && (user.status === 'active' || user.status === 'approved');
}

/** Display name for the navigation bar: full name, else e-mail prefix, else 'Utente'. */
export function displayName(user: Pick<User, 'full_name' | 'email'> | null): string {
  const name = user?.full_name?.trim();
  if (name) return name;
  const prefix = user?.email?.split('@')[0];
  return prefix || t('nav.user');
}
