import { t } from '../../src/core/messages';
import { displayName } from '../../src/core/schemas/user';
import { countRecentMail, insertMail, markMail, type MailKind } from '../db/outbox';
import type { Bindings } from '../env';

/**
 * The mailer: every message goes to mail_outbox first, then out. MAILER='console' prints it
 * and keeps it for the dev mailbox; MAILER='resend' posts it to Resend's HTTP API
 * (RESEND_API_KEY, MAIL_FROM). Sending never fails the request that asked for it: a failure
 * is recorded on the outbox row.
 */
type MailEnv = Pick<Bindings, 'DB' | 'MAILER' | 'MAIL_FROM' | 'RESEND_API_KEY'>;

/** At most this many messages of one kind to one address per window (no mail flooding). */
export const MAIL_MAX_PER_WINDOW = 5;
export const MAIL_WINDOW_MINUTES = 15;
const RESEND_URL = 'https://api.resend.com/emails';
const RESEND_TIMEOUT_MS = 10_000;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: MailKind;
}

export function isConsoleMailer(env: Pick<Bindings, 'MAILER'>): boolean {
  return (env.MAILER ?? '').trim().toLowerCase() === 'console';
}

export async function sendMail(env: MailEnv, mail: Mail): Promise<{ id: number; sent: boolean }> {
  const id = await insertMail(env.DB, mail);
  const mailer = (env.MAILER ?? '').trim().toLowerCase();
  try {
    if (mailer === 'console') {
      console.log(`[mail] to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.text}`);
    } else if (mailer === 'resend') {
      await sendWithResend(env, mail);
      // once delivered, the outbox keeps no live verification or reset token
      await markMail(env.DB, id, 'sent', null, redactTokens(mail.text));
      return { id, sent: true };
    } else {
      throw new Error(`unknown MAILER ${JSON.stringify(env.MAILER)}`);
    }
    await markMail(env.DB, id, 'sent');
    return { id, sent: true };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error('[mail] sending failed', id, message);
    await markMail(env.DB, id, 'failed', message.slice(0, 1000));
    return { id, sent: false };
  }
}

async function sendWithResend(env: MailEnv, mail: Mail): Promise<void> {
  if (!env.RESEND_API_KEY) throw new Error('RESEND_API_KEY is not set');
  const res = await fetch(RESEND_URL, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.RESEND_API_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ from: env.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.text }),
    signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Resend answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
}

/** False when this address already got too many messages of this kind lately. */
export async function mayMail(env: MailEnv, to: string, kind: MailKind): Promise<boolean> {
  return (await countRecentMail(env.DB, to, kind, MAIL_WINDOW_MINUTES)) < MAIL_MAX_PER_WINDOW;
}

/** The public origin for links: APP_URL when set, else the request's own origin. */
export function appOrigin(env: Pick<Bindings, 'APP_URL'>, requestUrl: string): string {
  const configured = env.APP_URL?.trim();
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      /* a malformed APP_URL falls back to the request's origin */
    }
  }
  return new URL(requestUrl).origin;
}

type Recipient = { email: string; full_name: string | null };

export function verifyMail(user: Recipient, origin: string, token: string): Mail {
  const link = `${origin}/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    kind: 'verify',
    subject: t('mail.verify.subject'),
    text: t('mail.verify.text', { name: displayName(user), link }),
  };
}

export function resetMail(user: Recipient, origin: string, token: string): Mail {
  const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    kind: 'reset',
    subject: t('mail.reset.subject'),
    text: t('mail.reset.text', { name: displayName(user), link }),
  };
}

export function rejectedMail(user: Recipient, reason: string | null): Mail {
  return {
    to: user.email,
    kind: 'rejected',
    subject: t('mail.rejected.subject'),
    text: t('mail.rejected.text', {
      name: displayName(user),
      reason: reason ? t('mail.rejected.reason', { reason }) : '',
    }),
  };
}

/** The text with every `token=` query value blanked out. */
export function redactTokens(text: string): string {
  return text.replace(/([?&]token=)[^\s&#]+/g, '$1[rimosso]');
}

/** The http(s) links a message carries (the dev mailbox lists them). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}
