// Labelled inputs shared by the auth forms: the error is bound with aria-describedby and the
// password fields carry a show/hide toggle.
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
} from 'react';
import type { z } from 'zod';
import { ArrowLeft, Eye, EyeOff, Lock, Mail } from 'lucide-react';
import { t } from '../../core/messages';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  icon?: ReactNode;
}

interface TextFieldProps extends FieldProps {
  /** a control drawn inside the input's frame (the password toggle), given the input's id */
  action?: (fieldId: string) => ReactNode;
}

export function TextField({ label, value, onValue, error, hint, icon, id, action, ...rest }: TextFieldProps) {
  const auto = useId();
  const fieldId = id ?? auto;
  const described = [error ? `${fieldId}-err` : null, hint ? `${fieldId}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="label" htmlFor={fieldId}>
        {label}
      </label>
      <div className={icon ? 'input-wrap has-icon' : 'input-wrap'}>
        {icon && (
          <span className="input-icon" aria-hidden="true">
            {icon}
          </span>
        )}
        <input
          {...rest}
          id={fieldId}
          className="input"
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
        />
        {action?.(fieldId)}
      </div>
      {hint && !error && (
        <p className="hint" id={`${fieldId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="error-text" id={`${fieldId}-err`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** An e-mail address: the keyboard, autofill and icon every auth form uses for it. */
export function EmailField(props: Omit<FieldProps, 'name' | 'type'>) {
  return (
    <TextField name="email" type="email" inputMode="email" autoComplete="email" icon={<Mail size={18} />} {...props} />
  );
}

/** The link under the forms that lead away from the login screen. */
export function BackToLogin() {
  return (
    <p className="auth-foot">
      <a href="/login" className="auth-back">
        <ArrowLeft size={16} aria-hidden="true" />
        {t('forgot.backToLogin')}
      </a>
    </p>
  );
}

/** A TextField whose text can be shown or hidden, with the padlock icon. */
export function PasswordField(props: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      icon={<Lock size={18} />}
      {...props}
      type={shown ? 'text' : 'password'}
      action={(fieldId) => (
        <button
          type="button"
          className="input-action"
          onClick={() => setShown((v) => !v)}
          aria-label={shown ? t('ui.hidePassword') : t('ui.showPassword')}
          aria-pressed={shown}
          aria-controls={fieldId}
        >
          {shown ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </button>
      )}
    />
  );
}

/** A password being chosen (signup, reset): the browser may suggest a new one. */
export function NewPasswordField(props: Omit<FieldProps, 'autoComplete' | 'icon'>) {
  return <PasswordField autoComplete="new-password" {...props} />;
}

/** Errors per field from a zod safeParse, first message wins. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * Which fields show their error: one typed in (or left, with touchOnBlur), and every one once
 * the form is submitted (touchAll).
 */
export function useFieldState<N extends string>(
  errors: Readonly<Partial<Record<N, string | null>>>,
  { touchOnBlur = true }: { touchOnBlur?: boolean } = {},
) {
  const [touched, setTouched] = useState<Partial<Record<N, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const touch = (name: N) => setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true }));
  /** The value, change, blur and error props of one field. */
  const bind = (name: N, value: string, setValue: (value: string) => void) => ({
    value,
    onValue: (next: string) => {
      setValue(next);
      touch(name);
    },
    onBlur: () => {
      if (touchOnBlur) touch(name);
    },
    error: submitted || touched[name] ? (errors[name] ?? null) : null,
  });
  return { bind, touchAll: () => setSubmitted(true) };
}

/**
 * Adopts what the browser put in the fields before React took over (typing on a slow
 * connection, password-manager autofill): hydration keeps the DOM value but never fires
 * onChange, so without this the form would show text its state does not have.
 */
export function useAdoptTyped(
  form: RefObject<HTMLFormElement | null>,
  adopt: (name: string, value: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration; a later field value is React's own
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    for (const field of Array.from(el.elements)) {
      if (field instanceof HTMLInputElement && field.name && field.value) adopt(field.name, field.value);
    }
  }, []);
}

/** The form's one submit button: disabled until the form is valid, a spinner while it is sent. */
export function SubmitButton({ busy, disabled, children }: { busy: boolean; disabled: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block btn-lg"
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** The answer of a failed submit, above the button; nothing when there is none. */
export function FormError({ error, testId }: { error: string | null; testId?: string }) {
  if (!error) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid={testId}>
      {error}
    </div>
  );
}

/** The card of an auth screen: its title (which names the card) and subtitle, then its content. */
export function AuthCard({
  titleId,
  title,
  subtitle,
  children,
}: {
  titleId: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <section className="auth-card" aria-labelledby={titleId}>
      <header className="auth-head">
        <h1 id={titleId}>{title}</h1>
        <p>{subtitle}</p>
      </header>
      {children}
    </section>
  );
}

/**
 * The state of a form checked by a zod schema: its values by name, what the schema makes of
 * them, each field's bound props (useFieldState) and the form's ref, whose autofilled values are
 * adopted (useAdoptTyped).
 */
export function useSchemaForm<N extends string, S extends z.ZodType>(schema: S, empty: Record<N, string>) {
  const [values, setValues] = useState(empty);
  const parsed = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = (parsed.success ? {} : fieldErrors(parsed.error.issues)) as Partial<Record<N, string>>;
  const fields = useFieldState<N>(errors);
  const set = useCallback((name: N, value: string) => setValues((prev) => ({ ...prev, [name]: value })), []);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTyped(formRef, (name, value) => {
    if (name in empty) set(name as N, value);
  });
  return {
    values,
    set,
    parsed,
    bind: (name: N) => fields.bind(name, values[name], (value) => set(name, value)),
    touchAll: fields.touchAll,
    formRef,
  };
}
