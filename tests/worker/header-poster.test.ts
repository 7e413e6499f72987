// Posters of video headers: the optional `poster` part of upload-image, upload-poster, a new
// header clearing the poster, and the published page using it (docs/behaviour.md#uploads).
import { posterUploadAnswerSchema } from '../../src/core/schemas/uploads';
import { pageAsReceivedSchema, publicLandingSchema } from '../../src/core/schemas/page';
import { env } from 'cloudflare:test';
import { API_PREFIX } from '../../src/core/api-paths';
import { describe, expect, it } from 'vitest';
import { setPagePoster } from '../../worker/db/pages/media';
import { GIF, JPEG, PNG, WEBP, bigBytes, mp4, multipartStream } from './media-fixtures';
import * as w from './helpers';

const BASE = API_PREFIX.pages;
const ORIGIN = 'http://localhost:8787';
const MB = 1024 * 1024;
const TEXT = new TextEncoder().encode('this is only text, not a picture at all');

const POSTER_TYPE = 'Formato copertina non supportato. Usa JPG, PNG o WebP';
const NEEDS_VIDEO = 'La copertina si genera solo da un video: la testata deve essere un MP4';

type Part = [field: string, bytes: Uint8Array, filename?: string];

function form(...parts: Part[]): FormData {
  const f = new FormData();
  for (const [field, bytes, filename = 'file.bin'] of parts) f.append(field, new Blob([bytes]), filename);
  return f;
}

async function setup(company = 'Alfa Live') {
  const u = await w.organiserWithToken({ company });
  const slug = w.uniqueSlug('poster');
  await w.createPage(u.token, { ...w.textPage(slug), header: '' });
  return { u, slug };
}

async function objects(slug: string): Promise<string[]> {
  return (await env.BUCKET.list({ prefix: `dati/${slug}/` })).objects.map((o) => o.key).sort();
}

async function uploadHeader(token: string, slug: string, ...parts: Part[]) {
  const res = await w.call(`${BASE}/${slug}/upload-image`, { token, body: form(...parts) });
  return { status: res.status, body: (await res.json()) as any };
}

async function uploadPoster(token: string, slug: string, ...parts: Part[]) {
  const res = await w.call(`${BASE}/${slug}/upload-poster`, { token, body: form(...parts) });
  return { status: res.status, body: (await res.json()) as any };
}

async function pageJson(token: string, slug: string): Promise<any> {
  return (await w.call(`${BASE}/${slug}`, { token })).json();
}

async function published(slug: string): Promise<string> {
  const res = await w.call(`/${slug}`);
  expect(res.status).toBe(200);
  return res.text();
}

function meta(html: string, attr: 'property' | 'name', key: string): string | null {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return m ? m[1]! : null;
}

function jsonLdImages(html: string): unknown[][] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.flatMap((b) => {
    const data = JSON.parse(b[1]!) as unknown;
    // schema.org allows one image or a list: each event's images, as one value or a list
    return (Array.isArray(data) ? data : [data]).map((d) => [(d as { image?: unknown }).image].flat());
  });
}

function posterPattern(slug: string, ext: string): RegExp {
  return new RegExp(`^/dati/${slug}/${slug}-poster\\.[a-z0-9]+\\.${ext}$`);
}

