// Posters of video headers: the optional `poster` part of upload-image and a new header clearing
// the poster (docs/behaviour.md#uploads). upload-poster and page saves: header-poster-upload.test.ts.
import { posterUploadAnswerSchema } from '../../src/core/schemas/uploads';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { GIF, JPEG, PNG, WEBP, bigBytes, mp4, multipartStream } from './media-fixtures';
import * as w from './helpers';
import {
  BASE,
  MB,
  NEEDS_VIDEO,
  ORIGIN,
  POSTER_TYPE,
  TEXT,
  type Part,
  jsonLdImages,
  meta,
  objects,
  pageJson,
  posterPattern,
  published,
  setup,
  uploadHeader,
} from './header-poster-helpers';

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
