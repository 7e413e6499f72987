// The notice under a date row that came from a ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page):
// what the ticket site now says ('Il sito dei biglietti dice: esaurito') with 'Applica' and
// 'Ignora', each sent alone; or that its page can no longer be read. The result is announced by
// the editor's message bar (a live region); the buttons are full 44 px touch targets.
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { AlertTriangle, Loader2, RefreshCw } from 'lucide-react';
import { t } from '../../core/messages';
import type { EditorTextButton } from '../../stores/editor/state';
import { $ticketBusy, answerTicketChange, ticketNoticeOf } from '../../stores/editor/ticket-source';
import './editor-ticket-source.css';

export function TicketSourceNotice({ button }: { button: EditorTextButton }) {
  const busy = useStore($ticketBusy);
  const id = useId();
  const notice = ticketNoticeOf(button);
  if (!notice) return null;
  const Icon = notice.kind === 'change' ? RefreshCw : AlertTriangle;
  const sending = busy === button.key;
  return (
    <div className={`ed-ticket-notice is-${notice.kind}`} data-testid="ticket-notice">
      <div className="ed-ticket-notice__text" id={id}>
        <Icon size={16} aria-hidden="true" />
        <div>
          {notice.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      </div>
      {notice.kind === 'change' && (
        <div className="ed-ticket-notice__actions">
          <button
            type="button"
            className="btn btn-primary"
            aria-describedby={id}
            disabled={busy !== null}
            onClick={() => void answerTicketChange(button.key, 'apply')}
          >
            {sending && <Loader2 size={14} className="ed-spin" aria-hidden="true" />}
            {t('ticketSource.apply')}
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            aria-describedby={id}
            disabled={busy !== null}
            onClick={() => void answerTicketChange(button.key, 'ignore')}
          >
            {t('ticketSource.ignore')}
          </button>
        </div>
      )}
    </div>
  );
}
