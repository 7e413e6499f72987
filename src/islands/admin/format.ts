// Presentation helpers of the users screen: Italian dates, status and role names, history lines.
import { t, type MessageKey } from '../../core/messages';
import type { UserStatus } from '../../core/schemas/user';

// Europe/Rome wherever the reader is, as the editor, the history and the e-mails write times
const ROME = 'Europe/Rome';
const dateFmt = new Intl.DateTimeFormat('it-IT', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: ROME });
const dateTimeFmt = new Intl.DateTimeFormat('it-IT', {
  timeZone: ROME,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const timeFmt = new Intl.DateTimeFormat('it-IT', {
  timeZone: ROME,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** D1 writes '2026-11-22T10:00:00.000Z'; older rows may lack the zone: read them as UTC. */
function parseDate(value: string): Date | null {
  const iso = /[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 22/11/2026 */
export function formatDate(value: string): string {
  const date = parseDate(value);
  return date ? dateFmt.format(date) : value;
}

/** 22 novembre 2026, 11:46 */
export function formatDateTime(value: string): string {
  const date = parseDate(value);
  return date ? dateTimeFmt.format(date) : value;
}

export function formatTime(ms: number): string {
  return timeFmt.format(new Date(ms));
}

const STATUS_KEYS: Record<UserStatus, MessageKey> = {
  pending: 'usersScreen.statusName.pending',
  approved: 'usersScreen.statusName.approved',
  active: 'usersScreen.statusName.active',
  rejected: 'usersScreen.statusName.rejected',
  banned: 'usersScreen.statusName.banned',
};

export function statusName(status: string): string {
  return status in STATUS_KEYS ? t(STATUS_KEYS[status as UserStatus]) : status;
}

/** The badge class for a status: warning while waiting, success when usable, red when shut out. */
export function statusTone(status: string): string {
  switch (status) {
    case 'active':
      return 'badge-success';
    case 'approved':
      return 'badge-info';
    case 'pending':
      return 'badge-warning';
    case 'rejected':
      return 'badge-muted';
    case 'banned':
      return 'badge-banned';
    default:
      return '';
  }
}

const HISTORY_ACTIONS: Record<string, MessageKey> = {
  register: 'usersScreen.history.action.register',
  registered: 'usersScreen.history.action.register',
  signup: 'usersScreen.history.action.register',
  approve: 'usersScreen.history.action.approve',
  approved: 'usersScreen.history.action.approve',
  reject: 'usersScreen.history.action.reject',
  rejected: 'usersScreen.history.action.reject',
  verify: 'usersScreen.history.action.verify',
  verified: 'usersScreen.history.action.verify',
  ban: 'usersScreen.history.action.ban',
  banned: 'usersScreen.history.action.ban',
  unban: 'usersScreen.history.action.unban',
  unbanned: 'usersScreen.history.action.unban',
  make_admin: 'usersScreen.history.action.make_admin',
  made_admin: 'usersScreen.history.action.make_admin',
  'make-admin': 'usersScreen.history.action.make_admin',
  promote: 'usersScreen.history.action.make_admin',
  remove_admin: 'usersScreen.history.action.remove_admin',
  removed_admin: 'usersScreen.history.action.remove_admin',
  'remove-admin': 'usersScreen.history.action.remove_admin',
  demote: 'usersScreen.history.action.remove_admin',
  company: 'usersScreen.history.action.company',
  company_change: 'usersScreen.history.action.company',
  change_company: 'usersScreen.history.action.company',
  company_changed: 'usersScreen.history.action.company',
  delete: 'usersScreen.history.action.delete',
  deleted: 'usersScreen.history.action.delete',
  password_reset: 'usersScreen.history.action.password_reset',
  reset_password: 'usersScreen.history.action.password_reset',
  login: 'usersScreen.history.action.login',
};

/** 'make_admin' → 'Nominato amministratore'; unknown actions keep their code in brackets. */
export function historyActionName(action: string): string {
  const key = HISTORY_ACTIONS[action.toLowerCase()];
  return key ? t(key) : t('usersScreen.history.action.other', { action });
}

/** The tone of a history dot, matching the status badges. */
export function historyTone(action: string, toStatus: string | null): string {
  const a = action.toLowerCase();
  if (a.includes('admin') || a === 'promote' || a === 'demote') return 'tone-accent';
  if (a.includes('company')) return 'tone-neutral';
  return toStatus ? statusTone(toStatus) : 'tone-neutral';
}
