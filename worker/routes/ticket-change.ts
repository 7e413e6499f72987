/**
 * A date row's pending change from its ticket page: `POST /api/db/landing-pages/{slug}/buttons/{id}/ticket-change`
 * `{action: 'apply' | 'ignore'}` (docs/behaviour.md#keeping-up-with-the-ticket-page). Who may
 * act is who may save the page (services/pages/access.ts); an applied change is republished at
 * once, as a sale change from the list is (page-buttons.ts).
 */
import { createRoute } from '@hono/zod-openapi';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, jsonBody, SESSION } from '../openapi';
import { t } from '../../src/core/messages';
import { buttonAsReceivedSchema, ctasOf, normaliseButtons } from '../../src/core/schemas/page';
import { slugIdParamSchema } from '../../src/core/schemas/params';
import { ticketChangeActionSchema } from '../../src/core/schemas/ticket-source';
import { applyTicketChange, changeLeft } from '../../src/core/ticket-change';
import { presaleProblem } from '../../src/core/presale';
import { pageButtonRow, setButtonCtas, storedPresale, toButton } from '../db/pages/buttons';
import { closeTicketChange } from '../db/pages/ticket-sources';
import { ownedPage } from '../services/pages/access';
import { republish } from '../services/pages/effects';
import { keepBaseline, recordSave } from '../services/pages/history';

const ticketChangeRoute = createRoute({
  method: 'post',
  path: '/{slug}/buttons/{id}/ticket-change',
  tags: ['Pages'],
  summary: "A date's pending change from its ticket page: apply it or ignore it",
  description:
    "The hourly job reads a date's ticket page again and keeps what it now says that differs " +
    "from the row (the button's `ticket_source.change`). 'apply': the row takes it (sold out: " +
    "every CTA; a moved day or time: the date written 'dd/mm/yyyy HH:MM'; an on-sale instant: " +
    "the first CTA) and the page is republished at once. 'ignore': the same change is not shown " +
    'again (a different one is). No pending change is a 409; an image button a 422.',
  security: SESSION,
  middleware: [requireActive],
  request: { params: slugIdParamSchema, body: jsonBody(ticketChangeActionSchema) },
  responses: {
    200: jsonAnswer(buttonAsReceivedSchema, 'The button as saved, its change cleared'),
    ...errorAnswers(401, 403, 404, 409, 422),
  },
});

export const ticketChangeRoutes = describedRoutes().openapi(ticketChangeRoute, async (c) => {
  const { slug, id } = c.req.valid('param');
  const { action } = c.req.valid('json');
  const page = await ownedPage(c, slug, 'write');
  // a button of another page is as unknown as a button that does not exist
  const row = await pageButtonRow(c.env.DB, page.id, id);
  if (!row) fail(404, t('public.notFound'));
  const button = toButton(row);
  if (button.type !== 'text') fail(422, t('ticketSource.notText'));
  const change = button.ticket_source?.change;
  if (!change) fail(409, t('ticketSource.nothingPending'));
  if (action === 'ignore') {
    await closeTicketChange(c.env.DB, button.id, { applied: false, ignored: change });
  } else {
    // a row saved without its CTA list has one CTA: the label its text carries, with its link
    const ctas = button.cta_buttons ?? ctasOf({ text: button.text, url: button.url });
    // only what the row does not say yet (a hand-made change may have done part of it)
    const left = changeLeft({ text: button.text, ctas }, change);
    const applied = left ? applyTicketChange({ text: button.text, ctas }, left) : null;
    if (applied) {
      // a new on-sale instant that would leave the presale ending after it is refused, as a sale change is
      const presale = storedPresale(row);
      const broken = presale && presaleProblem(presale, applied.ctas);
      if (broken) fail(422, broken);
      const [stored] = normaliseButtons([{ type: 'text', text: applied.text, cta_buttons: applied.ctas }]);
      await keepBaseline(c, page);
      await setButtonCtas(c.env.DB, page.id, { ...stored!, id: button.id });
    }
    await closeTicketChange(c.env.DB, button.id, { applied: true, text: applied?.text ?? button.text });
    if (applied) {
      await republish(c, page.folder_name);
      await recordSave(c, page.id, left?.date ? 'saved' : 'availability');
    }
  }
  const updated = await pageButtonRow(c.env.DB, page.id, button.id);
  return c.json(toButton(updated!), 200);
});
