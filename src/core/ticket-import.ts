/**
 * Dates from a ticket link (docs/behaviour.md#dates-from-a-ticket-link): the shapes and the
 * limits shared by the editor and the Worker. The reading of a ticket page is in
 * src/core/ticket-events.ts (schema.org events → rows) and the address rule in
 * src/core/ticket-address.ts; the Worker fetches in worker/services/ticket-import/.
 */

/** The limits of one read of someone else's page (docs/behaviour.md#reading-a-ticket-page-safely). */
export const TICKET_READ = {
  /** redirects followed, each checked as the first address */
  maxRedirects: 3,
  /** the whole read, redirects included */
  timeoutMs: 8_000,
  /** bytes of body read at most; a longer page is refused */
  maxBytes: 3 * 1024 * 1024,
  /** reads per account in `windowMs` (the hourly re-reads do not count) */
  perAccount: 30,
  windowMs: 10 * 60 * 1000,
} as const;

/** Keeping up (docs/behaviour.md#keeping-up-with-the-ticket-page): how often, and when to stop. */
export const TICKET_RECHECK = {
  /** a date's link is read again at most this often */
  everyHours: 24,
  /** a link that failed on this many days in a row stops being read */
  failedDaysToStop: 3,
} as const;

/**
 * One schema.org event as read from a ticket page, before it is judged against the page and
 * the clock. Text fields are trimmed and may be ''.
 */
export interface ReadEvent {
  name: string;
  /** `startDate` as found: ISO 8601 with or without an offset or a time; null when missing */
  start: string | null;
  city: string;
  venue: string;
  /** the offer's link, else the event's own, absolute (https, or http in the local trial); '' when none */
  url: string;
  /** every offer says sold out (schema.org SoldOut) */
  sold_out: boolean;
  /** the earliest `validFrom` / `availabilityStarts` of the offers, as found; null when none */
  sale_starts: string | null;
  /** from `eventStatus` */
  event_status: 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled' | 'moved_online';
}

/** What an event of a ticket page is to the organiser's page. */
export type TicketEventStatus = 'new' | 'duplicate' | 'unusable';

/** One event of the answer of `POST /api/ticket-import` (docs/api.md#dates-from-a-ticket-link). */
export interface TicketEvent {
  name: string;
  /** the start as a UTC instant (ISO 8601); null when the page gives no usable date */
  starts_at: string | null;
  /** dd/mm/yyyy in Europe/Rome; '' when unknown */
  date: string;
  /** HH:MM in Europe/Rome; '' when the page gives a day without a time */
  time: string;
  city: string;
  venue: string;
  url: string;
  sold_out: boolean;
  /** the general sale's opening (UTC ISO) when it is still to come; null = on sale now */
  on_sale_at: string | null;
  status: TicketEventStatus;
  /** why it is not usable, or why it is shown but not selected (cancelled, postponed), in Italian */
  reason?: string;
}

/**
 * What the ticket page now says that differs from a date row that came from it, as the hourly
 * job found it (docs/behaviour.md#keeping-up-with-the-ticket-page). Only the fields that moved.
 */
export interface TicketChange {
  sold_out?: true;
  /** the new day and time (dd/mm/yyyy, HH:MM, Europe/Rome) */
  date?: string;
  time?: string;
  /** the new on-sale instant (UTC ISO) */
  on_sale_at?: string;
}
