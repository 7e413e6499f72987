// The users screen's rules, without a browser: query strings, which actions a row offers, the
// typed-name check of a deletion, and the Italian presentation helpers.
import { describe, expect, it } from 'vitest';
import type { User, UserStatus } from '../../src/core/schemas/user';
import { HISTORY_ACTIONS } from '../../src/core/schemas/admin';
import { DEFAULT_FILTERS, allowedActions, deleteConfirmationMatches, usersQuery } from '../../src/stores/admin/users';
import { formatDate, historyActionName, statusName } from '../../src/islands/admin/format';
import { formatNumber } from '../../src/lib/format';

function user(patch: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'mario@example.com',
    full_name: 'Mario Rossi',
    company: 'Palco',
    status: 'active',
    is_active: true,
    is_verified: true,
    is_superuser: false,
    created_at: '2026-11-22T10:00:00.000Z',
    company_role: 'owner',
    fans_access: true,
    membership: 'member',
    ...patch,
  };
}

describe('usersQuery', () => {
  it('leaves out empty filters and always names sort, order and page', () => {
    expect(usersQuery(DEFAULT_FILTERS)).toBe('sort=created_at&order=desc&page=1&page_size=50');
  });
  it('trims and encodes the search, keeps status and company', () => {
    const q = new URLSearchParams(
      usersQuery({ ...DEFAULT_FILTERS, q: '  rossi & c ', status: 'banned', company: 'Palco Live', page: 3 }),
    );
    expect(Object.fromEntries(q)).toEqual({
      q: 'rossi & c',
      status: 'banned',
      company: 'Palco Live',
      sort: 'created_at',
      order: 'desc',
      page: '3',
      page_size: '50',
    });
  });
});

describe('allowedActions', () => {
  it('offers promote and demote only to active or approved users', () => {
    const statuses: UserStatus[] = ['pending', 'approved', 'active', 'rejected', 'banned'];
    for (const status of statuses) {
      const approved = status === 'active' || status === 'approved';
      const isActive = status !== 'banned';
      expect(allowedActions(user({ status, is_active: isActive }), 1).promote, status).toBe(approved);
      expect(allowedActions(user({ status, is_active: isActive, is_superuser: true }), 1).demote, status).toBe(
        approved,
      );
    }
    // approved in name only: an inactive account counts as not approved
    expect(allowedActions(user({ is_active: false }), 1).promote).toBe(false);
  });
  it('never offers demote, ban or delete on oneself', () => {
    const me = user({ id: 1, is_superuser: true });
    const can = allowedActions(me, 1);
    expect([can.demote, can.ban, can.delete]).toEqual([false, false, false]);
    expect(can.company).toBe(true);
    const other = allowedActions(user({ id: 2, is_superuser: true }), 1);
    expect([other.demote, other.ban, other.delete]).toEqual([true, true, true]);
  });
  it('matches approve, reject, ban and unban to the statuses the API accepts', () => {
    expect(allowedActions(user({ status: 'pending' }), 1)).toMatchObject({ approve: true, reject: true, unban: false });
    expect(allowedActions(user({ status: 'rejected' }), 1)).toMatchObject({ approve: true, reject: false });
    expect(allowedActions(user({ status: 'approved' }), 1)).toMatchObject({ approve: false, reject: true });
    expect(allowedActions(user({ status: 'banned', is_active: false }), 1)).toMatchObject({ ban: false, unban: true });
  });
});

describe('deleteConfirmationMatches', () => {
  const u = user();
  it('accepts the exact full name or e-mail, ignoring surrounding spaces', () => {
    expect(deleteConfirmationMatches(u, 'Mario Rossi')).toBe(true);
    expect(deleteConfirmationMatches(u, ' mario@example.com ')).toBe(true);
  });
  it('refuses anything else', () => {
    for (const typed of ['', '   ', 'mario rossi', 'Mario', 'MARIO@EXAMPLE.COM', 'Mario  Rossi']) {
      expect(deleteConfirmationMatches(u, typed), typed).toBe(false);
    }
    expect(deleteConfirmationMatches(user({ full_name: null }), '')).toBe(false);
  });
});

describe('presentation', () => {
  it('writes dates and numbers the Italian way', () => {
    expect(formatDate('2026-03-05T23:30:00.000Z')).toMatch(/^0[56]\/03\/2026$/);
    expect(formatNumber(10_000)).toBe('10.000');
    expect(formatNumber(7001)).toBe('7.001');
  });
  it('names every history action the API writes, in Italian', () => {
    for (const action of HISTORY_ACTIONS) {
      expect(historyActionName(action), action).not.toMatch(/^Modifica \(/);
    }
    expect(historyActionName('something_new')).toBe('Modifica (something_new)');
  });
  it('names every status', () => {
    expect(['pending', 'approved', 'active', 'rejected', 'banned'].map(statusName)).toEqual([
      'In attesa',
      'Da verificare',
      'Attivo',
      'Rifiutato',
      'Sospeso',
    ]);
  });
});
