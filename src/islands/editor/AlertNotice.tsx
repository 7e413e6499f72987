// The scheduled-alert notice in the message bar's slot (docs/behaviour.md#for-the-organiser): after
// a save that added dates, 'Avviso ai fan di Milano alle 10:42' with 'Invia ora' and 'Annulla', one
// line per alert still in its grace delay. State and actions: src/stores/editor/fans.ts.
import { useStore } from '@nanostores/react';
import { BellRing } from 'lucide-react';
import { $alertBusy, $scheduledAlerts, alertNotice } from '../../stores/editor/fans';
import { AlertActions } from './AlertActions';
import './editor-alerts.css';

export default function AlertNotice({ slug }: { slug: string }) {
  const scheduled = useStore($scheduledAlerts);
  const busy = useStore($alertBusy);
  if (!scheduled || scheduled.slug !== slug || scheduled.alerts.length === 0) return null;
  return (
    <div className="ed-alerts" data-testid="fan-alert-notice">
      {scheduled.alerts.map((alert) => (
        <div key={alert.id} className="ed-alert" data-alert-id={alert.id}>
          <BellRing size={20} aria-hidden="true" className="ed-alert__icon" />
          <p className="ed-alert__text">{alertNotice(alert)}</p>
          <AlertActions
            slug={slug}
            alert={alert}
            busy={busy.has(alert.id)}
            className="ed-alert__actions"
            iconSize={16}
            spinClassName="ed-spin"
          />
        </div>
      ))}
    </div>
  );
}
