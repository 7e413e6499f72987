// One button of the list: a summary, edit and delete. The drag handle comes from the caller
// (the sortable list), so the same row renders before dnd-kit has loaded.
import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { Link2, Loader2, Pencil, Trash2 } from 'lucide-react';
import { t } from '../../core/messages';
import { isPastEvent } from '../../core/schedule';
import type { EditorButton } from '../../stores/editor/state';
import { removeButton } from '../../stores/editor/buttons';
import { $editingKey, editButton } from '../../stores/editor/draft';
import { SaleBadge } from './SaleBadge';
import { PresaleNote } from './PresaleFields';
import { TicketSourceNotice } from './TicketSourceNotice';

export default function ButtonRow({
  button,
  index,
  handle,
}: {
  button: EditorButton;
  index: number;
  handle?: ReactNode;
}) {
  const editingKey = useStore($editingKey);
  const n = index + 1;
  const past = button.type === 'text' && isPastEvent(button.data);
  const edit = () => {
    editButton(button.key);
    requestAnimationFrame(() => {
      const target = document.getElementById(button.type === 'text' ? 'ed-date' : 'ed-image-url');
      target?.focus();
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  };
  return (
    <div
      className={`ed-row ${editingKey === button.key ? 'is-editing' : ''} ${past ? 'is-past' : ''}`}
      data-testid="button-row"
    >
      {handle}
      <span className="ed-row__n num-dot tabular" aria-hidden="true">
        {n}
      </span>
      <div className="ed-row__body">
        {button.type === 'text' ? (
          <>
            <p className="ed-row__title">
              <span className="ed-row__date">{button.data}</span>
              {button.city && <span className="ed-row__city">{button.city}</span>}
              {past && (
                <span className="badge ed-row__past" data-testid="past-badge">
                  {t('editor.schedule.past')}
                </span>
              )}
            </p>
            {button.venue && <p className="ed-row__venue">{button.venue}</p>}
            <ul className="ed-row__ctas" aria-label={t('editor.cta.legend')}>
              {button.ctaButtons.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: read-only chips of a saved event, redrawn together
                <li key={i} className={`ed-chip ${c.buttonText.toLowerCase() === 'soldout' ? 'is-soldout' : ''}`}>
                  {c.buttonText}
                  {c.url ? <Link2 size={12} aria-label={c.url} /> : null}
                </li>
              ))}
            </ul>
            {!past && (
              <p className="ed-row__sale">
                <SaleBadge button={button} />
              </p>
            )}
            {!past && <PresaleNote button={button} />}
          </>
        ) : (
          <div className="ed-row__image">
            {(button.previewImage || button.image) && (
              <img src={button.previewImage ?? button.image} alt={t('editor.list.imageButton', { n })} />
            )}
            <span className="ed-row__url">{button.url || t('editor.list.noUrl')}</span>
            {button.uploading && (
              <span className="badge badge-warning" role="status">
                <Loader2 size={12} className="ed-spin" aria-hidden="true" /> {t('editor.list.uploading')}
              </span>
            )}
          </div>
        )}
      </div>
      <div className="ed-row__actions">
        <button
          type="button"
          className="btn btn-ghost btn-icon"
          onClick={edit}
          aria-label={t('editor.list.edit', { n })}
        >
          <Pencil size={18} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-icon ed-row__delete"
          onClick={() => removeButton(button.key)}
          aria-label={t('editor.list.delete', { n })}
        >
          <Trash2 size={18} aria-hidden="true" />
        </button>
      </div>
      {/* what its ticket page now says, across the whole row (docs/behaviour.md#keeping-up-with-the-ticket-page) */}
      {button.type === 'text' && !past && <TicketSourceNotice button={button} />}
    </div>
  );
}
