// The 'Team' screen's state outside React (docs/behaviour.md#teams): the company's members,
// requests and invitations, and the owner's acts on them. Every act answers an outcome the
// screen shows (a 409 for the last Titolare carries the server's sentence) and reloads the team,
// the activity log and, when the act touched the signed-in account, the session.
import { atom } from 'nanostores';
import { t } from '../../core/messages';
import type { CompanyRole } from '../../core/schemas/user';
import { ApiError, errorText } from '../../lib/api';
import * as api from '../../lib/team-client';
import { $user, loadSession } from '../session';
import { reloadActivity } from './activity';
import { fansAccessFor, personLabel, roleName } from './rules';

export type { Member, Invitation } from '../../lib/team-client';

export interface TeamState {
  data: api.TeamAnswer | null;
  loading: boolean;
  error: string | null;
  /** the status of a failed load (403 for an administrator outside any team) */
  status: number | null;
}

export const $team = atom<TeamState>({ data: null, loading: false, error: null, status: null });

/** The outcome of the last act, shown above the lists until the next one. */
export const $teamNotice = atom<{ ok: boolean; message: string } | null>(null);

export async function loadTeam(): Promise<void> {
  $team.set({ ...$team.get(), loading: true });
  try {
    const data = await api.getTeam();
    $team.set({ data, loading: false, error: null, status: null });
  } catch (err) {
    const status = err instanceof ApiError ? err.status : null;
    $team.set({ data: $team.get().data, loading: false, error: errorText(err), status });
  }
}

export interface ActResult {
  ok: boolean;
  message: string;
}

async function act(call: () => Promise<unknown>, done: string, touchesSelf = false): Promise<ActResult> {
  let result: ActResult;
  try {
    await call();
    result = { ok: true, message: done };
  } catch (err) {
    result = { ok: false, message: errorText(err) };
  }
  $teamNotice.set(result);
  await Promise.all([loadTeam(), reloadActivity(), touchesSelf ? loadSession(true).catch(() => null) : null]);
  return result;
}

const isSelf = (id: number) => $user.get()?.id === id;

export function invite(email: string, role: CompanyRole, fans: boolean): Promise<ActResult> {
  const address = email.trim();
  return act(
    () => api.inviteMember({ email: address, role, fans_access: fansAccessFor(role, fans) }),
    t('teamScreen.invite.sent', { email: address }),
  );
}

export function revoke(invitation: api.Invitation): Promise<ActResult> {
  return act(() => api.revokeInvitation(invitation.id), t('teamScreen.revoked', { email: invitation.email }));
}

export function accept(member: api.Member, role: CompanyRole, fans: boolean): Promise<ActResult> {
  return act(
    () => api.acceptRequest(member.id, { role, fans_access: fansAccessFor(role, fans) }),
    t('teamScreen.accepted', { name: personLabel(member), role: roleName(role) }),
  );
}

export function refuse(member: api.Member): Promise<ActResult> {
  return act(() => api.refuseRequest(member.id), t('teamScreen.refused', { name: personLabel(member) }));
}

export function changeRole(member: api.Member, role: CompanyRole): Promise<ActResult> {
  return act(
    () => api.changeMember(member.id, { role, fans_access: fansAccessFor(role, member.fans_access) }),
    t('teamScreen.changed', { name: personLabel(member) }),
    isSelf(member.id),
  );
}

export function changeFans(member: api.Member, fans: boolean): Promise<ActResult> {
  return act(
    () => api.changeMember(member.id, { fans_access: fans }),
    t('teamScreen.changed', { name: personLabel(member) }),
    isSelf(member.id),
  );
}

export function remove(member: api.Member): Promise<ActResult> {
  return act(
    () => api.removeMember(member.id),
    t('teamScreen.removed', { name: personLabel(member) }),
    isSelf(member.id),
  );
}
