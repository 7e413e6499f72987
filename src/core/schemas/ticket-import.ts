/**
 * Dates from a ticket link (docs/api.md#dates-from-a-ticket-link): the request of
 * `POST /api/ticket-import` and its answer, the events found on the ticket page.
 */
import { z } from '../zod';

/** `{url, slug?}`: the ticket page's address and, optionally, the page whose dates it is compared with. */
export const ticketImportBodySchema = z.object({
  url: z.string().max(4096).meta({ example: 'https://www.ticketone.it/artist/band-test/' }),
  slug: z.string().max(200).nullish().meta({ description: 'The page whose dates mark the duplicates' }),
});

export const ticketEventSchema = z
  .object({
    name: z.string(),
    starts_at: z.string().nullable().meta({ description: 'The start as a UTC instant (ISO 8601)' }),
    date: z.string().meta({ description: 'dd/mm/yyyy in Europe/Rome', example: '12/05/2027' }),
    time: z.string().meta({ description: "HH:MM in Europe/Rome; '' when the page gives none", example: '21:00' }),
    city: z.string(),
    venue: z.string(),
    url: z.string().meta({ description: "The event's ticket link" }),
    sold_out: z.boolean(),
    on_sale_at: z
      .string()
      .nullable()
      .meta({ description: 'When the general sale opens (UTC ISO 8601), when still to come' }),
    status: z.enum(['new', 'duplicate', 'unusable']).meta({
      description: "'duplicate': already on the page `slug`; 'unusable': cancelled, past or without a date",
    }),
    reason: z.string().optional().meta({ description: 'Why it is not usable or not selected, in Italian' }),
  })
  .meta({ id: 'TicketEvent' });

export const ticketImportAnswerSchema = z.object({ events: z.array(ticketEventSchema) });
