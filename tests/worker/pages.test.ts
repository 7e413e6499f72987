import { statsAnswerSchema } from '../../src/core/schemas/admin';
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
import { PUBLIC_PAGE_KEYS } from './public-helpers';
import {
  pageAsReceivedSchema,
  pageDeletedSchema,
  pageListItemSchema,
  publicLandingSchema,
  type ButtonAsReceived,
} from '../../src/core/schemas/page';
import { z } from '../../src/core/zod';
import { eventually, totals } from './counting-helpers';
import { PAGE_BODY_MAX_BYTES } from '../../worker/middleware/body-limit';
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

describe('validation messages (422 {detail})', () => {
  const cases: Array<[string, (slug: string) => unknown, string]> = [
    ['no slug', (s) => ({ ...textPage(s), folder_name: '' }), 'Inserisci uno slug per la landing'],
    [
      'bad slug',
      (s) => ({ ...textPage(s), folder_name: `${s}-X` }),
      'Lo slug può contenere solo lettere minuscole e numeri',
    ],
    [
      'reserved slug',
      (s) => ({ ...textPage(s), folder_name: 'admin' }),
      'Lo slug "admin" è riservato: scegline un altro',
    ],
    ['reserved api', (s) => ({ ...textPage(s), folder_name: 'api' }), 'Lo slug "api" è riservato: scegline un altro'],
    ['no title', (s) => ({ ...textPage(s), title: '  ' }), 'Inserisci un titolo'],
    ['no buttons', (s) => ({ ...textPage(s), buttons: [] }), 'Aggiungi almeno un pulsante'],
    [
      'mixed',
      (s) => ({ ...textPage(s), buttons: [eventButton(), { type: 'image', image_path: '/stores/tidal.svg' }] }),
      'Tutti i pulsanti devono essere dello stesso tipo',
    ],
    [
      'mode mismatch',
      (s) => ({ ...textPage(s), mode: 'image' }),
      'I pulsanti di tipo testo non sono compatibili con la modalità immagine',
    ],
    [
      'mode mismatch image',
      (s) => ({ ...textPage(s), mode: 'text', buttons: [{ type: 'image', image_path: '/stores/tidal.svg' }] }),
      'I pulsanti di tipo immagine non sono compatibili con la modalità testo',
    ],
    [
      'empty event',
      (s) => ({ ...textPage(s), buttons: [eventButton(), eventButton(' -  - |biglietti')] }),
      'Pulsante 2: Inserisci almeno la data, la città o la venue',
    ],
    [
      'no CTA',
      (s) => ({ ...textPage(s), buttons: [eventButton('a - b - c|x', null, { cta_buttons: [] })] }),
      'Pulsante 1: Aggiungi almeno un pulsante CTA',
    ],
    [
      'no CTA url',
      (s) => ({ ...textPage(s), buttons: [eventButton('a - b - c|soldout', '')] }),
      'Pulsante 1: Almeno un pulsante CTA deve avere un link',
    ],
    [
      'javascript url',
      (s) => ({ ...textPage(s), buttons: [eventButton('a - b - c|x', 'javascript:alert(1)')] }),
      'Pulsante 1: Link non valido: usa un indirizzo web (http o https)',
    ],
    [
      'data url in CTA',
      (s) => ({
        ...textPage(s),
        buttons: [
          eventButton('a - b - c|x', 'https://ok.example', {
            cta_buttons: [{ url: 'https://ok.example' }, { url: 'data:text/html,<script>' }],
          }),
        ],
      }),
      'Pulsante 1: Link non valido: usa un indirizzo web (http o https)',
    ],
    [
      'vbscript image url',
      (s) => ({
        ...textPage(s),
        mode: 'image',
        buttons: [{ type: 'image', image_path: '/stores/tidal.svg', url: 'VBScript:x' }],
      }),
      'Pulsante 1: Link non valido: usa un indirizzo web (http o https)',
    ],
    [
      'image path injection',
      (s) => ({ ...textPage(s), mode: 'image', buttons: [{ type: 'image', image_path: 'javascript:alert(1)' }] }),
      "Pulsante 1: Immagine non valida: usa un file caricato, un'immagine store o un link http o https",
    ],
    [
      'header injection',
      (s) => ({ ...textPage(s), header: 'javascript:alert(1)' }),
      'Testata non valida: usa un file caricato o un link http o https',
    ],
  ];
  it.each(cases)('%s', async (_name, make, detail) => {
    const u = await organiserWithToken();
    const res = await call(BASE, { token: u.token, json: make(uniqueSlug()) });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail });
  });

  it('an update may leave the header empty while its upload follows (the editor saves the page, then uploads)', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, { ...textPage(slug), header: '' });
    const res = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), header: '' },
    });
    expect(res.status).toBe(200);
    expect(pageAsReceivedSchema.parse(await res.json()).header).toBe('');
  });

  it('an oversized body is 413 before parsing', async () => {
    const u = await organiserWithToken();
    const res = await call(BASE, {
      token: u.token,
      json: { ...textPage(uniqueSlug()), title: 'x'.repeat(PAGE_BODY_MAX_BYTES) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'I dati della landing sono troppo grandi' });
  });

  it('over-long fields and too many buttons have their own messages', async () => {
    const u = await organiserWithToken();
    const long = await call(BASE, { token: u.token, json: { ...textPage(uniqueSlug()), title: 'x'.repeat(201) } });
    expect(await long.json()).toEqual({ detail: 'Il titolo può avere al massimo 200 caratteri' });
    const many = await call(BASE, {
      token: u.token,
      json: { ...textPage(uniqueSlug()), buttons: Array.from({ length: 101 }, () => eventButton()) },
    });
    expect(await many.json()).toEqual({ detail: 'Puoi aggiungere al massimo 100 pulsanti' });
    const slug = await call(BASE, { token: u.token, json: { ...textPage(uniqueSlug()), folder_name: 'a'.repeat(65) } });
    expect(await slug.json()).toEqual({ detail: 'Lo slug può avere al massimo 64 caratteri' });
    const ctas = await call(BASE, {
      token: u.token,
      json: {
        ...textPage(uniqueSlug()),
        buttons: [
          eventButton('a - b - c|x', 'https://x.example', {
            cta_buttons: Array.from({ length: 11 }, () => ({ url: 'https://x.example' })),
          }),
        ],
      },
    });
    expect(await ctas.json()).toEqual({ detail: 'Pulsante 1: Puoi aggiungere al massimo 10 pulsanti CTA per evento' });
  });

  it('bad bodies are 422, never 500', async () => {
    const u = await organiserWithToken();
    const bodies: Array<BodyInit> = [
      '{',
      'null',
      '[]',
      '"x"',
      '42',
      JSON.stringify({ buttons: 'x' }),
      JSON.stringify({ buttons: [{ type: 'video' }] }),
      JSON.stringify({ title: 5 }),
      JSON.stringify({ mode: 'x' }),
    ];
    for (const body of bodies) {
      const res = await call(BASE, { token: u.token, body, headers: { 'content-type': 'application/json' } });
      expect(res.status, String(body)).toBe(422);
      expect(typeof errorAnswerSchema.parse(await res.json()).detail).toBe('string');
      const put = await call(`${BASE}/nosuchpage`, {
        method: 'PUT',
        token: u.token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect([404, 422]).toContain(put.status);
    }
  });
});

describe('uniqueness (409, with the texts the editor shows)', () => {
  it('slug taken and title taken ignoring case (and accents)', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, { ...textPage(slug), title: `Città ${slug}` });
    const dupSlug = await call(BASE, { token: u.token, json: { ...textPage(slug), title: 'Altro' } });
    expect(dupSlug.status).toBe(409);
    expect(await dupSlug.json()).toEqual({
      detail: `Lo slug "${slug}" è già utilizzato dalla landing "Città ${slug}"`,
    });
    const other = uniqueSlug();
    const dupTitle = await call(BASE, {
      token: u.token,
      json: { ...textPage(other), title: `CITTÀ ${slug.toUpperCase()}` },
    });
    expect(dupTitle.status).toBe(409);
    expect(await dupTitle.json()).toEqual({
      detail: `Il titolo "CITTÀ ${slug.toUpperCase()}" è già utilizzato dalla landing "${slug}"`,
    });
  });

  it('a page may keep its own title on update; another page title is refused', async () => {
    const u = await organiserWithToken();
    const a = uniqueSlug();
    const b = uniqueSlug();
    await createPage(u.token, textPage(a));
    await createPage(u.token, textPage(b));
    const same = await call(`${BASE}/${a}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(a), title: `TOUR ${a}` },
    });
    expect(same.status).toBe(200);
    const clash = await call(`${BASE}/${a}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(a), title: `tour ${b}` },
    });
    expect(clash.status).toBe(409);
    expect(errorAnswerSchema.parse(await clash.json()).detail).toBe(
      `Il titolo "tour ${b}" è già utilizzato dalla landing "${b}"`,
    );
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

describe('ownership', () => {
  it('a non-admin of company A cannot see or change company B pages; an admin can', async () => {
    const a = await organiserWithToken({ company: 'Alfa' });
    const b = await organiserWithToken({ company: 'Beta' });
    const b2 = await organiserWithToken({ company: 'beta' });
    const admin = await adminWithToken({ company: 'Palco' });
    const slug = uniqueSlug();
    await createPage(b.token, textPage(slug));

    expect((await call(`${BASE}/${slug}`, { token: a.token })).status).toBe(404);
    expect((await call(`${BASE}/${slug}`, { method: 'PUT', token: a.token, json: textPage(slug) })).status).toBe(404);
    expect((await call(`${BASE}/${slug}/visibility?visible=false`, { method: 'PATCH', token: a.token })).status).toBe(
      404,
    );
    expect((await call(`${BASE}/${slug}`, { method: 'DELETE', token: a.token })).status).toBe(404);
    const listA = z.array(pageListItemSchema).parse(await (await call(BASE, { token: a.token })).json());
    expect(listA.some((p) => p.folder_name === slug)).toBe(false);

    // same company, other case: allowed
    expect((await call(`${BASE}/${slug}`, { token: b2.token })).status).toBe(200);

    expect((await call(`${BASE}/${slug}`, { token: admin.token })).status).toBe(200);
    const listAdmin = z.array(pageListItemSchema).parse(await (await call(BASE, { token: admin.token })).json());
    expect(listAdmin.some((p) => p.folder_name === slug)).toBe(true);
  });

  it('only admins change the company', async () => {
    const b = await organiserWithToken({ company: 'Beta' });
    const admin = await adminWithToken();
    const slug = uniqueSlug();
    await createPage(b.token, textPage(slug));
    const refused = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: b.token,
      json: { company: 'Gamma' },
    });
    expect(refused.status).toBe(403);
    const bad = await call(`${BASE}/${slug}/company`, { method: 'PATCH', token: admin.token, json: { company: '  ' } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ detail: 'company: Inserisci una company' });
    const garbled = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbled.status).toBe(422);
    const noVisible = await call(`${BASE}/${slug}/visibility`, { method: 'PATCH', token: admin.token });
    expect(noVisible.status).toBe(422);
    const ok = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      json: { company: 'Gamma' },
    });
    expect(ok.status).toBe(200);
    expect(pageListItemSchema.parse(await ok.json())).toMatchObject({ folder_name: slug, company: 'Gamma' });
    // the page has left Beta
    expect((await call(`${BASE}/${slug}`, { token: b.token })).status).toBe(404);
  });

  it('a company set on a page joins the companies list, in its stored spelling', async () => {
    const admin = await adminWithToken();
    const slug = uniqueSlug();
    await createPage(admin.token, textPage(slug));
    const fresh = `Nuova  Co ${slug}`;
    const res = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      json: { company: fresh },
    });
    expect(res.status).toBe(200);
    expect(pageListItemSchema.parse(await res.json())).toMatchObject({ company: `Nuova Co ${slug}` });
    const listed = async () =>
      ((await (await call(adminPaths.allCompanies, { token: admin.token })).json()) as { companies: string[] })
        .companies;
    expect((await listed()).filter((n) => n.toLowerCase() === `nuova co ${slug}`)).toEqual([`Nuova Co ${slug}`]);
    // another case reuses the stored spelling: no duplicate
    const again = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      json: { company: `NUOVA CO ${slug}` },
    });
    expect(pageListItemSchema.parse(await again.json())).toMatchObject({ company: `Nuova Co ${slug}` });
    expect((await listed()).filter((n) => n.toLowerCase() === `nuova co ${slug}`)).toHaveLength(1);
  });
});

