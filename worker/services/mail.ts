import { t } from '../../src/core/messages';
import { displayName } from '../../src/core/schemas/user';
import { countRecentMail, insertMail, insertMails, markMail, markMails, type MailKind } from '../db/outbox';
import type { Bindings } from '../env';
import { escapeHtml } from './html';
import { isLoopbackUrl } from './loopback';
import { MailHeaderRefused, mailHeaders } from './mail-headers';

/**
 * The mailer: every message goes to mail_outbox first, then out.
 * - MAILER='resend' (also the default when MAILER is unset) posts it to Resend's HTTP API
 *   (RESEND_API_KEY, MAIL_FROM). Any mailer but the console keeps the outbox body with its
 *   tokens redacted from the start, and never logs the body.
 * - MAILER='console' prints it and keeps it in clear for the dev mailbox, and only on this
 *   machine: when the request or APP_URL is not a loopback host nothing is printed, the body is
 *   stored redacted and the row is marked failed, so a deployment that forgot to switch the
 *   mailer never hands reset links to whoever reads the logs.
 * Sending never fails the request that asked for it: a failure is recorded on the outbox row.
 * Every header goes out through mailHeaders (mail-headers.ts).
 */
type MailEnv = Pick<Bindings, 'DB' | 'MAILER' | 'MAIL_FROM' | 'RESEND_API_KEY' | 'APP_URL'>;

/** At most this many messages of one kind to one address per window (no mail flooding). */
export const MAIL_MAX_PER_WINDOW = 5;
export const MAIL_WINDOW_MINUTES = 15;
const RESEND_URL = 'https://api.resend.com/emails';
const RESEND_BATCH_URL = 'https://api.resend.com/emails/batch';
const RESEND_TIMEOUT_MS = 10_000;
/** Messages per call of Resend's batch API at most. */
export const MAIL_BATCH_MAX = 100;
/** Resend keeps an Idempotency-Key this long and takes at most this many characters. */
const IDEMPOTENCY_KEY_MAX = 256;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  kind: MailKind;
  /** a simple HTML version beside the text (fan e-mails) */
  html?: string;
  /** the sender's display name instead of MAIL_FROM's (fan e-mails come from the organiser) */
  fromName?: string;
  /** extra headers, e.g. List-Unsubscribe */
  headers?: Record<string, string>;
  /**
   * what the message carries that no log may show (a presale code and link,
   * docs/behaviour.md#presales): never printed, and redacted in the outbox as tokens are
   */
  secrets?: readonly string[];
}

/** The configured mailer, lower-cased; 'resend' when MAILER is unset or blank. */
export function mailerName(env: Pick<Bindings, 'MAILER'>): string {
  return (env.MAILER ?? '').trim().toLowerCase() || 'resend';
}

export function isConsoleMailer(env: Pick<Bindings, 'MAILER'>): boolean {
  return mailerName(env) === 'console';
}

/**
 * The console mailer (and its dev mailbox) works only when both the request and the origin put
 * in links (APP_URL, else the request's) are loopback hosts.
 */
export function consoleMailerAllowed(env: Pick<Bindings, 'MAILER' | 'APP_URL'>, requestUrl: string): boolean {
  return isConsoleMailer(env) && isLoopbackUrl(requestUrl) && isLoopbackUrl(appOrigin(env, requestUrl));
}

/**
 * consoleMailerAllowed for work that has no request (a queue consumer): APP_URL alone must be a
 * loopback host.
 */
export function consoleAllowedWithout(env: Pick<Bindings, 'MAILER' | 'APP_URL'>): boolean {
  const configured = env.APP_URL?.trim();
  return isConsoleMailer(env) && !!configured && isLoopbackUrl(configured);
}

/**
 * Stores and sends one message. `requestUrl` is the URL of the request that asked for it: the
 * console mailer refuses to print anything outside loopback.
 */
