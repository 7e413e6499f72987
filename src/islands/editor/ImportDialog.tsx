// 'Importa date': rows pasted from a spreadsheet or a CSV, a live preview of the dates to be added
// and of the bad rows with their reasons, and a confirm that says how many. Loaded lazily by the
// button list (it brings the CSV reader); a full-screen sheet on phones.
import { type FormEvent, useId } from 'react';
import { useStore } from '@nanostores/react';
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { ImportActions, ImportSheet } from './ImportSheet';
import type { EventRow } from '../../core/event-rows';
import { t } from '../../core/messages';
import { $importing, $importPreview, $importText, importRows, setImportText } from '../../stores/editor/import';

function eventLine(e: EventRow): string {
  return [e.date, e.city, e.venue, e.ctas.map((c) => c.buttonText).join(' / ')].join(' – ');
}

export default function ImportDialog({ onClose }: { onClose: () => void }) {
  const text = useStore($importText);
  const preview = useStore($importPreview);
  const importing = useStore($importing);
  const id = useId();
  const count = preview.good.length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (count === 0 || importing) return;
    if ((await importRows()) > 0) onClose();
  };

  return (
    <ImportSheet id={id} title={t('import.title')} busy={importing} onClose={onClose} onSubmit={submit}>
      <div className="ed-import__body">
        <div className="field ed-import__field">
          <label className="label" htmlFor={`${id}-text`}>
            {t('import.label')}
          </label>
          <p id={`${id}-hint`} className="hint">
            {t('import.hint')} <span className="ed-import__example">{t('import.example')}</span>
          </p>
          <textarea
            id={`${id}-text`}
            className="textarea ed-import__text"
            rows={7}
            value={text}
            onChange={(e) => setImportText(e.target.value)}
            placeholder={t('import.placeholder')}
            spellCheck={false}
            autoComplete="off"
            autoCapitalize="off"
            wrap="off"
            readOnly={importing}
            data-autofocus
          />
          <p className="hint">{t('import.sources')}</p>
        </div>
        <section className="ed-import__preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`} className="ed-import__subtitle">
            {t('import.preview.title')}
          </h3>
          {count === 0 && preview.bad.length === 0 && <p className="hint">{t('import.preview.empty')}</p>}
          {preview.bad.length > 0 && (
            <>
              <p className="ed-import__group is-bad">
                <AlertCircle size={16} aria-hidden="true" />
                {t('import.preview.bad', { count: preview.bad.length })}
              </p>
              <ul className="ed-import__rows is-bad" data-testid="import-bad">
                {preview.bad.map((row) => (
                  <li key={row.line} className="ed-import__row">
                    {row.error}
                  </li>
                ))}
              </ul>
            </>
          )}
          {count > 0 && (
            <>
              <p className="ed-import__group is-good">
                <CheckCircle2 size={16} aria-hidden="true" />
                {t('import.preview.good', { count })}
              </p>
              <ol className="ed-import__rows" data-testid="import-good">
                {preview.good.map((row) => (
                  <li key={row.line} className="ed-import__row">
                    <span className="ed-import__line">{t('import.preview.row', { line: row.line })}</span>
                    <span className="ed-import__event">{eventLine(row.event)}</span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>
        <p className="visually-hidden" role="status">
          {text.trim() ? t('import.summary', { good: count, bad: preview.bad.length }) : ''}
        </p>
      </div>
      <ImportActions
        onClose={onClose}
        importing={importing}
        disabled={count === 0}
        label={count === 1 ? t('import.confirmOne') : t('import.confirm', { count })}
      />
    </ImportSheet>
  );
}
