// The 'Team' screen (docs/behaviour.md#teams): the company's members with role, 'Dati dei fan'
// and since when, the requests to join, the invitations and the activity log. A Titolare acts
// on them; Editors and Lettori read (the server says so in `can_manage`). An administrator sees
// every company's activity, and the team of their own company when they are in one.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { AlertCircle, CheckCircle2, Info } from 'lucide-react';
import Guard from '../../components/Guard';
import { t } from '../../core/messages';
import { $isAdmin, $user } from '../../stores/session';
import { $team, $teamNotice, loadTeam } from '../../stores/team/team';
import { ActivitySection } from './ActivitySection';
import { InvitationsSection } from './InvitationsSection';
import { MembersSection, RequestsSection } from './MembersSection';
import './team-screen.css';

export default function TeamScreen() {
  return (
    <Guard area="user" fallback={<ScreenSkeleton />}>
      <Team />
    </Guard>
  );
}

function ScreenSkeleton() {
  return (
    <div className="tm-screen container" aria-busy="true">
      <div className="skeleton tm-skel-title" />
      <div className="skeleton tm-skel-card" />
    </div>
  );
}

function Team() {
  const me = useStore($user);
  const isAdmin = useStore($isAdmin);
  const team = useStore($team);
  const notice = useStore($teamNotice);
  // an administrator outside any team (the operator's own company) sees the whole activity log
  const logOnly = isAdmin && !me?.company_role;

  useEffect(() => {
    if (!logOnly) void loadTeam();
  }, [logOnly]);

  const data = logOnly ? null : team.data;
  const canManage = data?.can_manage ?? false;

  return (
    <div className="tm-screen container">
      <header className="tm-head">
        <h1 className="tm-title">{t('teamScreen.pageTitle')}</h1>
        {data ? <p className="tm-subtitle">{t('teamScreen.subtitle', { company: data.company })}</p> : null}
      </header>

      {data && !canManage ? (
        <p className="alert alert-info tm-readonly" data-testid="team-readonly">
          <Info size={18} aria-hidden="true" />
          <span>{t('teamScreen.readOnly')}</span>
        </p>
      ) : null}

      <div aria-live="polite" className="tm-notice">
        {notice ? (
          <p className={`alert ${notice.ok ? 'alert-success' : 'alert-error'}`} data-testid="team-notice">
            {notice.ok ? <CheckCircle2 size={18} aria-hidden="true" /> : <AlertCircle size={18} aria-hidden="true" />}
            <span>{notice.message}</span>
          </p>
        ) : null}
      </div>

      {team.error && !logOnly ? (
        <div className="alert alert-error" role="alert">
          <span>{t('teamScreen.loadFailed', { detail: team.error })}</span>
        </div>
      ) : null}

      {logOnly ? (
        <ActivitySection members={[]} isAdmin />
      ) : data ? (
        <div className="tm-grid">
          <div className="stack tm-col">
            <MembersSection
              company={data.company}
              members={data.members}
              canManage={canManage}
              selfId={me?.id ?? null}
            />
            {canManage || data.requests.length > 0 ? (
              <RequestsSection company={data.company} requests={data.requests} canManage={canManage} />
            ) : null}
            {canManage || data.invitations.length > 0 ? (
              <InvitationsSection company={data.company} invitations={data.invitations} canManage={canManage} />
            ) : null}
          </div>
          <div className="stack tm-col">
            <ActivitySection members={data.members} isAdmin={isAdmin} />
          </div>
        </div>
      ) : team.error ? null : (
        <div className="skeleton tm-skel-card" />
      )}
    </div>
  );
}
