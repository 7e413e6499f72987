/**
 * The headers of an outgoing message (docs/architecture.md#the-rest-of-the-worker): built in one
 * place, mailHeaders, for the provider's payload and the console mailer alike; a value holding a
 * line break or any other control character is refused (MailHeaderRefused), never cleaned.
 */
import { hasControlCharacter } from '../../src/core/plain-text';
import type { Bindings } from '../env';
import type { Mail } from './mail';

/** A message refused before it goes out: one of its headers would hold a line break. */
export class MailHeaderRefused extends Error {}

/**
 * One header's value as it goes out. A carriage return or a line feed would end the header and
 * start another (a Bcc, a body of the sender's choosing): a value holding one, or any other
 * control character, is refused, never cleaned, and its message is not sent
 * (docs/architecture.md#the-rest-of-the-worker).
 */
function headerValue(name: string, value: string): string {
  if (hasControlCharacter(value)) {
    throw new MailHeaderRefused(`header refused: ${name} holds a line break or another control character`);
  }
  return value;
}

const HEADER_NAME = /^[A-Za-z0-9-]+$/;

/**
 * Every header of a message, each through headerValue: the one place headers are built, for the
 * provider's payload and the console mailer alike, so no path can skip the check.
 */
export function mailHeaders(
  env: Pick<Bindings, 'MAIL_FROM'>,
  mail: Mail,
): { from: string; to: string; subject: string; headers?: Record<string, string> } {
  const from = mail.fromName
    ? senderWithName(env.MAIL_FROM, headerValue('the sender name', mail.fromName))
    : env.MAIL_FROM;
  const extra = Object.entries(mail.headers ?? {}).map(([name, value]) => {
    if (!HEADER_NAME.test(name)) throw new MailHeaderRefused('header refused: a header name that is not a token');
    return [name, headerValue(name, value)] as const;
  });
  return {
    from: headerValue('the sender', from),
    to: headerValue('the recipient', mail.to),
    subject: headerValue('the subject', mail.subject),
    ...(mail.headers === undefined ? {} : { headers: Object.fromEntries(extra) }),
  };
}

/**
 * MAIL_FROM's address under another display name ('Concerti Srl <noreply@…>'): the name loses
 * quotes, angle brackets and format characters, so it can never add an address; a line break
 * in it is refused before (headerValue).
 */
export function senderWithName(mailFrom: string, name: string): string {
  const address = /<([^<>\s]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  const clean = name
    .replace(/[\p{Cf}"<>\\]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return clean ? `"${clean}" <${address}>` : mailFrom;
}
