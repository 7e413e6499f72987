// Every admin action is confirmed first, in the shell's ConfirmDialog: a plain
// confirmation, an optional reason for a rejection, the typed name for a deletion. A company
// change gets its own dialog with a picker over the companies list and the role the account
// takes there; accepting a request to join a company asks for the role (docs/behaviour.md#teams).
import { useMemo, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { Building2 } from 'lucide-react';
import { Combobox, suggestions } from '../../components/Combobox';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Modal } from '../../components/Modal';
import { t, type MessageKey } from '../../core/messages';
import { COMPANY_MIN } from '../../core/constants';
import type { CompanyRole, User } from '../../core/schemas/user';
import { DEFAULT_ROLE } from '../../stores/team/rules';
import { DialogActions, FansBox, RoleDialog, RoleSelect } from '../team/RoleFields';
import {
  $companyNames,
  acceptMember,
  refuseMember,
  approveUser,
  banUser,
  changeCompany,
  deleteUser,
  demoteUser,
  promoteUser,
  rejectUser,
  unbanUser,
  userLabel,
  type ActionResult,
} from '../../stores/admin/users';

export type DialogAction =
  | 'approve'
  | 'reject'
  | 'ban'
  | 'unban'
  | 'promote'
  | 'demote'
  | 'delete'
  | 'company'
  | 'teamAccept'
  | 'teamRefuse';
interface TeamChoice {
  role: CompanyRole;
  fans: boolean;
}

export interface Intent {
  action: DialogAction;
  user: User;
}

const TITLES: Record<DialogAction, MessageKey> = {
  approve: 'usersScreen.confirm.approve.title',
  reject: 'usersScreen.confirm.reject.title',
  ban: 'usersScreen.confirm.ban.title',
  unban: 'usersScreen.confirm.unban.title',
  promote: 'usersScreen.confirm.promote.title',
  demote: 'usersScreen.confirm.demote.title',
  delete: 'usersScreen.confirm.delete.title',
  company: 'usersScreen.companyDialog.title',
  teamAccept: 'teamScreen.accept',
  teamRefuse: 'teamScreen.refuse',
};
type Plain = Exclude<DialogAction, 'delete' | 'company' | 'teamAccept' | 'teamRefuse'>;
const BODIES: Record<Plain, MessageKey> = {
  approve: 'usersScreen.confirm.approve.body',
  reject: 'usersScreen.confirm.reject.body',
  ban: 'usersScreen.confirm.ban.body',
  unban: 'usersScreen.confirm.unban.body',
  promote: 'usersScreen.confirm.promote.body',
  demote: 'usersScreen.confirm.demote.body',
};
const SUBMITS: Record<DialogAction, MessageKey> = {
  approve: 'usersScreen.action.approve',
  reject: 'usersScreen.action.reject',
  ban: 'usersScreen.action.ban',
  unban: 'usersScreen.action.unban',
  promote: 'usersScreen.action.promote',
  demote: 'usersScreen.action.demote',
  delete: 'usersScreen.confirm.delete.submit',
  company: 'usersScreen.companyDialog.save',
  teamAccept: 'teamScreen.accept',
  teamRefuse: 'teamScreen.refuse',
};
const DANGER = new Set<DialogAction>(['reject', 'ban', 'demote', 'delete', 'teamRefuse']);

interface Props {
  intent: Intent | null;
  onClose: () => void;
  onDone: (intent: Intent, result: ActionResult) => void;
}

/** `value` is the typed text, or for a company change the company; `team` the role picked. */
function perform(intent: Intent, value: string, team: TeamChoice): Promise<ActionResult> {
  const { action, user } = intent;
  switch (action) {
    case 'approve':
      return approveUser(user);
    case 'reject':
      return rejectUser(user, value);
    case 'ban':
      return banUser(user);
    case 'unban':
      return unbanUser(user);
    case 'promote':
      return promoteUser(user);
    case 'demote':
      return demoteUser(user);
    case 'delete':
      return deleteUser(user, value);
    case 'company':
      return changeCompany(user, value, team.role, team.fans);
    case 'teamAccept':
      return acceptMember(user, team.role, team.fans);
    case 'teamRefuse':
      return refuseMember(user);
  }
}

/** The expected text of a deletion: the full name and the e-mail, either one works. */
function deleteExpectation(user: User): string {
  const name = user.full_name?.trim();
  return name ? `"${name}" / "${user.email}"` : `"${user.email}"`;
}

