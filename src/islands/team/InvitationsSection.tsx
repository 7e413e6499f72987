// The pending invitations with 'Revoca', and a Titolare's invite form (e-mail, role, fans right).
import { useState, type FormEvent } from 'react';
import { Mail, Send, XCircle } from 'lucide-react';
import { t } from '../../core/messages';
import { isValidEmail, type CompanyRole } from '../../core/schemas/user';
import { confirmDialog } from '../../stores/dialog';
import { invite, revoke, type Invitation } from '../../stores/team/team';
import { DEFAULT_ROLE, roleName } from '../../stores/team/rules';
import { formatDate } from '../admin/format';
import { FansBox, RoleSelect } from './RoleFields';

export function InvitationsSection({
  company,
  invitations,
  canManage,
}: {
  company: string;
  invitations: Invitation[];
  canManage: boolean;
}) {
  async function onRevoke(invitation: Invitation) {
    const ok = await confirmDialog({
      title: t('teamScreen.revoke.title'),
      message: t('teamScreen.revoke.body', { email: invitation.email }),
      confirmLabel: t('teamScreen.revoke'),
      danger: true,
    });
    if (ok) await revoke(invitation);
  }

  return (
    <section className="card stack tm-section" aria-labelledby="tm-invitations-title" data-testid="team-invitations">
      <h2 id="tm-invitations-title" className="section-title">
        <Mail size={20} aria-hidden="true" />
        {t('teamScreen.invitations.title')}
      </h2>
      {invitations.length === 0 ? (
        <p className="hint tm-empty">{t('teamScreen.invitations.empty')}</p>
      ) : (
        <ul className="tm-list">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="tm-row" data-email={invitation.email}>
              <div className="tm-person-text">
                <p className="tm-name">{invitation.email}</p>
                <p className="tm-email">
                  {t('teamScreen.invitation.meta', {
                    role: roleName(invitation.role),
                    name: invitation.invited_by_name ?? '—',
                    date: formatDate(invitation.expires_at),
                  })}
                </p>
              </div>
              <div className="tm-facts">
                {invitation.fans_access ? (
                  <span className="badge badge-success tm-fans">{t('team.fansAccess')}</span>
                ) : null}
              </div>
              {canManage ? (
                <div className="tm-controls">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    aria-label={t('teamScreen.revoke.label', { email: invitation.email })}
                    onClick={() => void onRevoke(invitation)}
                  >
                    <XCircle size={16} aria-hidden="true" />
                    {t('teamScreen.revoke')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canManage ? <InviteForm company={company} /> : null}
    </section>
  );
}

function InviteForm({ company }: { company: string }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>(DEFAULT_ROLE);
  const [fans, setFans] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!isValidEmail(email.trim())) {
      setError(t('teamScreen.invite.badEmail'));
      return;
    }
    setBusy(true);
    const result = await invite(email, role, fans);
    setBusy(false);
    if (result.ok) {
      setEmail('');
      setFans(false);
      setRole(DEFAULT_ROLE);
    }
  }

  return (
    <form className="tm-invite" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="tm-invite-title">
      <h3 id="tm-invite-title" className="tm-subtitle">
        {t('teamScreen.invite.title')}
      </h3>
      <div className="tm-invite-grid">
        <div className="field tm-field">
          <label className="label" htmlFor="tm-invite-email">
            {t('teamScreen.invite.email')}
          </label>
          <input
            id="tm-invite-email"
            className="input"
            type="email"
            autoComplete="off"
            inputMode="email"
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'tm-invite-error tm-invite-hint' : 'tm-invite-hint'}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
          />
          {error ? (
            <p id="tm-invite-error" className="error-text" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <RoleSelect id="tm-invite-role" value={role} onChange={setRole} />
      </div>
      <FansBox id="tm-invite-fans" role={role} checked={fans} onChange={setFans} />
      <p id="tm-invite-hint" className="hint">
        {t('teamScreen.invite.hint', { company })}
      </p>
      <div className="tm-invite-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <span className="spinner" aria-hidden="true" /> : <Send size={18} aria-hidden="true" />}
          {t('teamScreen.invite.submit')}
        </button>
      </div>
    </form>
  );
}
