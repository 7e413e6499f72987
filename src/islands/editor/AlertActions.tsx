// 'Invia ora' and 'Annulla' of one scheduled alert (docs/behaviour.md#for-the-organiser), as the
// notice in the message bar (AlertNotice.tsx) and the Fan view's alert list (extras/fans/FanAlerts.tsx)
// both show them. Each caller keeps its own frame: the wrapper, the icon size, the spinner class.
// A Lettore sees the alerts but not these actions (docs/behaviour.md#teams).
import { useStore } from '@nanostores/react';
import { Loader2, Send, X } from 'lucide-react';
import { t } from '../../core/messages';
import { cancelAlert, type FanAlert, joinCities, sendAlertNow } from '../../stores/editor/fans';
import { $rights } from '../../stores/editor/rights';

interface Props {
  slug: string;
  alert: FanAlert;
  /** a send or cancel of this alert is under way */
  busy: boolean;
  className: string;
  iconSize: number;
  spinClassName: string;
}

export function AlertActions({ slug, alert, busy, className, iconSize, spinClassName }: Props) {
  const rights = useStore($rights);
  const cities = joinCities(alert.cities);
  if (!rights.write) return null;
  // an alert the daily cap holds cannot leave sooner (docs/behaviour.md#alerts): no 'Invia ora'
  const held = Boolean(alert.held_until);
  return (
    <div className={className}>
      {!held && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void sendAlertNow(slug, alert)}
          disabled={busy}
          aria-label={cities ? t('fans.editor.alert.sendNowLabel', { cities }) : undefined}
        >
          {busy ? (
            <Loader2 size={iconSize} aria-hidden="true" className={spinClassName} />
          ) : (
            <Send size={iconSize} aria-hidden="true" />
          )}
          {t('fans.editor.sendNow')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => void cancelAlert(slug, alert)}
        disabled={busy}
        aria-label={cities ? t('fans.editor.alert.cancelLabel', { cities }) : undefined}
      >
        <X size={iconSize} aria-hidden="true" />
        {t('fans.editor.cancel')}
      </button>
    </div>
  );
}
