// The frame both date imports share ('Importa date', 'Importa da link'): a modal dialog on wide
// screens and a full-screen sheet on phones (import-dialog.css), its title with the close
// button, then the dialog's own body, and its actions (ImportActions). `busy` keeps it open
// while rows are added.
import type { FormEvent, ReactNode } from 'react';
import { CloseButton } from '../../components/CloseButton';
import { Modal } from '../../components/Modal';
import { t } from '../../core/messages';
import './import-dialog.css';

interface ImportSheetProps {
  /** the prefix of the title's and the hint's ids (`${id}-title`, `${id}-hint`) */
  id: string;
  title: string;
  busy: boolean;
  onClose: () => void;
  /** the whole sheet is one form submitted by its confirm ('Importa date'); else a plain panel */
  onSubmit?: (event: FormEvent) => void;
  children: ReactNode;
}

export function ImportSheet({ id, title, busy, onClose, onSubmit, children }: ImportSheetProps) {
  const head = (
    <header className="ed-import__head">
      <h2 id={`${id}-title`} className="ed-import__title">
        {title}
      </h2>
      <CloseButton label={t('ui.close')} onClick={() => !busy && onClose()} />
    </header>
  );
  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={`${id}-title`}
      describedBy={`${id}-hint`}
      className="ed-import"
      dismissable={!busy}
    >
      {onSubmit ? (
        <form className="ed-import__panel" onSubmit={onSubmit}>
          {head}
          {children}
        </form>
      ) : (
        <div className="ed-import__panel">
          {head}
          {children}
        </div>
      )}
    </Modal>
  );
}

interface ImportActionsProps {
  onClose: () => void;
  /** rows are being added: both buttons wait, the confirm spins */
  importing: boolean;
  /** the confirm may not be pressed (nothing chosen, or a read running) */
  disabled: boolean;
  /** the confirm's words ('Importa 3 date') */
  label: string;
  /** the confirm's action; without one it submits the sheet's form */
  onConfirm?: () => void;
}

/** 'Annulla' and the confirm, with its spinner while the rows are added. */
export function ImportActions({ onClose, importing, disabled, label, onConfirm }: ImportActionsProps) {
  return (
    <footer className="ed-import__actions">
      <button type="button" className="btn btn-secondary" onClick={onClose} disabled={importing}>
        {t('import.cancel')}
      </button>
      <button
        type={onConfirm ? 'button' : 'submit'}
        className="btn btn-primary"
        onClick={onConfirm}
        disabled={disabled || importing}
        aria-busy={importing || undefined}
      >
        {importing && <span className="spinner" aria-hidden="true" />}
        {importing ? t('import.running') : label}
      </button>
    </footer>
  );
}
