/**
 * The files a save is sending, in the save bar: per file a progress bar with MB and percent and
 * 'Annulla'; a file that did not make it shows why, with 'Riprova' (which sends that file alone)
 * and a way to put the message away. State and actions: src/stores/editor/upload.ts
 * ('Riprova': retryUpload in src/stores/editor/save.ts).
 */
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { AlertCircle, RotateCcw, X } from 'lucide-react';
import { t } from '../../core/messages';
import { percentOf } from '../../lib/format';
import { $saving } from '../../stores/editor/state';
import {
  $uploads,
  cancelUpload,
  dismissUploads,
  progressText,
  type Upload,
  type UploadWhat,
  uploadLabel,
} from '../../stores/editor/upload';
import { retryUpload } from '../../stores/editor/save';
import './editor-upload.css';

export default function UploadProgress() {
  const uploads = useStore($uploads);
  const saving = useStore($saving);
  const retryButtons = useRef(new Map<UploadWhat, HTMLButtonElement>());
  // after 'Annulla' the focus goes to that file's 'Riprova' (the 'Annulla' it was on is gone)
  const focusRetryOf = useRef<UploadWhat | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of the list is the trigger to look for the button
  useEffect(() => {
    const what = focusRetryOf.current;
    const button = what ? retryButtons.current.get(what) : undefined;
    if (!button) return;
    focusRetryOf.current = null;
    button.focus();
  }, [uploads]);

  if (uploads.length === 0) return null;

  const cancel = (what: UploadWhat) => {
    focusRetryOf.current = what;
    cancelUpload(what);
  };
  const retry = () => {
    if (!saving) void retryUpload();
  };
  // the line put away takes its buttons with it: the focus goes on to the save button beside it
  const dismiss = (what: UploadWhat) => {
    dismissUploads(what);
    document.querySelector<HTMLButtonElement>('.ed-actions .ed-save')?.focus();
  };

  const going = uploads.some((u) => u.state === 'sending' || u.state === 'waiting');
  return (
    <section className="ed-upload" aria-label={t('sending.panel')}>
      {going && <p className="hint ed-upload__locked">{t('sending.locked')}</p>}
      <ul className="ed-upload__list">
        {uploads.map((u) => (
          <UploadRow
            key={u.what}
            upload={u}
            saving={saving}
            onCancel={() => cancel(u.what)}
            onRetry={retry}
            onDismiss={() => dismiss(u.what)}
            retryRef={(el) => {
              if (el) retryButtons.current.set(u.what, el);
              else retryButtons.current.delete(u.what);
            }}
          />
        ))}
      </ul>
    </section>
  );
}

interface RowProps {
  upload: Upload;
  saving: boolean;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
  retryRef: (el: HTMLButtonElement | null) => void;
}

function UploadRow({ upload: u, saving, onCancel, onRetry, onDismiss, retryRef }: RowProps) {
  const going = u.state === 'sending' || u.state === 'waiting';
  const percent = percentOf(u.loaded, u.total);
  const labelId = `ed-upload-${u.what}`;
  return (
    <li className={`ed-upload__item ed-upload__item--${u.state}`} data-state={u.state}>
      <div className="ed-upload__head">
        {!going && <AlertCircle size={18} aria-hidden="true" className="ed-upload__icon" />}
        <p className="ed-upload__label tabular" id={labelId}>
          {uploadLabel(u)}
        </p>
        {!going && (
          <button
            type="button"
            className="btn btn-ghost btn-icon ed-upload__dismiss"
            onClick={onDismiss}
            aria-label={t('sending.dismiss', { what: u.name })}
          >
            <X size={18} aria-hidden="true" />
          </button>
        )}
      </div>
      {going ? (
        <div className="ed-upload__row">
          <div
            className="ed-upload__bar"
            role="progressbar"
            aria-labelledby={labelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={progressText(u.loaded, u.total)}
          >
            <span className="ed-upload__fill" style={{ width: `${percent}%` }} />
          </div>
          <button
            type="button"
            className="btn btn-secondary ed-upload__cancel"
            onClick={onCancel}
            aria-label={t('sending.cancelLabel', { what: u.name })}
          >
            {t('sending.cancel')}
          </button>
        </div>
      ) : (
        <div className="ed-upload__row">
          <p className="ed-upload__reason">{u.detail ?? t('sending.cancelledReason')}</p>
          <button
            type="button"
            ref={retryRef}
            className="btn btn-secondary ed-upload__retry"
            onClick={onRetry}
            aria-disabled={saving || undefined}
            aria-label={t('sending.retryLabel', { what: u.name })}
          >
            <RotateCcw size={18} aria-hidden="true" />
            {t('sending.retry')}
          </button>
        </div>
      )}
    </li>
  );
}
