// The pure rules of the teams' screens (docs/behaviour.md#teams): role names, who the screens
// offer what, the last Titolare, the activity filters' query string and the guard's verdict.
// No I/O: the unit tests read them directly.
import { t, type MessageKey } from '../../core/messages';
import type { CompanyRole, User } from '../../core/schemas/user';

export const ROLE_KEYS: Record<CompanyRole, MessageKey> = {
  owner: 'team.role.owner',
  editor: 'team.role.editor',
  viewer: 'team.role.viewer',
};

/** 'Titolare', 'Editor', 'Lettore'. */
export function roleName(role: CompanyRole): string {
  return t(ROLE_KEYS[role]);
}

/** The roles a picker offers, highest first. */
export const ROLE_CHOICES: readonly CompanyRole[] = ['owner', 'editor', 'viewer'];

/** A new member, an accepted request or a moved account is an Editor unless said otherwise. */
export const DEFAULT_ROLE: CompanyRole = 'editor';

/** The name the screens call someone by: the full name, else the e-mail. */
export function personLabel(person: { full_name: string | null; email: string }): string {
  return person.full_name?.trim() || person.email;
}

/** A Titolare always has 'Dati dei fan'; a Lettore never does (docs/behaviour.md#teams). */
export function fansAccessFor(role: CompanyRole, wanted: boolean): boolean {
  if (role === 'owner') return true;
  if (role === 'viewer') return false;
  return wanted;
}

/** Whether the fans right can be changed by hand for this role (an Editor's only). */
export function fansAccessEditable(role: CompanyRole | null): boolean {
  return role === 'editor';
}

/** How many Titolari a member list holds. */
export function ownerCount(members: ReadonlyArray<{ role: CompanyRole | null }>): number {
  return members.filter((m) => m.role === 'owner').length;
}

/**
 * What a signed-in account reaches (docs/behaviour.md#teams): administrators and members their
 * screens; an account whose request waits, or one of a company but out of its team (removed,
 * refused), a guard screen instead of the company's pages.
 */
export function teamVerdict(
  user: Pick<User, 'is_superuser' | 'company' | 'membership' | 'company_role'>,
): 'member' | 'requested' | 'outside' {
  if (user.is_superuser) return 'member';
  if (user.membership === 'requested') return 'requested';
  if (user.company && (user.membership !== 'member' || !user.company_role)) return 'outside';
  return 'member';
}

/** The navbar's 'Team' entry: every member (and every administrator, who sees all the activity). */
export function showsTeamLink(user: Pick<User, 'is_superuser' | 'company' | 'membership' | 'company_role'>): boolean {
  return user.is_superuser || (user.membership === 'member' && user.company_role !== null);
}

export interface ActivityFilters {
  /** the member's account id, '' for all */
  member: string;
  /** the page's slug, '' for all */
  page: string;
  /** an administrator's company filter, '' for all */
  company: string;
}

export const EMPTY_ACTIVITY_FILTERS: ActivityFilters = { member: '', page: '', company: '' };
export const ACTIVITY_PAGE_SIZE = 30;

/** The activity route's query string: empty filters left out, `before` for 'Carica altri'. */
export function activityQuery(
  filters: ActivityFilters,
  before: number | null = null,
  limit = ACTIVITY_PAGE_SIZE,
): string {
  const params = new URLSearchParams();
  if (filters.member) params.set('member', filters.member);
  if (filters.page) params.set('page', filters.page);
  if (filters.company) params.set('company', filters.company);
  if (before !== null) params.set('before', String(before));
  params.set('limit', String(limit));
  return params.toString();
}

/** Appends a further page of entries, never showing one twice (a row logged between loads). */
export function appendEntries<E extends { id: number }>(shown: readonly E[], more: readonly E[]): E[] {
  const seen = new Set(shown.map((e) => e.id));
  return [...shown, ...more.filter((e) => !seen.has(e.id))];
}
