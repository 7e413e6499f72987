// The team's members (role, 'Dati dei fan', since when, who invited them) and the requests to
// join. A Titolare changes roles and rights, removes, accepts and refuses; everyone else reads.
import { useState } from 'react';
import { Check, Trash2, UserRoundPlus, Users, X } from 'lucide-react';
import { t } from '../../core/messages';
import type { CompanyRole } from '../../core/schemas/user';
import { confirmDialog } from '../../stores/dialog';
import { type ActResult, accept, changeFans, changeRole, refuse, remove, type Member } from '../../stores/team/team';
import { personLabel, roleName } from '../../stores/team/rules';
import { formatDate } from '../admin/format';
import { FansBox, RoleDialog, RoleSelect } from './RoleFields';
import { ActionButton } from '../../components/ActionButton';

export function RoleBadge({ role }: { role: CompanyRole | null }) {
  if (!role) return null;
  return (
    <span className={`badge tm-role tm-role-${role}`} data-role={role}>
      {roleName(role)}
    </span>
  );
}

function Person({ person, selfId }: { person: Member; selfId: number | null }) {
  return (
    <div className="tm-person">
      <span className="tm-avatar" aria-hidden="true">
        {personLabel(person).charAt(0).toUpperCase()}
      </span>
      <div className="tm-person-text">
        <p className="tm-name">
          {personLabel(person)}
          {person.id === selfId ? <span className="badge tm-you">{t('teamScreen.you')}</span> : null}
        </p>
        <p className="tm-email">{person.email}</p>
      </div>
    </div>
  );
}

