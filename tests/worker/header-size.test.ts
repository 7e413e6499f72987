// The header's pixel size (docs/behaviour.md#header-size): read from the upload's bytes and
// stored with it, written into the published <img>/<video>, ignored once the header changes,
// and learnt at the next publish for a header stored before sizes were read.
import { env } from 'cloudflare:test';
import { API_PREFIX } from '../../src/core/api-paths';
import { describe, expect, it } from 'vitest';
import { pageKey, publishPage } from '../../worker/services/pages/publish';
import { concat, mp4 } from './media-fixtures';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';

const BASE = API_PREFIX.pages;

const be16 = (n: number) => [n >> 8, n & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const ascii = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

/** A PNG complete enough for the upload's structure check: IHDR, one IDAT, IEND (CRCs unchecked). */
function png(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: number[]) => [...be32(data.length), ...ascii(type), ...data, 0, 0, 0, 0];
  return Uint8Array.from([
    ...ascii('\x89PNG\r\n\x1a\n'),
    ...chunk('IHDR', [...be32(width), ...be32(height), 8, 6, 0, 0, 0]),
    ...chunk('IDAT', [8, 29, 1, 2, 3]),
    ...chunk('IEND', []),
  ]);
}

/** A baseline JPEG with an Exif orientation (Intel order), a frame header, a tiny scan and its end. */
function jpeg(width: number, height: number, orientation: number): Uint8Array {
  const tiff = [
    ...ascii('II'),
    42,
    0,
    8,
    0,
    0,
    0,
    1,
    0,
    0x12,
    0x01,
    3,
    0,
    1,
    0,
    0,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ];
  const app1 = [...ascii('Exif'), 0, 0, ...tiff];
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe1,
    ...be16(app1.length + 2),
    ...app1,
    0xff,
    0xc0,
    ...be16(17),
    8,
    ...be16(height),
    ...be16(width),
    3,
    ...new Array(9).fill(1),
    0xff,
    0xda,
    ...be16(8),
    1,
    1,
    0,
    0,
    0x3f,
    0,
    0x12,
    0x34,
    0xff,
    0xd9,
  ]);
}

function form(...parts: Array<[string, Uint8Array, string]>): FormData {
  const f = new FormData();
  for (const [field, bytes, name] of parts) f.append(field, new Blob([bytes]), name);
  return f;
}

async function setup() {
  const u = await organiserWithToken();
  const slug = uniqueSlug('size');
  const page = await createPage(u.token, { ...textPage(slug), header: '' });
  return { u, slug, id: page.id as number };
}

async function upload(token: string, slug: string, route: string, ...parts: Array<[string, Uint8Array, string]>) {
  const res = await call(`${BASE}/${slug}/${route}`, { token, body: form(...parts) });
  expect(res.status).toBe(200);
  return (await res.json()) as any;
}

interface SizeRow {
  header: string;
  header_width: number | null;
  header_height: number | null;
  header_size_of: string;
  updated_at: string;
}

function row(slug: string): Promise<SizeRow | null> {
  return env.DB.prepare(
    'SELECT header, header_width, header_height, header_size_of, updated_at FROM landing_pages WHERE folder_name = ?',
  )
    .bind(slug)
    .first<SizeRow>();
}

/** The published header element's opening tag. */
async function headerTag(slug: string): Promise<string> {
  const html = await (await call(`/${slug}`)).text();
  const tag = /<header class="hd">(<(img|video)\b[^>]*>)/.exec(html);
  expect(tag, html.slice(0, 400)).not.toBeNull();
  return tag![1]!;
}

const dims = (tag: string) => [/ width="(\d+)"/.exec(tag)?.[1], / height="(\d+)"/.exec(tag)?.[1]].map(Number);

describe('the header size, read at upload', () => {
  it('an image header: stored with its path, and in the published <img>', async () => {
    const { u, slug } = await setup();
    const body = await upload(u.token, slug, 'upload-image', ['image', png(1200, 900), 'h.png']);
    expect(await row(slug)).toMatchObject({ header_width: 1200, header_height: 900, header_size_of: body.path });
    const tag = await headerTag(slug);
    expect(tag).toContain(`src="${body.path}"`);
    expect(dims(tag)).toEqual([1200, 900]);
  });

  it('a JPEG turned by its EXIF orientation: the sides as the browser shows them', async () => {
    const { u, slug } = await setup();
    await upload(u.token, slug, 'upload-image', ['image', jpeg(4032, 3024, 6), 'h.jpg']);
    expect(await row(slug)).toMatchObject({ header_width: 3024, header_height: 4032 });
    expect(dims(await headerTag(slug))).toEqual([3024, 4032]);
  });

  it("a video takes its poster's size: with the video, or from a poster sent later", async () => {
    const { u, slug } = await setup();
    const first = await upload(
      u.token,
      slug,
      'upload-image',
      ['image', mp4(), 'v.mp4'],
      ['poster', png(720, 1280), 'p.png'],
    );
    expect(await row(slug)).toMatchObject({ header_width: 720, header_height: 1280, header_size_of: first.poster });
    let tag = await headerTag(slug);
    expect(tag).toMatch(/^<video /);
    expect(dims(tag)).toEqual([720, 1280]);

    // a new video alone: no size (the old poster went with the old video), the default square
    await upload(u.token, slug, 'upload-image', ['image', mp4(), 'w.mp4']);
    expect(await row(slug)).toMatchObject({ header_width: null, header_height: null, header_size_of: '' });
    expect(dims(await headerTag(slug))).toEqual([1080, 1080]);

    const later = await upload(u.token, slug, 'upload-poster', ['poster', png(1920, 1080), 'q.png']);
    expect(await row(slug)).toMatchObject({ header_width: 1920, header_height: 1080, header_size_of: later.poster });
    tag = await headerTag(slug);
    expect(tag).toContain(`poster="${later.poster}"`);
    expect(dims(tag)).toEqual([1920, 1080]);
  });

  it('a header changed by a save no longer uses the old size', async () => {
    const { u, slug } = await setup();
    await upload(u.token, slug, 'upload-image', ['image', png(300, 100), 'h.png']);
    expect(dims(await headerTag(slug))).toEqual([300, 100]);
    const res = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), header: 'https://cdn.example.com/poster.jpg' },
    });
    expect(res.status).toBe(200);
    const tag = await headerTag(slug);
    expect(tag).toContain('src="https://cdn.example.com/poster.jpg"');
    // the organiser's own URL is never fetched: the default ratio until an upload tells
    expect(dims(tag)).toEqual([1200, 800]);
  });
});

