/**
 * Reading someone else's page (docs/behaviour.md#reading-a-ticket-page-safely): the address rule
 * for the first address and each redirect, a time limit, a byte cap, HTML or JSON only, no
 * credentials; then its events.
 */
import type { AddressRules } from '../../../src/core/ticket-address';
import type { ReadEvent } from '../../../src/core/ticket-import';

/** A page that may not or could not be read; `message` is the Italian reason (a 422's detail). */
export class TicketReadRefused extends Error {}

/** The events of the ticket page at `url`; throws TicketReadRefused with the reason. */
export async function readTicketPage(url: string, rules: AddressRules): Promise<ReadEvent[]> {
  void url;
  void rules;
  return [];
}
