// The header upload, POST …/upload-image (docs/behaviour.md#uploads). Button images and the
// deletion of replaced files: uploads-buttons.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, organiserWithToken, userWithToken } from './helpers';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { headerUploadAnswerSchema } from '../../src/core/schemas/uploads';
import { GIF, JPEG, PNG, SVG, WEBP, bigBytes, concat, mp4, multipartStream } from './media-fixtures';
import { BASE, MB, form, setup } from './uploads-helpers';

function jpegWithComment(text: string): Uint8Array {
  const data = new TextEncoder().encode(text);
  return concat(JPEG.slice(0, 2), new Uint8Array([0xff, 0xfe, 0x00, data.length + 2]), data, JPEG.slice(2));
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
