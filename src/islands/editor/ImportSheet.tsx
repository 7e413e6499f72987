// The frame both date imports share ('Importa date', 'Importa da link'): a modal dialog on wide
// screens and a full-screen sheet on phones (import-dialog.css), its title with the close
// button, then the dialog's own body and actions. `busy` keeps it open while rows are added.
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
