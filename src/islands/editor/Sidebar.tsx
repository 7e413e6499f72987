// The 'Landing Pages' side panel: count, last update time, refresh; per page
// the display title, slug, company (admins: inline edit, Enter saves, Escape cancels), a
// show/hide toggle (not for a Lettore) and delete to the trash (a Titolare's); a visible page
// outside its publishing window says 'Programmata' or 'Scaduta' (docs/behaviour.md#in-the-editor).
// Clicking a page loads it for editing. Below the pages, the 'Cestino' (TrashList.tsx).
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Building2, Eye, EyeOff, FileText, Loader2, Pencil, RefreshCw, Trash2 } from 'lucide-react';
import { focusOnMount } from '../../components/focus';
import { Modal } from '../../components/Modal';
import { Skeletons } from '../../components/Skeletons';
import { t } from '../../core/messages';
import { windowState } from '../../core/schedule';
import { confirmDialog } from '../../stores/dialog';
import { $isAdmin } from '../../stores/session';
import { $editing, $loadingPage, confirmDiscard, setEditingMeta } from '../../stores/editor/state';
import { loadPageForEdit, resetEditor } from '../../stores/editor/load';
import { notify } from '../../stores/editor/notice';
import {
  $pagesList,
  $pagesListAt,
  deletePage,
  revalidatePagesList,
  setCompany,
  setVisibility,
} from '../../stores/editor/pages';
import type { PageListItem } from '../../core/schemas/page';
import { $rights } from '../../stores/editor/rights';
import { loadTrash } from '../../stores/editor/trash';
import NotificationBar from './NotificationBar';
import TrashList from './TrashList';
import { CloseButton } from '../../components/CloseButton';