export function MembersSection({
  company,
  members,
  canManage,
  selfId,
}: {
  company: string;
  members: Member[];
  canManage: boolean;
  selfId: number | null;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  // a refusal (the last Titolare's 409) is shown in the row it concerns, where the eyes are
  const [failed, setFailed] = useState<{ id: number; message: string } | null>(null);

  async function run(member: Member, call: () => Promise<ActResult>) {
    setBusy(member.id);
    setFailed(null);
    const result = await call();
    setBusy(null);
    if (!result.ok) setFailed({ id: member.id, message: result.message });
  }

  async function onRole(member: Member, role: CompanyRole) {
    if (role === member.role) return;
    const name = personLabel(member);
    const ok = await confirmDialog({
      title: t('teamScreen.role.title', { name }),
      message: t('teamScreen.role.body', { name, role: roleName(role) }),
      confirmLabel: t('teamScreen.role.confirm'),
    });
    if (ok) await run(member, () => changeRole(member, role));
  }

  async function onFans(member: Member, fans: boolean) {
    await run(member, () => changeFans(member, fans));
  }

  async function onRemove(member: Member) {
    const name = personLabel(member);
    const ok = await confirmDialog({
      title: t('teamScreen.remove.title', { name }),
      message: t('teamScreen.remove.body', { name, company }),
      confirmLabel: t('teamScreen.remove'),
      danger: true,
    });
    if (ok) await run(member, () => remove(member));
  }

  return (
    <section className="card stack tm-section" aria-labelledby="tm-members-title" data-testid="team-members">
      <h2 id="tm-members-title" className="section-title">
        <Users size={20} aria-hidden="true" />
        {t('teamScreen.members.title')}
        <span className="badge tabular">{members.length}</span>
      </h2>
      {members.length === 0 ? (
        <p className="hint tm-empty">{t('teamScreen.members.empty')}</p>
      ) : (
        <ul className="tm-list">
          {members.map((member) => {
            const name = personLabel(member);
            const role = member.role ?? 'viewer';
            return (
              <li
                key={member.id}
                className="tm-row"
                data-email={member.email}
                aria-busy={busy === member.id || undefined}
              >
                <Person person={member} selfId={selfId} />
                <div className="tm-facts">
                  <RoleBadge role={member.role} />
                  {member.fans_access ? (
                    <span className="badge badge-success tm-fans">{t('team.fansAccess')}</span>
                  ) : null}
                  <span className="tm-meta tabular">{t('teamScreen.since', { date: formatDate(member.since) })}</span>
                  {member.invited_by_name ? (
                    <span className="tm-meta">{t('teamScreen.invitedBy', { name: member.invited_by_name })}</span>
                  ) : null}
                </div>
                {canManage ? (
                  <div className="tm-controls">
                    <RoleSelect
                      id={`tm-role-${member.id}`}
                      label={t('teamScreen.roleOf', { name })}
                      labelHidden
                      value={role}
                      disabled={busy === member.id}
                      onChange={(next) => void onRole(member, next)}
                    />
                    <FansBox
                      id={`tm-fans-${member.id}`}
                      role={role}
                      checked={member.fans_access}
                      withHint={false}
                      disabled={busy === member.id}
                      onChange={(next) => void onFans(member, next)}
                    />
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm tm-remove"
                      aria-label={t('teamScreen.remove.label', { name })}
                      disabled={busy === member.id}
                      onClick={() => void onRemove(member)}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                      {t('teamScreen.remove')}
                    </button>
                  </div>
                ) : null}
                {failed?.id === member.id ? (
                  <p className="alert alert-error tm-row-error" role="alert" data-testid="team-row-error">
                    {failed.message}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function RequestsSection({
  company,
  requests,
  canManage,
}: {
  company: string;
  requests: Member[];
  canManage: boolean;
}) {
  const [accepting, setAccepting] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);

  async function onRefuse(member: Member) {
    const name = personLabel(member);
    const ok = await confirmDialog({
      title: t('teamScreen.refuse.title', { name }),
      message: t('teamScreen.refuse.body', { name, company }),
      confirmLabel: t('teamScreen.refuse'),
      danger: true,
    });
    if (ok) await refuse(member);
  }

  async function onAccept(role: CompanyRole, fans: boolean) {
    if (!accepting) return;
    setBusy(true);
    await accept(accepting, role, fans);
    setBusy(false);
    setAccepting(null);
  }

  return (
    <section className="card stack tm-section" aria-labelledby="tm-requests-title" data-testid="team-requests">
      <h2 id="tm-requests-title" className="section-title">
        <UserRoundPlus size={20} aria-hidden="true" />
        {t('teamScreen.requests.title')}
        {requests.length > 0 ? <span className="badge badge-danger tabular">{requests.length}</span> : null}
      </h2>
      {requests.length === 0 ? (
        <p className="hint tm-empty">{t('teamScreen.requests.empty')}</p>
      ) : (
        <ul className="tm-list">
          {requests.map((member) => {
            const name = personLabel(member);
            return (
              <li key={member.id} className="tm-row" data-email={member.email}>
                <Person person={member} selfId={null} />
                <div className="tm-facts">
                  <span className="tm-meta tabular">{t('teamScreen.askedOn', { date: formatDate(member.since) })}</span>
                </div>
                {canManage ? (
                  <div className="tm-controls">
                    <ActionButton
                      icon={Check}
                      text={t('teamScreen.accept')}
                      className="btn-primary"
                      label={t('teamScreen.accept.label', { name })}
                      onClick={() => setAccepting(member)}
                    />
                    <ActionButton
                      icon={X}
                      text={t('teamScreen.refuse')}
                      className="btn-secondary"
                      label={t('teamScreen.refuse.label', { name })}
                      onClick={() => void onRefuse(member)}
                    />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {canManage ? <p className="hint tm-foot">{t('teamScreen.requests.hint', { company })}</p> : null}
      {accepting ? (
        <RoleDialog
          key={accepting.id}
          open
          title={t('teamScreen.accept.title', { name: personLabel(accepting) })}
          body={t('teamScreen.accept.body', { name: personLabel(accepting) })}
          submitLabel={t('teamScreen.accept')}
          busy={busy}
          onCancel={() => setAccepting(null)}
          onSubmit={(role, fans) => void onAccept(role, fans)}
        />
      ) : null}
    </section>
  );
}
