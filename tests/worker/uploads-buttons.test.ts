// Button images: POST …/upload-button-images, replaced images deleted at once, and the files'
// addresses (docs/behaviour.md#uploads). The header upload: uploads.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createPage, textPage, uniqueSlug, organiserWithToken, answer } from './helpers';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { buttonImageDeletedSchema, buttonImagesAnswerSchema } from '../../src/core/schemas/uploads';
import { GIF, PNG, SVG, WEBP, bigBytes, concat, mp4, multipartStream } from './media-fixtures';
import { BASE, MB, setup } from './uploads-helpers';

function imagePage(slug: string) {
  return {
    folder_name: slug,
    title: `Store ${slug}`,
    mode: 'image',
    buttons: [
      { type: 'image', image_path: '/stores/spotify.svg', url: 'https://open.spotify.com' },
      { type: 'image' },
      { type: 'image' },
    ],
  };
}

describe('POST …/upload-button-images', () => {
  it('maps upload order to button indexes and stores each image', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, imagePage(slug));
    const f = new FormData();
    f.append('button_images', new Blob([GIF]), 'a.gif');
    f.append('button_images', new Blob([PNG]), 'b.png');
    f.append('image_mapping', JSON.stringify({ 0: 2, 1: 1 }));
    const res = await call(`${BASE}/${slug}/upload-button-images`, { token: u.token, body: f });
    expect(res.status).toBe(200);
    const body = buttonImagesAnswerSchema.parse(await res.json());
    expect(body.success).toBe(true);
    expect(body.paths['2']!).toMatch(new RegExp(`^/dati/${slug}/2\\.[a-z0-9]+\\.gif$`));
    expect(body.paths['1']!).toMatch(new RegExp(`^/dati/${slug}/1\\.[a-z0-9]+\\.png$`));
    expect(body.uploaded).toEqual([
      { order: 0, index: 2, button_id: page.buttons[2]!.id, path: body.paths['2']! },
      { order: 1, index: 1, button_id: page.buttons[1]!.id, path: body.paths['1']! },
    ]);
    const after = await answer(await call(`${BASE}/${slug}`, { token: u.token }), 200, pageAsReceivedSchema);
    expect(after.buttons.map((b: any) => b.image_path)).toEqual([
      '/stores/spotify.svg',
      body.paths['1']!,
      body.paths['2']!,
    ]);

    // step 4 of the save order: delete an old button image by file name
    const filename = body.paths['1']!.split('/').pop();
    const del = await call(`${BASE}/${slug}/button-image/${filename}`, { method: 'DELETE', token: u.token });
    expect(del.status).toBe(200);
    expect(buttonImageDeletedSchema.parse(await del.json())).toEqual({ success: true, deleted: filename });
    expect(await env.BUCKET.head(body.paths['1']!.slice(1))).toBeNull();
    const again = await call(`${BASE}/${slug}/button-image/${filename}`, { method: 'DELETE', token: u.token });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ detail: 'File non trovato' });
    for (const bad of ['spotify.svg', '..%2F..%2Fx.png', 'a.png', '1.html']) {
      const r = await call(`${BASE}/${slug}/button-image/${bad}`, { method: 'DELETE', token: u.token });
      expect(r.status, bad).toBe(422);
    }
  });

  it('accepts the mapping after the files', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, imagePage(slug));
    const f = new FormData();
    f.append('button_images', new Blob([WEBP]), 'a.webp');
    f.append('image_mapping', '{"0":"1"}');
    const res = await call(`${BASE}/${slug}/upload-button-images`, { token: u.token, body: f });
    expect(res.status).toBe(200);
    expect(buttonImagesAnswerSchema.parse(await res.json()).paths['1']!).toMatch(/\.webp$/);
  });

  it.each([
    ['SVG', SVG, { 0: 1 }, 415, 'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF'],
    ['MP4', mp4(10), { 0: 1 }, 415, 'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF'],
    [
      'text',
      new TextEncoder().encode('GIF8 but not really'),
      { 0: 1 },
      415,
      'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
    ],
    ['truncated GIF', GIF.slice(0, GIF.length - 1), { 0: 1 }, 422, 'Il file è incompleto o danneggiato'],
    [
      'GIF + HTML',
      concat(GIF, new TextEncoder().encode('<html>')),
      { 0: 1 },
      415,
      'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
    ],
    ['index out of range', PNG, { 0: 9 }, 422, 'Il pulsante con indice 9 non esiste'],
    ['bad mapping', PNG, [1], 422, 'image_mapping non valido: serve un oggetto {ordine file: indice pulsante}'],
    [
      'mapping without the file',
      PNG,
      { 1: 1 },
      422,
      'image_mapping non valido: serve un oggetto {ordine file: indice pulsante}',
    ],
  ])('refuses %s', async (_n, bytes, mapping, status, detail) => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, imagePage(slug));
    const f = new FormData();
    f.append('image_mapping', JSON.stringify(mapping));
    f.append('button_images', new Blob([bytes]), 'x.png');
    const res = await call(`${BASE}/${slug}/upload-button-images`, { token: u.token, body: f });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ detail });
    expect((await env.BUCKET.list({ prefix: `dati/${slug}/` })).objects).toHaveLength(0);
  });

  it('refuses an image for a text button, and a missing mapping', async () => {
    const { u, slug } = await setup();
    const f = new FormData();
    f.append('image_mapping', '{"0":0}');
    f.append('button_images', new Blob([PNG]), 'x.png');
    const res = await call(`${BASE}/${slug}/upload-button-images`, { token: u.token, body: f });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ detail: 'Il pulsante con indice 0 non è un pulsante immagine' });
    const g = new FormData();
    g.append('button_images', new Blob([PNG]), 'x.png');
    const res2 = await call(`${BASE}/${slug}/upload-button-images`, { token: u.token, body: g });
    expect(res2.status).toBe(422);
  });

  it('refuses a button image over 5 MB while streaming', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, imagePage(slug));
    const boundary = 'bbb';
    const res = await call(`${BASE}/${slug}/upload-button-images`, {
      token: u.token,
      body: multipartStream(boundary, [
        { name: 'image_mapping', data: '{"0":1}' },
        { name: 'button_images', filename: 'big.gif', data: bigBytes(GIF.slice(0, 13), 5 * MB + 10) },
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "L'immagine non può superare i 5MB" });
  });
});

