// PATCH /api/db/landing-pages/{slug}/buttons/{id}: one event's sale changed alone, from the
// editor's list at the venue (docs/behaviour.md#ticket-drops-in-the-editor).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { t } from '../../src/core/messages';
import * as w from './helpers';
import { API_PREFIX, pagePaths } from '../../src/core/api-paths';
import { settle } from './public-helpers';
import { buttonAsReceivedSchema, pageAsReceivedSchema, publicLandingSchema } from '../../src/core/schemas/page';

const TICKET = 'https://www.ticketone.it/x';

/** A page of two events, the first with two CTAs (the second one 'VIP'). */
async function twoEvents(token: string, slug = w.uniqueSlug()) {
  const page = await w.createPage(token, {
    ...w.textPage(slug),
    buttons: [
      w.eventButton('12/05/2099 - Milano - Alcatraz|biglietti', TICKET, {
        cta_buttons: [
          { url: TICKET, buttonText: 'biglietti', on_sale_at: '2099-05-01T10:00:00+02:00' },
          { url: 'https://vip.example.it/x', buttonText: 'VIP' },
        ],
      }),
      w.eventButton('13/05/2099 - Roma - Atlantico|tickets', 'https://www.vivaticket.com/y'),
    ],
  });
  return { slug, page, first: page.buttons[0]!.id as number, second: page.buttons[1]!.id as number };
}

function patch(slug: string, id: number | string, json: unknown, token?: string) {
  return w.call(pagePaths.buttonSale(slug, id as number), { method: 'PATCH', token, json });
}

async function detail(res: Response): Promise<string> {
  return ((await res.json()) as { detail: string }).detail;
}

describe('PATCH one button: who may', () => {
  it('401 without a token, 403 for an account that is not active', async () => {
    const owner = await w.organiserWithToken();
    const { slug, first } = await twoEvents(owner.token);
    expect((await patch(slug, first, { availability: 'sold_out' })).status).toBe(401);
    for (const status of ['pending', 'approved', 'rejected', 'banned'] as const) {
      const u = await w.userWithToken({ status });
      expect((await patch(slug, first, { availability: 'sold_out' }, u.token)).status, status).toBe(403);
    }
    const inactive = await w.organiserWithToken({ is_active: false });
    expect((await patch(slug, first, { availability: 'sold_out' }, inactive.token)).status).toBe(403);
  });

  it("another company's page is 404 and stays as it was; a colleague and an admin may", async () => {
    const owner = await w.organiserWithToken({ company: 'Alfa Live' });
    const { slug, first } = await twoEvents(owner.token);
    const stranger = await w.organiserWithToken({ company: 'Beta Concerti' });
    const refused = await patch(slug, first, { availability: 'sold_out' }, stranger.token);
    expect(refused.status).toBe(404);
    expect(await detail(refused)).toBe(t('public.notFound'));
    const read = pageAsReceivedSchema.parse(
      await (await w.call(`${API_PREFIX.pages}/${slug}`, { token: owner.token })).json(),
    );
    expect(read.buttons[0]?.cta_buttons?.[0]?.availability).toBe('on_sale');

    const colleague = await w.organiserWithToken({ company: 'alfa live' });
    expect((await patch(slug, first, { availability: 'limited' }, colleague.token)).status).toBe(200);
    const admin = await w.adminWithToken({ company: null });
    const res = await patch(slug, first, { availability: 'sold_out', cta: 1 }, admin.token);
    expect(res.status).toBe(200);
    expect(buttonAsReceivedSchema.parse(await res.json()).cta_buttons![1]!.availability).toBe('sold_out');
  });

  it('a button of another page, an unknown id or an unknown page is 404; a malformed id or an image button is 422', async () => {
    const u = await w.organiserWithToken();
    const a = await twoEvents(u.token);
    const b = await twoEvents(u.token);
    // b's button through a's address: never changed
    expect((await patch(a.slug, b.first, { availability: 'sold_out' }, u.token)).status).toBe(404);
    expect((await patch(a.slug, 99_999_999, { availability: 'sold_out' }, u.token)).status).toBe(404);
    // an id that is no number fails the path's schema (docs/behaviour.md#pages-and-ownership)
    const malformed = await patch(a.slug, 'abc', { availability: 'sold_out' }, u.token);
    expect(malformed.status).toBe(422);
    expect(await detail(malformed)).toMatch(/^id: /);
    expect((await patch(w.uniqueSlug(), a.first, { availability: 'sold_out' }, u.token)).status).toBe(404);
    const readB = pageAsReceivedSchema.parse(
      await (await w.call(`${API_PREFIX.pages}/${b.slug}`, { token: u.token })).json(),
    );
    expect(readB.buttons[0]?.cta_buttons?.[0]?.availability).toBe('on_sale');

    const slug = w.uniqueSlug();
    const image = await w.createPage(u.token, {
      ...w.textPage(slug),
      mode: 'image',
      buttons: [{ type: 'image', image_path: '/stores/spotify.svg', url: 'https://open.spotify.com/x' }],
    });
    const res = await patch(slug, image.buttons[0]!.id, { availability: 'sold_out' }, u.token);
    expect(res.status).toBe(422);
    expect(await detail(res)).toBe(t('drops.patch.notText'));
  });
});

