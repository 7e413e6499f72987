// New password from the reset e-mail's link (/reset-password?token=…): the registration
// password policy plus a confirmation, then POST /auth/reset-password {token, password}.
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { t } from '../../core/messages';
import { passwordProblem } from '../../core/schemas/user';
import { resetPassword } from '../../lib/api-client';
import { notify } from '../../stores/toasts';
import { explainError } from './errors';
import { AuthCard, BackToLogin, NewPasswordField, useAdoptTyped, useFieldState, SubmitButton } from './fields';

export default function ResetPasswordForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setToken(new URLSearchParams(location.search).get('token'));
  }, []);

  const problems = useMemo(() => {
    const confirmProblem = !confirm
      ? t('validation.confirmPassword.required')
      : confirm !== password
        ? t('validation.confirmPassword.mismatch')
        : null;
    return { password: passwordProblem(password), confirm: confirmProblem };
  }, [password, confirm]);
  const valid = !problems.password && !problems.confirm;
  // an error shows once its field is typed in or the form is submitted, not on leaving it empty
  const { bind, touchAll } = useFieldState(problems, { touchOnBlur: false });

  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTyped(formRef, (name, value) => {
    if (name === 'password') setPassword(value);
    else if (name === 'confirmPassword') setConfirm(value);
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    touchAll();
    if (!valid || busy || !token) return;
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
      notify.success(t('reset.success'));
    } catch (err) {
      setError(explainError(err, 'reset.error').message);
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (token === null) {
    body = (
      <div className="alert alert-error" role="alert">
        {t('reset.missingToken')}
      </div>
    );
  } else if (done) {
    body = (
      <>
        <div className="alert alert-success" role="status" data-testid="reset-done">
          <CheckCircle2 size={18} aria-hidden="true" />
          <span>{t('reset.success')}</span>
        </div>
        <a className="btn btn-primary btn-block btn-lg" href="/login">
          {t('login.submit')}
        </a>
      </>
    );
  } else {
    body = (
      <form ref={formRef} className="auth-form" onSubmit={(e) => void submit(e)} noValidate>
        <NewPasswordField label={t('reset.password')} name="password" {...bind('password', password, setPassword)} />
        <NewPasswordField
          label={t('reset.confirmPassword')}
          name="confirmPassword"
          {...bind('confirm', confirm, setConfirm)}
        />
        {error && (
          <div className="alert alert-error" role="alert" data-testid="reset-error">
            <span>
              {error} {error === t('reset.badToken') && <a href="/forgot-password">{t('reset.requestNew')}</a>}
            </span>
          </div>
        )}
        <SubmitButton busy={busy} disabled={!valid || !token}>
          {busy ? t('reset.submitting') : t('reset.submit')}
        </SubmitButton>
      </form>
    );
  }

  return (
    <AuthCard titleId="reset-title" title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {body}
      {token === null && (
        <a className="btn btn-primary btn-block btn-lg" href="/forgot-password">
          {t('reset.requestNew')}
        </a>
      )}
      <BackToLogin />
    </AuthCard>
  );
}
