// The role picker and the 'Dati dei fan' box, shared by the invite form, the accept dialog and
// the administrators' dialogs. A Titolare always has the fans right and a Lettore never does
// (docs/behaviour.md#teams): the box follows the role and can be changed only for an Editor.
import { useState, type FormEvent } from 'react';
import { UserCheck } from 'lucide-react';
import { Modal } from '../../components/Modal';
import { t } from '../../core/messages';
import type { CompanyRole } from '../../core/schemas/user';
import { DEFAULT_ROLE, ROLE_CHOICES, fansAccessEditable, fansAccessFor, roleName } from '../../stores/team/rules';

export function RoleSelect({
  id,
  value,
  onChange,
  label = t('teamScreen.roleLabel'),
  labelHidden = false,
  disabled = false,
}: {
  id: string;
  value: CompanyRole;
  onChange: (role: CompanyRole) => void;
  label?: string;
  labelHidden?: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="field tm-field">
      <label className={labelHidden ? 'visually-hidden' : 'label'} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as CompanyRole)}
      >
        {ROLE_CHOICES.map((role) => (
          <option key={role} value={role}>
            {roleName(role)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FansBox({
  id,
  role,
  checked,
  onChange,
  label = t('team.fansAccess'),
  withHint = true,
  disabled = false,
}: {
  id: string;
  role: CompanyRole;
  checked: boolean;
  onChange: (checked: boolean) => void;
  label?: string;
  withHint?: boolean;
  disabled?: boolean;
}) {
  const editable = fansAccessEditable(role) && !disabled;
  return (
    <div className="tm-check">
      <label className="tm-check__label" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          className="tm-check__box"
          checked={fansAccessFor(role, checked)}
          disabled={!editable}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby={withHint ? `${id}-hint` : undefined}
        />
        {label}
      </label>
      {withHint ? (
        <p id={`${id}-hint`} className="hint">
          {t('teamScreen.fansHint')}
        </p>
      ) : null}
    </div>
  );
}

/** A role and the fans right picked in a dialog ('Accetta' for a request, an admin's move). */
export function RoleDialog({
  open,
  title,
  body,
  submitLabel,
  busy,
  onCancel,
  onSubmit,
  children,
}: {
  open: boolean;
  title: string;
  body: string;
  submitLabel: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (role: CompanyRole, fans: boolean) => void;
  children?: React.ReactNode;
}) {
  const [role, setRole] = useState<CompanyRole>(DEFAULT_ROLE);
  const [fans, setFans] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit(role, fansAccessFor(role, fans));
  };
  return (
    <Modal
      open={open}
      onClose={onCancel}
      labelledBy="tm-role-title"
      describedBy="tm-role-body"
      className="confirm-dialog tm-role-dialog"
      dismissable={!busy}
    >
      <form className="confirm-dialog__body" onSubmit={submit}>
        <div className="confirm-dialog__icon" aria-hidden="true">
          <UserCheck size={22} />
        </div>
        <h2 id="tm-role-title" className="confirm-dialog__title">
          {title}
        </h2>
        <p id="tm-role-body" className="confirm-dialog__message">
          {body}
        </p>
        {children}
        <RoleSelect id="tm-role-pick" value={role} onChange={setRole} />
        <FansBox id="tm-role-fans" role={role} checked={fans} onChange={setFans} />
        <DialogActions onCancel={onCancel} busy={busy} submitLabel={submitLabel} />
      </form>
    </Modal>
  );
}

/** 'Annulla' and the submit of a dialog's form, the submit busy while it runs. */
export function DialogActions({
  onCancel,
  busy,
  submitLabel,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
}) {
  return (
    <div className="confirm-dialog__actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
        {t('ui.cancel')}
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {submitLabel}
      </button>
    </div>
  );
}
