/**
 * A mailbox as D1 stores it (docs/behaviour.md#signing-up, docs/behaviour.md#presales): the
 * SHA-256 (hex) of mailboxKey, never the address. The confirmation caps count it; a presale's
 * one-time code remembers it, one code per mailbox and date.
 */
import { mailboxKey } from '../../../src/core/fans';
import { sha256Hex } from '../bytes';

export function mailboxHash(address: string): Promise<string> {
  return sha256Hex(mailboxKey(address));
}
