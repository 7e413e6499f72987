// Login, then the route the account's role and status lead to. A `?token=`
// from the verification e-mail (/verify-email → /login) is verified on arrival.
import { useEffect, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { t } from '../../core/messages';
import { loginFormSchema } from '../../core/schemas/user';
import { verifyEmail } from '../../lib/api-client';
import { afterLoginPath, clearSession, login } from '../../stores/session';
import { notify } from '../../stores/toasts';
import { explainError } from './errors';
import { AuthCard, EmailField, FormError, PasswordField, SubmitButton, useSchemaForm } from './fields';

type Banner = { level: 'success' | 'error' | 'info'; text: string } | null;

export default function LoginForm() {
  const [busy, setBusy] = useState(false);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  const { set, parsed, bind, touchAll, formRef } = useSchemaForm(loginFormSchema, { email: '', password: '' });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const token = params.get('token');
    const emailParam = params.get('email');
    if (emailParam) set('email', emailParam);
    if (!token) return;
    // the token is single-use: drop it from the address bar so a reload does not resend it
    params.delete('token');
    history.replaceState(null, '', location.pathname + (params.size ? `?${params}` : ''));
    setVerifying(true);
    verifyEmail(token)
      .then(() => setBanner({ level: 'success', text: t('success.verified') }))
      .catch((err: unknown) => {
        const { message } = explainError(err, 'error.verifyToken');
        setBanner({ level: message === t('login.alreadyVerified') ? 'info' : 'error', text: message });
      })
      .finally(() => setVerifying(false));
  }, [set]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    touchAll();
    if (!parsed.success || busy) return;
    setBusy(true);
    setError(null);
    try {
      const user = await login(parsed.data.email, parsed.data.password);
      const next = afterLoginPath(user);
      if (next === 'unverified') {
        // an approved account whose e-mail is not verified yet keeps no session
        clearSession();
        setError(t('error.unverified'));
        setBusy(false);
        return;
      }
      if (next === '/login') {
        clearSession();
        setError(t('status.unknown'));
        setBusy(false);
        return;
      }
      // pending, rejected and banned accounts meet their guard screen, not a cheerful toast
      if (user.status === 'active' || user.status === 'approved') notify.flash.success(t('success.login'));
      location.assign(next);
    } catch (err) {
      clearSession();
      const { message, unexpected } = explainError(err, 'error.badCredentials');
      if (unexpected) notify.error(t('error.loginToast'));
      setError(message);
      setBusy(false);
    }
  };

  return (
    <AuthCard titleId="login-title" title={t('login.title')} subtitle={t('login.subtitle')}>
      {verifying && (
        <div className="alert alert-info" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('login.verifying')}
        </div>
      )}
      {banner && (
        <div
          className={`alert alert-${banner.level}`}
          role={banner.level === 'error' ? 'alert' : 'status'}
          data-testid="login-banner"
        >
          {banner.level === 'success' && <CheckCircle2 size={18} aria-hidden="true" />}
          {banner.text}
        </div>
      )}
      <form ref={formRef} className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        <EmailField label={t('login.email')} {...bind('email')} />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          {...bind('password')}
        />
        <div className="auth-row">
          <a href="/forgot-password" className="auth-link-sm">
            {t('login.forgot')}
          </a>
        </div>
        <FormError error={error} testId="login-error" />
        <SubmitButton busy={busy} disabled={!parsed.success}>
          {busy ? t('login.submitting') : t('login.submit')}
        </SubmitButton>
      </form>
      <p className="auth-foot">
        {t('login.noAccount')} <a href="/signup">{t('login.signupLink')}</a>
      </p>
    </AuthCard>
  );
}