export async function sendMail(env: MailEnv, mail: Mail, requestUrl: string): Promise<{ id: number; sent: boolean }> {
  const mailer = mailerName(env);
  const inClear = mailer === 'console' && consoleMailerAllowed(env, requestUrl);
  const id = await insertMail(env.DB, outboxCopy(mail, inClear));
  try {
    if (mailer === 'console') {
      if (!inClear) {
        throw new Error(
          `console mailer refused: ${originOf(requestUrl)} (APP_URL ${appOrigin(env, requestUrl)}) is not a loopback host; set MAILER="resend" to send real e-mail`,
        );
      }
      printMail(mailHeaders(env, mail), redactSecrets(mail.text, mail.secrets));
    } else if (mailer === 'resend') {
      await sendWithResend(env, mail);
    } else {
      throw new Error(`unknown MAILER ${JSON.stringify(env.MAILER)}`);
    }
    await markMail(env.DB, id, 'sent');
    return { id, sent: true };
  } catch (err) {
    // the provider's answer may echo the message: no token reaches the log or the row
    const message = redactSecrets(
      withoutTokens(err instanceof Error ? err.message : String(err), mail.text),
      mail.secrets,
    );
    console.error(`[mail] message ${id} (${mail.kind}) not sent: ${message.slice(0, 300)}`);
    await markMail(env.DB, id, 'failed', message.slice(0, 1000));
    return { id, sent: false };
  }
}

/** How one batch call went: sent, to be tried again (after `retryAfterSeconds` if the provider said), or refused for good. */
export type BatchOutcome =
  | { status: 'sent' }
  | { status: 'retry'; retryAfterSeconds: number | null; error: string }
  | { status: 'rejected'; error: string };

/**
 * Stores and sends up to MAIL_BATCH_MAX messages in one provider call (Resend's batch API), with
 * the same outbox and console rules as sendMail. `idempotencyKey` names this exact set of
 * messages: the provider sends nothing twice for a repeated key within its 24 hours.
 * `requestUrl` is null for work without a request (the queue consumer): APP_URL decides whether
 * the console mailer may print. Never throws for a failed send: the outcome says what to do.
 */
export async function sendMailBatch(
  env: MailEnv,
  mails: readonly Mail[],
  idempotencyKey: string,
  requestUrl: string | null,
  /** awaited right before the provider call (the caller's rate-limit spacing) */
  pace: () => Promise<void> = async () => {},
): Promise<BatchOutcome> {
  if (mails.length === 0) return { status: 'sent' };
  if (mails.length > MAIL_BATCH_MAX) throw new Error(`at most ${MAIL_BATCH_MAX} messages per batch`);
  if (idempotencyKey.length === 0 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX) {
    throw new Error('the idempotency key must be 1 to 256 characters');
  }
  const mailer = mailerName(env);
  const inClear =
    mailer === 'console' && (requestUrl === null ? consoleAllowedWithout(env) : consoleMailerAllowed(env, requestUrl));
  const ids = await insertMails(
    env.DB,
    mails.map((mail) => outboxCopy(mail, inClear)),
  );
  let outcome: BatchOutcome;
  try {
    // every message's headers before anything goes out: one refused refuses the batch
    const headers = mails.map((mail) => mailHeaders(env, mail));
    await pace();
    if (mailer === 'console') {
      if (!inClear) {
        throw new Error(
          `console mailer refused: APP_URL ${env.APP_URL ?? '(unset)'} is not a loopback host; set MAILER="resend" to send real e-mail`,
        );
      }
      for (const [i, mail] of mails.entries()) printMail(headers[i]!, redactSecrets(mail.text, mail.secrets));
      outcome = { status: 'sent' };
    } else if (mailer === 'resend') {
      outcome = await sendBatchWithResend(env, mails, idempotencyKey);
    } else {
      throw new Error(`unknown MAILER ${JSON.stringify(env.MAILER)}`);
    }
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    // a header with a line break is refused for good; any other fault is a configuration or
    // network one, worth another try (the operator may fix it meanwhile)
    outcome =
      err instanceof MailHeaderRefused
        ? { status: 'rejected', error }
        : { status: 'retry', retryAfterSeconds: null, error };
  }
  if (outcome.status === 'sent') {
    await markMails(env.DB, ids, 'sent');
  } else {
    const allText = mails.map((m) => `${m.text}\n${m.html ?? ''}`).join('\n');
    const secrets = mails.flatMap((m) => m.secrets ?? []);
    const message = redactSecrets(withoutTokens(outcome.error, allText), secrets).slice(0, 1000);
    console.error(`[mail] batch of ${mails.length} (${mails[0]!.kind}) not sent: ${message.slice(0, 300)}`);
    await markMails(env.DB, ids, 'failed', message);
    outcome = { ...outcome, error: message };
  }
  return outcome;
}

/**
 * One call of Resend's batch API. 2xx: sent. 429: again after Retry-After. 5xx, 401/403 (a key
 * missing or wrong, which the operator can fix) and 409 concurrent_idempotent_requests: again.
 * 409 invalid_idempotent_request: the key was already taken by an earlier call of this same set
 * of fans that went through (only the text changed since), so it counts as sent. Any other 4xx
 * (a validation error): refused for good.
 */
