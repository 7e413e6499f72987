// Signup. On success: the 'registration received' message, automatic login with the same
// credentials, then /pending. Through an invitation link (/signup?invito={token},
// docs/behaviour.md#teams) the company and the e-mail come from the invitation, read-only, and
// the registration carries the token; a bad token says why and the form works without it.
import { useState, type FormEvent } from 'react';
import { Building2, CheckCircle2, Info, UserRound } from 'lucide-react';
import { t } from '../../core/messages';
import { signupFormSchema } from '../../core/schemas/user';
import { register } from '../../lib/api-client';
import { clearSession, login } from '../../stores/session';
import { notify } from '../../stores/toasts';
import CompanyCombobox from './CompanyCombobox';
import { explainError } from './errors';
import { AuthCard, EmailField, FormError, NewPasswordField, SubmitButton, TextField, useSchemaForm } from './fields';
import { InvitationNote, useInvitation } from './invitation';

type Name = 'fullName' | 'company' | 'email' | 'password' | 'confirmPassword';
const EMPTY: Record<Name, string> = { fullName: '', company: '', email: '', password: '', confirmPassword: '' };
/** Time to read the success message before the pending screen. */
const SUCCESS_PAUSE_MS = 1200;

export default function SignupForm() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const { parsed, bind, set, touchAll, formRef } = useSchemaForm(signupFormSchema, EMPTY);
  const invitation = useInvitation((offer) => {
    set('company', offer.company);
    set('email', offer.email);
  });
  const invited = invitation.state === 'ok' ? invitation : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    touchAll();
    if (!parsed.success || busy) return;
    const data = parsed.data;
    setBusy(true);
    setError(null);
    try {
      await register({
        email: data.email,
        password: data.password,
        full_name: data.fullName || null,
        company: data.company || null,
        ...(invited ? { invitation: invited.token } : {}),
      });
    } catch (err) {
      setError(explainError(err, 'error.register').message);
      setBusy(false);
      return;
    }
    setDone(true);
    window.scrollTo({ top: 0 });
    const pause = new Promise((resolve) => setTimeout(resolve, SUCCESS_PAUSE_MS));
    try {
      await login(data.email, data.password);
      await pause;
      location.assign('/pending');
    } catch {
      // registered but the automatic login failed: the login screen takes over
      clearSession();
      notify.flash.success(t('success.register'));
      await pause;
      location.assign(`/login?email=${encodeURIComponent(data.email)}`);
    }
  };

  if (done) {
    return (
      <section className="auth-card auth-done" aria-live="polite">
        <div className="status-icon status-icon-success" aria-hidden="true">
          <CheckCircle2 size={28} />
        </div>
        <h1 className="auth-done-title">{t('signup.doneTitle')}</h1>
        <div className="alert alert-success" role="status" data-testid="signup-success">
          {t('success.registerScreen')}
        </div>
        <span className="spinner spinner-lg" aria-hidden="true" />
      </section>
    );
  }

  return (
    <AuthCard titleId="signup-title" title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form ref={formRef} className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        <InvitationNote invitation={invitation} />
        <TextField
          label={t('signup.fullName')}
          name="fullName"
          autoComplete="name"
          icon={<UserRound size={18} />}
          {...bind('fullName')}
        />
        {invited ? (
          <TextField
            label={t('signup.company')}
            name="company"
            readOnly
            icon={<Building2 size={18} />}
            hint={t('teamScreen.invito.companyHint')}
            {...bind('company')}
          />
        ) : (
          <CompanyCombobox {...bind('company')} />
        )}
        <EmailField
          label={t('signup.email')}
          {...bind('email')}
          {...(invited ? { readOnly: true, hint: t('teamScreen.invito.emailHint') } : {})}
        />
        <NewPasswordField
          label={t('signup.password')}
          name="password"
          {...bind('password')}
          hint={t('reset.subtitle')}
        />
        <NewPasswordField label={t('signup.confirmPassword')} name="confirmPassword" {...bind('confirmPassword')} />
        <div className="alert alert-info auth-note">
          <Info size={18} aria-hidden="true" />
          <span>{t('signup.approvalNote')}</span>
        </div>
        <FormError error={error} testId="signup-error" />
        <SubmitButton busy={busy} disabled={!parsed.success}>
          {t('signup.submit')}
        </SubmitButton>
      </form>
      <p className="auth-foot">
        {t('signup.hasAccount')} <a href="/login">{t('signup.loginLink')}</a>
      </p>
    </AuthCard>
  );
}
