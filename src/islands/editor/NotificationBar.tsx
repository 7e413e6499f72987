// The editor's notification bar: errors stay 5 s, successes 3 s. What the editor adds below the
// message (the scheduled-alert notice) shares its slot: sticky under the navbar, and announced.
import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import { t } from '../../core/messages';
import { $notice, dismissNotice, holdNotice, releaseNotice } from '../../stores/editor/notice';
import { stickyTop } from './sticky-inset';
import { CloseButton } from '../../components/CloseButton';

/**
 * `pinned`: the page's bar, sticky under the navbar (the drawer's copy stays in its flow).
 * `children`: shown under the message, in the same slot.
 */
export default function NotificationBar({ pinned = false, children }: { pinned?: boolean; children?: ReactNode }) {
  const notice = useStore($notice);
  const Icon = notice?.kind === 'error' ? AlertCircle : notice?.kind === 'success' ? CheckCircle2 : Info;
  return (
    <div
      className="ed-notice-slot"
      ref={pinned ? stickyTop : undefined}
      aria-live={notice?.kind === 'error' ? 'assertive' : 'polite'}
      role="status"
    >
      {notice && (
        <div key={notice.id} className={`ed-notice ed-notice--${notice.kind}`} data-kind={notice.kind}>
          <Icon size={20} aria-hidden="true" className="ed-notice__icon" />
          <p className="ed-notice__text">{notice.text}</p>
          <CloseButton
            label={t('editor.notice.close')}
            onClick={dismissNotice}
            // the message stays while the focus is on its ×
            onFocus={holdNotice}
            onBlur={releaseNotice}
            className="btn-icon ed-notice__close"
            size={18}
          />
        </div>
      )}
      {children}
    </div>
  );
}
