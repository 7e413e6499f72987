// The sidebar's 'Cestino' (docs/behaviour.md#trash): the pages deleted in the last 30 days, each
// with who deleted it and when, the days left and the fans and views it still holds. A Titolare
// (or an administrator) gets 'Ripristina' and 'Elimina definitivamente', the latter only once the
// page's slug is typed. State and actions: src/stores/editor/trash.ts.
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import { AlertTriangle, ChevronDown, RotateCcw, Trash2, XCircle } from 'lucide-react';
import { Modal } from '../../components/Modal';
import { ToggleButton } from '../../components/ToggleButton';
import { t } from '../../core/messages';
import { $isAdmin } from '../../stores/session';
import { $rights } from '../../stores/editor/rights';
import {
  $trash,
  $trashBusy,
  daysLeftText,
  deletedText,
  holdsText,
  loadTrash,
  purgeConfirmationMatches,
  purgeFromTrash,
  restoreFromTrash,
  type TrashItem,
} from '../../stores/editor/trash';
import { ActionButton } from '../../components/ActionButton';

export default function TrashList({ open }: { open: boolean }) {
  const id = useId();
  const trash = useStore($trash);
  const [shown, setShown] = useState(false);
  const [purging, setPurging] = useState<TrashItem | null>(null);

  // every opening of the sidebar reads the trash afresh, as it does the pages
  useEffect(() => {
    if (open) void loadTrash();
  }, [open]);

  const pages = trash?.pages ?? [];
  return (
    <section className="ed-trash" aria-labelledby={`${id}-heading`} data-testid="trash">
      <h3 className="ed-trash__heading" id={`${id}-heading`}>
        <ToggleButton
          open={shown}
          controls={`${id}-body`}
          className="ed-trash__toggle"
          onClick={() => setShown((v) => !v)}
        >
          <Trash2 size={18} aria-hidden="true" />
          <span className="ed-trash__label">{t('trashList.title')}</span>
          <span className="badge tabular">{pages.length}</span>
          <ChevronDown size={18} aria-hidden="true" className="ed-trash__chevron" />
        </ToggleButton>
      </h3>
      <div id={`${id}-body`} className="ed-trash__body" hidden={!shown}>
        <p className="hint">{t('trashList.intro')}</p>
        {trash?.status === 'error' && (
          <div className="alert alert-error ed-trash__error" role="alert">
            <span>
              {t('trashList.loadFailed')} {trash.error}
            </span>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadTrash()}>
              {t('editor.sidebar.retry')}
            </button>
          </div>
        )}
        {trash?.status === 'ready' && pages.length === 0 ? (
          <p className="ed-trash__empty">{t('trashList.empty')}</p>
        ) : (
          <ul className="ed-trash__list stack stack-list">
            {pages.map((item) => (
              <TrashRow key={item.folder_name} item={item} onPurge={() => setPurging(item)} />
            ))}
          </ul>
        )}
      </div>
      {purging && <PurgeDialog item={purging} onClose={() => setPurging(null)} />}
    </section>
  );
}

function TrashRow({ item, onPurge }: { item: TrashItem; onPurge: () => void }) {
  const rights = useStore($rights);
  const isAdmin = useStore($isAdmin);
  const busy = useStore($trashBusy);
  const mine = busy === item.folder_name;
  return (
    <li className="ed-trash-item" data-slug={item.folder_name}>
      <div className="ed-trash-item__text">
        <span className="ed-page__title">{item.title}</span>
        <span className="ed-page__slug">
          /{item.folder_name}
          {isAdmin && item.company ? ` · ${item.company}` : ''}
        </span>
        <span className="ed-trash-item__meta">{deletedText(item)}</span>
        <span className="ed-trash-item__meta">
          <span className={`badge ${item.days_left <= 3 ? 'badge-danger' : 'badge-warning'}`}>
            {daysLeftText(item.days_left)}
          </span>{' '}
          <span className="tabular">{holdsText(item)}</span>
        </span>
      </div>
      {rights.owner && (
        <div className="ed-trash-item__actions">
          <ActionButton
            icon={RotateCcw}
            iconSize={14}
            busy={mine}
            text={t('historyView.restore')}
            className="btn-secondary"
            onClick={() => void restoreFromTrash(item)}
            disabled={busy !== null}
            label={t('trashList.restoreLabel', { title: item.title })}
          />
          <ActionButton
            icon={XCircle}
            iconSize={14}
            text={t('trashList.purge')}
            className="btn-ghost ed-trash-item__purge"
            onClick={onPurge}
            disabled={busy !== null}
            popup="dialog"
            label={t('trashList.purgeLabel', { title: item.title })}
          />
        </div>
      )}
    </li>
  );
}

/** 'Elimina definitivamente': the slug typed, then gone for ever. */
function PurgeDialog({ item, onClose }: { item: TrashItem; onClose: () => void }) {
  const ids = useId();
  const busy = useStore($trashBusy) === item.folder_name;
  const [typed, setTyped] = useState('');
  const matches = purgeConfirmationMatches(item.folder_name, typed);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || busy) return;
    if (await purgeFromTrash(item)) onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      labelledBy={`${ids}-title`}
      describedBy={`${ids}-msg`}
      className="confirm-dialog"
      dismissable={!busy}
    >
      <form className="confirm-dialog__body" onSubmit={(e) => void submit(e)}>
        <div className="confirm-dialog__icon is-danger" aria-hidden="true">
          <AlertTriangle size={22} />
        </div>
        <h2 id={`${ids}-title`} className="confirm-dialog__title">
          {t('trashList.purge.title', { title: item.title })}
        </h2>
        <p id={`${ids}-msg`} className="confirm-dialog__message">
          {t('trashList.purge.message')}
        </p>
        <div className="field confirm-dialog__field">
          <label className="label" htmlFor={`${ids}-input`}>
            {t('trashList.purge.prompt', { slug: item.folder_name })}
          </label>
          <input
            id={`${ids}-input`}
            className="input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-describedby={`${ids}-hint`}
          />
          <span id={`${ids}-hint`} className="hint">
            {matches ? '\u00a0' : t('trashList.purge.mismatch', { slug: item.folder_name })}
          </span>
        </div>
        <div className="confirm-dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            {t('ui.cancel')}
          </button>
          <button type="submit" className="btn btn-danger" disabled={!matches || busy} aria-busy={busy || undefined}>
            {busy && <span className="spinner" aria-hidden="true" />}
            {t('trashList.purge')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