describe('visibility and delete', () => {
  it('visibility toggles and hides the public answer', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    const bad = await call(`${BASE}/${slug}/visibility?visible=maybe`, { method: 'PATCH', token: u.token });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ detail: 'visible: Il parametro visible deve essere true o false' });
    const off = await call(`${BASE}/${slug}/visibility?visible=false`, { method: 'PATCH', token: u.token });
    expect(off.status).toBe(200);
    expect(pageListItemSchema.parse(await off.json())).toMatchObject({ folder_name: slug, visible: false });
    const row = await env.DB.prepare('SELECT visible FROM landing_pages WHERE folder_name = ?')
      .bind(slug)
      .first<{ visible: number }>();
    expect(row!.visible).toBe(0);
    const on = await call(`${BASE}/${slug}/visibility?visible=true`, { method: 'PATCH', token: u.token });
    expect(pageListItemSchema.parse(await on.json())).toMatchObject({ visible: true });
    // 1 and 0 (any case, spaces around) too
    const zero = await call(`${BASE}/${slug}/visibility?visible=%200`, { method: 'PATCH', token: u.token });
    expect(pageListItemSchema.parse(await zero.json())).toMatchObject({ visible: false });
    const upper = await call(`${BASE}/${slug}/visibility?visible=TRUE`, { method: 'PATCH', token: u.token });
    expect(pageListItemSchema.parse(await upper.json())).toMatchObject({ visible: true });
  });

  it('delete by slug, then by numeric id; removes buttons and R2 objects', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, textPage(slug));
    await env.BUCKET.put(`dati/${slug}/${slug}.abc.jpg`, new Uint8Array([1, 2, 3]));
    await env.BUCKET.put(`dati/${slug}x/keep.jpg`, new Uint8Array([1]));
    const res = await call(`${BASE}/${slug}`, { method: 'DELETE', token: u.token });
    expect(res.status).toBe(200);
    expect(pageDeletedSchema.parse(await res.json())).toMatchObject({ success: true, folder_name: slug });
    expect(await env.BUCKET.head(`dati/${slug}/${slug}.abc.jpg`)).toBeNull();
    expect(await env.BUCKET.head(`dati/${slug}x/keep.jpg`)).not.toBeNull();
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM buttons WHERE page_id = ?')
      .bind(page.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
    expect((await call(`${BASE}/${slug}`, { method: 'DELETE', token: u.token })).status).toBe(404);

    const other = await createPage(u.token, textPage(uniqueSlug()));
    const byId = await call(`${BASE}/${other.id}`, { method: 'DELETE', token: u.token });
    expect(byId.status).toBe(200);
    expect((await call(`${BASE}/${other.folder_name}`, { token: u.token })).status).toBe(404);
  });
});