export default function Sidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const list = useStore($pagesList);
  const at = useStore($pagesListAt);
  const rights = useStore($rights);

  // every opening shows a fresh list
  useEffect(() => {
    if (open) revalidatePagesList();
  }, [open]);

  const pages = list.data ?? [];
  const time = at ? at.toLocaleTimeString('it-IT', { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : '';

  return (
    <Modal open={open} onClose={onClose} labelledBy="ed-drawer-title" className="ed-drawer">
      <div className="ed-drawer__panel">
        <header className="ed-drawer__head">
          <div>
            <h2 id="ed-drawer-title" className="ed-drawer__title">
              {t('editor.sidebar.title')}
            </h2>
            <p className="ed-drawer__meta tabular" aria-live="polite">
              {t('editor.sidebar.count', { count: pages.length })}
              {time && <> · {t('editor.sidebar.updatedAt', { time })}</>}
            </p>
          </div>
          <div className="ed-drawer__tools">
            {/* aria-disabled, not disabled, while the list loads: a disabled button loses focus
                (the dialog's first control when it opens, or the one just pressed), and focus
                would fall to <body> */}
            <button
              type="button"
              className="btn btn-ghost btn-icon"
              onClick={() => {
                if (!list.loading) revalidatePagesList();
              }}
              aria-label={t('editor.sidebar.refresh')}
              title={t('editor.sidebar.refresh')}
              aria-disabled={list.loading || undefined}
            >
              <RefreshCw size={18} aria-hidden="true" className={list.loading ? 'ed-spin' : undefined} />
            </button>
            <CloseButton label={t('editor.sidebar.close')} onClick={onClose} />
          </div>
        </header>
        <NotificationBar />
        <div className="ed-drawer__body">
          {list.loading && !list.data ? (
            <Skeletons count={3} className="ed-drawer__skeletons" itemClassName="skeleton ed-page-skeleton" />
          ) : list.error && !list.data ? (
            <div className="ed-empty">
              <p className="ed-empty__title">{t('editor.sidebar.loadError')}</p>
              {list.error instanceof Error && <p className="error-text">{list.error.message}</p>}
              <button type="button" className="btn btn-secondary btn-sm" onClick={revalidatePagesList}>
                {t('editor.sidebar.retry')}
              </button>
            </div>
          ) : pages.length === 0 ? (
            <div className="ed-empty">
              <FileText size={32} aria-hidden="true" />
              <p className="ed-empty__title">{t('editor.sidebar.empty')}</p>
              {/* 'Genera landing' means nothing to a Lettore, who creates no page */}
              {rights.write && <p className="hint">{t('editor.sidebar.emptyHint')}</p>}
            </div>
          ) : (
            <ul className="ed-pages stack stack-list">
              {pages.map((p) => (
                <PageItem key={p.folder_name} page={p} onLoaded={onClose} />
              ))}
            </ul>
          )}
          <TrashList open={open} />
        </div>
      </div>
    </Modal>
  );
}

function PageItem({ page, onLoaded }: { page: PageListItem; onLoaded: () => void }) {
  const isAdmin = useStore($isAdmin);
  const rights = useStore($rights);
  const editing = useStore($editing);
  const loadingSlug = useStore($loadingPage);
  const [busy, setBusy] = useState<null | 'visibility' | 'delete' | 'company'>(null);
  const [editingCompany, setEditingCompany] = useState(false);
  const [company, setCompanyDraft] = useState(page.company ?? '');
  const title = page.display_title || page.title;
  const current = editing?.slug === page.folder_name;
  const timing = page.visible ? windowState(page.visible_from, page.visible_until) : 'open';

  const load = async () => {
    // loading replaces the form: unsaved changes are dropped only when the organiser says so
    if (!(await confirmDiscard(title))) return;
    if (await loadPageForEdit(page.folder_name)) onLoaded();
  };

  const toggle = async () => {
    setBusy('visibility');
    try {
      await setVisibility(page.folder_name, !page.visible);
      if (current) setEditingMeta({ visible: !page.visible });
      notify('success', t(page.visible ? 'editor.sidebar.visibilityOff' : 'editor.sidebar.visibilityOn'));
    } catch {
      notify('error', t('error.visibilityUpdate'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    // what goes, and that it comes back: the page moves to the trash (docs/behaviour.md#trash)
    const ok = await confirmDialog({
      title: t('trashList.delete.title', { title }),
      message: t('trashList.delete.message', { slug: page.folder_name }),
      confirmLabel: t('trashList.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    setBusy('delete');
    try {
      await deletePage(page.folder_name);
      if (current) resetEditor();
      notify('success', t('trashList.deleted', { title }));
      void loadTrash();
    } catch (err) {
      revalidatePagesList();
      notify('error', t('error.delete', { detail: err instanceof Error ? err.message : t('error.connection') }));
    } finally {
      setBusy(null);
    }
  };

  const saveCompany = async () => {
    const value = company.trim();
    if (!value || value === page.company) {
      setEditingCompany(false);
      setCompanyDraft(page.company ?? '');
      return;
    }
    setBusy('company');
    try {
      await setCompany(page.folder_name, value);
      if (current) setEditingMeta({ company: value });
      setEditingCompany(false);
      notify('success', t('editor.sidebar.companyUpdated'));
    } catch {
      notify('error', t('error.companyUpdate'));
    } finally {
      setBusy(null);
    }
  };

  const onCompanyKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void saveCompany();
    } else if (event.key === 'Escape') {
      // Escape cancels the edit, not the whole panel
      event.preventDefault();
      event.stopPropagation();
      setEditingCompany(false);
      setCompanyDraft(page.company ?? '');
    }
  };

  return (
    <li
      className={`ed-page ${current ? 'is-current' : ''} ${page.visible ? '' : 'is-hidden'}`}
      data-slug={page.folder_name}
    >
      <button type="button" className="ed-page__main" onClick={() => void load()} disabled={loadingSlug !== null}>
        {/* named by what it shows, then what it does: the visible text leads the name (WCAG 2.5.3) */}
        <span className="ed-page__title">{title}</span>
        <span className="ed-page__slug">/{page.folder_name}</span>
        <span className="ed-page__badges">
          {current && <span className="badge badge-accent">{t('editor.sidebar.editing')}</span>}
          {!page.visible && <span className="badge badge-warning">{t('editor.sidebar.hidden')}</span>}
          {timing === 'scheduled' && (
            <span className="badge badge-accent" data-testid="window-badge">
              {t('editor.sidebar.scheduled')}
            </span>
          )}
          {timing === 'expired' && (
            <span className="badge badge-warning" data-testid="window-badge">
              {t('editor.sidebar.expired')}
            </span>
          )}
          {loadingSlug === page.folder_name && <Loader2 size={14} className="ed-spin" aria-hidden="true" />}
        </span>
        <span className="visually-hidden">: {t('editor.sidebar.load', { title })}</span>
      </button>
      {isAdmin && (
        <div className="ed-page__company">
          <Building2 size={14} aria-hidden="true" />
          {editingCompany ? (
            <div className="ed-page__company-edit">
              <label className="visually-hidden" htmlFor={`co-${page.id}`}>
                {t('editor.sidebar.companyInput', { title })}
              </label>
              <input
                id={`co-${page.id}`}
                className="input ed-company-input"
                value={company}
                ref={focusOnMount}
                disabled={busy === 'company'}
                onChange={(e) => setCompanyDraft(e.target.value)}
                onKeyDown={onCompanyKey}
                onBlur={() => {
                  if (busy !== 'company') {
                    setEditingCompany(false);
                    setCompanyDraft(page.company ?? '');
                  }
                }}
                aria-describedby={`co-${page.id}-hint`}
              />
              <span id={`co-${page.id}-hint`} className="hint ed-company-hint">
                {t('editor.sidebar.companyHint')}
              </span>
            </div>
          ) : (
            <button
              type="button"
              className="ed-page__company-btn"
              onClick={() => setEditingCompany(true)}
              // the name holds the company shown on the button (WCAG 2.5.3)
              aria-label={t('editor.sidebar.companyEdit', { title, company: page.company || '—' })}
            >
              <span className="ed-page__company-name">{page.company || '—'}</span>
              <Pencil size={12} aria-hidden="true" />
            </button>
          )}
        </div>
      )}
      <div className="ed-page__actions">
        {rights.write && (
          <button
            type="button"
            className={`ed-switch ${page.visible ? 'is-on' : ''}`}
            role="switch"
            aria-checked={page.visible}
            aria-label={t(page.visible ? 'editor.sidebar.toggleHidden' : 'editor.sidebar.toggleVisible', { title })}
            onClick={() => void toggle()}
            disabled={busy !== null}
          >
            <span className="ed-switch__track" aria-hidden="true">
              <span className="ed-switch__thumb" />
            </span>
            {page.visible ? <Eye size={16} aria-hidden="true" /> : <EyeOff size={16} aria-hidden="true" />}
            <span className="ed-switch__text">
              {t(page.visible ? 'editor.sidebar.visible' : 'editor.sidebar.hidden')}
            </span>
          </button>
        )}
        {rights.owner && (
          <button
            type="button"
            className="btn btn-ghost btn-icon ed-page__delete"
            onClick={() => void remove()}
            aria-label={t('editor.sidebar.delete', { title })}
            disabled={busy !== null}
          >
            {busy === 'delete' ? (
              <Loader2 size={18} className="ed-spin" aria-hidden="true" />
            ) : (
              <Trash2 size={18} aria-hidden="true" />
            )}
          </button>
        )}
      </div>
    </li>
  );
}
