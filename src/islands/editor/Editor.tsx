/**
 * The organiser's editor, mounted at /admin and /user inside <Guard>.
 * State lives in src/stores/editor/; this file lays the screen out and wires the slots of
 * slots.ts (custom style panel, code, stats, fan and history views, share extras) that the extras fill.
 * What the signed-in role cannot do is not offered (docs/behaviour.md#teams): a Lettore gets the
 * form read-only, without create and save, and one note that says so.
 */
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Eye, FileSearch, Info, LayoutList, Loader2, Save, Undo2, X } from 'lucide-react';
import { t } from '../../core/messages';
import Guard from '../../components/Guard';
import { confirmDialog } from '../../stores/dialog';
import { $isAdmin } from '../../stores/session';
import { $dirty, $editing, $editorView, $form, $saving, type EditorView } from '../../stores/editor/state';
import { resetEditor } from '../../stores/editor/load';
import { $canPreview } from '../../stores/editor/payload';
import { save } from '../../stores/editor/save';
import { $sendingFiles } from '../../stores/editor/upload';
import { $pagesList } from '../../stores/editor/pages';
import { $rights } from '../../stores/editor/rights';
import PageForm from './PageForm';
import ButtonCreator from './ButtonCreator';
import ButtonList from './ButtonList';
import NotificationBar from './NotificationBar';
import AlertNotice from './AlertNotice';
import ShareLink from './ShareLink';
import UploadProgress from './UploadProgress';
import ViewSwitch, { offeredViews, tabId, VIEW_PANEL_ID } from './ViewSwitch';
import { stickyBottom } from './sticky-inset';
import { slots } from './slots';
import './editor.css';

const Sidebar = lazy(() => import('./Sidebar'));
const PreviewPopup = lazy(() => import('./PreviewPopup'));

export default function EditorApp({ area }: { area: 'admin' | 'user' }) {
  return (
    <Guard area={area}>
      <Editor />
    </Guard>
  );
}

