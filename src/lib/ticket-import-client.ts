// The site's client of 'Importa da link' (docs/api.md#dates-from-a-ticket-link): the events of a
// ticket page, judged against the saved page `slug`. Every call goes through `request`.
import { pagePaths } from '../core/api-paths';
import { ticketImportAnswerSchema } from '../core/schemas/ticket-import';
import { parsed } from './api-client';
import { request } from './api';

export function readTicketPage(url: string, slug: string | undefined) {
  return parsed(ticketImportAnswerSchema, request(pagePaths.ticketImport, { method: 'POST', json: { url, slug } }));
}
