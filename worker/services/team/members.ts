/**
 * The members' side effects and checks (docs/behaviour.md#teams): invitation tokens, the
 * invitation e-mail, and the e-mail each Titolare gets for a request to join.
 */
import { t } from '../../../src/core/messages';
import type { CompanyRole } from '../../../src/core/schemas/user';
import { displayName, normaliseEmail } from '../../../src/core/schemas/user';
import { getInvitationByHash, invitationProblem, type InvitationRow } from '../../db/invitations';
import { liveOwners } from '../../db/members';
import type { Bindings } from '../../env';
import { fail } from '../../errors';
import { sha256Hex } from '../bytes';
import { appOrigin, type Mail, mayMail, sendMail } from '../mail';

/** The path of the Team screen, linked from the request e-mail. */
export const TEAM_PATH = '/team';

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A role as the log's summaries name it: 'Editor · Dati dei fan: sì', 'Titolare', 'Lettore'. */
export function roleLabel(role: CompanyRole, fans: boolean): string {
  const fansText = role === 'editor' ? ` · ${fans ? t('members.fansOn') : t('members.fansOff')}` : '';
  return `${t(`team.role.${role}`)}${fansText}`;
}

/** A fresh invitation token: 32 random bytes, base64url (only its SHA-256 is stored). */
export function newInvitationToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** The SHA-256 (hex) an invitation is stored and looked up by; null for a malformed token. */
export async function invitationHash(token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return sha256Hex(token);
}

/** The invitation of a token, if the token is well formed and known. */
export async function findInvitation(db: D1Database, token: string): Promise<InvitationRow | null> {
  const hash = await invitationHash(token);
  return hash ? getInvitationByHash(db, hash) : null;
}

/** The Italian reason an invitation cannot serve, or null while it can. */
export function invitationRefusal(row: InvitationRow | null, now: Date): string | null {
  if (!row) return t('invitations.notFound');
  const problem = invitationProblem(row, now);
  if (problem === 'used') return t('invitations.used');
  if (problem === 'revoked') return t('invitations.revoked');
  if (problem === 'expired') return t('invitations.expired');
  return null;
}

/**
 * The invitation a registration carries, checked: usable and for this very address (ignoring
 * case); anything else is 422 with the reason.
 */
export async function invitationForRegistration(db: D1Database, token: string, email: string): Promise<InvitationRow> {
  const row = await findInvitation(db, token);
  const refusal = invitationRefusal(row, new Date());
  if (refusal || !row) fail(422, refusal ?? t('invitations.notFound'));
  if (normaliseEmail(row.email) !== normaliseEmail(email)) fail(422, t('invitations.otherAddress'));
  return row;
}

export function invitationMail(
  inv: { email: string; company: string; role: CompanyRole },
  inviter: string,
  origin: string,
  token: string,
): Mail {
  const link = `${origin}/signup?invito=${encodeURIComponent(token)}`;
  const params = { name: inviter, company: inv.company, role: t(`team.role.${inv.role}`), link };
  return {
    to: inv.email,
    kind: 'invitation',
    subject: t('mail.invitation.subject', params),
    text: t('mail.invitation.text', params),
  };
}

type MailEnv = Pick<Bindings, 'DB' | 'MAILER' | 'MAIL_FROM' | 'RESEND_API_KEY' | 'APP_URL'>;

/**
 * Tells each Titolare of the company about a request to join, naming the requester (name and
 * e-mail), with a link to the Team screen. A company without a Titolare gets none: the request
 * waits for an administrator. Answers how many were mailed.
 */
export async function mailRequestToOwners(
  env: MailEnv,
  requester: { email: string; full_name: string | null; company: string | null; company_key: string | null },
  requestUrl: string,
): Promise<number> {
  if (!requester.company_key) return 0;
  const owners = await liveOwners(env.DB, requester.company_key);
  const link = `${appOrigin(env, requestUrl)}${TEAM_PATH}`;
  let sent = 0;
  for (const owner of owners) {
    if (!(await mayMail(env, owner.email, 'member_request'))) continue;
    const params = {
      name: displayName(owner),
      requester: displayName(requester),
      email: requester.email,
      company: requester.company ?? '',
      link,
    };
    await sendMail(
      env,
      {
        to: owner.email,
        kind: 'member_request',
        subject: t('mail.memberRequest.subject', params),
        text: t('mail.memberRequest.text', params),
      },
      requestUrl,
    );
    sent += 1;
  }
  return sent;
}
