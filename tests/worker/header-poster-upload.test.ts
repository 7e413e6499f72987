// Posters of video headers: upload-poster, and page saves and deletion keeping or clearing the
// poster (docs/behaviour.md#uploads). The `poster` part of upload-image: header-poster.test.ts.
import { pageAsReceivedSchema, publicLandingSchema } from '../../src/core/schemas/page';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { setPagePoster } from '../../worker/db/pages/media';
import { GIF, JPEG, PNG, WEBP, bigBytes, mp4, multipartStream } from './media-fixtures';
import { trashPaths } from '../../src/core/api-paths';
import * as w from './helpers';
import * as hp from './header-poster-helpers';

describe('POST …/upload-poster', () => {
  it('sets the poster of a video page, replaces and deletes the previous one, republishes', async () => {
    const { u, slug } = await hp.setup();
    const header = await hp.uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    expect(hp.meta(await hp.published(slug), 'property', 'og:image')).toBeNull();

    const first = await hp.uploadPoster(u.token, slug, ['poster', WEBP, 'f.webp']);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['poster', 'success']);
    expect(first.body.success).toBe(true);
    expect(first.body.poster).toMatch(hp.posterPattern(slug, 'webp'));
    expect((await hp.pageJson(u.token, slug)).header_poster).toBe(first.body.poster);
    let html = await hp.published(slug);
    expect(html).toMatch(new RegExp(`<video[^>]* poster="${first.body.poster}"`));
    expect(hp.meta(html, 'property', 'og:image')).toBe(`${hp.ORIGIN}${first.body.poster}`);

    const second = await hp.uploadPoster(u.token, slug, ['poster', PNG, 'f.webp']);
    expect(second.body.poster).toMatch(hp.posterPattern(slug, 'png'));
    expect(await hp.objects(slug)).toEqual([header.body.header.slice(1), second.body.poster.slice(1)].sort());
    html = await hp.published(slug);
    expect(hp.meta(html, 'name', 'twitter:image')).toBe(`${hp.ORIGIN}${second.body.poster}`);
    expect(hp.jsonLdImages(html)[0]).toEqual([`${hp.ORIGIN}${second.body.poster}`]);
  });

  it('works for a video header that is a link, storing the poster in the page folder', async () => {
    const u = await w.organiserWithToken();
    const slug = w.uniqueSlug('poster');
    await w.createPage(u.token, { ...w.textPage(slug), header: 'https://cdn.example.com/clip.mp4' });
    const res = await hp.uploadPoster(u.token, slug, ['poster', JPEG]);
    expect(res.status).toBe(200);
    expect(res.body.poster).toMatch(hp.posterPattern(slug, 'jpg'));
  });

  it('answers 422 on a page whose header is not a video, storing nothing', async () => {
    const { u, slug } = await hp.setup();
    const none = await hp.uploadPoster(u.token, slug, ['poster', PNG]);
    expect(none).toEqual({ status: 422, body: { detail: hp.NEEDS_VIDEO } });
    await hp.uploadHeader(u.token, slug, ['image', JPEG, 'h.jpg']);
    const still = await hp.uploadPoster(u.token, slug, ['poster', PNG]);
    expect(still).toEqual({ status: 422, body: { detail: hp.NEEDS_VIDEO } });
    expect((await hp.objects(slug)).some((k) => k.includes('-poster.'))).toBe(false);
    expect((await hp.pageJson(u.token, slug)).header_poster).toBe('');
  });

  it.each([
    ['a text file named .webp', hp.TEXT, 415, hp.POSTER_TYPE],
    ['a GIF', GIF, 415, hp.POSTER_TYPE],
    ['a truncated JPEG', JPEG.slice(0, JPEG.length - 2), 422, 'Il file è incompleto o danneggiato'],
  ])('refuses %s', async (_n, bytes, status, detail) => {
    const { u, slug } = await hp.setup();
    const header = await hp.uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    const res = await hp.uploadPoster(u.token, slug, ['poster', bytes, 'f.webp']);
    expect(res).toEqual({ status, body: { detail } });
    expect(await hp.objects(slug)).toEqual([header.body.header.slice(1)]);
  });

  it('missing part, junk multipart, not multipart, too large: clear refusals', async () => {
    const { u, slug } = await hp.setup();
    await hp.uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    const wrongField = await hp.uploadPoster(u.token, slug, ['image', PNG]);
    expect(wrongField).toEqual({ status: 422, body: { detail: 'Nessun file ricevuto' } });
    const textField = new FormData();
    textField.append('poster', 'not a file');
    const r0 = await w.call(`${hp.BASE}/${slug}/upload-poster`, { token: u.token, body: textField });
    expect(r0.status).toBe(422);

    const junk = await w.call(`${hp.BASE}/${slug}/upload-poster`, {
      token: u.token,
      body: '--zz\r\nContent-Disposition: form-data; name="poster"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
    });
    expect(junk.status).toBe(422);
    expect(await junk.json()).toEqual({ detail: 'Corpo della richiesta non valido' });
    const json = await w.call(`${hp.BASE}/${slug}/upload-poster`, { token: u.token, json: { poster: 'x' } });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ detail: 'Invia i file come multipart/form-data' });

    const boundary = 'big';
    const streamed = await w.call(`${hp.BASE}/${slug}/upload-poster`, {
      token: u.token,
      body: multipartStream(boundary, [
        { name: 'poster', filename: 'f.png', data: bigBytes(PNG.slice(0, 33), 5 * hp.MB + 1) },
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ detail: "L'immagine non può superare i 5MB" });
    const declared = await w
      .call(`${hp.BASE}/${slug}/upload-poster`, {
        token: u.token,
        body: multipartStream(boundary, [{ name: 'poster', filename: 'f.png', data: PNG }]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(6 * hp.MB) },
      })
      .catch((err: unknown) => err);
    expect(declared).toBeInstanceOf(Response);
    expect((declared as Response).status).toBe(413);
    expect((await hp.objects(slug)).some((k) => k.includes('-poster.'))).toBe(false);
  });

  it('auth and ownership as the other uploads: 401, 403 pending, 404 another company', async () => {
    const { u, slug } = await hp.setup();
    await hp.uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    expect((await w.call(`${hp.BASE}/${slug}/upload-poster`, { body: hp.form(['poster', PNG]) })).status).toBe(401);
    const pending = await w.userWithToken({ status: 'pending' });
    expect((await hp.uploadPoster(pending.token, slug, ['poster', PNG])).status).toBe(403);
    const stranger = await w.organiserWithToken({ company: 'Altra Compagnia' });
    const theirs = await hp.uploadPoster(stranger.token, slug, ['poster', PNG]);
    expect(theirs.status).toBe(404);
    expect(await hp.uploadPoster(stranger.token, w.uniqueSlug('nosuch'), ['poster', PNG])).toEqual(theirs);
    const admin = await w.adminWithToken({ company: null });
    expect((await hp.uploadPoster(admin.token, slug, ['poster', PNG])).status).toBe(200);
    expect((await hp.objects(slug)).filter((k) => k.includes('-poster.'))).toHaveLength(1);
  });

  it('records a poster only while the header is the one it was made for', async () => {
    const { u, slug } = await hp.setup();
    const header = await hp.uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4']);
    const row = await env.DB.prepare('SELECT id FROM landing_pages WHERE folder_name = ?')
      .bind(slug)
      .first<{ id: number }>();
    const poster = `/dati/${slug}/${slug}-poster.x.png`;
    expect(await setPagePoster(env.DB, row!.id, `/dati/${slug}/${slug}.other.mp4`, poster, null)).toBe(false);
    expect((await hp.pageJson(u.token, slug)).header_poster).toBe('');
    expect(await setPagePoster(env.DB, row!.id, header.body.header, poster, null)).toBe(true);
    expect((await hp.pageJson(u.token, slug)).header_poster).toBe(poster);
  });
});

