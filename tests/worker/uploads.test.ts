import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createPage, textPage, uniqueSlug, organiserWithToken, userWithToken, answer } from './helpers';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import {
  buttonImageDeletedSchema,
  buttonImagesAnswerSchema,
  headerUploadAnswerSchema,
} from '../../src/core/schemas/uploads';
import { API_PREFIX } from '../../src/core/api-paths';
import { GIF, JPEG, PNG, SVG, WEBP, bigBytes, concat, mp4, multipartStream } from './media-fixtures';

const BASE = API_PREFIX.pages;

function jpegWithComment(text: string): Uint8Array {
  const data = new TextEncoder().encode(text);
  return concat(JPEG.slice(0, 2), new Uint8Array([0xff, 0xfe, 0x00, data.length + 2]), data, JPEG.slice(2));
}
const MB = 1024 * 1024;

function form(field: string, bytes: Uint8Array, name = 'file.bin', type = 'application/octet-stream'): FormData {
  const f = new FormData();
  f.append(field, new Blob([bytes], { type }), name);
  return f;
}

async function setup(extra: Record<string, unknown> = {}) {
  const u = await organiserWithToken();
  const slug = uniqueSlug();
  const page = await createPage(u.token, { ...textPage(slug), header: '', ...extra });
  return { u, slug, page };
}

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

