/**
 * Keeping up with the ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page): a date
 * row's `ticket_source` as a save sends it and as its organiser reads it (never in a public
 * answer), and the body of `POST …/buttons/{id}/ticket-change`.
 */
import { z } from '../zod';
import { t } from '../messages';
import { isTicketSourceUrl } from '../ticket-change';

/** A save's `ticket_source`: the ticket page the row came from (null removes it, absent keeps it). */
export const ticketSourceInputSchema = z.object({
  url: z
    .string()
    .transform((url) => url.trim())
    .refine(isTicketSourceUrl, { error: () => t('ticketSource.urlInvalid') })
    .meta({ example: 'https://www.ticketone.it/event/band-test-alcatraz-12345/' }),
});

/** What the ticket page now says that differs from the row (src/core/ticket-import.ts TicketChange). */
export const ticketChangeSchema = z
  .object({
    sold_out: z.literal(true).optional().meta({ description: 'The ticket page says sold out' }),
    date: z.string().optional().meta({ description: 'The new day, dd/mm/yyyy (Europe/Rome)', example: '13/05/2027' }),
    time: z.string().optional().meta({ description: 'The new time, HH:MM (Europe/Rome)', example: '21:00' }),
    on_sale_at: z.string().optional().meta({ description: 'The new on-sale instant, UTC ISO 8601' }),
  })
  .meta({ id: 'TicketChange' });

/** A date row's ticket page as its organiser reads it. */
export const ticketSourceSchema = z
  .object({
    url: z.string(),
    /** the last read by the hourly job, UTC ISO; null until the first */
    checked_at: z.string().nullable(),
    /** what the page now says that differs from the row; null = nothing to show */
    change: ticketChangeSchema.nullable(),
    /** the link failed three days in a row and is no longer read */
    stopped: z.boolean(),
  })
  .meta({ id: 'TicketSource' });
export type TicketSourceAsReceived = z.infer<typeof ticketSourceSchema>;

/** `POST …/buttons/{id}/ticket-change`: apply the pending change to the row, or ignore it. */
export const ticketChangeActionSchema = z.strictObject({
  action: z.enum(['apply', 'ignore']).meta({ description: "'apply': the row takes it; 'ignore': never shown again" }),
});
