// The button list: reorder, edit, delete. dnd-kit (drag and keyboard) is loaded lazily;
// until then the same rows render without handles. In text mode the title row also offers
// 'Importa date' and 'Esporta CSV' (docs/behaviour.md#importing-and-exporting-dates) and 'Importa
// da link' (docs/behaviour.md#in-the-editor-importa-da-link), whose code (the dialogs, the CSV
// reader) loads on first use, and the date tools: 'Ordina per data'
// (two events or more) and 'Rimuovi date passate' (when some are past; docs/behaviour.md#in-the-editor).
import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { ArrowDownWideNarrow, CalendarX2, Download, FileUp, Link2, ListOrdered } from 'lucide-react';
import { t } from '../../core/messages';
import { $buttons, $form, type EditorButton } from '../../stores/editor/state';
import { pastEventKeys, removePastEvents, sortByDate } from '../../stores/editor/buttons';
import ButtonRow from './ButtonRow';
import { SaleMenu } from './SaleBadge';

const SortableButtons = lazy(() => import('./SortableButtons'));
const loadImportDialog = () => import('./ImportDialog');
const ImportDialog = lazy(loadImportDialog);
const loadLinkImportDialog = () => import('./LinkImportDialog');
const LinkImportDialog = lazy(loadLinkImportDialog);

async function exportCsv(): Promise<void> {
  const { exportCsv: download } = await import('../../stores/editor/import');
  download();
}

function ListActions({ buttons }: { buttons: EditorButton[] }) {
  const [importOpen, setImportOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const events = buttons.filter((b) => b.type === 'text').length;
  const past = pastEventKeys(buttons).length;
  const removePast = () => {
    removePastEvents();
    // the button goes with the past dates: the focus goes to the list's title
    document.getElementById('ed-list-title')?.focus();
  };
  // the dialog's code starts loading as soon as the organiser reaches for the button
  const preload = () => void loadImportDialog();
  const preloadLink = () => void loadLinkImportDialog();
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
      <button
        type="button"
        className="btn btn-secondary ed-list-actions__btn"
        onClick={() => setLinkOpen(true)}
        onPointerEnter={preloadLink}
        onFocus={preloadLink}
        onTouchStart={preloadLink}
        aria-haspopup="dialog"
      >
        <Link2 size={18} aria-hidden="true" />
        {t('ticketImport.open')}
      </button>
      {events > 0 && (
        <button type="button" className="btn btn-secondary ed-list-actions__btn" onClick={() => void exportCsv()}>
          <Download size={18} aria-hidden="true" />
          {t('import.export')}
        </button>
      )}
      {events > 1 && (
        <button type="button" className="btn btn-secondary ed-list-actions__btn" onClick={sortByDate}>
          <ArrowDownWideNarrow size={18} aria-hidden="true" />
          {t('editor.schedule.sort')}
        </button>
      )}
      {past > 0 && (
        <button type="button" className="btn btn-secondary ed-list-actions__btn" onClick={removePast}>
          <CalendarX2 size={18} aria-hidden="true" />
          {t('editor.schedule.removePast')}
          <span className="badge badge-warning tabular">{past}</span>
        </button>
      )}
      {linkOpen && (
        <Suspense fallback={null}>
          <LinkImportDialog onClose={() => setLinkOpen(false)} />
        </Suspense>
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
      <div className="ed-list-head spread">
        <h2 id="ed-list-title" className="ed-card__title" tabIndex={-1}>
          {t('editor.section.list')}
          <span className="badge tabular" data-testid="button-count">
            {t(buttons.length === 1 ? 'editor.list.countOne' : 'editor.list.count', { count: buttons.length })}
          </span>
        </h2>
        {mode === 'text' && <ListActions buttons={buttons} />}
      </div>
      {buttons.length === 0 ? (
        <div className="ed-empty">
          <ListOrdered size={28} aria-hidden="true" />
          <p>{t('editor.list.empty')}</p>
        </div>
      ) : (
        <Suspense
          fallback={
            <ol className="ed-list stack stack-list">
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
      {mode === 'text' && <SaleMenu />}
    </section>
  );
}
