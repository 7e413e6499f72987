// The browser's client of the teams API (docs/api.md#teams): members, requests, invitations,
// the activity log, the invitation lookup of the signup and a removed member's request to join.
// Every call goes through `request` (src/lib/api.ts); answers are parsed with the shapes below.
import { companyPaths } from '../core/api-paths';
import { t } from '../core/messages';
import { companyRoleSchema, type CompanyRole } from '../core/schemas/user';
import { z } from '../core/zod';
import { ApiError, request } from './api';

// The answers as the screens read them (the Worker's own schemas validate what it sends; these
// only guard the screens against an answer that does not fit).
export const memberSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  full_name: z.string().nullable(),
  role: companyRoleSchema.nullable(),
  fans_access: z.boolean(),
  membership: z.enum(['member', 'requested']),
  since: z.string(),
  invited_by_name: z.string().nullable().optional(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: companyRoleSchema,
  fans_access: z.boolean(),
  invited_by_name: z.string().nullable().optional(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamAnswerSchema = z.object({
  company: z.string(),
  members: z.array(memberSchema),
  requests: z.array(memberSchema),
  invitations: z.array(invitationSchema),
  can_manage: z.boolean(),
});
export type TeamAnswer = z.infer<typeof teamAnswerSchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor_name: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  text: z.string(),
  page_slug: z.string().nullable(),
  page_title: z.string().nullable(),
  target_name: z.string().nullable(),
  summary: z.string().nullable(),
  company: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityAnswerSchema = z.object({
  entries: z.array(activityEntrySchema),
  next_before: z.number().int().nullable(),
});
export type ActivityAnswer = z.infer<typeof activityAnswerSchema>;

export const invitationLookupSchema = z.object({
  company: z.string(),
  email: z.string(),
  role: companyRoleSchema,
});
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

const BAD_ANSWER_STATUS = 502;

async function parsed<S extends z.ZodType>(schema: S, answer: Promise<unknown>): Promise<z.output<S>> {
  const data = await answer;
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  console.error(result.error);
  throw new ApiError(BAD_ANSWER_STATUS, t('error.server', { status: BAD_ANSWER_STATUS }), null, data);
}

const memberAnswer = z.object({ member: memberSchema });

export function getTeam(): Promise<TeamAnswer> {
  return parsed(teamAnswerSchema, request(companyPaths.members));
}

export interface RoleChoice {
  role: CompanyRole;
  fans_access: boolean;
}

export async function inviteMember(body: { email: string } & RoleChoice): Promise<Invitation> {
  const answer = z.object({ invitation: invitationSchema });
  return (await parsed(answer, request(companyPaths.invitations, { method: 'POST', json: body }))).invitation;
}

export async function revokeInvitation(id: number): Promise<void> {
  await request(companyPaths.invitation(id), { method: 'DELETE' });
}

export async function acceptRequest(id: number, choice: RoleChoice): Promise<Member> {
  return (await parsed(memberAnswer, request(companyPaths.accept(id), { method: 'POST', json: choice }))).member;
}

export async function refuseRequest(id: number): Promise<void> {
  await request(companyPaths.refuse(id), { method: 'POST' });
}

export async function changeMember(id: number, change: Partial<RoleChoice>): Promise<Member> {
  return (await parsed(memberAnswer, request(companyPaths.member(id), { method: 'PATCH', json: change }))).member;
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
  return parsed(invitationLookupSchema, request(companyPaths.lookup(token), { redirectOn401: false }));
}

/** A removed or refused account asks its company's Titolari to let it in again. */
export async function askToJoin(): Promise<void> {
  await request(companyPaths.request, { method: 'POST' });
}