async function sendBatchWithResend(
  env: MailEnv,
  mails: readonly Mail[],
  idempotencyKey: string,
): Promise<BatchOutcome> {
  if (!env.RESEND_API_KEY) throw new Error('RESEND_API_KEY is not set');
  const res = await fetch(RESEND_BATCH_URL, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${env.RESEND_API_KEY}`,
      'content-type': 'application/json',
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify(mails.map((mail) => resendPayload(env, mail))),
    signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
  });
  if (res.ok) {
    await res.body?.cancel();
    return { status: 'sent' };
  }
  const body = (await res.text()).slice(0, 500);
  const error = `Resend answered ${res.status}: ${body}`;
  if (res.status === 409 && body.includes('invalid_idempotent_request')) return { status: 'sent' };
  if (res.status === 429) return { status: 'retry', retryAfterSeconds: retryAfterSeconds(res.headers), error };
  if (res.status >= 500 || res.status === 401 || res.status === 403 || res.status === 409) {
    return { status: 'retry', retryAfterSeconds: null, error };
  }
  return { status: 'rejected', error };
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or null when absent or unreadable. */
function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value));
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return JSON.stringify(url);
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
    body: JSON.stringify(resendPayload(env, mail)),
    signal: AbortSignal.timeout(RESEND_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`Resend answered ${res.status}: ${(await res.text()).slice(0, 500)}`);
}

/** One message as Resend's API takes it (also one entry of its batch call). */
export function resendPayload(env: Pick<Bindings, 'MAIL_FROM'>, mail: Mail): Record<string, unknown> {
  const { from, to, subject, headers } = mailHeaders(env, mail);
  return {
    from,
    to: [to],
    subject,
    text: mail.text,
    ...(mail.html === undefined ? {} : { html: mail.html }),
    ...(headers === undefined ? {} : { headers }),
  };
}

/**
 * The outbox's copy of a message: the header fields on one line, every control character a
 * space, so a refused message is recorded without the line break that got it refused; the
 * bodies with their link tokens and secrets (a presale code and link) redacted unless the mail
 * is kept in clear (the console mailer on loopback: the dev mailbox).
 */
function outboxCopy(mail: Mail, inClear: boolean): Omit<Mail, 'html'> & { html: string | null } {
  const line = (value: string) => value.replace(/\p{Cc}/gu, ' ');
  const body = (value: string) => (inClear ? value : redactTokens(redactSecrets(value, mail.secrets)));
  const { secrets: _secrets, ...kept } = mail;
  return {
    ...kept,
    to: line(mail.to),
    subject: line(mail.subject),
    text: body(mail.text),
    html: mail.html === undefined ? null : body(mail.html),
  };
}

/** The console mailer's print of one message (its headers already checked). */
function printMail(headers: { to: string; subject: string }, text: string): void {
  console.log(`[mail] to=${headers.to} subject=${JSON.stringify(headers.subject)}\n${text}`);
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

// a token never holds a quote or an angle bracket: stopping there keeps an HTML body's markup whole;
// `invito=` carries the token of a team invitation (docs/behaviour.md#teams)
const TOKEN_PARAM = /([?&](?:token|invito)=)[^\s&#"'<>]+/g;

/** The text with every `token=` (and `invito=`) query value blanked out. */
export function redactTokens(text: string): string {
  return text.replace(TOKEN_PARAM, '$1[rimosso]');
}

/** The text with each secret (as written, and HTML-escaped) blanked out, the longest first. */
function redactSecrets(text: string, secrets: readonly string[] | undefined): string {
  let out = text;
  for (const secret of [...new Set(secrets ?? [])].filter(Boolean).sort((a, b) => b.length - a.length)) {
    for (const form of new Set([secret, escapeHtml(secret), JSON.stringify(secret).slice(1, -1)])) {
      out = out.replaceAll(form, '[rimosso]');
    }
  }
  return out;
}

/** `message` with every token `mailText` carries removed, wherever it appears (raw or decoded). */
function withoutTokens(message: string, mailText: string): string {
  let out = redactTokens(message);
  for (const match of mailText.matchAll(TOKEN_PARAM)) {
    const value = match[0].slice(match[1]!.length);
    let decoded = value;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      /* not URI-encoded */
    }
    for (const token of new Set([value, decoded])) if (token) out = out.replaceAll(token, '[rimosso]');
  }
  return out;
}

/** The http(s) links a message carries (the dev mailbox lists them). */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}
