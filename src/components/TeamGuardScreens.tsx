// The guard's screens for an active account outside its company's team (docs/behaviour.md#teams):
// a request waiting for a Titolare ('La tua richiesta di entrare in {company} aspetta
// l'approvazione di un titolare'), or an account removed or refused, which may ask to join again.
// Neither reaches any of the company's screens.
import { useState } from 'react';
import { Clock, LogOut, RefreshCw, UserRoundPlus, UserRoundX } from 'lucide-react';
import { t } from '../core/messages';
import type { User } from '../core/schemas/user';
import { errorText } from '../lib/api';
import { askToJoin } from '../lib/team-client';
import { loadSession, logout } from '../stores/session';
import { notify } from '../stores/toasts';
import { GuardFacts, StatusScreen } from './Guard';

function Facts({ user }: { user: User }) {
  return (
    <GuardFacts email={user.email} label={t('teamScreen.guard.company')}>
      {user.company}
    </GuardFacts>
  );
}

function ExitButton() {
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    setBusy(true);
    await logout();
    location.assign('/login');
  };
  return (
    <button type="button" className="btn btn-secondary btn-block" onClick={() => void leave()} disabled={busy}>
      {busy ? <span className="spinner" aria-hidden="true" /> : <LogOut size={18} aria-hidden="true" />}
      {t('guard.exit')}
    </button>
  );
}

export function RequestedScreen({ user }: { user: User }) {
  const company = user.company ?? '';
  return (
    <StatusScreen icon={<Clock size={28} />} tone="warning" title={t('teamScreen.guard.requestedTitle')}>
      <div className="alert alert-warning" role="status" data-testid="team-requested">
        {t('team.requested', { company })}
      </div>
      <Facts user={user} />
      <p className="hint">{t('teamScreen.guard.requestedHint')}</p>
      <div className="guard-actions">
        <button type="button" className="btn btn-primary btn-block" onClick={() => location.reload()}>
          <RefreshCw size={18} aria-hidden="true" />
          {t('guard.pending.checkStatus')}
        </button>
        <ExitButton />
      </div>
    </StatusScreen>
  );
}

export function OutsideScreen({ user }: { user: User }) {
  const company = user.company ?? '';
  const [busy, setBusy] = useState(false);
  const ask = async () => {
    setBusy(true);
    try {
      await askToJoin();
      notify.success(t('teamScreen.guard.asked', { company }));
      // the session now says 'requested': the guard shows the waiting screen
      await loadSession(true);
    } catch (err) {
      notify.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <StatusScreen icon={<UserRoundX size={28} />} tone="info" title={t('teamScreen.guard.outsideTitle')}>
      <p className="guard-lead" data-testid="team-outside">
        {t('teamScreen.guard.outsideBody', { company })}
      </p>
      <Facts user={user} />
      <div className="guard-actions">
        <button type="button" className="btn btn-primary btn-block" onClick={() => void ask()} disabled={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : <UserRoundPlus size={18} aria-hidden="true" />}
          {t('teamScreen.guard.ask')}
        </button>
        <ExitButton />
      </div>
    </StatusScreen>
  );
}
