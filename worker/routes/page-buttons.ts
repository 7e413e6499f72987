/**
 * One button of a page changed alone: `PATCH /api/db/landing-pages/{slug}/buttons/{id}`, an
 * event's availability and on-sale instant set from the editor's list at the venue
 * (docs/behaviour.md#ticket-drops-in-the-editor). Who may change it is who may save the page
 * (services/page-access.ts); the page is republished at once, as after a save.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { fail } from '../errors';
import { validate } from '../validate';
import { requireActive } from '../middleware/auth';
import { t } from '../../src/core/messages';
import { applySaleChange } from '../../src/core/on-sale';
import { buttonSalePatchSchema } from '../../src/core/schemas/button-sale';
import { ctasOf, normaliseButtons } from '../../src/core/schemas/page';
import { pageButtonRow, setButtonCtas, toButton } from '../db/page-buttons';
import { ownedPage } from '../services/page-access';
import { republish } from '../services/page-effects';

export const pageButtons = new Hono<AppEnv>().patch(
  '/:slug/buttons/:id',
  requireActive,
  validate('json', buttonSalePatchSchema),
  async (c) => {
    const page = await ownedPage(c, c.req.param('slug'));
    const id = c.req.param('id');
    // a button of another page is as unknown as a button that does not exist
    const row = /^\d{1,15}$/.test(id) ? await pageButtonRow(c.env.DB, page.id, Number(id)) : null;
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
    // the text carries the first CTA's label ('soldout' in step): re-encoded as a save does
    const [stored] = normaliseButtons([{ type: 'text', text: button.text, cta_buttons: changed }]);
    await setButtonCtas(c.env.DB, page.id, { ...stored!, id: button.id });
    await republish(c, page.folder_name);
    const updated = await pageButtonRow(c.env.DB, page.id, button.id);
    return c.json(toButton(updated!));
  },
);
