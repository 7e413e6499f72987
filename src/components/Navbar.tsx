// The navigation bar of every signed-in page, mounted by AppLayout.
// Logged in: display name + 'Admin'/'Utente' badge and the company role ('Titolare', 'Editor',
// 'Lettore'), 'Crea', 'Team' for every member and administrator (docs/behaviour.md#teams), for
// admins 'Utenti' with the red pending count (refreshed every 30 s while the tab is visible), logout with confirmation.
// Logged out: Home, login, signup. Below 768 px the links fold into a menu toggled by a button.
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Eye, LogIn, LogOut, Menu, PlusCircle, UserPlus, Users, UsersRound, X, Home } from 'lucide-react';
import { t } from '../core/messages';
import { displayName, isApprovedUser } from '../core/schemas/user';
import { teamRights } from '../core/team-rights';
import { $pendingCount, startPendingPoll } from '../stores/admin/pending';
import { roleName, showsTeamLink } from '../stores/team/rules';
import { $isAdmin, $sessionState, $user, areaPath, loadSession, logout } from '../stores/session';
import { notify } from '../stores/toasts';
import { confirmDialog } from '../stores/dialog';
import Logo from './Logo';
import { useHydrated } from './useHydrated';
import { ToggleButton } from './ToggleButton';

interface NavbarProps {
  /** The current path, to mark the active link. */
  current?: string;
}

function usePendingCount(enabled: boolean): number | null {
  const count = useStore($pendingCount);
  // every 30 s, paused while the tab is hidden, skipped while another screen's value is fresh
  useEffect(() => (enabled ? startPendingPoll() : undefined), [enabled]);
  return enabled ? count : null;
}

function Brand() {
  return (
    <a className="nav-brand" href="/home" aria-label={t('brand.name')}>
      <Logo size={32} />
      <span>{t('brand.name')}</span>
    </a>
  );
}

export default function Navbar({ current = '' }: NavbarProps) {
  const hydrated = useHydrated();
  const storedUser = useStore($user);
  const storedState = useStore($sessionState);
  const storedAdmin = useStore($isAdmin);
  const user = hydrated ? storedUser : null;
  const state = hydrated ? storedState : 'loading';
  const isAdmin = hydrated && storedAdmin;
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const menuId = useId();
  const pending = usePendingCount(Boolean(user && isAdmin && isApprovedUser(user)));

  useEffect(() => {
    loadSession().catch((err: unknown) => console.error(err));
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const doLogout = async () => {
    setOpen(false);
    const ok = await confirmDialog({
      title: t('nav.logout'),
      message: t('nav.logout.confirm'),
      confirmLabel: t('nav.logout'),
    });
    if (!ok) return;
    setLeaving(true);
    await logout();
    notify.flash.success(t('success.logout'));
    location.assign('/login');
  };

  const is = (path: string) => (current === path ? 'page' : undefined);
  let links: ReactNode = null;
  if (state !== 'loading' || user) {
    if (user) {
      const area = areaPath(user);
      links = (
        <>
          <div className="nav-user">
            <span className="nav-avatar" aria-hidden="true">
              {displayName(user).charAt(0).toUpperCase()}
            </span>
            <span className="nav-name" data-testid="nav-name">
              {displayName(user)}
            </span>
            <span className={isAdmin ? 'badge nav-badge nav-badge-admin' : 'badge nav-badge'}>
              {isAdmin ? t('nav.badge.admin') : t('nav.badge.user')}
            </span>
            {user.company_role ? (
              <span
                className={`badge nav-badge nav-badge-role nav-badge-${user.company_role}`}
                data-testid="nav-role"
                title={t('teamScreen.nav.role', { role: roleName(user.company_role) })}
              >
                {roleName(user.company_role)}
              </span>
            ) : null}
          </div>
          {/* a Lettore creates nothing: the same screen, named for what they do there */}
          <a className="nav-link" href={area} aria-current={is(area)}>
            {teamRights(user).role !== 'viewer' ? (
              <>
                <PlusCircle size={18} aria-hidden="true" />
                {t('nav.create')}
              </>
            ) : (
              <>
                <Eye size={18} aria-hidden="true" />
                {t('nav.pages')}
              </>
            )}
          </a>
          {showsTeamLink(user) && (
            <a className="nav-link" href="/team" aria-current={is('/team')}>
              <UsersRound size={18} aria-hidden="true" />
              {t('teamScreen.nav')}
            </a>
          )}
          {isAdmin && (
            <a className="nav-link" href="/admin/users" aria-current={is('/admin/users')}>
              <Users size={18} aria-hidden="true" />
              {t('nav.users')}
              {pending !== null && pending > 0 && (
                <>
                  <span className="nav-count" data-testid="pending-count" aria-hidden="true">
                    {pending}
                  </span>
                  <span className="visually-hidden">{t('nav.pendingCount', { count: pending })}</span>
                </>
              )}
            </a>
          )}
          <button type="button" className="nav-link nav-logout" onClick={() => void doLogout()} disabled={leaving}>
            {leaving ? <span className="spinner" aria-hidden="true" /> : <LogOut size={18} aria-hidden="true" />}
            {leaving ? t('nav.logout.running') : t('nav.logout')}
          </button>
        </>
      );
    } else {
      links = (
        <>
          <a className="nav-link" href="/home" aria-current={is('/home')}>
            <Home size={18} aria-hidden="true" />
            {t('nav.home')}
          </a>
          <a className="nav-link" href="/login" aria-current={is('/login')}>
            <LogIn size={18} aria-hidden="true" />
            {t('nav.login')}
          </a>
          <a className="btn btn-primary btn-sm nav-cta" href="/signup" aria-current={is('/signup')}>
            <UserPlus size={16} aria-hidden="true" />
            {t('nav.signup')}
          </a>
        </>
      );
    }
  }

  return (
    <header className={open ? 'navbar is-open' : 'navbar'}>
      <nav className="navbar-inner container" aria-label={t('nav.mainLabel')}>
        <Brand />
        {pending !== null && pending > 0 && !open && (
          <span className="nav-count nav-count-dot" aria-hidden="true">
            {pending}
          </span>
        )}
        <ToggleButton
          className="nav-toggle"
          open={open}
          controls={menuId}
          aria-label={open ? t('nav.menu.close') : t('nav.menu.open')}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <X size={24} aria-hidden="true" /> : <Menu size={24} aria-hidden="true" />}
        </ToggleButton>
        <div className="nav-links" id={menuId} data-state={state}>
          {links}
        </div>
      </nav>
    </header>
  );
}
