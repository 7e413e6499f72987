/**
 * Guard for the signed-in areas: who may see a screen, by session, role and account status.
 * Wrap a screen's island:
 *
 *   <Guard area="admin"><Editor /></Guard>            // /admin
 *   <Guard area="user"><Editor /></Guard>             // /user
 *   <Guard area="admin" adminOnly><Users /></Guard>   // /admin/users
 *
 * - loading (GET /users/me in flight): a spinner;
 * - anonymous (no token, or 401): → /login;
 * - a non-admin in area 'admin' (without adminOnly): → /user, where the status screens show
 *   (so /pending → /admin → /user shows 'Registrazione in Attesa');
 * - status pending: 'Registrazione in Attesa' (e-mail, status, next steps, 24-48 h note,
 *   'Controlla Stato Account' reloads, 'Disconnetti'); rejected: 'Account Rifiutato';
 *   banned (or is_active false): 'Account Sospeso' — both with 'Esci' (clears token and user,
 *   → /login); approved but unverified: the status message asking to verify the e-mail; unknown status: its message.
 * - `adminOnly` (user management): a non-admin is never redirected; an active one sees
 *   'Accesso Negato', others their status screen.
 * - an active non-admin outside its company's team (docs/behaviour.md#teams): while a request
 *   waits, 'La tua richiesta di entrare in {company} aspetta l'approvazione di un titolare';
 *   removed or refused, a plain message and 'Chiedi di entrare'.
 * - active and allowed: the children. Children render only then, so they may read
 *   `useStore($user)!` and call the pages API at mount.
 *
 * `fallback` replaces the loading spinner (e.g. a skeleton of the screen).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Ban, Clock, LogOut, MailCheck, RefreshCw, ShieldAlert, ShieldX, XCircle } from 'lucide-react';
import { t, type MessageKey } from '../core/messages';
import { statusMessage, type User } from '../core/schemas/user';
import { requestVerifyToken } from '../lib/api-client';
import { $sessionState, $user, areaPath, loadSession, logout } from '../stores/session';
import { notify } from '../stores/toasts';
import { teamVerdict } from '../stores/team/rules';
import Spinner from './Spinner';
import { OutsideScreen, RequestedScreen } from './TeamGuardScreens';
import { useHydrated } from './useHydrated';

export interface GuardProps {
  area: 'admin' | 'user';
  /** Admin-only screen: a non-admin sees 'Accesso Negato' instead of being sent to /user. */
  adminOnly?: boolean;
  fallback?: ReactNode;
  children: ReactNode;
}

type Verdict =
  | 'loading'
  | 'redirect'
  | 'pending'
  | 'approved'
  | 'rejected'
  | 'banned'
  | 'unknown'
  | 'denied'
  | 'requested'
  | 'outside'
  | 'allowed';

export function verdictFor(user: User | null, state: string, area: 'admin' | 'user', adminOnly: boolean): Verdict {
  if (state === 'loading') return 'loading';
  if (!user) return 'redirect';
  // a non-admin entering the admin area is sent to /user (status screens show there)
  if (area === 'admin' && !adminOnly && !user.is_superuser) return 'redirect';
  if (!user.is_active || user.status === 'banned') return 'banned';
  if (user.status === 'pending') return 'pending';
  if (user.status === 'rejected') return 'rejected';
  if (user.status === 'approved' && !user.is_verified) return 'approved';
  if (user.status !== 'active' && user.status !== 'approved') return 'unknown';
  if (adminOnly && !user.is_superuser) return 'denied';
  const team = teamVerdict(user);
  if (team !== 'member') return team;
  return 'allowed';
}

export default function Guard({ area, adminOnly = false, fallback, children }: GuardProps) {
  const hydrated = useHydrated();
  const storedUser = useStore($user);
  const storedState = useStore($sessionState);
  const user = hydrated ? storedUser : null;
  const state = hydrated ? storedState : 'loading';
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    loadSession().catch(() => setFailed(true));
  }, []);

  const verdict = verdictFor(user, state, area, adminOnly);

  useEffect(() => {
    if (verdict !== 'redirect') return;
    location.replace(user ? areaPath(user) : '/login');
  }, [verdict, user]);

  if (failed && state === 'loading') {
    return (
      <StatusScreen icon={<XCircle size={28} />} tone="error" title={t('error.connection')}>
        <button type="button" className="btn btn-primary btn-block" onClick={() => location.reload()}>
          <RefreshCw size={18} aria-hidden="true" />
          {t('guard.pending.checkStatus')}
        </button>
      </StatusScreen>
    );
  }
  if (verdict === 'loading' || verdict === 'redirect') {
    return <>{fallback ?? <Spinner size="lg" block label={t('guard.loading')} />}</>;
  }
  if (verdict === 'allowed') return <>{children}</>;
  if (verdict === 'requested') return <RequestedScreen user={user!} />;
  if (verdict === 'outside') return <OutsideScreen user={user!} />;
  // user is set for every other verdict
  return <GuardScreen verdict={verdict} user={user!} />;
}

/**
 * Number ranges ('24-48') in a nowrap span: browsers may break a line after a hyphen, which
 * on narrow phones left '24-' and '48' on two lines. The text itself stays the catalogue's.
 */
export function keepRangesTogether(text: string): ReactNode[] {
  return text
    .split(/(\d+-\d+)/)
    .filter(Boolean)
    .map((part, i) =>
      /^\d+-\d+$/.test(part) ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
        <span key={i} style={{ whiteSpace: 'nowrap' }}>
          {part}
        </span>
      ) : (
        part
      ),
    );
}

const STATUS_LABEL: Record<string, MessageKey> = {
  pending: 'guard.status.pending',
  approved: 'guard.status.approved',
  active: 'guard.status.active',
  rejected: 'guard.status.rejected',
  banned: 'guard.status.banned',
};