export function ActionDialog({ intent, onClose, onDone }: Props) {
  const [busy, setBusy] = useState(false);

  async function confirm(value = '', team: TeamChoice = { role: DEFAULT_ROLE, fans: false }) {
    if (!intent || busy) return;
    setBusy(true);
    const result = await perform(intent, value, team);
    setBusy(false);
    onDone(intent, result);
  }

  if (intent?.action === 'company') {
    return (
      <Modal
        open
        onClose={onClose}
        labelledBy="us-action-title"
        describedBy="us-action-body"
        className="us-modal confirm-dialog us-company-dialog"
        dismissable={!busy}
      >
        <CompanyForm
          key={intent.user.id}
          user={intent.user}
          busy={busy}
          onCancel={onClose}
          onSubmit={(v, team) => void confirm(v, team)}
        />
      </Modal>
    );
  }

  if (intent?.action === 'teamAccept') {
    const name = userLabel(intent.user);
    return (
      <RoleDialog
        key={intent.user.id}
        open
        title={t('teamScreen.accept.title', { name })}
        body={t('teamScreen.admin.requestTitle', { company: intent.user.company ?? '' })}
        submitLabel={t('teamScreen.accept')}
        busy={busy}
        onCancel={onClose}
        onSubmit={(role, fans) => void confirm('', { role, fans })}
      />
    );
  }

  const action = intent?.action;
  const name = intent ? userLabel(intent.user) : '';
  const message = !intent
    ? ''
    : intent.action === 'delete'
      ? t('usersScreen.confirm.delete.body', { expected: deleteExpectation(intent.user) })
      : intent.action === 'teamRefuse'
        ? t('teamScreen.refuse.body', { name, company: intent.user.company ?? '' })
        : t(BODIES[intent.action as Plain], { name });
  const prompt =
    action === 'reject'
      ? { label: t('usersScreen.confirm.reject.reason'), multiline: true }
      : action === 'delete'
        ? { label: t('usersScreen.confirm.delete.input') }
        : undefined;
  return (
    <ConfirmDialog
      key={intent ? `${intent.action}-${intent.user.id}` : 'closed'}
      open={intent !== null}
      title={action === 'teamRefuse' ? t('teamScreen.refuse.title', { name }) : action ? t(TITLES[action]) : ''}
      message={message}
      confirmLabel={action ? t(SUBMITS[action]) : undefined}
      danger={action ? DANGER.has(action) : false}
      prompt={prompt}
      busy={busy}
      onConfirm={(value) => void confirm(value ?? '')}
      onCancel={onClose}
    />
  );
}

function CompanyForm({
  user,
  busy,
  onCancel,
  onSubmit,
}: {
  user: User;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (company: string, team: TeamChoice) => void;
}) {
  const [company, setCompany] = useState(user.company ?? '');
  const [role, setRole] = useState<CompanyRole>(DEFAULT_ROLE);
  const [fans, setFans] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const value = company.trim();
    if (value.length < COMPANY_MIN) return setError(t('usersScreen.companyDialog.tooShort'));
    if (value === (user.company ?? '')) return setError(t('usersScreen.companyDialog.same'));
    onSubmit(value, { role, fans });
  }

  return (
    <form className="confirm-dialog__body" onSubmit={submit} noValidate>
      <div className="confirm-dialog__icon" aria-hidden="true">
        <Building2 size={22} />
      </div>
      <h2 id="us-action-title" className="confirm-dialog__title">
        {t('usersScreen.companyDialog.title')}
      </h2>
      <p id="us-action-body" className="confirm-dialog__message">
        {t('usersScreen.companyDialog.body', { name: userLabel(user) })}
      </p>
      <CompanyPicker
        value={company}
        current={user.company}
        onChange={(v) => {
          setCompany(v);
          setError(null);
        }}
        error={error}
      />
      <RoleSelect id="us-company-role" label={t('teamScreen.admin.moveRole')} value={role} onChange={setRole} />
      <FansBox id="us-company-fans" role={role} checked={fans} onChange={setFans} withHint={false} />
      <DialogActions onCancel={onCancel} busy={busy} submitLabel={t('usersScreen.companyDialog.save')} />
    </form>
  );
}

/** Pick a known company (filtered while typing) or keep a new one. */
function CompanyPicker({
  value,
  current,
  onChange,
  error,
}: {
  value: string;
  current: string | null;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const names = useStore($companyNames);
  const options = useMemo(
    () => suggestions(names, value, (name) => t('usersScreen.companyDialog.new', { name }), 8),
    [names, value],
  );
  return (
    <Combobox
      id="us-company"
      label={t('usersScreen.companyDialog.input')}
      listLabel={t('signup.companySuggestions')}
      autoComplete="off"
      autoFocus
      inline
      value={value}
      onValue={onChange}
      options={options}
      invalid={Boolean(error)}
      describedBy="us-company-hint"
    >
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      <p id="us-company-hint" className="hint">
        {t('usersScreen.companyDialog.current', { company: current ?? t('usersScreen.noCompany') })}
      </p>
    </Combobox>
  );
}
