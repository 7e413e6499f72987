// An accessible confirmation on the shared Modal. Two ways to use it:
//  - imperative, anywhere: `if (await confirmDialog({ message: 'Sei sicuro…?', danger: true }))`;
//    needs <DialogHost/> on the page (AppLayout mounts it).
//  - controlled: <ConfirmDialog open={…} message="…" onConfirm={(value) => …} onCancel={…} />,
//    optionally asking for a text (a reason, a typed confirmation) with `prompt`.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { AlertTriangle, HelpCircle } from 'lucide-react';
import { t } from '../core/messages';
import { $dialog, registerDialogHost, type ConfirmOptions } from '../stores/dialog';
import { Modal } from './Modal';

interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** When set, the dialog asks for a text: its label, and a textarea instead of one line. */
  prompt?: { label: string; multiline?: boolean };
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
  const [value, setValue] = useState('');
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onConfirm(prompt ? value.trim() : undefined);
  };
  const Icon = danger ? AlertTriangle : HelpCircle;
  const input = {
    id: `${ids}-input`,
    value,
    'data-autofocus': true,
    onChange: (e: { target: { value: string } }) => setValue(e.target.value),
  };

  return (
    <Modal
      open={open}
      onClose={onCancel}
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-msg`}
      className="confirm-dialog"
      dismissable={!busy}
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
            <label className="label" htmlFor={input.id}>
              {prompt.label}
            </label>
            {prompt.multiline ? (
              <textarea className="textarea" rows={3} {...input} />
            ) : (
              <input className="input" autoComplete="off" {...input} />
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
            disabled={busy}
            aria-busy={busy || undefined}
            data-autofocus={prompt ? undefined : true}
          >
            {busy && <span className="spinner" aria-hidden="true" />}
            {confirmLabel ?? t('ui.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Renders the requests of confirmDialog(). One per page (AppLayout). */
export function DialogHost() {
  const request = useStore($dialog);
  useEffect(() => registerDialogHost(), []);
  if (!request) return <ConfirmDialog open={false} message="" onConfirm={() => {}} onCancel={() => {}} />;
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
