// 'Aggiungi codici' for one date (docs/behaviour.md#presales-in-the-fan-view): codes pasted one a
// line, or a CSV file read into the same box; counted as the Worker will count them before they
// go; 'Aggiungi' adds them, 'Sostituisci i codici' (before the start only) puts them in place of
// the loaded ones after asking.
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { AlertCircle } from 'lucide-react';
import { CodesFileButton } from '../../../../components/CodesFileButton';
import { t } from '../../../../core/messages';
import { $codesBusy, codesPreview, type PresaleDate, uploadCodes } from '../../../../stores/editor/presale-fans';
import { notify } from '../../../../stores/editor/notice';

export function PresaleCodesForm({
  id,
  slug,
  date,
  canReplace,
  onClose,
}: {
  id: string;
  slug: string;
  date: PresaleDate;
  canReplace: boolean;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const busy = useStore($codesBusy).has(date.id);
  const fieldId = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => area.current?.focus(), []);
  const preview = codesPreview(text);
  const ready = preview.codes.length > 0 && !preview.problem && !busy;

  const send = async (replace: boolean) => {
    if (!ready) return;
    if (await uploadCodes(slug, date, text, replace)) onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(false);
  };
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      setText(await file.text());
    } catch {
      notify('error', t('presale.fans.form.fileFailed'));
    }
  };

  return (
    <form id={id} className="xs-presale-form" onSubmit={submit} aria-busy={busy || undefined}>
      <label className="label" htmlFor={fieldId}>
        {t('presale.fans.form.label')}
      </label>
      <p id={`${fieldId}-hint`} className="hint">
        {t('presale.fans.form.hint')}
      </p>
      <textarea
        id={fieldId}
        className="textarea xs-presale-codes"
        rows={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${fieldId}-hint ${fieldId}-count`}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        wrap="off"
        readOnly={busy}
        ref={area}
      />
      <div className="xs-presale-form-row">
        <CodesFileButton
          label={t('presale.fans.form.file')}
          className="btn btn-secondary btn-sm xs-presale-file"
          iconSize={14}
          onFile={(e) => void readFile(e)}
          disabled={busy}
        />
        <p
          id={`${fieldId}-count`}
          className="hint xs-presale-count tabular"
          role="status"
          data-count={preview.codes.length}
        >
          {preview.line}
        </p>
      </div>
      {preview.problem && (
        <p className="xs-presale-error" role="alert">
          <AlertCircle size={14} aria-hidden="true" />
          <span>{preview.problem}</span>
        </p>
      )}
      <div className="xs-actions xs-presale-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={!ready} aria-busy={busy || undefined}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? t('presale.fans.form.sending') : t('presale.fans.form.add')}
        </button>
        {canReplace && (
          <button type="button" className="btn btn-secondary btn-sm" disabled={!ready} onClick={() => void send(true)}>
            {t('presale.fans.replace')}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose} disabled={busy}>
          {t('presale.fans.form.cancel')}
        </button>
      </div>
    </form>
  );
}
