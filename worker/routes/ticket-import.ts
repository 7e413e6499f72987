/**
 * `POST /api/ticket-import`: the events of a ticket page, for the editor's 'Importa da link'
 * (docs/behaviour.md#dates-from-a-ticket-link, docs/api.md#dates-from-a-ticket-link). Who may
 * read one is who may write pages (the 'write' right); with `slug`, the page must be one the
 * user may write, and its dates mark the duplicates. Every refusal is a 422 with the reason.
 */
import { createRoute } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, jsonBody, SESSION } from '../openapi';
import { decodeEventText } from '../../src/core/button-codec';
import { t } from '../../src/core/messages';
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { ctasOf } from '../../src/core/schemas/page';
import { ticketImportAnswerSchema, ticketImportBodySchema } from '../../src/core/schemas/ticket-import';
import { ticketAddressProblem } from '../../src/core/ticket-address';
import { type ExistingEvent, ticketEvents } from '../../src/core/ticket-events';
import { buttonRows, toButton } from '../db/pages/buttons';
import { ownedPage, requireRight } from '../services/pages/access';
import { readTicketPage, TicketReadRefused } from '../services/ticket-import/read-page';
import { ticketReadOptions } from '../services/ticket-import/options';
import { takeNetworkToken } from '../services/throttle';
import { TICKET_READ } from '../../src/core/ticket-import';

const ticketImportRoute = createRoute({
  method: 'post',
  path: '/api/ticket-import',
  tags: ['Ticket import'],
  summary: 'The events of a ticket page (schema.org JSON-LD or Microdata), judged against a page',
  description:
    'Reads the https page at `url` (a public name, at most 3 redirects, 8 s, 3 MB, HTML or JSON) ' +
    `and answers its events. At most ${TICKET_READ.perAccount} reads per account in ` +
    `${TICKET_READ.windowMs / 60_000} minutes. Every refusal is a 422 whose detail says why.`,
  security: SESSION,
  middleware: [requireActive],
  request: { body: jsonBody(ticketImportBodySchema) },
  responses: {
    200: jsonAnswer(ticketImportAnswerSchema, 'The events found, in the page order'),
    ...errorAnswers(401, 403, 404),
    422: {
      ...jsonAnswer(
        errorAnswerSchema,
        'A body that fails its schema, an address that may not be read, a page that could not be read ' +
          '(too slow, too large, neither HTML nor JSON, an error status, too many redirects), a page ' +
          'without events, or too many reads (then with `Retry-After`)',
      ),
      headers: {
        'Retry-After': {
          description: 'Seconds until the account may read again (too many reads only)',
          schema: { type: 'integer' },
        },
      },
    },
  },
});

/** The dates of the page as the judging compares them. */
async function pageEvents(db: D1Database, pageId: number): Promise<ExistingEvent[]> {
  return (await buttonRows(db, pageId)).flatMap((row) => {
    const button = toButton(row);
    if (button.type !== 'text') return [];
    const { date, city } = decodeEventText(button.text);
    const ctas = button.cta_buttons ?? ctasOf({ text: button.text, url: button.url });
    return [{ date, city, urls: ctas.map((c) => c.url).filter(Boolean) }];
  });
}

export const ticketImport = describedRoutes().openapi(ticketImportRoute, async (c) => {
  const user = c.get('user');
  const { url, slug } = c.req.valid('json');
  // one policy: the 'write' right, on the page when one is named (another company's is a 404)
  const page = slug ? await ownedPage(c, slug, 'write') : null;
  if (!page) requireRight(user, 'write');
  const options = ticketReadOptions(c.env, c.req.url);
  // an address refused on paper costs none of the account's reads
  const problem = ticketAddressProblem(url, options);
  if (problem) fail(422, problem);
  const verdict = await takeNetworkToken(c.env.DB, 'ticket-import', `account:${user.id}`);
  if (!verdict.ok) {
    const minutes = Math.max(1, Math.ceil(verdict.retryAfterS / 60));
    const res = c.json({ detail: t('ticketImport.throttled', { minutes }) }, 422, {
      'retry-after': String(verdict.retryAfterS),
    });
    throw new HTTPException(422, { res });
  }
  let read: Awaited<ReturnType<typeof readTicketPage>>;
  try {
    read = await readTicketPage(url, options);
  } catch (err) {
    if (err instanceof TicketReadRefused) fail(422, err.message);
    throw err;
  }
  if (read.length === 0) fail(422, t('ticketImport.noEvents'));
  const existing = page ? await pageEvents(c.env.DB, page.id) : [];
  return c.json({ events: ticketEvents(read, existing, new Date()) }, 200);
});
