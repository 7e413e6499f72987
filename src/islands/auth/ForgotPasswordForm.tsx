// Reset request (POST /auth/forgot-password). The answer never tells whether the
// account exists (always 202), so the same sentence shows for every address.
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { t } from '../../core/messages';
import { isValidEmail } from '../../core/schemas/user';
import { forgotPassword } from '../../lib/api-client';
import { AuthCard, BackToLogin, EmailField, useAdoptTyped, SubmitButton, FormError } from './fields';

export default function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const problem = useMemo(() => {
    const value = email.trim();
    if (!value) return t('validation.email.required');
    return isValidEmail(value) ? null : t('validation.email.invalid');
  }, [email]);

  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTyped(formRef, (name, value) => {
    if (name === 'email') setEmail(value);
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || busy) return;
    setBusy(true);
    setError(null);
    try {
      await forgotPassword(email.trim());
      setSent(true);
    } catch {
      setError(t('error.resetRequest'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard titleId="forgot-title" title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {sent ? (
        <div className="alert alert-success" role="status" data-testid="forgot-sent">
          <MailCheck size={18} aria-hidden="true" />
          <span>{t('success.forgotPassword')}</span>
        </div>
      ) : (
        <form ref={formRef} className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
          <EmailField
            label={t('login.email')}
            value={email}
            onValue={(v) => {
              setEmail(v);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            error={touched ? problem : null}
          />
          <FormError error={error} />
          <SubmitButton busy={busy} disabled={Boolean(problem)}>
            {busy ? t('forgot.submitting') : t('forgot.submit')}
          </SubmitButton>
        </form>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
