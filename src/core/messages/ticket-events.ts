/**
 * Dates from a ticket link (docs/behaviour.md#dates-from-a-ticket-link): why an event of a ticket page cannot be used, per row.
 * Keys are flat and dotted; placeholders are written {name} and filled by `t()`.
 */
export const ticketEventsMessages = {} as const;