describe('PATCH one button: the body', () => {
  it('a bad instant, a bad availability, an unknown field, a CTA out of range or nothing to do: 422', async () => {
    const u = await w.organiserWithToken();
    const { slug, first } = await twoEvents(u.token);
    const cases: Array<[unknown, string | null]> = [
      [{ on_sale_at: '2099-05-12 10:00' }, t('page.instantInvalid')],
      [{ on_sale_at: '2099-02-30T10:00:00Z' }, t('page.instantInvalid')],
      [{ on_sale_at: 12 }, null],
      [{ availability: 'pochi' }, null],
      [{ availability: 'sold_out', text: 'x' }, null],
      [{ availability: 'sold_out', cta: 2 }, t('drops.patch.ctaOutOfRange', { count: 2, last: 1 })],
      [{ availability: 'sold_out', cta: -1 }, null],
      [{ availability: 'sold_out', cta: 1.5 }, null],
      [{ availability: 'sold_out', cta: '0' }, null],
      [{}, t('drops.patch.empty')],
      [{ cta: 0 }, t('drops.patch.empty')],
      [[], null],
    ];
    for (const [body, message] of cases) {
      const res = await patch(slug, first, body, u.token);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const text = await detail(res);
      expect(typeof text).toBe('string');
      if (message) expect(text, JSON.stringify(body)).toContain(message);
    }
    const res = await w.call(pagePaths.buttonSale(slug, first), {
      method: 'PATCH',
      token: u.token,
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    // a body that is not JSON is the client's error, never a 500
    expect([400, 422]).toContain(res.status);
  });

  it('changes only the CTAs named, keeps the rest of the page, and answers the button', async () => {
    const u = await w.organiserWithToken();
    const { slug, first, second, page } = await twoEvents(u.token);
    const res = await patch(slug, first, { availability: 'limited', cta: 1 }, u.token);
    expect(res.status).toBe(200);
    const answer = buttonAsReceivedSchema.parse(await res.json());
    expect(answer).toMatchObject({ id: first, type: 'text', text: '12/05/2099 - Milano - Alcatraz|biglietti' });
    expect(answer.cta_buttons).toEqual([
      { url: TICKET, buttonText: 'biglietti', on_sale_at: '2099-05-01T08:00:00Z', availability: 'on_sale' },
      { url: 'https://vip.example.it/x', buttonText: 'VIP', on_sale_at: null, availability: 'limited' },
    ]);
    // every CTA of the event, with an instant given in Italian time
    const all = buttonAsReceivedSchema.parse(
      await (
        await patch(slug, first, { on_sale_at: '2099-05-02T09:30:00+02:00', availability: 'on_sale' }, u.token)
      ).json(),
    );
    expect(all.cta_buttons?.map((c) => [c.on_sale_at, c.availability])).toEqual([
      ['2099-05-02T07:30:00Z', 'on_sale'],
      ['2099-05-02T07:30:00Z', 'on_sale'],
    ]);
    // null puts it on sale now
    const now = buttonAsReceivedSchema.parse(
      await (await patch(slug, first, { on_sale_at: null, cta: 0 }, u.token)).json(),
    );
    expect(now.cta_buttons?.[0]?.on_sale_at).toBeNull();
    expect(now.cta_buttons?.[1]?.on_sale_at).toBe('2099-05-02T07:30:00Z');

    const read = pageAsReceivedSchema.parse(
      await (await w.call(`${API_PREFIX.pages}/${slug}`, { token: u.token })).json(),
    );
    expect(read.title).toBe(page.title);
    expect(read.buttons.map((b) => b.id)).toEqual([first, second]);
    expect(read.buttons[1]).toEqual(page.buttons[1]);
    expect(read.buttons[0]?.position).toBe(1);
    expect(read.buttons[0]?.click_count).toBe(0);
    expect(read.updated_at >= page.updated_at).toBe(true);
  });

  it("keeps the 'soldout' label in step: sold out takes it, back on sale gives 'biglietti'", async () => {
    const u = await w.organiserWithToken();
    const { slug, first } = await twoEvents(u.token);
    const sold = buttonAsReceivedSchema.parse(
      await (await patch(slug, first, { availability: 'sold_out' }, u.token)).json(),
    );
    expect(sold.cta_buttons?.map((c) => [c.buttonText, c.availability])).toEqual([
      ['soldout', 'sold_out'],
      ['soldout', 'sold_out'],
    ]);
    // the event's text carries its first CTA's label
    expect(sold.text).toBe('12/05/2099 - Milano - Alcatraz|soldout');
    expect(sold.url).toBe(TICKET);
    const back = buttonAsReceivedSchema.parse(
      await (await patch(slug, first, { availability: 'limited', cta: 0 }, u.token)).json(),
    );
    expect(back.cta_buttons?.map((c) => [c.buttonText, c.availability])).toEqual([
      ['biglietti', 'limited'],
      ['soldout', 'sold_out'],
    ]);
    expect(back.text).toBe('12/05/2099 - Milano - Alcatraz|biglietti');
    // a change of the instant alone leaves a sold-out CTA sold out
    const timed = buttonAsReceivedSchema.parse(
      await (await patch(slug, first, { on_sale_at: '2099-05-01T10:00:00Z', cta: 1 }, u.token)).json(),
    );
    expect(timed.cta_buttons?.[1]).toMatchObject({ buttonText: 'soldout', availability: 'sold_out' });
  });
});

describe('PATCH one button: the public page', () => {
  it('is republished at once: the page read just before shows the sold-out state right after', async () => {
    const u = await w.organiserWithToken();
    const { slug, first } = await twoEvents(u.token);
    const before = await w.call(`/${slug}`);
    expect(before.status).toBe(200);
    const html = await before.text();
    expect(html).toContain('Alcatraz');
    expect(html).not.toContain(t('landing.soldoutLabel'));
    await settle();

    expect((await patch(slug, first, { availability: 'sold_out' }, u.token)).status).toBe(200);
    const after = await (await w.call(`/${slug}`)).text();
    // both CTAs of Milano are 'Sold out', not links; Roma keeps its link
    expect(after.split(t('landing.soldoutLabel')).length - 1).toBe(2);
    expect(after).not.toContain('href="https://vip.example.it');
    expect(after).toContain('vivaticket.com');
    const pub = publicLandingSchema.parse(await (await w.call(`/api/db/public/landing/${slug}`)).json());
    expect(pub.buttons[0]?.cta_buttons?.[0]?.availability).toBe('sold_out');
    await settle();
  });

  it('is a new revision of the event for the subscribed calendars; the other event keeps its own', async () => {
    const u = await w.organiserWithToken();
    const { slug, first, second } = await twoEvents(u.token);
    const revisions = async () => {
      const { results } = await env.DB.prepare('SELECT id, revision, modified_at FROM buttons WHERE id IN (?, ?)')
        .bind(first, second)
        .all<{ id: number; revision: number; modified_at: string | null }>();
      return new Map(results.map((r) => [r.id, r]));
    };
    const before = await revisions();
    expect((await patch(slug, first, { availability: 'sold_out' }, u.token)).status).toBe(200);
    const after = await revisions();
    expect(after.get(first)!.revision).toBe(before.get(first)!.revision + 1);
    expect(after.get(first)!.modified_at).not.toBeNull();
    expect(after.get(second)).toEqual(before.get(second));
    // the same choice again changes nothing
    expect((await patch(slug, first, { availability: 'sold_out' }, u.token)).status).toBe(200);
    expect((await revisions()).get(first)!.revision).toBe(after.get(first)!.revision);
    await settle();
  });
});
