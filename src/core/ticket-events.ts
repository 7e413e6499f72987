/**
 * The events of a ticket page judged for the organiser's page (docs/behaviour.md#dates-from-a-ticket-link):
 * each read event becomes a row of the import's preview, new, already on the page, or not usable
 * and why. Shared by the Worker's reading route and the editor (which marks duplicates against
 * its own, unsaved list too).
 */
import type { ReadEvent, TicketEvent } from './ticket-import';

/** A date already on the page: its date text as typed, its city and its CTAs' links. */
export interface ExistingEvent {
  date: string;
  city: string;
  urls: readonly string[];
}

/** The read events as rows of the preview, in the page's order. */
export function ticketEvents(read: readonly ReadEvent[], existing: readonly ExistingEvent[], now: Date): TicketEvent[] {
  void read;
  void existing;
  void now;
  return [];
}
