import { z } from '../zod';
import { COMPANY_MAX, accountCompanyField, companyRoleSchema, userSchema, userStatusSchema } from './user';
import { periodTotalsSchema } from './stats';

/** Payloads and answers of /api/admin: listing, approving, rejecting, banning and editing users. */

export const REASON_MAX = 500;

const reasonField = z
  .string()
  .trim()
  .max(REASON_MAX)
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/admin/users/{id}/approve */
export const approveBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve') }),
  z.object({ action: z.literal('reject'), reason: reasonField }),
]);

/** POST /api/admin/users/{id}/ban (the body is optional) */
export const banBodySchema = z.object({ reason: reasonField });

/**
 * PATCH /api/admin/users/{id}/company: the account becomes a member there with `role` (Editor
 * unless said otherwise) and the fans right (docs/behaviour.md#teams).
 */
export const companyBodySchema = z.object({
  company: accountCompanyField,
  role: companyRoleSchema.optional(),
  fans_access: z.boolean().optional(),
});

export const USER_SORTS = ['created_at', 'email', 'full_name', 'status', 'company'] as const;
export const USERS_PAGE_SIZE = 50;
export const USERS_PAGE_SIZE_MAX = 200;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** GET /api/admin/users/all and /users/pending query string. */
export const usersQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(200).optional()),
  status: z.preprocess(emptyToUndefined, userStatusSchema.optional()),
  company: z.preprocess(emptyToUndefined, z.string().trim().max(COMPANY_MAX).optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(USER_SORTS).optional()),
  order: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).optional()),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1_000_000).default(1)),
  page_size: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(USERS_PAGE_SIZE_MAX).default(USERS_PAGE_SIZE),
  ),
});
export type UsersQuery = z.infer<typeof usersQuerySchema>;

/** An account as the administrators' lists show it: who invited it, when it joined by an invitation. */
export const adminUserSchema = userSchema.extend({ invited_by_name: z.string().nullable() }).meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** Answer of GET /api/admin/users/all and /users/pending. */
export const usersPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type UsersPage = z.infer<typeof usersPageSchema>;

/** Answer of every action that changes one user (approve, reject, ban, unban, admin, company). */
export const userActionAnswerSchema = z.object({ success: z.literal(true), user: userSchema });

export const HISTORY_ACTIONS = [
  'registered',
  'approved',
  'rejected',
  'verified',
  'banned',
  'unbanned',
  'made_admin',
  'removed_admin',
  'company_changed',
  'password_reset',
  'deleted',
] as const;

export const historyEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  reason: z.string().nullable(),
  /** e.g. {from, to} for company_changed */
  details: z.record(z.string(), z.unknown()).nullable(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** Answer of GET /api/admin/users/{id}/history (newest first). */
export const historyAnswerSchema = z.object({ history: z.array(historyEntrySchema) });

export const userCountsSchema = z.object({
  pending: z.number().int(),
  approved: z.number().int(),
  active: z.number().int(),
  rejected: z.number().int(),
  banned: z.number().int(),
  total: z.number().int(),
});

/**
 * Answer of GET /api/admin/stats: the users' counts, the pages (all and visible), all views and
 * clicks ever, and the views and clicks of every page over the period asked for (?days=N,
 * docs/api.md#page-statistics; optional, so an answer without it still parses).
 */
export const statsAnswerSchema = z.looseObject({
  users: userCountsSchema,
  pages: z.object({ total: z.number().int(), visible: z.number().int() }),
  views: z.number().int(),
  clicks: z.number().int(),
  period: periodTotalsSchema.optional(),
});
export type StatsAnswer = z.infer<typeof statsAnswerSchema>;

/**
 * Answer of GET /api/admin/companies (readable without login: the signup screen uses it) and
 * of GET /api/admin/companies/all (administrators).
 */
export const companiesAnswerSchema = z.object({
  success: z.literal(true),
  companies: z.array(z.string()),
});
