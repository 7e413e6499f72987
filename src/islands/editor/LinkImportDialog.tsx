// 'Importa da link' (docs/behaviour.md#in-the-editor-importa-da-link): the address of a ticket
// page, the dates the Worker read there in the import's preview (to add, already on the page,
// not usable and why), each a checkbox, and a confirm that says how many. Loaded lazily by the
// button list; a full-screen sheet on phones, as 'Importa date'.
import { type FormEvent, useId } from 'react';
import { useStore } from '@nanostores/react';
import { AlertCircle, CheckCircle2, CopyCheck } from 'lucide-react';
import { ImportActions, ImportSheet } from './ImportSheet';
import { romeDateTime } from '../../core/event-rows';
import { t } from '../../core/messages';
import { BUTTONS_MAX } from '../../core/schemas/page';
import { rowDateText } from '../../core/ticket-events';
import {
  $linkChoice,
  $linkChosen,
  $linkRead,
  $linkUrl,
  importChosen,
  type LinkRow,
  readLink,
  setLinkUrl,
  toggleRow,
} from '../../stores/editor/link-import';
import { $importing } from '../../stores/editor/import';
import { $buttons } from '../../stores/editor/state';

function RowText({ row }: { row: LinkRow }) {
  return (
    <span className="ed-import__event">
      <strong>{rowDateText(row)}</strong> · {row.city || '—'} · {row.venue || '—'}
      {row.sold_out && <span className="badge badge-danger ed-link__badge">{t('ticketImport.soldOut')}</span>}
      {row.on_sale_at && (
        <span className="badge badge-accent ed-link__badge">
          {t('ticketImport.onSale', { when: romeDateTime(row.on_sale_at) })}
        </span>
      )}
      {row.reason && <span className="ed-link__reason">{row.reason}</span>}
    </span>
  );
}

function ChoiceRows({ rows, id }: { rows: LinkRow[]; id: string }) {
  const chosen = useStore($linkChosen);
  const importing = useStore($importing);
  return (
    <ul className="ed-import__rows ed-link__rows" data-testid={id}>
      {rows.map((row) => (
        <li key={row.index}>
          <label className="ed-import__row ed-link__choice">
            <input
              type="checkbox"
              className="ed-link__check"
              checked={chosen.has(row.index)}
              onChange={() => toggleRow(row.index)}
              disabled={importing}
            />
            <RowText row={row} />
          </label>
        </li>
      ))}
    </ul>
  );
}

export default function LinkImportDialog({ onClose }: { onClose: () => void }) {
  const url = useStore($linkUrl);
  const read = useStore($linkRead);
  const choice = useStore($linkChoice);
  const importing = useStore($importing);
  const id = useId();
  const reading = read.phase === 'reading';
  const rows = read.phase === 'done' ? read.rows : [];
  const fresh = rows.filter((r) => r.status === 'new');
  const duplicates = rows.filter((r) => r.status === 'duplicate');
  const unusable = rows.filter((r) => r.status === 'unusable');
  // the page's button limit (BUTTONS_MAX): the rows past it are not added (addEvents), so the
  // confirm counts only those that fit and a note says so
  const listed = useStore($buttons).length;
  const room = Math.max(0, BUTTONS_MAX - listed);
  const count = Math.min(choice.length, room);
  const busy = reading || importing;

  const submitRead = (event: FormEvent) => {
    event.preventDefault();
    void readLink();
  };
  const confirm = async () => {
    if (count === 0 || busy) return;
    if ((await importChosen()) > 0) onClose();
  };

  return (
    <ImportSheet id={id} title={t('ticketImport.open')} busy={importing} onClose={onClose}>
      <div className="ed-import__body">
        <form className="field ed-import__field" onSubmit={submitRead} noValidate>
          <label className="label" htmlFor={`${id}-url`}>
            {t('ticketImport.label')}
          </label>
          <p id={`${id}-hint`} className="hint">
            {t('ticketImport.hint')}
          </p>
          <div className="ed-link__ask">
            <input
              id={`${id}-url`}
              className="input ed-link__url"
              type="url"
              inputMode="url"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              placeholder={t('ticketImport.placeholder')}
              value={url}
              onChange={(e) => setLinkUrl(e.target.value)}
              readOnly={busy}
              aria-invalid={read.phase === 'failed' || undefined}
              aria-describedby={read.phase === 'failed' ? `${id}-hint ${id}-error` : `${id}-hint`}
              data-autofocus
            />
            <button
              type="submit"
              className="btn btn-secondary ed-link__read"
              // not `disabled` while reading: a focused button that is disabled loses the focus
              // to the page, and the reader would lose its place (the store ignores a second read)
              disabled={!url.trim() || importing}
              aria-disabled={reading || undefined}
              aria-busy={reading || undefined}
            >
              {reading && <span className="spinner" aria-hidden="true" />}
              {reading ? t('ticketImport.reading') : t('ticketImport.read')}
            </button>
          </div>
          {read.phase === 'failed' && (
            <p id={`${id}-error`} className="error-text ed-link__error" role="alert">
              <AlertCircle size={16} aria-hidden="true" />
              {read.error}
            </p>
          )}
        </form>
        <section className="ed-import__preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`} className="ed-import__subtitle">
            {t('import.preview.title')}
          </h3>
          {read.phase !== 'done' && <p className="hint">{t('ticketImport.empty')}</p>}
          {fresh.length > 0 && (
            <>
              <p className="ed-import__group is-good">
                <CheckCircle2 size={16} aria-hidden="true" />
                {t('ticketImport.group.new', { count: fresh.length })}
              </p>
              <ChoiceRows rows={fresh} id="link-new" />
            </>
          )}
          {duplicates.length > 0 && (
            <>
              <p className="ed-import__group ed-link__group-duplicate">
                <CopyCheck size={16} aria-hidden="true" />
                {t('ticketImport.group.duplicate', { count: duplicates.length })}
              </p>
              <p className="hint ed-link__group-hint">{t('ticketImport.duplicateHint')}</p>
              <ChoiceRows rows={duplicates} id="link-duplicate" />
            </>
          )}
          {unusable.length > 0 && (
            <>
              <p className="ed-import__group is-bad">
                <AlertCircle size={16} aria-hidden="true" />
                {t('ticketImport.group.unusable', { count: unusable.length })}
              </p>
              <ul className="ed-import__rows is-bad" data-testid="link-unusable">
                {unusable.map((row) => (
                  <li key={row.index} className="ed-import__row">
                    <RowText row={row} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        {choice.length > room && (
          <p className="hint ed-link__full" data-testid="link-full">
            {room === 0
              ? t('ticketImport.fullNone', { max: BUTTONS_MAX })
              : room === 1
                ? t('ticketImport.fullOne')
                : t('ticketImport.full', { room })}
          </p>
        )}
        <p className="visually-hidden" role="status">
          {reading
            ? t('ticketImport.reading')
            : read.phase === 'done'
              ? t('ticketImport.summary', {
                  total: rows.length,
                  chosen: count,
                  duplicate: duplicates.length,
                  unusable: unusable.length,
                })
              : ''}
        </p>
      </div>
      <ImportActions
        onClose={onClose}
        importing={importing}
        disabled={count === 0 || busy}
        onConfirm={() => void confirm()}
        label={
          count === 0
            ? t('ticketImport.confirmNone')
            : count === 1
              ? t('ticketImport.confirmOne')
              : t('ticketImport.confirm', { count })
        }
      />
    </ImportSheet>
  );
}
