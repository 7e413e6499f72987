// The pure rules of the teams' screens: role names, the fans right per role, the guard's
// verdict for requests and removed members, the navbar's 'Team' entry, the activity filters'
// query string and the invitation link's token.
import { describe, expect, it } from 'vitest';
import { verdictFor } from '../../src/components/Guard';
import { invitationToken } from '../../src/islands/auth/invitation';
import type { User } from '../../src/core/schemas/user';
import {
  EMPTY_ACTIVITY_FILTERS,
  activityQuery,
  appendEntries,
  fansAccessEditable,
  fansAccessFor,
  ownerCount,
  personLabel,
  roleName,
  showsTeamLink,
  teamVerdict,
} from '../../src/stores/team/rules';

function user(over: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'anna@example.com',
    full_name: 'Anna Neri',
    company: 'Neri Live',
    status: 'active',
    is_active: true,
    is_verified: true,
    is_superuser: false,
    created_at: '2026-01-01T00:00:00Z',
    company_role: 'editor',
    fans_access: false,
    membership: 'member',
    ...over,
  };
}

describe('roles', () => {
  it('are named as the product names them', () => {
    expect([roleName('owner'), roleName('editor'), roleName('viewer')]).toEqual(['Titolare', 'Editor', 'Lettore']);
  });
  it("give 'Dati dei fan' always to a Titolare, never to a Lettore, by choice to an Editor", () => {
    expect(fansAccessFor('owner', false)).toBe(true);
    expect(fansAccessFor('viewer', true)).toBe(false);
    expect(fansAccessFor('editor', true)).toBe(true);
    expect(fansAccessFor('editor', false)).toBe(false);
    expect([fansAccessEditable('owner'), fansAccessEditable('editor'), fansAccessEditable('viewer')]).toEqual([
      false,
      true,
      false,
    ]);
  });
  it('count the Titolari and name people by name, else by e-mail', () => {
    expect(ownerCount([{ role: 'owner' }, { role: 'editor' }, { role: 'owner' }, { role: null }])).toBe(2);
    expect(personLabel({ full_name: '  ', email: 'x@example.com' })).toBe('x@example.com');
    expect(personLabel({ full_name: 'Luca', email: 'x@example.com' })).toBe('Luca');
  });
});

describe('the guard of a team', () => {
  it('lets members and administrators in', () => {
    expect(teamVerdict(user())).toBe('member');
    expect(teamVerdict(user({ is_superuser: true, membership: null, company_role: null }))).toBe('member');
    expect(verdictFor(user({ company_role: 'viewer' }), 'ready', 'user', false)).toBe('allowed');
  });
  it('stops a request that waits and a removed or refused member', () => {
    const requested = user({ membership: 'requested', company_role: null });
    expect(teamVerdict(requested)).toBe('requested');
    expect(verdictFor(requested, 'ready', 'user', false)).toBe('requested');
    const removed = user({ membership: null, company_role: null });
    expect(teamVerdict(removed)).toBe('outside');
    expect(verdictFor(removed, 'ready', 'user', false)).toBe('outside');
  });
  it('shows the status screens first (a pending account is not yet a request)', () => {
    const pending = user({ status: 'pending', membership: null, company_role: null });
    expect(verdictFor(pending, 'ready', 'user', false)).toBe('pending');
  });
  it("offers 'Team' to members and administrators only", () => {
    expect(showsTeamLink(user())).toBe(true);
    expect(showsTeamLink(user({ membership: 'requested', company_role: null }))).toBe(false);
    expect(showsTeamLink(user({ membership: null, company_role: null }))).toBe(false);
    expect(showsTeamLink(user({ is_superuser: true, membership: null, company_role: null }))).toBe(true);
  });
});

describe('the activity log', () => {
  it('asks with the filters set, the page size and the last entry for more', () => {
    expect(activityQuery(EMPTY_ACTIVITY_FILTERS)).toBe('limit=30');
    expect(activityQuery({ member: '12', page: 'tour-2099', company: '' }, 480, 10)).toBe(
      'member=12&page=tour-2099&before=480&limit=10',
    );
    expect(activityQuery({ member: '', page: '', company: 'Neri Live' })).toBe('company=Neri+Live&limit=30');
  });
  it('appends older entries without showing one twice', () => {
    expect(appendEntries([{ id: 9 }, { id: 8 }], [{ id: 8 }, { id: 7 }]).map((e) => e.id)).toEqual([9, 8, 7]);
  });
});

describe('the invitation link', () => {
  it('reads the token of ?invito=, and none when empty', () => {
    expect(invitationToken('?invito=abc123')).toBe('abc123');
    expect(invitationToken('?invito=')).toBeNull();
    expect(invitationToken('')).toBeNull();
  });
});
