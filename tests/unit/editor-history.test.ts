// The editor's history, trash and roles (docs/behaviour.md#teams, #history, #trash): what each
// role is offered, and the words the 'Cronologia' view and the 'Cestino' show.
import { describe, expect, it } from 'vitest';
import { teamRights } from '../../src/core/team-rights';
import type { User } from '../../src/core/schemas/user';
import { offeredViews } from '../../src/islands/editor/ViewSwitch';
import { kindLabel, versionSummary, versionWhen, versionWho } from '../../src/stores/editor/history';
import { daysLeftText, deletedText, holdsText, purgeConfirmationMatches } from '../../src/stores/editor/trash';

type Who = Pick<User, 'is_superuser' | 'company_role' | 'membership' | 'fans_access'>;
const member = (company_role: User['company_role'], fans_access = false): Who => ({
  is_superuser: false,
  company_role,
  membership: 'member',
  fans_access,
});

describe('teamRights', () => {
  it('a Titolare holds every right, the fans addresses included', () => {
    expect(teamRights(member('owner'))).toEqual({ role: 'owner', read: true, write: true, owner: true, fans: true });
  });

  it('an Editor writes but does not delete; the addresses only with the right', () => {
    expect(teamRights(member('editor'))).toEqual({
      role: 'editor',
      read: true,
      write: true,
      owner: false,
      fans: false,
    });
    expect(teamRights(member('editor', true)).fans).toBe(true);
  });

  it('a Lettore only reads, even with the fans right set', () => {
    expect(teamRights(member('viewer', true))).toEqual({
      role: 'viewer',
      read: true,
      write: false,
      owner: false,
      fans: false,
    });
  });

  it('a request still waiting, a removed account or nobody: no right at all', () => {
    const none = { role: null, read: false, write: false, owner: false, fans: false };
    expect(teamRights({ ...member('editor'), membership: 'requested' })).toEqual(none);
    expect(teamRights({ ...member(null), membership: null })).toEqual(none);
    expect(teamRights(null)).toEqual(none);
  });

  it('an administrator holds every right, in a team or not', () => {
    const admin = { is_superuser: true, company_role: null, membership: null, fans_access: false };
    expect(teamRights(admin)).toMatchObject({ read: true, write: true, owner: true, fans: true });
    expect(teamRights({ ...member('viewer'), is_superuser: true })).toMatchObject({ write: true, owner: true });
  });
});

describe('the Cronologia tab', () => {
  it('sits after the statistics and the fans, for every member', () => {
    expect(offeredViews({ isAdmin: false, hasCode: true, hasStats: true, hasFans: true, hasHistory: true })).toEqual([
      'edit',
      'stats',
      'fans',
      'history',
    ]);
    expect(offeredViews({ isAdmin: false, hasCode: false, hasStats: false, hasHistory: true })).toEqual([
      'edit',
      'history',
    ]);
  });

  it('names a version by its kind, time, author and summary', () => {
    expect(kindLabel('restored')).toBe('Ripristinata');
    expect(kindLabel('availability')).toBe('Disponibilità');
    // 10:42 UTC in November is 11:42 in Rome
    expect(versionWhen({ created_at: '2026-11-25T10:42:00Z' })).toBe('25/11/2026 11:42');
    expect(versionWho({ actor_name: ' Giulia ', actor_email: 'g@example.com' })).toBe('Giulia');
    expect(versionWho({ actor_name: '', actor_email: 'g@example.com' })).toBe('g@example.com');
    expect(versionWho({ actor_name: '', actor_email: '' })).toBe('');
    expect(versionSummary({ summary: 'titolo cambiato' })).toBe('titolo cambiato');
    expect(versionSummary({ summary: '  ' })).toBe('Nessuna modifica descritta');
  });
});

describe('the Cestino', () => {
  it('says how long a page has left', () => {
    expect(daysLeftText(29)).toBe('Ancora 29 giorni');
    expect(daysLeftText(1)).toBe('Ancora 1 giorno');
    expect(daysLeftText(0)).toBe('Ultimo giorno');
  });

  it('says who deleted it and when, and what it still holds', () => {
    const at = '2026-07-01T08:05:00Z';
    expect(deletedText({ deleted_by_name: 'Marco', deleted_at: at })).toBe('Eliminata da Marco il 01/07/2026 10:05');
    expect(deletedText({ deleted_by_name: ' ', deleted_at: at })).toBe('Eliminata il 01/07/2026 10:05');
    expect(holdsText({ fans: 3, views: 1204 })).toBe('3 fan · 1.204 visite');
  });

  it('deletes for ever only once the slug is typed', () => {
    expect(purgeConfirmationMatches('tour2027', 'tour2027')).toBe(true);
    expect(purgeConfirmationMatches('tour2027', ' /Tour2027 ')).toBe(true);
    for (const typed of ['', 'tour', 'tour2027x', 'Tour 2027']) {
      expect(purgeConfirmationMatches('tour2027', typed), typed).toBe(false);
    }
  });
});

describe('the alerts actions follow the role', () => {
  it('a Lettore sees the alert, not "Invia ora" nor "Annulla"; an Editor both', async () => {
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { createElement } = await import('react');
    const { FanAlerts } = await import('../../src/islands/editor/extras/fans/FanAlerts');
    const { $user } = await import('../../src/stores/session');
    const { alert, ownerUser } = await import('./editor-fans-helpers');
    const render = () => renderToStaticMarkup(createElement(FanAlerts, { slug: 'tour', alerts: [alert({ id: 3 })] }));
    $user.set({ ...ownerUser, company_role: 'viewer', fans_access: false });
    const viewer = render();
    expect(viewer).toContain('data-alert-id="3"');
    expect(viewer).not.toContain('Invia ora');
    expect(viewer).not.toContain('Annulla');
    $user.set({ ...ownerUser, company_role: 'editor', fans_access: false });
    expect(render()).toContain('Invia ora');
    $user.set(null);
  });
});
