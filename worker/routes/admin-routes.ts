/**
 * The administration routes' descriptions (worker/routes/admin.ts): their params, bodies and
 * answers as the OpenAPI document shows them (docs/api.md#the-openapi-document).
 */
import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import {
  approveBodySchema,
  banBodySchema,
  companiesAnswerSchema,
  companyBodySchema,
  historyAnswerSchema,
  statsAnswerSchema,
  userActionAnswerSchema,
  usersPageSchema,
  usersQuerySchema,
} from '../../src/core/schemas/admin';
import { idParamSchema } from '../../src/core/schemas/params';
import { statsQuerySchema } from '../../src/core/schemas/stats';
import { successAnswerSchema } from '../../src/core/schemas/success';
import { otherMediaTypeAsEmpty } from '../media-type';
import { requireAdmin } from '../middleware/auth';
import { errorAnswers, jsonAnswer, jsonBody, type PlainRoute, SESSION } from '../openapi';

const TAGS = ['Administration'];
const ADMIN_ONLY = { security: SESSION, middleware: [requireAdmin] };
const userAnswers = {
  200: jsonAnswer(userActionAnswerSchema, 'The changed account'),
  ...errorAnswers(400, 401, 403, 404, 409, 422),
};

/** A route on one account (/users/{id}/…), administrators only. */
function onUser<M extends 'get' | 'post' | 'patch' | 'delete', P extends string>(method: M, path: P, summary: string) {
  return { method, path, summary, tags: TAGS, ...ADMIN_ONLY, request: { params: idParamSchema } };
}

/** A JSON body, read as empty when of any other media type (worker/media-type.ts). */
function withJsonBody<S extends z.ZodType>(route: ReturnType<typeof onUser>, schema: S) {
  return {
    ...route,
    middleware: [requireAdmin, otherMediaTypeAsEmpty(schema)],
    request: { ...route.request, body: jsonBody(schema) },
  };
}

/** The document's copy of ban or unban, with the optional `{reason}` body `optionalJson` reads. */
export function withOptionalBody({
  middleware: _,
  ...route
}: ReturnType<typeof onUser> & { responses: PlainRoute['responses'] }): PlainRoute {
  return {
    ...route,
    request: {
      ...route.request,
      body: { required: false, content: { 'application/json': { schema: banBodySchema } } },
    },
  };
}

export const companiesRoute = createRoute({
  method: 'get',
  path: '/companies',
  tags: TAGS,
  summary: 'The companies with an approved member: the signup form suggests them (no login)',
  responses: { 200: jsonAnswer(companiesAnswerSchema, 'Company names, sorted') },
});

export const allCompaniesRoute = createRoute({
  method: 'get',
  path: '/companies/all',
  tags: TAGS,
  summary: 'Every company (the users screen filters and assigns them)',
  ...ADMIN_ONLY,
  responses: { 200: jsonAnswer(companiesAnswerSchema, 'Company names, sorted'), ...errorAnswers(401, 403) },
});

const listDescription =
  'A page of accounts, filtered by `q` (e-mail, name or company), `status` and `company`, sorted by `sort` ' +
  'and `order`; `page` from 1, `page_size` up to 200. A bad value is 422.';

export const pendingRoute = createRoute({
  method: 'get',
  path: '/users/pending',
  tags: TAGS,
  summary: 'The accounts waiting for approval, oldest first',
  description: listDescription,
  ...ADMIN_ONLY,
  request: { query: usersQuerySchema },
  responses: { 200: jsonAnswer(usersPageSchema, 'A page of accounts'), ...errorAnswers(401, 403, 422) },
});

export const allUsersRoute = createRoute({
  method: 'get',
  path: '/users/all',
  tags: TAGS,
  summary: 'Every account, newest first unless sorted otherwise',
  description: listDescription,
  ...ADMIN_ONLY,
  request: { query: usersQuerySchema },
  responses: { 200: jsonAnswer(usersPageSchema, 'A page of accounts'), ...errorAnswers(401, 403, 422) },
});

export const approveRoute = createRoute({
  ...withJsonBody(
    onUser('post', '/users/{id}/approve', 'Approves an account (a verification link is mailed) or rejects it'),
    approveBodySchema,
  ),
  description:
    '`{action: approve}` from pending, rejected or approved (again: a fresh link); `{action: reject, reason?}` ' +
    'from pending or approved, mailing the reason. Never the last active administrator, never oneself (403). ' +
    'The first approval decides the membership: an invitation joins with its role, the first account of a new ' +
    'company becomes its Titolare, anyone else asks to join (its Titolari are e-mailed).',
  responses: { ...userAnswers, ...errorAnswers(413) },
});

export const banRoute = createRoute({
  ...onUser('post', '/users/{id}/ban', 'Bans an account: its sessions end'),
  description: 'The body `{reason?}` is optional. Never oneself (403), never the last active administrator.',
  responses: { ...userAnswers, ...errorAnswers(413) },
});

export const unbanRoute = createRoute({
  ...onUser('post', '/users/{id}/unban', 'Lifts a ban: the account gets back the status it had'),
  description: 'The body `{reason?}` is optional. Sessions opened while banned end too.',
  responses: { ...userAnswers, ...errorAnswers(413) },
});

export const historyRoute = createRoute({
  ...onUser('get', '/users/{id}/history', "The account's history, newest first"),
  responses: { 200: jsonAnswer(historyAnswerSchema, 'The history'), ...errorAnswers(401, 403, 404, 422) },
});

export const makeAdminRoute = createRoute({
  ...onUser('post', '/users/{id}/make-admin', 'Makes an active or approved account an administrator'),
  responses: {
    200: userAnswers[200],
    ...errorAnswers(400, 401, 403, 404, 422),
  },
});

export const removeAdminRoute = createRoute({
  ...onUser(
    'post',
    '/users/{id}/remove-admin',
    'Takes the administrator role back (never the last one, never oneself)',
  ),
  responses: userAnswers,
});

export const deleteRoute = createRoute({
  ...onUser('delete', '/users/{id}', 'Deletes an account; its history stays, its pages stay with the company'),
  responses: {
    200: jsonAnswer(successAnswerSchema, 'Deleted'),
    ...errorAnswers(400, 401, 403, 404, 409, 422),
  },
});

export const companyRoute = createRoute({
  ...withJsonBody(
    onUser(
      'patch',
      '/users/{id}/company',
      "Changes an account's company: a member there with `role` (editor by default)",
    ),
    companyBodySchema,
  ),
  responses: { 200: userAnswers[200], ...errorAnswers(401, 403, 404, 413, 422) },
});

export const statsRoute = createRoute({
  method: 'get',
  path: '/stats',
  tags: TAGS,
  summary: "The accounts per status, the pages, and every page's views and clicks (all, and over ?days)",
  ...ADMIN_ONLY,
  request: { query: statsQuerySchema },
  responses: { 200: jsonAnswer(statsAnswerSchema, 'The totals'), ...errorAnswers(401, 403, 422) },
});