export function Editor() {
  const editing = useStore($editing);
  const view = useStore($editorView);
  const isAdmin = useStore($isAdmin);
  const list = useStore($pagesList);
  const form = useStore($form);
  const saving = useStore($saving);
  const sendingFiles = useStore($sendingFiles);
  const canPreview = useStore($canPreview);
  const rights = useStore($rights);
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const [sidebarLoaded, setSidebarLoaded] = useState(false);
  const [previewOpen, setPreviewOpen] = useState(false);

  const openSidebar = () => {
    setSidebarLoaded(true);
    setSidebarOpen(true);
  };

  // closing or leaving the tab with unsaved changes: the browser asks first
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!$dirty.get()) return;
      event.preventDefault();
      // older browsers show the prompt only when returnValue is set
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  // the preview chunk is fetched while the organiser works, so the popup opens at once
  useEffect(() => {
    if (!canPreview) return;
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 300));
    idle(() => void import('./PreviewPopup'));
  }, [canPreview]);

  const cancelEdit = async () => {
    const ok = await confirmDialog({
      title: t('editor.cancelEdit'),
      message: t('editor.cancelEdit.confirm'),
      confirmLabel: t('editor.cancelEdit.confirmLabel'),
      cancelLabel: t('editor.cancelEdit.keep'),
      danger: true,
    });
    if (ok) resetEditor();
  };

  const count = list.data?.length;
  const CustomStylePanel = slots.customStylePanel;
  const CodeView = slots.codeView;
  const StatsView = slots.statsView;
  const FansView = slots.fansView;
  const HistoryView = slots.historyView;
  const readOnly = !rights.write;
  const showCustomPanel = form.mode === 'text' && form.style === 'custom' && CustomStylePanel;
  const slotProps = { slug: editing?.slug ?? null, isAdmin };
  // the view tabs show only in edit mode
  const tabs = editing
    ? offeredViews({
        isAdmin,
        hasCode: Boolean(CodeView),
        hasStats: Boolean(StatsView),
        hasFans: Boolean(FansView),
        hasHistory: Boolean(HistoryView),
      })
    : [];
  // a Lettore's columns are disabled fieldsets: every field and button inside shows, none acts
  const Col = readOnly ? ReadOnlyCol : EditCol;
  // Each view's panel is the tabpanel of its tab, not a landmark: the views carry their own
  // named <section>, and two nested landmarks with one name are announced twice.
  const panelFor = (id: EditorView) => (tabs.length > 0 ? { role: 'tabpanel', 'aria-labelledby': tabId(id) } : {});

  return (
    <div className="ed">
      <header className="ed-head">
        <div className="ed-head__text">
          <h1 className="ed-title">{t(editing ? 'editor.title.edit' : 'editor.title.create')}</h1>
          {(editing || !readOnly) && (
            <p className="ed-subtitle">
              {editing ? t('editor.subtitle.edit', { title: form.title || editing.slug }) : t('editor.subtitle.create')}
            </p>
          )}
        </div>
        <div className="ed-head__actions">
          {editing && (
            // a Lettore has nothing to cancel: the page just closes
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => (readOnly ? resetEditor() : void cancelEdit())}
              disabled={saving}
            >
              {readOnly ? <X size={18} aria-hidden="true" /> : <Undo2 size={18} aria-hidden="true" />}
              {t(readOnly ? 'editorRoles.close' : 'editor.cancelEdit')}
            </button>
          )}
          <button
            type="button"
            className="btn btn-secondary ed-pages-btn"
            onClick={openSidebar}
            aria-haspopup="dialog"
            aria-expanded={sidebarOpen}
          >
            <LayoutList size={18} aria-hidden="true" />
            {t('editor.sidebarButton')}
            {count !== undefined && <span className="badge badge-accent tabular">{count}</span>}
          </button>
        </div>
      </header>

      <ViewSwitch views={tabs} />

      {/* said once, where the tabs end: the controls below are read-only */}
      {readOnly && rights.read && (
        <p className="ed-readonly-note" data-testid="readonly-note">
          <Info size={18} aria-hidden="true" />
          {t('editorRoles.readOnly')}
        </p>
      )}

      {/* below the tabs and in the flow: a message never sits on top of a control */}
      <NotificationBar pinned>
        {/* 'Avviso ai fan di Milano alle 10:42' after a save that added dates, in sight wherever the
            organiser is on the page (the Fan view lists the alerts itself) */}
        {editing && view !== 'fans' && <AlertNotice slug={editing.slug} />}
      </NotificationBar>

      <ShareLink />

      {view === 'code' && editing && CodeView && isAdmin ? (
        <div className="ed-view" id={VIEW_PANEL_ID} {...panelFor('code')}>
          <Suspense fallback={<div className="skeleton ed-skeleton" />}>
            <CodeView {...slotProps} />
          </Suspense>
        </div>
      ) : view === 'stats' && editing && StatsView ? (
        <div className="ed-view" id={VIEW_PANEL_ID} {...panelFor('stats')}>
          <Suspense fallback={<div className="skeleton ed-skeleton" />}>
            <StatsView {...slotProps} />
          </Suspense>
        </div>
      ) : view === 'history' && editing && HistoryView ? (
        <div className="ed-view" id={VIEW_PANEL_ID} {...panelFor('history')}>
          <Suspense fallback={<div className="skeleton ed-skeleton" />}>
            <HistoryView {...slotProps} />
          </Suspense>
        </div>
      ) : !editing && readOnly ? (
        // a Lettore creates nothing: the editor waits for a page from the list
        <div className="card ed-card ed-pick" data-testid="pick-page">
          <FileSearch size={32} aria-hidden="true" />
          <h2 className="ed-pick__title">{t('editorRoles.pickPage.title')}</h2>
          <p className="hint">{t('editorRoles.pickPage.text')}</p>
          <button type="button" className="btn btn-primary" onClick={openSidebar} aria-haspopup="dialog">
            <LayoutList size={18} aria-hidden="true" />
            {t('editorRoles.pickPage.open')}
          </button>
        </div>
      ) : view === 'fans' && editing && FansView ? (
        <div className="ed-view" id={VIEW_PANEL_ID} {...panelFor('fans')}>
          <Suspense fallback={<div className="skeleton ed-skeleton" />}>
            <FansView {...slotProps} />
          </Suspense>
        </div>
      ) : (
        <>
          {/* locked while a save runs: what the organiser typed meanwhile would be replaced by the saved page */}
          <div className="ed-grid" id={VIEW_PANEL_ID} {...panelFor('edit')} inert={saving || undefined}>
            <Col>
              <PageForm />
              {showCustomPanel && (
                // a plain box: the panel inside is the landmark named by its own heading
                <div className="card ed-card">
                  <Suspense fallback={<div className="skeleton ed-skeleton" />}>
                    <CustomStylePanel {...slotProps} />
                  </Suspense>
                </div>
              )}
            </Col>
            <Col>
              {!readOnly && <ButtonCreator />}
              <ButtonList />
            </Col>
          </div>

          {/* biome-ignore lint/a11y/useSemanticElements: a bar of buttons, not a form section that a fieldset's legend would name */}
          <div className="ed-actions" ref={stickyBottom} role="group" aria-label={t('editor.pageTitle')}>
            <div className="ed-actions__inner">
              {/* the files of a save, with their progress, beside the button that sent them */}
              <UploadProgress />
              {!canPreview && (
                <p className="hint ed-actions__hint" id="ed-preview-hint">
                  {t('editor.action.previewHint')}
                </p>
              )}
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setPreviewOpen(true)}
                disabled={!canPreview}
                aria-haspopup="dialog"
                aria-describedby={canPreview ? undefined : 'ed-preview-hint'}
                title={canPreview ? undefined : t('editor.action.previewHint')}
              >
                <Eye size={18} aria-hidden="true" />
                {t('editor.action.preview')}
              </button>
              {!readOnly && (
                <button
                  type="button"
                  className="btn btn-primary ed-save"
                  onClick={() => void save()}
                  disabled={saving}
                  aria-busy={saving || undefined}
                >
                  {saving ? (
                    <Loader2 size={18} className="ed-spin" aria-hidden="true" />
                  ) : (
                    <Save size={18} aria-hidden="true" />
                  )}
                  {/* 'Salvataggio…' while the page goes, 'Invio file…' while its files do */}
                  {saving
                    ? t(sendingFiles ? 'sending.button' : 'editor.action.saving')
                    : t(editing ? 'editor.action.update' : 'editor.action.create')}
                </button>
              )}
            </div>
          </div>
        </>
      )}

      {sidebarLoaded && (
        <Suspense fallback={null}>
          <Sidebar open={sidebarOpen} onClose={() => setSidebarOpen(false)} />
        </Suspense>
      )}
      {previewOpen && (
        <Suspense fallback={null}>
          <PreviewPopup onClose={() => setPreviewOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function EditCol({ children }: { children: ReactNode }) {
  return <div className="ed-col">{children}</div>;
}

function ReadOnlyCol({ children }: { children: ReactNode }) {
  return (
    <fieldset className="ed-col ed-col--readonly" disabled>
      {children}
    </fieldset>
  );
}