describe('upload-image with a poster part', () => {
  it('stores the poster beside the MP4, records it and publishes it as poster, og:image and JSON-LD image', async () => {
    const { u, slug } = await setup();
    const { status, body } = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4'], ['poster', PNG, 'f.png']);
    expect(status).toBe(200);
    expect(body.header).toMatch(new RegExp(`^/dati/${slug}/${slug}\\.[a-z0-9]+\\.mp4$`));
    expect(body.poster).toMatch(posterPattern(slug, 'png'));
    expect(body).toMatchObject({ success: true, content_type: 'video/mp4' });

    const obj = await env.BUCKET.get(body.poster.slice(1));
    expect(obj!.httpMetadata!.contentType).toBe('image/png');
    expect(new Uint8Array(await obj!.arrayBuffer())).toEqual(PNG);
    expect(await objects(slug)).toEqual([body.header.slice(1), body.poster.slice(1)].sort());
    const served = await w.call(body.poster);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');

    expect((await pageJson(u.token, slug)).header_poster).toBe(body.poster);
    const pub = (await (await w.call(`/api/db/public/landing/${slug}`)).json()) as any;
    expect(pub).toMatchObject({ header: body.header, header_poster: body.poster });

    const html = await published(slug);
    expect(html).toMatch(new RegExp(`<video[^>]* src="${body.header}"[^>]* poster="${body.poster}"`));
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}${body.poster}`);
    expect(meta(html, 'name', 'twitter:image')).toBe(`${ORIGIN}${body.poster}`);
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    const images = jsonLdImages(html);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toEqual([`${ORIGIN}${body.poster}`]);
  });

  it('takes the poster before the image too, and names it by its bytes (a PNG named .webp is a PNG)', async () => {
    const { u, slug } = await setup();
    const first = await uploadHeader(u.token, slug, ['poster', WEBP, 'f.webp'], ['image', mp4(), 'v.mp4']);
    expect(first.status).toBe(200);
    expect(first.body.poster).toMatch(posterPattern(slug, 'webp'));
    const second = await uploadHeader(u.token, slug, ['poster', PNG, 'frame.webp'], ['image', mp4(), 'v.mp4']);
    expect(second.status).toBe(200);
    expect(second.body.poster).toMatch(posterPattern(slug, 'png'));
    const third = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4'], ['poster', JPEG, 'frame.webp']);
    expect(third.body.poster).toMatch(posterPattern(slug, 'jpg'));
    // each new header replaced the video and the poster before it
    expect(await objects(slug)).toEqual([third.body.header.slice(1), third.body.poster.slice(1)].sort());
  });

  it.each([
    ['a text file named .webp', TEXT, 415, POSTER_TYPE],
    ['a GIF', GIF, 415, POSTER_TYPE],
    ['an MP4', mp4(), 415, POSTER_TYPE],
    ['a truncated PNG', PNG.slice(0, PNG.length - 12), 422, 'Il file è incompleto o danneggiato'],
  ])(
    'refuses %s as poster, before or after the video, and leaves nothing behind',
    async (_n, bytes, status, detail) => {
      const { u, slug } = await setup();
      for (const order of ['poster-first', 'poster-last']) {
        const parts: Part[] =
          order === 'poster-first'
            ? [
                ['poster', bytes, 'f.webp'],
                ['image', mp4(), 'v.mp4'],
              ]
            : [
                ['image', mp4(), 'v.mp4'],
                ['poster', bytes, 'f.webp'],
              ];
        const res = await uploadHeader(u.token, slug, ...parts);
        expect(res.status, order).toBe(status);
        expect(res.body, order).toEqual({ detail });
        expect(await objects(slug), order).toEqual([]);
      }
      const page = await pageJson(u.token, slug);
      expect([page.header, page.header_poster]).toEqual(['', '']);
    },
  );

  it('refuses a poster over 5 MB while streaming (413) and deletes the video already stored', async () => {
    const { u, slug } = await setup();
    const boundary = 'p0ster';
    const res = await w.call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: multipartStream(boundary, [
        { name: 'image', filename: 'v.mp4', data: mp4(2000) },
        { name: 'poster', filename: 'f.png', data: bigBytes(PNG.slice(0, 33), 5 * MB + 1) },
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: "L'immagine non può superare i 5MB" });
    expect(await objects(slug)).toEqual([]);
  });

  it('a form declaring a video and a poster at their caps fits the upload body limit', async () => {
    const { u, slug } = await setup();
    const boundary = 'b1g';
    const res = await w.call(`${BASE}/${slug}/upload-image`, {
      token: u.token,
      body: multipartStream(boundary, [
        { name: 'poster', filename: 'f.png', data: PNG },
        { name: 'image', filename: 'v.mp4', data: mp4() },
      ]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        // as much as a 50 MB video and a 5 MB poster may declare: more than a video alone
        'content-length': String(50 * MB + 5 * MB + 1024),
      },
    });
    expect(res.status).toBe(200);
    expect(posterUploadAnswerSchema.parse(await res.json()).poster).toMatch(posterPattern(slug, 'png'));
  });

  it('refuses a poster beside a still image header (422) and keeps neither', async () => {
    const { u, slug } = await setup();
    for (const parts of [
      [
        ['image', JPEG, 'h.jpg'],
        ['poster', PNG, 'f.png'],
      ],
      [
        ['poster', PNG, 'f.png'],
        ['image', WEBP, 'h.webp'],
      ],
    ] as Part[][]) {
      const res = await uploadHeader(u.token, slug, ...parts);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ detail: NEEDS_VIDEO });
      expect(await objects(slug)).toEqual([]);
    }
    expect((await pageJson(u.token, slug)).header).toBe('');
  });

  it('a poster alone is no header (422), and a second poster part is ignored', async () => {
    const { u, slug } = await setup();
    const alone = await uploadHeader(u.token, slug, ['poster', PNG, 'f.png']);
    expect(alone).toEqual({ status: 422, body: { detail: 'Nessun file ricevuto' } });
    expect(await objects(slug)).toEqual([]);
    const two = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4'], ['poster', PNG], ['poster', TEXT]);
    expect(two.status).toBe(200);
    expect(two.body.poster).toMatch(posterPattern(slug, 'png'));
  });

  it('a new header without a poster clears the poster and deletes the old video and poster', async () => {
    const { u, slug } = await setup();
    const first = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4'], ['poster', PNG]);
    expect(first.status).toBe(200);

    const video = await uploadHeader(u.token, slug, ['image', mp4(500), 'w.mp4']);
    expect(video.status).toBe(200);
    expect(video.body.poster).toBe('');
    expect((await pageJson(u.token, slug)).header_poster).toBe('');
    expect(await objects(slug)).toEqual([video.body.header.slice(1)]);
    const html = await published(slug);
    expect(html).toMatch(/<video /);
    expect(html).not.toMatch(/ poster=/);
    // a video without a poster has no share image
    expect(meta(html, 'property', 'og:image')).toBeNull();
    expect(meta(html, 'name', 'twitter:image')).toBeNull();
    const images = jsonLdImages(html);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(image).toEqual([undefined]);

    const again = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4'], ['poster', PNG]);
    const still = await uploadHeader(u.token, slug, ['image', JPEG, 'h.jpg']);
    expect(still.body.poster).toBe('');
    expect(await objects(slug)).toEqual([still.body.header.slice(1)]);
    expect(await env.BUCKET.head(again.body.poster.slice(1))).toBeNull();
    expect(meta(await published(slug), 'property', 'og:image')).toBe(`${ORIGIN}${still.body.header}`);
  });

  it("never deletes what is not the page's own: another page's poster stays", async () => {
    const { u, slug } = await setup();
    const other = await setup();
    const theirs = await uploadHeader(other.u.token, other.slug, ['image', mp4(), 'v.mp4'], ['poster', PNG]);
    // a poster path of another folder, written straight in D1 (no route would record it)
    await env.DB.prepare('UPDATE landing_pages SET header = ?, header_poster = ? WHERE folder_name = ?')
      .bind(theirs.body.header, theirs.body.poster, slug)
      .run();
    const mine = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    expect(mine.status).toBe(200);
    expect(await objects(other.slug)).toEqual([theirs.body.header.slice(1), theirs.body.poster.slice(1)].sort());
  });
});

describe('POST …/upload-poster', () => {
  it('sets the poster of a video page, replaces and deletes the previous one, republishes', async () => {
    const { u, slug } = await setup();
    const header = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    expect(meta(await published(slug), 'property', 'og:image')).toBeNull();

    const first = await uploadPoster(u.token, slug, ['poster', WEBP, 'f.webp']);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['poster', 'success']);
    expect(first.body.success).toBe(true);
    expect(first.body.poster).toMatch(posterPattern(slug, 'webp'));
    expect((await pageJson(u.token, slug)).header_poster).toBe(first.body.poster);
    let html = await published(slug);
    expect(html).toMatch(new RegExp(`<video[^>]* poster="${first.body.poster}"`));
    expect(meta(html, 'property', 'og:image')).toBe(`${ORIGIN}${first.body.poster}`);

    const second = await uploadPoster(u.token, slug, ['poster', PNG, 'f.webp']);
    expect(second.body.poster).toMatch(posterPattern(slug, 'png'));
    expect(await objects(slug)).toEqual([header.body.header.slice(1), second.body.poster.slice(1)].sort());
    html = await published(slug);
    expect(meta(html, 'name', 'twitter:image')).toBe(`${ORIGIN}${second.body.poster}`);
    expect(jsonLdImages(html)[0]).toEqual([`${ORIGIN}${second.body.poster}`]);
  });

  it('works for a video header that is a link, storing the poster in the page folder', async () => {
    const u = await w.organiserWithToken();
    const slug = w.uniqueSlug('poster');
    await w.createPage(u.token, { ...w.textPage(slug), header: 'https://cdn.example.com/clip.mp4' });
    const res = await uploadPoster(u.token, slug, ['poster', JPEG]);
    expect(res.status).toBe(200);
    expect(res.body.poster).toMatch(posterPattern(slug, 'jpg'));
  });

  it('answers 422 on a page whose header is not a video, storing nothing', async () => {
    const { u, slug } = await setup();
    const none = await uploadPoster(u.token, slug, ['poster', PNG]);
    expect(none).toEqual({ status: 422, body: { detail: NEEDS_VIDEO } });
    await uploadHeader(u.token, slug, ['image', JPEG, 'h.jpg']);
    const still = await uploadPoster(u.token, slug, ['poster', PNG]);
    expect(still).toEqual({ status: 422, body: { detail: NEEDS_VIDEO } });
    expect((await objects(slug)).some((k) => k.includes('-poster.'))).toBe(false);
    expect((await pageJson(u.token, slug)).header_poster).toBe('');
  });

  it.each([
    ['a text file named .webp', TEXT, 415, POSTER_TYPE],
    ['a GIF', GIF, 415, POSTER_TYPE],
    ['a truncated JPEG', JPEG.slice(0, JPEG.length - 2), 422, 'Il file è incompleto o danneggiato'],
  ])('refuses %s', async (_n, bytes, status, detail) => {
    const { u, slug } = await setup();
    const header = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    const res = await uploadPoster(u.token, slug, ['poster', bytes, 'f.webp']);
    expect(res).toEqual({ status, body: { detail } });
    expect(await objects(slug)).toEqual([header.body.header.slice(1)]);
  });

  it('missing part, junk multipart, not multipart, too large: clear refusals', async () => {
    const { u, slug } = await setup();
    await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    const wrongField = await uploadPoster(u.token, slug, ['image', PNG]);
    expect(wrongField).toEqual({ status: 422, body: { detail: 'Nessun file ricevuto' } });
    const textField = new FormData();
    textField.append('poster', 'not a file');
    const r0 = await w.call(`${BASE}/${slug}/upload-poster`, { token: u.token, body: textField });
    expect(r0.status).toBe(422);

    const junk = await w.call(`${BASE}/${slug}/upload-poster`, {
      token: u.token,
      body: '--zz\r\nContent-Disposition: form-data; name="poster"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
    expect(junk.status).toBe(422);
    expect(await junk.json()).toEqual({ detail: 'Corpo della richiesta non valido' });
    const json = await w.call(`${BASE}/${slug}/upload-poster`, { token: u.token, json: { poster: 'x' } });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ detail: 'Invia i file come multipart/form-data' });

    const boundary = 'big';
    const streamed = await w.call(`${BASE}/${slug}/upload-poster`, {
      token: u.token,
      body: multipartStream(boundary, [
        { name: 'poster', filename: 'f.png', data: bigBytes(PNG.slice(0, 33), 5 * MB + 1) },
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ detail: "L'immagine non può superare i 5MB" });
    const declared = await w
      .call(`${BASE}/${slug}/upload-poster`, {
        token: u.token,
        body: multipartStream(boundary, [{ name: 'poster', filename: 'f.png', data: PNG }]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(6 * MB) },
      })
      .catch((err: unknown) => err);
    expect(declared).toBeInstanceOf(Response);
    expect((declared as Response).status).toBe(413);
    expect((await objects(slug)).some((k) => k.includes('-poster.'))).toBe(false);
  });

  it('auth and ownership as the other uploads: 401, 403 pending, 404 another company', async () => {
    const { u, slug } = await setup();
    await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    expect((await w.call(`${BASE}/${slug}/upload-poster`, { body: form(['poster', PNG]) })).status).toBe(401);
    const pending = await w.userWithToken({ status: 'pending' });
    expect((await uploadPoster(pending.token, slug, ['poster', PNG])).status).toBe(403);
    const stranger = await w.organiserWithToken({ company: 'Altra Compagnia' });
    const theirs = await uploadPoster(stranger.token, slug, ['poster', PNG]);
    expect(theirs.status).toBe(404);
    expect(await uploadPoster(stranger.token, w.uniqueSlug('nosuch'), ['poster', PNG])).toEqual(theirs);
    const admin = await w.adminWithToken({ company: null });
    expect((await uploadPoster(admin.token, slug, ['poster', PNG])).status).toBe(200);
    expect((await objects(slug)).filter((k) => k.includes('-poster.'))).toHaveLength(1);
  });

  it('records a poster only while the header is the one it was made for', async () => {
    const { u, slug } = await setup();
    const header = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    const row = await env.DB.prepare('SELECT id FROM landing_pages WHERE folder_name = ?')
      .bind(slug)
      .first<{ id: number }>();
    const poster = `/dati/${slug}/${slug}-poster.x.png`;
    expect(await setPagePoster(env.DB, row!.id, `/dati/${slug}/${slug}.other.mp4`, poster, null)).toBe(false);
    expect((await pageJson(u.token, slug)).header_poster).toBe('');
    expect(await setPagePoster(env.DB, row!.id, header.body.header, poster, null)).toBe(true);
    expect((await pageJson(u.token, slug)).header_poster).toBe(poster);
  });
});

describe('page saves and deletion', () => {
  async function videoPage() {
    const { u, slug } = await setup();
    const up = await uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4'], ['poster', PNG]);
    const page = await pageJson(u.token, slug);
    return { u, slug, header: up.body.header as string, poster: up.body.poster as string, page };
  }

  function payload(page: any, header: string) {
    return {
      title: page.title,
      display_title: page.display_title,
      mode: page.mode,
      style: page.style,
      header,
      buttons: page.buttons.map((b: any) => ({ id: b.id, type: b.type, text: b.text, url: b.url })),
    };
  }

  it('a save keeping the header (the same path, or none sent) keeps the poster', async () => {
    const { u, slug, header, poster, page } = await videoPage();
    for (const h of [header, '', `  ${header} `]) {
      const res = await w.call(`${BASE}/${slug}`, { method: 'PUT', token: u.token, json: payload(page, h) });
      expect(res.status).toBe(200);
      expect(pageAsReceivedSchema.parse(await res.json()).header_poster).toBe(poster);
    }
    expect(await env.BUCKET.head(poster.slice(1))).not.toBeNull();
    expect(meta(await published(slug), 'property', 'og:image')).toBe(`${ORIGIN}${poster}`);
  });

  it('a save with another header clears the poster and deletes its object, and the old video', async () => {
    const { u, slug, header, poster, page } = await videoPage();
    const res = await w.call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: payload(page, 'https://cdn.example.com/other.mp4'),
    });
    const body = await w.answer(res, 200, pageAsReceivedSchema);
    expect(body).toMatchObject({ header: 'https://cdn.example.com/other.mp4', header_poster: '' });
    expect(await env.BUCKET.head(poster.slice(1))).toBeNull();
    expect(await env.BUCKET.head(header.slice(1))).toBeNull();
    expect(await objects(slug)).toEqual([]);
    const pub = await w.answer(await w.call(`/api/db/public/landing/${slug}`), 200, publicLandingSchema);
    expect(pub.header_poster).toBe('');
    const html = await published(slug);
    expect(html).not.toMatch(/ poster=/);
    expect(meta(html, 'property', 'og:image')).toBeNull();
  });

  it('deleting the page deletes its video and poster', async () => {
    const { u, slug, header, poster } = await videoPage();
    expect(await objects(slug)).toEqual([header.slice(1), poster.slice(1)].sort());
    const res = await w.call(`${BASE}/${slug}`, { method: 'DELETE', token: u.token });
    expect(res.status).toBe(200);
    expect(await objects(slug)).toEqual([]);
  });
});
