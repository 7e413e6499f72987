// The browser's client of the teams API (docs/api.md#teams): members, requests, invitations,
// the activity log, the invitation lookup of the signup and a removed member's request to join.
// Every call goes through `request` (src/lib/api.ts); answers are parsed with the shapes of
// src/core/schemas/team.ts.
import { companyPaths } from '../core/api-paths';
import { t } from '../core/messages';
import {
  type ActivityEntryAnswer,
  activityAnswerSchema,
  type Invitation,
  invitationAnswerSchema,
  lookupAnswerSchema,
  type Member,
  memberAnswerSchema,
  membersAnswerSchema,
} from '../core/schemas/team';
import type { CompanyRole } from '../core/schemas/user';
import type { z } from '../core/zod';
import { ApiError, request } from './api';

const BAD_ANSWER_STATUS = 502;

async function parsed<S extends z.ZodType>(schema: S, answer: Promise<unknown>): Promise<z.output<S>> {
  const data = await answer;
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.error(result.error);
  throw new ApiError(BAD_ANSWER_STATUS, t('error.server', { status: BAD_ANSWER_STATUS }), null, data);
}

export type { Invitation, Member };
export type TeamAnswer = z.infer<typeof membersAnswerSchema>;
export type ActivityEntry = ActivityEntryAnswer;
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;
export type InvitationLookup = z.infer<typeof lookupAnswerSchema>;

export function getTeam(): Promise<TeamAnswer> {
  return parsed(membersAnswerSchema, request(companyPaths.members));
}

export interface RoleChoice {
  role: CompanyRole;
  fans_access: boolean;
}

export async function inviteMember(body: { email: string } & RoleChoice): Promise<Invitation> {
  return (await parsed(invitationAnswerSchema, request(companyPaths.invitations, { method: 'POST', json: body })))
    .invitation;
}

export async function revokeInvitation(id: number): Promise<void> {
  await request(companyPaths.invitation(id), { method: 'DELETE' });
}

export async function acceptRequest(id: number, choice: RoleChoice): Promise<Member> {
  return (await parsed(memberAnswerSchema, request(companyPaths.accept(id), { method: 'POST', json: choice }))).member;
}

export async function refuseRequest(id: number): Promise<void> {
  await request(companyPaths.refuse(id), { method: 'POST' });
}

export async function changeMember(id: number, change: Partial<RoleChoice>): Promise<Member> {
  return (await parsed(memberAnswerSchema, request(companyPaths.member(id), { method: 'PATCH', json: change }))).member;
}

export async function removeMember(id: number): Promise<void> {
  await request(companyPaths.member(id), { method: 'DELETE' });
}

/** `query` is the filters' query string (activityQuery in src/stores/team/activity.ts). */
export function getActivity(query: string): Promise<ActivityAnswer> {
  return parsed(activityAnswerSchema, request(`${companyPaths.activity}?${query}`));
}

/** What an invitation link offers; a bad token fails with the server's Italian reason. */
export function lookupInvitation(token: string): Promise<InvitationLookup> {
  return parsed(lookupAnswerSchema, request(companyPaths.lookup(token), { redirectOn401: false }));
}

/** A removed or refused account asks its company's Titolari to let it in again. */
export async function askToJoin(): Promise<void> {
  await request(companyPaths.request, { method: 'POST' });
}
