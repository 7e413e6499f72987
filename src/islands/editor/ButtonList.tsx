// The button list: reorder, edit, delete. dnd-kit (drag and keyboard) is loaded lazily;
// until then the same rows render without handles. In text mode the title row also offers
// 'Importa date' and 'Esporta CSV' (docs/behaviour.md#importing-and-exporting-dates), whose
// code (the dialog, the CSV reader) loads on first use.
import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Download, FileUp, ListOrdered } from 'lucide-react';
import { t } from '../../core/messages';
import { $buttons, $form } from '../../stores/editor';
import ButtonRow from './ButtonRow';

const SortableButtons = lazy(() => import('./SortableButtons'));
const loadImportDialog = () => import('./ImportDialog');
const ImportDialog = lazy(loadImportDialog);

async function exportCsv(): Promise<void> {
  const { exportCsv: download } = await import('../../stores/editor-import');
  download();
}

function ListActions({ hasEvents }: { hasEvents: boolean }) {
  const [importOpen, setImportOpen] = useState(false);
  // the dialog's code starts loading as soon as the organiser reaches for the button
  const preload = () => void loadImportDialog();
  return (
    <div className="ed-list-actions">
      <button
        type="button"
        className="btn btn-secondary ed-list-actions__btn"
        onClick={() => setImportOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
        aria-haspopup="dialog"
      >
        <FileUp size={18} aria-hidden="true" />
        {t('import.open')}
      </button>
      {hasEvents && (
        <button type="button" className="btn btn-secondary ed-list-actions__btn" onClick={() => void exportCsv()}>
          <Download size={18} aria-hidden="true" />
          {t('import.export')}
        </button>
      )}
      {importOpen && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImportOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

export default function ButtonList() {
  const buttons = useStore($buttons);
  const mode = useStore($form, { keys: ['mode'] }).mode;
  return (
    <section className="card ed-card" aria-labelledby="ed-list-title">
      <div className="ed-list-head">
        <h2 id="ed-list-title" className="ed-card__title">
          {t('editor.section.list')}
          <span className="badge tabular" data-testid="button-count">
            {t(buttons.length === 1 ? 'editor.list.countOne' : 'editor.list.count', { count: buttons.length })}
          </span>
        </h2>
        {mode === 'text' && <ListActions hasEvents={buttons.some((b) => b.type === 'text')} />}
      </div>
      {buttons.length === 0 ? (
        <div className="ed-empty">
          <ListOrdered size={28} aria-hidden="true" />
          <p>{t('editor.list.empty')}</p>
        </div>
      ) : (
        <Suspense
          fallback={
            <ol className="ed-list">
              {buttons.map((b, i) => (
                <li key={b.key}>
                  <ButtonRow button={b} index={i} />
                </li>
              ))}
            </ol>
          }
        >
          <SortableButtons buttons={buttons} />
        </Suspense>
      )}
    </section>
  );
}
