// Accessible modal confirm / prompt on the native <dialog> (focus trapped, Escape cancels,
// focus returns to the opener). Two ways to use it:
//  - imperative, anywhere: `if (await confirmDialog({ message: 'Sei sicuro…?', danger: true }))`
//    or `const reason = await promptDialog({ message, label, multiline: true })` (null = cancel);
//    needs <DialogHost/> on the page (AppLayout mounts it).
//  - controlled: <ConfirmDialog open={…} message="…" onConfirm={(value) => …} onCancel={…} />.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { AlertTriangle, HelpCircle } from 'lucide-react';
import { t } from '../core/messages';
import { $dialog, registerDialogHost, type ConfirmOptions, type PromptOptions } from '../stores/dialog';
export type { ConfirmOptions, PromptOptions } from '../stores/dialog';

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** When set, the dialog asks for a text (reason, typed confirmation). */
  prompt?: Omit<PromptOptions, keyof ConfirmOptions>;
  /** Shows a spinner on the confirm button and disables both buttons. */
  busy?: boolean;
  /** `value` is the trimmed text for a prompt, undefined for a confirm. */
  onConfirm: (value?: string) => void;
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  prompt,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [value, setValue] = useState(prompt?.defaultValue ?? '');
  const ids = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setValue(prompt?.defaultValue ?? '');
      dialog.showModal();
      requestAnimationFrame(() => inputRef.current?.focus());
    } else if (!open && dialog.open) {
      dialog.close();
    }
    // prompt.defaultValue is read on opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (prompt) {
      if (prompt.required && !value.trim()) return;
      onConfirm(value.trim());
    } else onConfirm();
  };
  const Icon = danger ? AlertTriangle : HelpCircle;
  const disabled = busy || Boolean(prompt?.required && !value.trim());

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-msg`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(event) => {
        // a click on the backdrop lands on the <dialog> itself
        if (event.target === ref.current && !busy) onCancel();
      }}
    >
      <form className="confirm-dialog__body" onSubmit={submit}>
        <div className={danger ? 'confirm-dialog__icon is-danger' : 'confirm-dialog__icon'} aria-hidden="true">
          <Icon size={22} />
        </div>
        <h2 id={`${ids}-title`} className="confirm-dialog__title">
          {title ?? t('ui.confirm')}
        </h2>
        <p id={`${ids}-msg`} className="confirm-dialog__message">
          {message}
        </p>
        {prompt && (
          <div className="field confirm-dialog__field">
            <label className="label" htmlFor={`${ids}-input`}>
              {prompt.label}
            </label>
            {prompt.multiline ? (
              <textarea
                ref={inputRef}
                id={`${ids}-input`}
                className="textarea"
                rows={3}
                placeholder={prompt.placeholder}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
            ) : (
              <input
                ref={inputRef}
                id={`${ids}-input`}
                className="input"
                placeholder={prompt.placeholder}
                value={value}
                autoComplete="off"
                onChange={(e) => setValue(e.target.value)}
              />
            )}
          </div>
        )}
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('ui.cancel')}
          </button>
          <button
            type="submit"
            className={danger ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={disabled}
            aria-busy={busy || undefined}
            autoFocus={!prompt}
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            {confirmLabel ?? t('ui.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Renders the requests of confirmDialog()/promptDialog(). One per page (AppLayout). */
export function DialogHost() {
  const request = useStore($dialog);
  useEffect(() => registerDialogHost(), []);
  if (!request) return <ConfirmDialog open={false} message="" onConfirm={() => {}} onCancel={() => {}} />;
  if (request.kind === 'confirm') {
    return (
      <ConfirmDialog
        key={request.id}
        open
        {...request.options}
        onConfirm={() => request.resolve(true)}
        onCancel={() => request.resolve(false)}
      />
    );
  }
  const { label, placeholder, defaultValue, required, multiline, ...rest } = request.options;
  return (
    <ConfirmDialog
      key={request.id}
      open
      {...rest}
      prompt={{ label, placeholder, defaultValue, required, multiline }}
      onConfirm={(value) => request.resolve(value ?? '')}
      onCancel={() => request.resolve(null)}
    />
  );
}
