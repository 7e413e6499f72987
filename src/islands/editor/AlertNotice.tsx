// The scheduled-alert notice in the message bar's slot (docs/behaviour.md#for-the-organiser): after
// a save that added dates, 'Avviso ai fan di Milano alle 10:42' with 'Invia ora' and 'Annulla', one
// line per alert still in its grace delay. State and actions: src/stores/editor-fans.ts.
import { useStore } from '@nanostores/react';
import { BellRing, Loader2, Send, X } from 'lucide-react';
import { t } from '../../core/messages';
import {
  $alertBusy,
  $scheduledAlerts,
  alertNotice,
  cancelAlert,
  joinCities,
  sendAlertNow,
} from '../../stores/editor-fans';
import './editor-alerts.css';

export default function AlertNotice({ slug }: { slug: string }) {
  const scheduled = useStore($scheduledAlerts);
  const busy = useStore($alertBusy);
  if (!scheduled || scheduled.slug !== slug || scheduled.alerts.length === 0) return null;
  return (
    <div className="ed-alerts" data-testid="fan-alert-notice">
      {scheduled.alerts.map((alert) => {
        const waiting = busy.has(alert.id);
        const cities = joinCities(alert.cities);
        return (
          <div key={alert.id} className="ed-alert" data-alert-id={alert.id}>
            <BellRing size={20} aria-hidden="true" className="ed-alert__icon" />
            <p className="ed-alert__text">{alertNotice(alert)}</p>
            <div className="ed-alert__actions">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => void sendAlertNow(slug, alert)}
                disabled={waiting}
                aria-label={cities ? t('fans.editor.alert.sendNowLabel', { cities }) : undefined}
              >
                {waiting ? (
                  <Loader2 size={16} aria-hidden="true" className="ed-spin" />
                ) : (
                  <Send size={16} aria-hidden="true" />
                )}
                {t('fans.editor.sendNow')}
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => void cancelAlert(slug, alert)}
                disabled={waiting}
                aria-label={cities ? t('fans.editor.alert.cancelLabel', { cities }) : undefined}
              >
                <X size={16} aria-hidden="true" />
                {t('fans.editor.cancel')}
              </button>
            </div>
          </div>
        );
      })}
    </div>
  );
}
