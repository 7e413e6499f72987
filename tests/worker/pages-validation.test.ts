// The pages API's refusals (docs/behaviour.md#pages-and-ownership): validation messages (422
// {detail}) and uniqueness (409). The rest of the pages API: pages.test.ts, pages-access.test.ts.
import { errorAnswerSchema } from '../../src/core/schemas/error';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { call, createPage, eventButton, textPage, uniqueSlug, organiserWithToken } from './helpers';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { PAGE_BODY_MAX_BYTES } from '../../worker/middleware/body-limit';

const BASE = API_PREFIX.pages;

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