async function exit(): Promise<void> {
  await logout();
  location.assign('/login');
}

function GuardScreen({
  verdict,
  user,
}: {
  verdict: Exclude<Verdict, 'loading' | 'redirect' | 'allowed' | 'requested' | 'outside'>;
  user: User;
}) {
  const [busy, setBusy] = useState(false);
  const leave = () => {
    setBusy(true);
    void exit();
  };
  const exitButton = (label: string) => (
    <button type="button" className="btn btn-secondary btn-block" onClick={leave} disabled={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : <LogOut size={18} aria-hidden="true" />}
      {label}
    </button>
  );
  const message = statusMessage(user.is_active ? user.status : 'banned');
  const statusKey = user.is_active ? STATUS_LABEL[user.status] : 'guard.status.banned';
  const facts = (
    <GuardFacts email={user.email} label={t('guard.status.label')}>
      <span className={`badge badge-status-${user.is_active ? user.status : 'banned'}`}>
        {t(statusKey ?? 'guard.status.unknown')}
      </span>
    </GuardFacts>
  );

  switch (verdict) {
    case 'pending':
      return (
        <StatusScreen icon={<Clock size={28} />} tone="warning" title={t('guard.pending.title')}>
          <p className="guard-lead">{t('guard.pending.intro')}</p>
          {message && (
            <div className={`alert alert-${message.level}`} role="status">
              {message.text}
            </div>
          )}
          {facts}
          <div className="guard-steps">
            <h2>{t('guard.pending.nextSteps')}</h2>
            <ol>
              <li>{t('guard.pending.step1')}</li>
              <li>{t('guard.pending.step2')}</li>
              <li>{t('guard.pending.step3')}</li>
            </ol>
            <p className="hint guard-timing">
              <Clock size={16} aria-hidden="true" />
              <span>{keepRangesTogether(t('guard.pending.timing'))}</span>
            </p>
          </div>
          <div className="guard-actions">
            <button
              type="button"
              className="btn btn-primary btn-block"
              onClick={() => location.reload()}
              disabled={busy}
            >
              <RefreshCw size={18} aria-hidden="true" />
              {t('guard.pending.checkStatus')}
            </button>
            {exitButton(t('guard.pending.logout'))}
          </div>
        </StatusScreen>
      );
    case 'rejected':
      return (
        <StatusScreen icon={<ShieldX size={28} />} tone="error" title={t('guard.rejected.title')}>
          {message && (
            <div className={`alert alert-${message.level}`} role="status">
              {message.text}
            </div>
          )}
          {facts}
          <p className="hint">{t('guard.rejected.body')}</p>
          <div className="guard-actions">{exitButton(t('guard.exit'))}</div>
        </StatusScreen>
      );
    case 'banned':
      return (
        <StatusScreen icon={<Ban size={28} />} tone="error" title={t('guard.banned.title')}>
          <div className="alert alert-error" role="status">
            {t('guard.banned.body')}
          </div>
          {facts}
          <div className="guard-actions">{exitButton(t('guard.exit'))}</div>
        </StatusScreen>
      );
    case 'approved':
      return (
        <StatusScreen icon={<MailCheck size={28} />} tone="info" title={t('guard.approved.title')}>
          {message && (
            <div className={`alert alert-${message.level}`} role="status">
              {message.text}
            </div>
          )}
          {facts}
          <div className="guard-actions">
            <ResendButton email={user.email} />
            {exitButton(t('guard.exit'))}
          </div>
        </StatusScreen>
      );
    case 'denied':
      return (
        <StatusScreen icon={<ShieldAlert size={28} />} tone="error" title={t('admin.users.accessDenied')}>
          <p className="guard-lead">{t('guard.denied.body')}</p>
          <div className="guard-actions">
            <a className="btn btn-primary btn-block" href={areaPath(user)}>
              {t('guard.denied.back')}
            </a>
          </div>
        </StatusScreen>
      );
    default:
      return (
        <StatusScreen icon={<ShieldAlert size={28} />} tone="warning" title={t('guard.unknown.title')}>
          {message && (
            <div className={`alert alert-${message.level}`} role="status">
              {message.text}
            </div>
          )}
          {facts}
          <div className="guard-actions">{exitButton(t('guard.exit'))}</div>
        </StatusScreen>
      );
  }
}

function ResendButton({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await requestVerifyToken(email);
      notify.success(t('guard.approved.resent'));
    } catch (err) {
      notify.error(err instanceof Error ? err.message : t('error.connection'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-primary btn-block" onClick={() => void resend()} disabled={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : <MailCheck size={18} aria-hidden="true" />}
      {t('guard.approved.resend')}
    </button>
  );
}

export function StatusScreen({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode;
  tone: 'warning' | 'error' | 'info' | 'success';
  title: string;
  children: ReactNode;
}) {
  // A page has one <main>: the layout's <main id="main"> already holds this screen, so the
  // wrapper is a plain box (a second main with the same id is a duplicate landmark and id).
  return (
    <div className="status-screen">
      <section className="card status-card" aria-labelledby="status-title">
        <div className={`status-icon status-icon-${tone}`} aria-hidden="true">
          {icon}
        </div>
        <h1 id="status-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}

/** What a guard screen says about the account: its e-mail, and one more fact. */
export function GuardFacts({ email, label, children }: { email: string; label: string; children: ReactNode }) {
  return (
    <dl className="guard-facts">
      <div>
        <dt>{t('guard.email.label')}</dt>
        <dd>{email}</dd>
      </div>
      <div>
        <dt>{label}</dt>
        <dd>{children}</dd>
      </div>
    </dl>
  );
}