describe('page saves and deletion', () => {
  async function videoPage() {
    const { u, slug } = await hp.setup();
    const up = await hp.uploadHeader(u.token, slug, ['image', mp4(), 'v.mp4'], ['poster', PNG]);
    const page = await hp.pageJson(u.token, slug);
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
      const res = await w.call(`${hp.BASE}/${slug}`, { method: 'PUT', token: u.token, json: payload(page, h) });
      expect(res.status).toBe(200);
      expect(pageAsReceivedSchema.parse(await res.json()).header_poster).toBe(poster);
    }
    expect(await env.BUCKET.head(poster.slice(1))).not.toBeNull();
    expect(hp.meta(await hp.published(slug), 'property', 'og:image')).toBe(`${hp.ORIGIN}${poster}`);
  });

  it('a save with another header clears the poster and deletes its object, and the old video', async () => {
    const { u, slug, header, poster, page } = await videoPage();
    const res = await w.call(`${hp.BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: payload(page, 'https://cdn.example.com/other.mp4'),
    });
    const body = await w.answer(res, 200, pageAsReceivedSchema);
    expect(body).toMatchObject({ header: 'https://cdn.example.com/other.mp4', header_poster: '' });
    expect(await env.BUCKET.head(poster.slice(1))).toBeNull();
    expect(await env.BUCKET.head(header.slice(1))).toBeNull();
    expect(await hp.objects(slug)).toEqual([]);
    const pub = await w.answer(await w.call(`/api/db/public/landing/${slug}`), 200, publicLandingSchema);
    expect(pub.header_poster).toBe('');
    const html = await hp.published(slug);
    expect(html).not.toMatch(/ poster=/);
    expect(hp.meta(html, 'property', 'og:image')).toBeNull();
  });

  it('deleting the page keeps its video and poster private; deleting it for ever deletes them', async () => {
    const { u, slug, header, poster } = await videoPage();
    expect(await hp.objects(slug)).toEqual([header.slice(1), poster.slice(1)].sort());
    const res = await w.call(`${hp.BASE}/${slug}`, { method: 'DELETE', token: u.token });
    expect(res.status).toBe(200);
    expect(await hp.objects(slug)).toEqual([]);
    const kept = async () => (await env.BUCKET.list({ prefix: `kept/${slug}/` })).objects.length;
    expect(await kept()).toBe(2);
    expect((await w.call(trashPaths.purge(slug), { method: 'DELETE', token: u.token })).status).toBe(200);
    expect(await kept()).toBe(0);
  });
});
