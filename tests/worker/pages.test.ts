// The pages API (docs/behaviour.md#pages-and-ownership): auth, create, read, list and update.
// Validation and uniqueness: pages-validation.test.ts; ownership, visibility, deletion,
// publishing and the admin stats: pages-access.test.ts.
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths, API_PREFIX } from '../../src/core/api-paths';
import { customStylesStrictSchema, FONT_SIZES } from '../../src/core/styles';
import { t } from '../../src/core/messages';
import {
  call,
  createPage,
  eventButton,
  textPage,
  uniqueSlug,
  organiserWithToken,
  adminWithToken,
  userWithToken,
  answer,
} from './helpers';
import { pageAsReceivedSchema, pageListItemSchema, type ButtonAsReceived } from '../../src/core/schemas/page';
import { z } from '../../src/core/zod';
import { eventually, totals } from './counting-helpers';
import { ON_SALE_NOW } from '../../src/core/on-sale';

const BASE = API_PREFIX.pages;

describe('auth and status', () => {
  it('401 without a token, 403 for users who are not active', async () => {
    expect((await call(BASE)).status).toBe(401);
    for (const status of ['pending', 'approved', 'rejected', 'banned'] as const) {
      const u = await userWithToken({ status });
      const res = await call(BASE, { token: u.token });
      expect(res.status, status).toBe(403);
      expect(typeof errorAnswerSchema.parse(await res.json()).detail).toBe('string');
      const create = await call(BASE, { token: u.token, json: textPage(uniqueSlug()) });
      expect(create.status).toBe(403);
    }
    const inactive = await organiserWithToken({ is_active: false });
    expect((await call(BASE, { token: inactive.token })).status).toBe(403);
  });
});

describe('create, read, list', () => {
  it('creates a text page with the full answer shape', async () => {
    const u = await organiserWithToken({ company: 'Alfa Live' });
    const slug = uniqueSlug();
    const page = await createPage(u.token, { ...textPage(slug), company: 'Ignored Co' });
    // the answer is the schema's, field for field (parsing drops a key the schema does not know)
    expect(pageAsReceivedSchema.parse(page)).toEqual(page);
    expect(page).toMatchObject({
      folder_name: slug,
      title: `Tour ${slug}`,
      display_title: 'Tour',
      company: 'Alfa Live', // non-admins: the server sets their company
      visible: true,
      mode: 'text',
      style: 'light',
      custom_styles: null,
      header: `/dati/${slug}/${slug}.jpg`,
      view_page: 0,
    });
    expect(typeof page.id).toBe('number');
    expect(typeof page.updated_at).toBe('string');
    expect(page.buttons).toHaveLength(2);
    expect(page.buttons[0]).toEqual({
      id: expect.any(Number),
      position: 1,
      type: 'text',
      text: '12/05/2099 - Milano - Alcatraz|biglietti',
      image_path: null,
      url: 'https://www.ticketone.it/x',
      click_count: 0,
      cta_buttons: [
        { url: 'https://www.ticketone.it/x', buttonText: 'biglietti', on_sale_at: null, availability: 'on_sale' },
      ],
      presale: null,
      ticket_source: null,
    });
    expect(page.buttons[1]!.position).toBe(2);

    const read = await call(`${BASE}/${slug}`, { token: u.token });
    expect(read.status).toBe(200);
    expect(pageAsReceivedSchema.parse(await read.json())).toEqual(page);

    const list = await answer(await call(BASE, { token: u.token }), 200, z.array(pageListItemSchema));
    expect(z.array(pageListItemSchema).parse(list)).toEqual(list);
    const item = list.find((p) => p.folder_name === slug);
    expect(Object.keys(item!).sort()).toEqual(
      [
        'company',
        'display_title',
        'folder_name',
        'id',
        'title',
        'updated_at',
        'visible',
        'visible_from',
        'visible_until',
      ].sort(),
    );
  });

  it('keeps several CTAs per event; the text carries the first label', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, {
      ...textPage(slug),
      buttons: [
        {
          type: 'text',
          text: '1 giugno - Torino - Hiroshima|whatever',
          cta_buttons: [
            { url: 'https://a.example/1', buttonText: 'tickets' },
            { url: '', buttonText: '' },
            { url: 'b.example', buttonText: 'VIP' },
          ],
        },
      ],
    });
    expect(page.buttons[0]!.text).toBe('1 giugno - Torino - Hiroshima|tickets');
    expect(page.buttons[0]!.url).toBe('https://a.example/1');
    expect(page.buttons[0]!.cta_buttons).toEqual([
      { url: 'https://a.example/1', buttonText: 'tickets', ...ON_SALE_NOW },
      { url: '', buttonText: 'biglietti', ...ON_SALE_NOW },
      { url: 'b.example', buttonText: 'VIP', ...ON_SALE_NOW },
    ]);
  });

  it('custom_styles as object or JSON string are normalised', async () => {
    const u = await organiserWithToken();
    const a = await createPage(u.token, {
      ...textPage(uniqueSlug()),
      style: 'custom',
      custom_styles: { data: { color: '#abc' }, background: { color: 'red;}</style><script>' } },
    });
    // stored normalised: the whole strict shape, every colour a #RRGGBB
    const aStyles = customStylesStrictSchema.parse(a.custom_styles);
    expect(aStyles.data.color).toBe('#AABBCC');
    expect(aStyles.background.color).toBe('#000000');
    const b = await createPage(u.token, {
      ...textPage(uniqueSlug()),
      style: 'custom',
      custom_styles: JSON.stringify({ city: { color: 'ff0000', fontSize: '999rem' } }),
    });
    const bStyles = customStylesStrictSchema.parse(b.custom_styles);
    expect(bStyles.city.color).toBe('#FF0000');
    expect(FONT_SIZES).toContain(bStyles.city.fontSize);
    expect(bStyles.city.fontSize).not.toBe('999rem');
  });

  it('an admin sets the company, defaulting to Palco', async () => {
    const admin = await adminWithToken({ company: null });
    const a = await createPage(admin.token, { ...textPage(uniqueSlug()), company: 'Beta Eventi' });
    expect(a.company).toBe('Beta Eventi');
    // a new company joins the administrators' companies list; another case reuses its stored spelling
    const listed = (await (await call(adminPaths.allCompanies, { token: admin.token })).json()) as {
      companies: string[];
    };
    expect(listed.companies).toContain('Beta Eventi');
    const again = await createPage(admin.token, { ...textPage(uniqueSlug()), company: 'BETA eventi' });
    expect(again.company).toBe('Beta Eventi');
    const b = await createPage(admin.token, textPage(uniqueSlug()));
    expect(b.company).toBe('Palco');
    // an organiser without a company creates nothing (never a page of the operator's company)
    const noCompany = await organiserWithToken({ company: null });
    const c = await call(API_PREFIX.pages, { token: noCompany.token, json: textPage(uniqueSlug()) });
    expect(c.status).toBe(403);
    expect(((await c.json()) as { detail: string }).detail).toBe(t('pages.noCompany'));
  });

  it('an image page may omit header and images when uploads follow', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, {
      folder_name: slug,
      title: `Store ${slug}`,
      mode: 'image',
      buttons: [
        { type: 'image', image_path: '/stores/spotify.svg', url: 'https://open.spotify.com/x' },
        { type: 'image', url: '' },
      ],
    });
    expect(page.mode).toBe('image');
    expect(page.header).toBe('');
    expect(page.buttons[0]).toMatchObject({ type: 'image', image_path: '/stores/spotify.svg', cta_buttons: null });
    expect(page.buttons[1]).toMatchObject({ image_path: null, url: null });
  });
});