describe('publishing on every write', () => {
  it('create publishes, update republishes, hide unpublishes, delete removes', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, { ...textPage(slug), title: `Primo ${slug}`, display_title: `Primo ${slug}` });
    const listed = await env.BUCKET.list({ prefix: '' });
    expect(listed.objects.some((o) => o.key.includes(slug) && !o.key.startsWith('dati/'))).toBe(true);
    const first = await call(`/${slug}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(`Primo ${slug}`);

    const upd = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), title: `Secondo ${slug}`, display_title: `Secondo ${slug}` },
    });
    expect(upd.status).toBe(200);
    const second = await call(`/${slug}`);
    expect(await second.text()).toContain(`Secondo ${slug}`);

    await call(`${BASE}/${slug}/visibility?visible=false`, { method: 'PATCH', token: u.token });
    expect((await call(`/${slug}`)).status).toBe(404);
    const pub = await call(`/api/db/public/landing/${slug}`);
    expect(pub.status).toBe(404);
    await call(`${BASE}/${slug}/visibility?visible=true`, { method: 'PATCH', token: u.token });
    expect((await call(`/${slug}`)).status).toBe(200);

    await call(`${BASE}/${slug}`, { method: 'DELETE', token: u.token });
    expect((await call(`/${slug}`)).status).toBe(404);
    const left = await env.BUCKET.list({ prefix: '' });
    expect(left.objects.some((o) => o.key.includes(slug))).toBe(false);
  });

  it('the public answer has the public fields only, without click counts', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    const res = await call(`/api/db/public/landing/${slug}`);
    expect(res.status).toBe(200);
    const raw: unknown = await res.json();
    const body = publicLandingSchema.parse(raw);
    // the answer is the schema's, field for field (parsing drops a key the schema does not know)
    expect(body).toEqual(raw);
    expect(Object.keys(body).sort()).toEqual(PUBLIC_PAGE_KEYS);
    expect(Object.keys(body.buttons[0]!).sort()).toEqual([
      'cta_buttons',
      'id',
      'image_path',
      'position',
      'text',
      'type',
      'url',
    ]);
  });
});

describe('admin stats gain pages, views and clicks', () => {
  it('counts pages (total, visible), views and clicks', async () => {
    const admin = await adminWithToken();
    const before = await answer(await call(adminPaths.stats, { token: admin.token }), 200, statsAnswerSchema);
    expect(before).toMatchObject({
      users: expect.any(Object),
      pages: { total: expect.any(Number), visible: expect.any(Number) },
      views: expect.any(Number),
      clicks: expect.any(Number),
    });
    const slug = uniqueSlug();
    const page = await createPage(admin.token, textPage(slug));
    await createPage(admin.token, { ...textPage(uniqueSlug()), visible: false });
    await call(`${BASE}/${slug}/buttons/${page.buttons[0]!.id}/click`, { method: 'POST' });
    await call(`${BASE}/${slug}/buttons/${page.buttons[1]!.id}/click`, { method: 'POST' });
    await env.DB.prepare('UPDATE landing_pages SET view_page = view_page + 5 WHERE id = ?').bind(page.id).run();
    const stats = async () => answer(await call(adminPaths.stats, { token: admin.token }), 200, statsAnswerSchema);
    // the clicks reach D1 through the queue within the flush delay
    const after = await eventually(stats, (s) => s.clicks - before.clicks >= 2);
    expect(after.pages.total - before.pages.total).toBe(2);
    expect(after.pages.visible - before.pages.visible).toBe(1);
    expect(after.clicks - before.clicks).toBe(2);
    expect(after.views - before.views).toBe(5);
  });
});