describe('the header size, learnt at the next publish', () => {
  async function storedBeforeSizes(slug: string, id: number, bytes: Uint8Array): Promise<string> {
    const key = `dati/${slug}/${slug}.old.png`;
    await env.BUCKET.put(key, bytes);
    await env.DB.prepare(
      "UPDATE landing_pages SET header = ?, header_width = NULL, header_height = NULL, header_size_of = '' WHERE id = ?",
    )
      .bind(`/${key}`, id)
      .run();
    return `/${key}`;
  }

  it('reads the stored file once, leaves updated_at alone, and publishes the size', async () => {
    const { slug, id } = await setup();
    const path = await storedBeforeSizes(slug, id, png(1600, 1000));
    const before = await row(slug);
    await publishPage(env, slug);
    const after = await row(slug);
    expect(after).toMatchObject({ header_width: 1600, header_height: 1000, header_size_of: path });
    expect(after!.updated_at).toBe(before!.updated_at);
    expect(dims(await headerTag(slug))).toEqual([1600, 1000]);
  });

  it('a file too large for one read: its first bytes are enough', async () => {
    const { slug, id } = await setup();
    await storedBeforeSizes(slug, id, concat(png(2000, 3000), new Uint8Array(600 * 1024)));
    await publishPage(env, slug);
    expect(await row(slug)).toMatchObject({ header_width: 2000, header_height: 3000 });
  });

  it('an unreadable file is marked read without a size: the default ratio, and no second read', async () => {
    const { slug, id } = await setup();
    const path = await storedBeforeSizes(slug, id, new TextEncoder().encode('not an image at all'));
    await publishPage(env, slug);
    expect(await row(slug)).toMatchObject({ header_width: null, header_height: null, header_size_of: path });
    expect(dims(await headerTag(slug))).toEqual([1200, 800]);
    // a second publish does not read it again: replace the object, the mark stays
    await env.BUCKET.put(path.slice(1), png(10, 10));
    await publishPage(env, slug);
    expect(await row(slug)).toMatchObject({ header_width: null, header_size_of: path });
  });

  it('a missing object leaves the page publishable and unmarked', async () => {
    const { slug, id } = await setup();
    await env.DB.prepare("UPDATE landing_pages SET header = ?, header_size_of = '' WHERE id = ?")
      .bind(`/dati/${slug}/${slug}.gone.png`, id)
      .run();
    expect(await publishPage(env, slug)).toBe(true);
    expect(await row(slug)).toMatchObject({ header_size_of: '' });
    expect(dims(await headerTag(slug))).toEqual([1200, 800]);
  });
});

describe('the header is fetched first', () => {
  it('the page answers with a Link preload of the header, from R2 and from the cache alike', async () => {
    const { u, slug } = await setup();
    const body = await upload(u.token, slug, 'upload-image', ['image', png(800, 600), 'h.png']);
    const expected = `<${body.path}>; rel=preload; as=image; fetchpriority=high`;
    // the first visit reads the published copy from R2; the next ones its cached or hot copy
    for (let i = 0; i < 3; i++) {
      const res = await call(`/${slug}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('link'), `visit ${i}`).toBe(expected);
      await res.arrayBuffer();
    }
    expect((await env.BUCKET.head(pageKey(slug)))?.customMetadata?.link).toBe(expected);
  });

  it("a video's poster is the preload; a video alone, or a URL a header cannot carry, has none", async () => {
    const { u, slug } = await setup();
    const body = await upload(
      u.token,
      slug,
      'upload-image',
      ['image', mp4(), 'v.mp4'],
      ['poster', png(720, 1280), 'p.png'],
    );
    expect((await call(`/${slug}`)).headers.get('link')).toBe(
      `<${body.poster}>; rel=preload; as=image; fetchpriority=high`,
    );
    await upload(u.token, slug, 'upload-image', ['image', mp4(), 'w.mp4']);
    expect((await call(`/${slug}`)).headers.get('link')).toBeNull();
    const res = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), header: 'https://cdn.example.com/a,b;c.jpg' },
    });
    expect(res.status).toBe(200);
    const page = await call(`/${slug}`);
    expect(page.headers.get('link')).toBeNull();
    // the document's own preload still names it
    expect(await page.text()).toContain('<link rel="preload" href="https://cdn.example.com/a,b;c.jpg" as="image"');
  });
});