describe('update', () => {
  it('ids and click counts survive; new buttons are inserted; missing ones deleted; order follows the array', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, {
      ...textPage(slug),
      buttons: [eventButton('1 - A - a|x'), eventButton('2 - B - b|x'), eventButton('3 - C - c|x')],
    });
    const [b1, b2, b3] = page.buttons as [ButtonAsReceived, ButtonAsReceived, ButtonAsReceived];
    for (let i = 0; i < 3; i++) await call(`${BASE}/${slug}/buttons/${b1.id}/click`, { method: 'POST' });
    await call(`${BASE}/${slug}/buttons/${b3.id}/click`, { method: 'POST' });
    // clicks reach D1 through the queue within the flush delay
    expect(
      (
        await eventually(
          () => totals(slug),
          (t) => t.clicks >= 4,
        )
      ).clicks,
    ).toBe(4);
    const res = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: {
        title: page.title,
        header: page.header,
        mode: 'text',
        style: 'dark',
        buttons: [
          { ...b3, text: '3 - C - c2|x', click_count: 999 },
          { id: 'tmp-1', type: 'text', text: '4 - D - d|x', url: 'https://d.example' },
          { ...b1 },
          { id: 123456789, type: 'text', text: '5 - E - e|x', url: 'https://e.example' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const updated = pageAsReceivedSchema.parse(await res.json());
    expect(updated.style).toBe('dark');
    expect(updated.buttons.map((b: any) => [b.position, b.text.split(' ')[0], b.click_count])).toEqual([
      [1, '3', 1],
      [2, '4', 0],
      [3, '1', 3],
      [4, '5', 0],
    ]);
    expect(updated.buttons[0]?.id).toBe(b3.id);
    expect(updated.buttons[0]?.text).toBe('3 - C - c2|x');
    expect(updated.buttons[2]?.id).toBe(b1.id);
    expect(updated.buttons.map((b: any) => b.id)).not.toContain(b2.id);
    expect(updated.buttons[3]?.id).not.toBe(123456789);
    const gone = await env.DB.prepare('SELECT COUNT(*) AS n FROM buttons WHERE id = ?')
      .bind(b2.id)
      .first<{ n: number }>();
    expect(gone!.n).toBe(0);
  });

  it('header omitted keeps the stored one; custom styles omitted are kept', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, {
      ...textPage(slug),
      style: 'custom',
      custom_styles: { data: { color: '#123456' } },
    });
    const { header: _h, custom_styles: _c, ...rest } = textPage(slug) as any;
    const res = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...rest, buttons: page.buttons },
    });
    expect(res.status).toBe(200);
    const updated = pageAsReceivedSchema.parse(await res.json());
    expect(updated.header).toBe(page.header);
    expect(updated.custom_styles).toMatchObject({ data: { color: '#123456' } });
  });

  it('mode cannot change while old buttons are kept', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, textPage(slug));
    const res = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: {
        ...textPage(slug),
        mode: 'image',
        buttons: page.buttons.map((b: any) => ({ ...b, type: 'image', image_path: '/stores/tidal.svg' })),
      },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: 'Non puoi cambiare modalità dopo aver creato pulsanti' });
    // replacing every button with new image buttons is a legitimate switch
    const ok = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), mode: 'image', buttons: [{ type: 'image', image_path: '/stores/tidal.svg' }] },
    });
    expect(ok.status).toBe(200);
    expect(pageAsReceivedSchema.parse(await ok.json()).mode).toBe('image');
  });

  it('unknown slug is 404', async () => {
    const u = await organiserWithToken();
    const res = await call(`${BASE}/nosuchpage999`, { method: 'PUT', token: u.token, json: textPage('nosuchpage999') });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Landing page non trovata' });
  });
});
