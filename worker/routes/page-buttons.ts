/**
 * One button of a page changed alone: `PATCH /api/db/landing-pages/{slug}/buttons/{id}`, an
 * event's availability and on-sale instant set from the editor's list at the venue
 * (docs/behaviour.md#ticket-drops-in-the-editor). Who may change it is who may save the page
 * (services/pages/access.ts); the page is republished at once, as after a save.
 */
import { createRoute } from '@hono/zod-openapi';
import { fail } from '../errors';
import { requireActive } from '../middleware/auth';
import { describedRoutes, errorAnswers, jsonAnswer, jsonBody, SESSION } from '../openapi';
import { t } from '../../src/core/messages';
import { applySaleChange } from '../../src/core/on-sale';
import { buttonSalePatchSchema } from '../../src/core/schemas/button-sale';
import { buttonAsReceivedSchema, ctasOf, normaliseButtons } from '../../src/core/schemas/page';
import { slugIdParamSchema } from '../../src/core/schemas/params';
import { pageButtonRow, setButtonCtas, storedPresale, toButton } from '../db/pages/buttons';
import { presaleProblem } from '../../src/core/presale';
import { ownedPage } from '../services/pages/access';
import { republish } from '../services/pages/effects';
import { keepBaseline, recordSave } from '../services/pages/history';

const buttonSaleRoute = createRoute({
  method: 'patch',
  path: '/{slug}/buttons/{id}',
  tags: ['Pages'],
  summary: "One event's sale alone: its availability and on-sale instant, for one CTA or all",
  description:
    'Text buttons only. A body that changes nothing, an unknown field or a CTA index past the ' +
    "event's last is a 422. The page is republished at once.",
  security: SESSION,
  middleware: [requireActive],
  request: { params: slugIdParamSchema, body: jsonBody(buttonSalePatchSchema) },
  responses: {
    200: jsonAnswer(buttonAsReceivedSchema, 'The button as saved'),
    ...errorAnswers(401, 403, 404, 422),
  },
});

export const pageButtons = describedRoutes().openapi(buttonSaleRoute, async (c) => {
  const { slug, id } = c.req.valid('param');
  const page = await ownedPage(c, slug, 'write');
  // a button of another page is as unknown as a button that does not exist
  const row = await pageButtonRow(c.env.DB, page.id, id);
  if (!row) fail(404, t('public.notFound'));
  const button = toButton(row);
  if (button.type !== 'text') fail(422, t('drops.patch.notText'));
  const { cta, ...change } = c.req.valid('json');
  // a row saved without its CTA list has one CTA: the label its text carries, with its link
  const ctas = button.cta_buttons ?? ctasOf({ text: button.text, url: button.url });
  if (cta !== undefined && cta >= ctas.length) {
    fail(422, `cta: ${t('drops.patch.ctaOutOfRange', { count: ctas.length, last: ctas.length - 1 })}`);
  }
  const changed = ctas.map((one, i) => (cta === undefined || cta === i ? applySaleChange(one, change) : one));
  // a change that would leave the date's presale ending after the general sale opens is refused
  const presale = storedPresale(row);
  const broken = presale && presaleProblem(presale, changed);
  if (broken) fail(422, broken);
  // the text carries the first CTA's label ('soldout' in step): re-encoded as a save does
  const [stored] = normaliseButtons([{ type: 'text', text: button.text, cta_buttons: changed }]);
  await keepBaseline(c, page);
  await setButtonCtas(c.env.DB, page.id, { ...stored!, id: button.id });
  await republish(c, page.folder_name);
  await recordSave(c, page.id, 'availability');
  const updated = await pageButtonRow(c.env.DB, page.id, button.id);
  return c.json(toButton(updated!), 200);
});