describe('replaced button images are deleted at once', () => {
  async function uploadImages(token: string, slug: string, files: Uint8Array[], mapping: Record<number, number>) {
    const f = new FormData();
    for (const bytes of files) f.append('button_images', new Blob([bytes]), 'x.bin');
    f.append('image_mapping', JSON.stringify(mapping));
    const res = await call(`${BASE}/${slug}/upload-button-images`, { token, body: f });
    return answer(res, 200, buttonImagesAnswerSchema);
  }

  async function pageOf(token: string, slug: string) {
    return answer(await call(`${BASE}/${slug}`, { token }), 200, pageAsReceivedSchema);
  }

  /** The page as the editor sends it back, with each button changed by `edit`. */
  async function save(token: string, slug: string, buttons: any[], extra: Record<string, unknown> = {}) {
    const page = await pageOf(token, slug);
    const res = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token,
      json: { title: page.title, mode: page.mode, header: page.header, buttons, ...extra },
    });
    return answer(res, 200, pageAsReceivedSchema);
  }

  const keep = (b: any) => ({ id: b.id, type: b.type, text: b.text, image_path: b.image_path, url: b.url });

  async function objects(slug: string): Promise<string[]> {
    return (await env.BUCKET.list({ prefix: `dati/${slug}/` })).objects.map((o) => `/${o.key}`).sort();
  }

  async function gone(path: string): Promise<void> {
    expect(await env.BUCKET.head(path.slice(1)), path).toBeNull();
    const served = await call(path);
    expect(served.status, path).toBe(404);
    expect(await served.json()).toEqual({ detail: 'File non trovato' });
  }

  it('a new image for a button deletes the one it replaces: gone from R2, 404 at its address', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, imagePage(slug));
    const first = await uploadImages(u.token, slug, [GIF, PNG], { 0: 1, 1: 2 });
    expect((await call(first.paths['1']!)).status).toBe(200);
    const second = await uploadImages(u.token, slug, [WEBP], { 0: 1 });
    await gone(first.paths['1']!);
    expect(await objects(slug)).toEqual([second.paths['1']!, first.paths['2']!].sort());
    expect((await call(second.paths['1']!)).status).toBe(200);
    expect((await pageOf(u.token, slug)).buttons.map((b: any) => b.image_path)).toEqual([
      '/stores/spotify.svg',
      second.paths['1']!,
      first.paths['2']!,
    ]);
    // a store badge replaced by an upload is a shared site file, outside the page's folder: only
    // the new upload changes in R2
    const badge = await uploadImages(u.token, slug, [PNG], { 0: 0 });
    expect(await objects(slug)).toEqual([badge.paths['0']!, second.paths['1']!, first.paths['2']!].sort());
  });

  it('two files mapped to one button in one upload: only the later one, which the button shows, is kept', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, imagePage(slug));
    const body = await uploadImages(u.token, slug, [GIF, PNG, WEBP], { 0: 1, 1: 2, 2: 1 });
    expect(body.paths['1']!).toMatch(new RegExp(`^/dati/${slug}/1\\.[a-z0-9]+\\.webp$`));
    expect(body.uploaded).toEqual([
      { order: 1, index: 2, button_id: page.buttons[2]!.id, path: body.paths['2']! },
      { order: 2, index: 1, button_id: page.buttons[1]!.id, path: body.paths['1']! },
    ]);
    expect(await objects(slug)).toEqual([body.paths['1']!, body.paths['2']!].sort());
    expect((await pageOf(u.token, slug)).buttons[1]!.image_path).toBe(body.paths['1']!);
  });

  it('a save that removes an image button, or puts a store badge in its place, deletes its file', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, imagePage(slug));
    const up = await uploadImages(u.token, slug, [GIF, PNG], { 0: 1, 1: 2 });
    const [badge, one, two] = (await pageOf(u.token, slug)).buttons;
    // button 2 gets a store badge instead of its upload
    await save(u.token, slug, [keep(badge), keep(one), { ...keep(two), image_path: '/stores/deezer.svg' }]);
    await gone(up.paths['2']!);
    expect(await objects(slug)).toEqual([up.paths['1']!]);
    // button 1 is removed
    const after = await save(u.token, slug, [keep(badge)]);
    expect(after.buttons).toHaveLength(1);
    await gone(up.paths['1']!);
    expect(await objects(slug)).toEqual([]);
  });

  it('turning an image page into a text page deletes every image its buttons had', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, imagePage(slug));
    const up = await uploadImages(u.token, slug, [GIF, PNG], { 0: 1, 1: 2 });
    const text = textPage(slug);
    await save(u.token, slug, text.buttons, { mode: 'text' });
    await gone(up.paths['1']!);
    await gone(up.paths['2']!);
    expect(await objects(slug)).toEqual([]);
  });

  it('a file another button (or the header) still shows is kept until nothing uses it', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, imagePage(slug));
    const up = await uploadImages(u.token, slug, [GIF], { 0: 1 });
    const shared = up.paths['1']!;
    const [badge, one, two] = (await pageOf(u.token, slug)).buttons;
    // button 2 shows button 1's file too, and the header as well
    await save(u.token, slug, [keep(badge), keep(one), { ...keep(two), image_path: shared }], { header: shared });
    const replaced = await uploadImages(u.token, slug, [PNG], { 0: 1 });
    expect(await objects(slug)).toEqual([replaced.paths['1']!, shared].sort());
    await save(u.token, slug, [keep(badge), { ...keep(one), image_path: replaced.paths['1']! }]);
    expect(await objects(slug)).toEqual([replaced.paths['1']!, shared].sort());
    expect((await call(shared)).status).toBe(200);
    await save(u.token, slug, [keep(badge), { ...keep(one), image_path: replaced.paths['1']! }], {
      header: '/stores/spotify.svg',
    });
    await gone(shared);
    expect(await objects(slug)).toEqual([replaced.paths['1']!]);
  });
});

describe('GET /dati/*', () => {
  it('404 for unknown or odd keys', async () => {
    for (const path of ['/dati/nosuch/x.png', '/dati/../x', '/dati/a/b/c.png', '/dati/%2e%2e/x.png']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
    }
  });
});