describe('POST …/upload-image (header)', () => {
  it.each([
    ['png', PNG, 'image/png'],
    ['jpg', JPEG, 'image/jpeg'],
    ['webp', WEBP, 'image/webp'],
  ] as const)('stores a %s under a server-made versioned key and sets the header', async (ext, bytes, type) => {
    const { u, slug } = await setup();
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: form('image', bytes, 'x.gif', 'text/html'),
    });
    expect(res.status).toBe(200);
    const body = headerUploadAnswerSchema.parse(await res.json());
    expect(body.path).toMatch(new RegExp(`^/dati/${slug}/${slug}\\.[a-z0-9]+\\.${ext}$`));
    expect(body).toMatchObject({ success: true, header: body.path, content_type: type, size: bytes.length });
    const obj = await env.BUCKET.get(body.path.slice(1));
    expect(obj!.httpMetadata!.contentType).toBe(type);
    const page = pageAsReceivedSchema.parse(await (await call(`${BASE}/${slug}`, { token: u.token })).json());
    expect(page.header).toBe(body.path);

    const served = await call(body.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(type);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('a new header replaces the old object', async () => {
    const { u, slug } = await setup();
    const first = headerUploadAnswerSchema.parse(
      await (await call(`${BASE}/${slug}/upload-image`, { token: u.token, body: form('image', PNG) })).json(),
    );
    const second = headerUploadAnswerSchema.parse(
      await (await call(`${BASE}/${slug}/upload-image`, { token: u.token, body: form('image', WEBP) })).json(),
    );
    expect(second.path).not.toBe(first.path);
    expect(await env.BUCKET.head(first.path.slice(1))).toBeNull();
    expect(await env.BUCKET.head(second.path.slice(1))).not.toBeNull();
  });

  it('streams an MP4 to R2 and serves it with ranges (206) and HEAD', async () => {
    const { u, slug } = await setup();
    const video = mp4(6 * MB); // more than one 5 MiB part
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: form('image', video, 'v.mp4', 'video/mp4'),
    });
    expect(res.status).toBe(200);
    const body = headerUploadAnswerSchema.parse(await res.json());
    expect(body.path).toMatch(/\.mp4$/);
    expect(body.content_type).toBe('video/mp4');
    const full = await call(body.path);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(video);

    const part = await call(body.path, { headers: { range: 'bytes=4-11' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${video.length}`);
    expect(new TextDecoder().decode(await part.arrayBuffer())).toBe('ftypisom');
    const tail = await call(body.path, { headers: { range: 'bytes=-3' } });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(video.slice(-3));
    const open = await call(body.path, { headers: { range: `bytes=${video.length - 2}-` } });
    expect(open.headers.get('content-length')).toBe('2');
    const bad = await call(body.path, { headers: { range: `bytes=${video.length}-` } });
    expect(bad.status).toBe(416);
    const head = await call(body.path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(video.length));
    expect(head.headers.get('content-type')).toBe('video/mp4');
  });

  it('refuses oversize by Content-Length before reading', async () => {
    const { u, slug } = await setup();
    const boundary = 'b0undary';
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: multipartStream(boundary, [{ name: 'image', filename: 'x.png', data: PNG }]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(60 * MB) },
    }).catch((err: unknown) => err);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(413);
    expect(await (res as Response).json()).toEqual({ detail: 'Il video non può superare i 50MB' });
  });

  it('refuses an image over 5 MB while streaming (no Content-Length)', async () => {
    const { u, slug } = await setup();
    const boundary = 'xYz123';
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: multipartStream(boundary, [
        { name: 'image', filename: 'big.png', data: bigBytes(PNG.slice(0, 33), 5 * MB + 1) },
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "L'immagine non può superare i 5MB" });
    expect((await env.BUCKET.list({ prefix: `dati/${slug}/` })).objects).toHaveLength(0);
  });

  it('refuses a video over 50 MB while streaming and leaves nothing behind', async () => {
    const { u, slug } = await setup();
    const boundary = 'vvv';
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: multipartStream(boundary, [{ name: 'image', filename: 'big.mp4', data: bigBytes(mp4(10), 50 * MB + 1) }]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'Il video non può superare i 50MB' });
    expect((await env.BUCKET.list({ prefix: `dati/${slug}/` })).objects).toHaveLength(0);
  });

  it.each([
    [
      'text named .jpg',
      new TextEncoder().encode('hello, not an image at all'),
      415,
      'Formato non supportato. Usa JPG, PNG, WebP o MP4',
    ],
    ['SVG with a script', SVG, 415, 'Formato non supportato. Usa JPG, PNG, WebP o MP4'],
    [
      'HTML',
      new TextEncoder().encode('<!doctype html><script>alert(1)</script>'),
      415,
      'Formato non supportato. Usa JPG, PNG, WebP o MP4',
    ],
    ['GIF (not for headers)', GIF, 415, 'Formato non supportato. Usa JPG, PNG, WebP o MP4'],
    ['truncated PNG', PNG.slice(0, PNG.length - 12), 422, 'Il file è incompleto o danneggiato'],
    ['truncated JPEG', JPEG.slice(0, JPEG.length - 2), 422, 'Il file è incompleto o danneggiato'],
    ['truncated WebP', WEBP.slice(0, 30), 422, 'Il file è incompleto o danneggiato'],
    ['truncated MP4', mp4(1000).slice(0, 900), 422, 'Il file è incompleto o danneggiato'],
    [
      'PNG + HTML polyglot',
      concat(PNG, new TextEncoder().encode('<html><script>alert(1)</script>')),
      415,
      'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
    ],
    [
      'PNG + zip',
      concat(PNG, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])),
      415,
      'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
    ],
    [
      'JPEG + zip',
      concat(JPEG, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])),
      415,
      'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
    ],
    [
      'JPEG with a script in a comment',
      jpegWithComment('<script>alert(1)</script>'),
      415,
      'Formato immagine non supportato. Usa JPG, PNG, WebP o GIF',
    ],
    [
      'MP4 + HTML appended',
      concat(mp4(100), new TextEncoder().encode('<html>')),
      422,
      'Il file è incompleto o danneggiato',
    ],
  ])('refuses %s', async (_name, bytes, status, detail) => {
    const { u, slug } = await setup();
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: form('image', bytes, 'x.jpg', 'image/jpeg'),
    });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ detail });
    expect((await env.BUCKET.list({ prefix: `dati/${slug}/` })).objects).toHaveLength(0);
  });

  it('an image declared over 5 MB by Content-Length is refused once its type is known', async () => {
    const { u, slug } = await setup();
    const boundary = 'b1';
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: multipartStream(boundary, [{ name: 'image', filename: 'x.png', data: PNG }]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(6 * MB) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "L'immagine non può superare i 5MB" });
  });

  it('a JPEG comment without markup is fine', async () => {
    const { u, slug } = await setup();
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: form('image', jpegWithComment('Foto: Palco 2099')),
    });
    expect(res.status).toBe(200);
  });

  it('JPEG with a camera trailer after the end is accepted', async () => {
    const { u, slug } = await setup();
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: form('image', concat(JPEG, new TextEncoder().encode('SEFHtrailer\0\0'))),
    });
    expect(res.status).toBe(200);
  });

  it('missing file, wrong content type, bad multipart, auth and ownership', async () => {
    const { u, slug } = await setup();
    const none = new FormData();
    none.append('other', 'x');
    const r1 = await call(`${BASE}/${slug}/upload-image`, { token: u.token, body: none });
    expect(r1.status).toBe(422);
    expect(await r1.json()).toEqual({ detail: 'Nessun file ricevuto' });
    const r2 = await call(`${BASE}/${slug}/upload-image`, { token: u.token, json: { image: 'x' } });
    expect(r2.status).toBe(415);
    expect(await r2.json()).toEqual({ detail: 'Invia i file come multipart/form-data' });
    const r3 = await call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: '--zz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
    expect(r3.status).toBe(422);
    expect((await call(`${BASE}/${slug}/upload-image`, { body: form('image', PNG) })).status).toBe(401);
    const stranger = await organiserWithToken({ company: 'Altra' });
    expect(
      (await call(`${BASE}/${slug}/upload-image`, { token: stranger.token, body: form('image', PNG) })).status,
    ).toBe(404);
    const pending = await userWithToken({ status: 'pending' });
    expect(
      (await call(`${BASE}/${slug}/upload-image`, { token: pending.token, body: form('image', PNG) })).status,
    ).toBe(403);
  });
});

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
