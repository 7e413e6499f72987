// The page's alerts to its fans, newest first: what (cities and dates), when (Europe/Rome), to how
// many, how it went; 'Invia ora' and 'Annulla' on a scheduled new-date alert. The on-sale e-mails
// and their reminders are listed read-only, named by kind: they follow the CTAs' on-sale instants.
// An alert the daily cap holds says so, and when it leaves (docs/behaviour.md#alerts).
import { useId } from 'react';
import { useStore } from '@nanostores/react';
import { BellRing, CalendarDays, Hourglass } from 'lucide-react';
import { FAN_GRACE_MINUTES } from '../../../../core/fans';
import { t } from '../../../../core/messages';
import {
  $alertBusy,
  alertHeldLine,
  alertReach,
  alertStatusLabel,
  alertWhen,
  type FanAlert,
  joinCities,
} from '../../../../stores/editor/fans';
import { AlertActions } from '../../AlertActions';

const BADGES: Record<FanAlert['status'], string> = {
  scheduled: 'badge-warning',
  sending: 'badge-accent',
  sent: 'badge-success',
  cancelled: '',
};

function AlertItem({ slug, alert, busy }: { slug: string; alert: FanAlert; busy: boolean }) {
  const cities = joinCities(alert.cities);
  const held = alertHeldLine(alert);
  return (
    <li className="xs-fan-alert" data-alert-id={alert.id} data-status={alert.status}>
      <div className="xs-fan-alert-top">
        <span className={`badge ${BADGES[alert.status]}`}>{alertStatusLabel(alert.status)}</span>
        {/* a presale waiting for its codes leaves when they come, not at its time */}
        {!alert.waits_for_codes && <span className="xs-fan-alert-when tabular">{alertWhen(alert)}</span>}
      </div>
      {alert.kind !== 'new_date' && <p className="xs-fan-alert-kind">{t(`drops.editor.kind.${alert.kind}`)}</p>}
      <p className="xs-fan-alert-what">{cities || t('fans.editor.alert.noEvents')}</p>
      {alert.events.length > 0 && (
        <ul className="xs-fan-alert-events">
          {alert.events.map((e) => (
            <li key={e.button_id}>
              <CalendarDays size={14} aria-hidden="true" />
              <span>{[e.date, e.city, e.venue].filter(Boolean).join(' · ')}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="xs-fan-alert-reach tabular">{alertReach(alert)}</p>
      {held && (
        <p className="xs-fan-alert-held" data-testid="fan-alert-held">
          <Hourglass size={14} aria-hidden="true" />
          <span>{held}</span>
        </p>
      )}
      {alert.waits_for_codes && (
        <p className="xs-fan-alert-held" data-testid="fan-alert-no-codes">
          <Hourglass size={14} aria-hidden="true" />
          <span>{t('presale.editor.noCodes')}</span>
        </p>
      )}
      {alert.status === 'scheduled' && alert.kind === 'new_date' && (
        <AlertActions
          slug={slug}
          alert={alert}
          busy={busy}
          className="xs-actions"
          iconSize={14}
          spinClassName="xs-spin"
        />
      )}
    </li>
  );
}

export function FanAlerts({ slug, alerts }: { slug: string; alerts: readonly FanAlert[] }) {
  const headingId = useId();
  const busy = useStore($alertBusy);
  return (
    <section className="xs-card" aria-labelledby={headingId} data-testid="fans-alerts">
      <h3 id={headingId} className="xs-subtitle">
        <BellRing size={16} aria-hidden="true" />
        {t('fans.editor.alerts.title')}
      </h3>
      {alerts.length === 0 ? (
        <p className="hint">{t('fans.editor.alerts.none', { minutes: FAN_GRACE_MINUTES })}</p>
      ) : (
        <ol className="xs-fan-alerts">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} slug={slug} alert={alert} busy={busy.has(alert.id)} />
          ))}
        </ol>
      )}
    </section>
  );
}
