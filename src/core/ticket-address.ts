/**
 * Which addresses the Worker may read for a ticket import (docs/behaviour.md#reading-a-ticket-page-safely).
 * One pure rule, checked for the first address and again for every redirect.
 */

export interface AddressRules {
  /** the local trial: http and loopback hosts allowed too (never in production) */
  local: boolean;
  /** Palco's own origin, never read */
  ownOrigin: string;
}

/** Why the address may not be read (an Italian reason), or null when it may. */
export function ticketAddressProblem(url: string, rules: AddressRules): string | null {
  void url;
  void rules;
  return null;
}
