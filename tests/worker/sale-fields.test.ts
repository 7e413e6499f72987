// The ticket-drop fields of a CTA through the pages API (docs/behaviour.md#ticket-drops).
import { describe, expect, it } from 'vitest';
import { pageAsReceivedSchema, publicLandingSchema } from '../../src/core/schemas/page';
import { API_PREFIX } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';

const BASE = API_PREFIX.pages;

function dropButton(cta: Record<string, unknown>) {
  return {
    type: 'text',
    text: '12/05/2099 - Milano - Alcatraz|biglietti',
    cta_buttons: [{ url: 'https://www.ticketone.it/x', buttonText: 'biglietti', ...cta }],
  };
}

describe('CTA sale fields', () => {
  it('are stored in UTC, answered on create, read, update and the public answer', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, {
      ...textPage(slug),
      buttons: [dropButton({ on_sale_at: '2099-05-12T10:00:00+02:00', availability: 'limited' })],
    });
    const expected = {
      url: 'https://www.ticketone.it/x',
      buttonText: 'biglietti',
      on_sale_at: '2099-05-12T08:00:00Z',
      availability: 'limited',
    };
    expect(page.buttons[0]!.cta_buttons).toEqual([expected]);
    const read = pageAsReceivedSchema.parse(await (await call(`${BASE}/${slug}`, { token: u.token })).json());
    expect(read.buttons[0]?.cta_buttons).toEqual([expected]);
    const pub = publicLandingSchema.parse(await (await call(`/api/db/public/landing/${slug}`)).json());
    expect(pub.buttons[0]?.cta_buttons).toEqual([expected]);

    // an update that leaves them out puts the CTA on sale now
    const put = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), buttons: [{ ...dropButton({}), id: page.buttons[0]!.id }] },
    });
    expect(put.status).toBe(200);
    const updated = pageAsReceivedSchema.parse(await put.json());
    expect(updated.buttons[0]?.cta_buttons?.[0]).toMatchObject({ on_sale_at: null, availability: 'on_sale' });
  });

  it("the 'soldout' label is answered as sold out", async () => {
    const u = await organiserWithToken();
    const page = await createPage(u.token, {
      ...textPage(uniqueSlug()),
      buttons: [dropButton({ buttonText: 'soldout', availability: 'on_sale' })],
    });
    expect(page.buttons[0]!.cta_buttons![0]!.availability).toBe('sold_out');
  });

  it('a bad instant or availability is a 422 with the message, never a 500', async () => {
    const u = await organiserWithToken();
    for (const cta of [
      { on_sale_at: '2099-05-12 10:00' },
      { on_sale_at: '2099-13-01T10:00:00Z' },
      { on_sale_at: true },
      { availability: 'pochi' },
    ]) {
      const res = await call(BASE, { token: u.token, json: { ...textPage(uniqueSlug()), buttons: [dropButton(cta)] } });
      expect(res.status, JSON.stringify(cta)).toBe(422);
      const body = (await res.json()) as { detail: string };
      expect(typeof body.detail).toBe('string');
      if (typeof cta.on_sale_at === 'string') expect(body.detail).toContain(t('page.instantInvalid'));
    }
  });
});
