/**
 * The descriptions of /api/company (worker/routes/company.ts): a company's members, requests,
 * invitations and activity log, as the OpenAPI document shows them (docs/api.md#teams).
 */
import { createRoute } from '@hono/zod-openapi';
import type { z } from 'zod';
import { idParamSchema } from '../../src/core/schemas/params';
import { successAnswerSchema } from '../../src/core/schemas/success';
import {
  acceptBodySchema,
  activityAnswerSchema,
  activityQuerySchema,
  companyQuerySchema,
  invitationAnswerSchema,
  inviteBodySchema,
  lookupAnswerSchema,
  lookupQuerySchema,
  memberAnswerSchema,
  membersAnswerSchema,
  patchMemberBodySchema,
} from '../../src/core/schemas/team';
import { otherMediaTypeAsEmpty } from '../media-type';
import { requireActive } from '../middleware/auth';
import { errorAnswers, jsonAnswer, jsonBody, SESSION } from '../openapi';

const TAGS = ['Team'];
const SIGNED_IN = { tags: TAGS, security: SESSION, middleware: [requireActive] };

/** A JSON body, read as empty when of any other media type (worker/media-type.ts). */
function withBody<S extends z.ZodType>(schema: S) {
  return { middleware: [requireActive, otherMediaTypeAsEmpty(schema)], body: jsonBody(schema) };
}

const ADMIN_COMPANY = '`?company=NAME` lets an administrator look at another company (ignored for anyone else).';

export const membersRoute = createRoute({
  ...SIGNED_IN,
  method: 'get',
  path: '/members',
  summary: "The company's members, requests to join and pending invitations",
  description: `Any member; an account that is not (or no longer) a member gets 403. ${ADMIN_COMPANY}`,
  request: { query: companyQuerySchema },
  responses: { 200: jsonAnswer(membersAnswerSchema, 'The team'), ...errorAnswers(401, 403, 422) },
});

const invite = withBody(inviteBodySchema);
export const inviteRoute = createRoute({
  ...SIGNED_IN,
  middleware: invite.middleware,
  method: 'post',
  path: '/invitations',
  summary: 'Invites an address with a role: a link /signup?invito={token} is mailed (7 days, single use)',
  description:
    'Titolari only. An address that already has an account answers 409 (of another company: one company ' +
    `per account; of this one: accept their request instead). A new invitation replaces the address's earlier pending one. ${ADMIN_COMPANY}`,
  request: { query: companyQuerySchema, body: invite.body },
  responses: {
    201: jsonAnswer(invitationAnswerSchema, 'The invitation (its token only in the e-mail)'),
    ...errorAnswers(401, 403, 409, 413, 422, 429),
  },
});

export const revokeRoute = createRoute({
  ...SIGNED_IN,
  method: 'delete',
  path: '/invitations/{id}',
  summary: 'Revokes a pending invitation: its link stops working',
  description: 'Titolari only; an invitation of another company is 404, one already used or revoked 409.',
  request: { params: idParamSchema },
  responses: { 200: jsonAnswer(successAnswerSchema, 'Revoked'), ...errorAnswers(401, 403, 404, 409, 422) },
});

export const lookupRoute = createRoute({
  tags: TAGS,
  method: 'get',
  path: '/invitations/lookup',
  summary: 'What an invitation link fills in on the signup form (no login)',
  description: 'An unknown token is 404; a used, revoked or expired one 410; each with an Italian `detail`.',
  request: { query: lookupQuerySchema },
  responses: { 200: jsonAnswer(lookupAnswerSchema, 'The invitation'), ...errorAnswers(404, 410, 422) },
});

const accept = withBody(acceptBodySchema);
export const acceptRoute = createRoute({
  ...SIGNED_IN,
  middleware: accept.middleware,
  method: 'post',
  path: '/members/{id}/accept',
  summary: 'Accepts a request to join with a role and the fans right',
  description:
    "Titolari of the company, or an administrator (any company's requests). `{id}` is the account's id; " +
    'an account of another company is 404; one whose request no longer waits 409.',
  request: { params: idParamSchema, body: accept.body },
  responses: {
    200: jsonAnswer(memberAnswerSchema, 'The new member'),
    ...errorAnswers(401, 403, 404, 409, 413, 422),
  },
});

export const refuseRoute = createRoute({
  ...SIGNED_IN,
  method: 'post',
  path: '/members/{id}/refuse',
  summary: 'Refuses a request to join: the account stays outside the team (it may ask again)',
  description: 'Titolari of the company, or an administrator.',
  request: { params: idParamSchema },
  responses: { 200: jsonAnswer(successAnswerSchema, 'Refused'), ...errorAnswers(401, 403, 404, 409, 422) },
});

const patch = withBody(patchMemberBodySchema);
export const patchRoute = createRoute({
  ...SIGNED_IN,
  middleware: patch.middleware,
  method: 'patch',
  path: '/members/{id}',
  summary: "Changes a member's role and/or the fans right (effective on their next request)",
  description: 'Titolari only. The last Titolare cannot be demoted: 409.',
  request: { params: idParamSchema, body: patch.body },
  responses: {
    200: jsonAnswer(memberAnswerSchema, 'The member as changed'),
    ...errorAnswers(401, 403, 404, 409, 413, 422),
  },
});

export const removeRoute = createRoute({
  ...SIGNED_IN,
  method: 'delete',
  path: '/members/{id}',
  summary: 'Removes a member from the team (effective on their next request)',
  description:
    'Titolari only. The account stays, with its company name, outside the team: it reaches no page and may ' +
    'ask to join again. The last Titolare cannot be removed: 409.',
  request: { params: idParamSchema },
  responses: { 200: jsonAnswer(successAnswerSchema, 'Removed'), ...errorAnswers(401, 403, 404, 409, 422) },
});

export const requestRoute = createRoute({
  ...SIGNED_IN,
  method: 'post',
  path: '/request',
  summary: 'An active account outside the team of its company asks to join (again)',
  description:
    'Each Titolare is e-mailed; a company without one waits for an administrator. A member, or a request that already waits, is 409.',
  responses: { 200: jsonAnswer(memberAnswerSchema, 'The request'), ...errorAnswers(401, 403, 409) },
});

export const activityRoute = createRoute({
  ...SIGNED_IN,
  method: 'get',
  path: '/activity',
  summary: "The company's activity log, newest first",
  description:
    "Any member sees their company's; an administrator every company's (or one: `?company=NAME`). Filters: " +
    '`member` (who acted, an account id), `page` (a slug); `before` (an entry id) and `limit` (1–100, 50) page it.',
  request: { query: activityQuerySchema },
  responses: { 200: jsonAnswer(activityAnswerSchema, 'The acts'), ...errorAnswers(401, 403, 422) },
});
