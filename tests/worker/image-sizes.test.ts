// The sizes of a page's photos (docs/behaviour.md#image-sizes): made by the Images binding after
// an upload has answered, in AVIF and WebP at the widths the source allows; offered by the
// published page with srcset and sizes, and by its preload; moved and deleted with their file;
// made for a page stored before them at its next save.
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { API_PREFIX, adminPaths } from '../../src/core/api-paths';
import { SHOWN_WIDTH, sizeStem } from '../../src/core/image-sizes';
import { readSizeState, readSizes } from '../../worker/db/pages/media-sizes';
import { getPageRow } from '../../worker/db/pages/pages';
import { MAINTENANCE_STEPS, runMaintenance } from '../../worker/services/maintenance';
import { mp4, PNG } from './media-fixtures';
import { adminWithToken, call, callJson, createPage, organiserWithToken, textPage, uniqueSlug } from './helpers';
import { form, objects, published } from './header-poster-helpers';

const BASE = API_PREFIX.pages;

/** A photo-sized PNG `width` px wide, 3:2, made from the tiny fixture by the binding itself. */
async function photo(width: number): Promise<Uint8Array> {
  const out = await env.IMAGES.input(new Response(PNG).body as ReadableStream<Uint8Array>)
    .transform({ width, height: Math.round((width * 2) / 3), fit: 'cover' })
    .output({ format: 'image/png' });
  return new Uint8Array(await new Response(out.image()).arrayBuffer());
}

async function setup() {
  const u = await organiserWithToken({ company: 'Foto Live' });
  const slug = uniqueSlug('sizes');
  await createPage(u.token, { ...textPage(slug), header: '' });
  return { token: u.token, slug };
}

/** Uploads a header and waits for what follows the answer (the sizes, the second publish). */
async function uploadHeader(token: string, slug: string, bytes: Uint8Array, workerEnv = env): Promise<string> {
  const res = await call(`${BASE}/${slug}/upload-image`, {
    token,
    body: form(['image', bytes, 'foto.png']),
    settle: true,
    env: workerEnv,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { header: string }).header;
}

/** The page's mark for the hourly retry of its sizes (null: nothing waits). */
async function retryMark(slug: string) {
  const page = await getPageRow(env.DB, slug);
  return (await readSizeState(env.DB, page!.id)).retryAt;
}

async function sizesOf(slug: string) {
  const page = await getPageRow(env.DB, slug);
  return readSizes(env.DB, page!.id);
}

describe('header sizes', () => {
  it('a 1000 px photo is kept at 480, 750 and 1000 px in AVIF and WebP, and the page offers them', async () => {
    const { token, slug } = await setup();
    const header = await uploadHeader(token, slug, await photo(1000));
    expect(await sizesOf(slug)).toEqual({ [sizeStem(header)]: [480, 750, 1000] });
    const keys = await objects(slug);
    for (const w of [480, 750, 1000]) {
      for (const [format, type] of [
        ['avif', 'image/avif'],
        ['webp', 'image/webp'],
      ]) {
        const key = `${sizeStem(header).slice(1)}.w${w}.${format}`;
        expect(keys).toContain(key);
        const file = await call(`/${key}`);
        expect(file.headers.get('content-type')).toBe(type);
        const bytes = new Uint8Array(await file.arrayBuffer());
        // the bytes are what their name says: ftyp avif, RIFF WEBP
        const tag = new TextDecoder().decode(bytes.subarray(format === 'avif' ? 4 : 8, format === 'avif' ? 12 : 12));
        expect(tag).toBe(format === 'avif' ? 'ftypavif' : 'WEBP');
      }
    }
    const res = await call(`/${slug}`);
    const html = await res.text();
    const avifSet = [480, 750, 1000].map((w) => `${sizeStem(header)}.w${w}.avif ${w}w`).join(', ');
    const webpSet = [480, 750, 1000].map((w) => `${sizeStem(header)}.w${w}.webp ${w}w`).join(', ');
    expect(html).toContain(`<source type="image/avif" srcSet="${avifSet}" sizes="${SHOWN_WIDTH.header}"/>`);
    expect(html).toContain(`<source type="image/webp" srcSet="${webpSet}" sizes="${SHOWN_WIDTH.header}"/>`);
    // the <img> keeps the file itself, for a browser that takes neither
    expect(html).toMatch(new RegExp(`<img class="hd-m" data-h="" src="${header}"`));
    // the preload asks for the AVIF the <picture> picks, in the document and in the answer's Link
    expect(html).toContain(`imageSrcSet="${avifSet}"`);
    expect(res.headers.get('link')).toBe(
      `<${header}>; rel=preload; as=image; imagesrcset="${avifSet}"; imagesizes="${SHOWN_WIDTH.header}"; type="image/avif"; fetchpriority=high`,
    );
    // the backdrop takes the smallest size, lazily (a phone hides it and never fetches it)
    expect(html).toContain(`<source type="image/avif" srcSet="${sizeStem(header)}.w480.avif"/>`);
    expect(html).toMatch(
      new RegExp(`<img class="bd" data-i="" src="${sizeStem(header)}\\.w480\\.webp"[^>]*loading="lazy"`),
    );
  });

  it('a photo wider than 1600 px keeps 1600 as its widest size; one under 480 px keeps none', async () => {
    const { token, slug } = await setup();
    const wide = await uploadHeader(token, slug, await photo(2000));
    expect((await sizesOf(slug))[sizeStem(wide)]).toEqual([480, 750, 1080, 1600]);
    const small = await uploadHeader(token, slug, await photo(400));
    expect((await sizesOf(slug))[sizeStem(small)]).toEqual([]);
    const html = await published(slug);
    expect(html).not.toContain('<picture>');
    expect(html).toContain(`src="${small}"`);
  });

  it("a replaced header's sizes are deleted with it, and its entry forgotten", async () => {
    const { token, slug } = await setup();
    const first = await uploadHeader(token, slug, await photo(800));
    expect((await sizesOf(slug))[sizeStem(first)]).toEqual([480, 750, 800]);
    const second = await uploadHeader(token, slug, await photo(600));
    // no version shows the first header: it is deleted, public and kept copies, its sizes with it
    const everywhere = [
      ...(await objects(slug)),
      ...(await env.BUCKET.list({ prefix: `kept/${slug}/` })).objects.map((o) => o.key),
    ];
    const firstName = sizeStem(first).split('/').pop()!;
    expect(everywhere.filter((k) => k.includes(firstName))).toEqual([]);
    expect(await sizesOf(slug)).toEqual({ [sizeStem(second)]: [480, 600] });
    expect(everywhere.filter((k) => k.includes(`${sizeStem(second).split('/').pop()}.w`))).toHaveLength(4);
  });

  it('a header an older version shows is kept privately with its sizes, and comes back with them on a restore', async () => {
    const { token, slug } = await setup();
    const first = await uploadHeader(token, slug, await photo(800));
    const page = (await (await call(`${BASE}/${slug}`, { token })).json()) as Record<string, unknown>;
    const saved = await call(`${BASE}/${slug}`, {
      token,
      method: 'PUT',
      json: { ...page, title: 'Nuovo titolo' },
      settle: true,
    });
    expect(saved.status).toBe(200);
    await uploadHeader(token, slug, await photo(600));
    const name = sizeStem(first).split('/').pop()!;
    const kept = (await env.BUCKET.list({ prefix: `kept/${slug}/` })).objects.map((o) => o.key).sort();
    expect(kept).toEqual(
      [`${name}.png`, ...[480, 750, 800].flatMap((w) => [`${name}.w${w}.avif`, `${name}.w${w}.webp`])]
        .map((f) => `kept/${slug}/${f}`)
        .sort(),
    );
    expect((await objects(slug)).filter((k) => k.includes(name))).toEqual([]);
    const { versions } = (await (await call(`${BASE}/${slug}/versions`, { token })).json()) as {
      versions: { id: number; current: boolean }[];
    };
    const older = versions.find((v) => !v.current)!;
    const restored = await call(`${BASE}/${slug}/versions/${older.id}/restore`, {
      token,
      method: 'POST',
      settle: true,
    });
    expect(restored.status).toBe(200);
    expect((await objects(slug)).filter((k) => k.includes(`${name}.w`))).toHaveLength(6);
    expect(await published(slug)).toContain(
      `srcSet="${sizeStem(first)}.w480.avif 480w, ${sizeStem(first)}.w750.avif 750w, ${sizeStem(first)}.w800.avif 800w"`,
    );
  });

  it('a page stored before sizes existed renders as before, and gets its sizes at its next save', async () => {
    const { token, slug } = await setup();
    const key = `dati/${slug}/${slug}.old1.png`;
    await env.BUCKET.put(key, await photo(700), { httpMetadata: { contentType: 'image/png' } });
    await env.DB.prepare("UPDATE landing_pages SET header = ?, media_sizes = '{}' WHERE folder_name = ?")
      .bind(`/${key}`, slug)
      .run();
    // a publish without a write (the scheduled republish) makes nothing
    const { publishPage } = await import('../../worker/services/pages/publish');
    await publishPage(env, slug);
    const before = await published(slug);
    expect(before).not.toContain('<picture>');
    expect(before).toContain(`src="/${key}"`);
    const page = (await (await call(`${BASE}/${slug}`, { token })).json()) as Record<string, unknown>;
    const saved = await call(`${BASE}/${slug}`, { token, method: 'PUT', json: page, settle: true });
    expect(saved.status).toBe(200);
    expect((await sizesOf(slug))[`/dati/${slug}/${slug}.old1`]).toEqual([480, 700]);
    expect(await published(slug)).toContain(
      `srcSet="/dati/${slug}/${slug}.old1.w480.avif 480w, /dati/${slug}/${slug}.old1.w700.avif 700w"`,
    );
  });
});

describe('sizes of button images and posters', () => {
  it('an image button is offered in its sizes, at the width buttons show', async () => {
    const u = await organiserWithToken({ company: 'Foto Live' });
    const slug = uniqueSlug('sizesb');
    await createPage(u.token, {
      folder_name: slug,
      title: `Store ${slug}`,
      mode: 'image',
      buttons: [
        { type: 'image', image_path: '/stores/spotify.svg', url: 'https://open.spotify.com' },
        { type: 'image', url: 'https://example.com/merch' },
      ],
    });
    const f = new FormData();
    f.append('button_images', new Blob([await photo(900)]), 'merch.png');
    f.append('image_mapping', JSON.stringify({ 0: 1 }));
    const res = await call(`${BASE}/${slug}/upload-button-images`, { token: u.token, body: f, settle: true });
    expect(res.status).toBe(200);
    const path = ((await res.json()) as { paths: Record<string, string> }).paths['1']!;
    expect((await sizesOf(slug))[sizeStem(path)]).toEqual([480, 750, 900]);
    const html = await published(slug);
    const avifSet = [480, 750, 900].map((w) => `${sizeStem(path)}.w${w}.avif ${w}w`).join(', ');
    expect(html).toContain(`<source type="image/avif" srcSet="${avifSet}" sizes="${SHOWN_WIDTH.button}"/>`);
    // a store badge is not a photo of the page's folder: shown as it is
    expect(html).toMatch(
      /<span><img data-i="" src="\/stores\/spotify\.svg"|<a [^>]*><img data-i="" src="\/stores\/spotify\.svg"/,
    );
  });

  it("a video's poster is shown in the WebP size a phone needs, and preloaded as that file", async () => {
    const { token, slug } = await setup();
    const res = await call(`${BASE}/${slug}/upload-image`, {
      token,
      body: form(['image', mp4(), 'clip.mp4'], ['poster', await photo(1200), 'copertina.png']),
      settle: true,
    });
    expect(res.status).toBe(200);
    const { poster } = (await res.json()) as { poster: string };
    expect((await sizesOf(slug))[sizeStem(poster)]).toEqual([480, 750, 1080, 1200]);
    const page = await call(`/${slug}`);
    const html = await page.text();
    expect(html).toContain(`poster="${sizeStem(poster)}.w750.webp"`);
    expect(page.headers.get('link')).toBe(`<${sizeStem(poster)}.w750.webp>; rel=preload; as=image; fetchpriority=high`);
    // the share image stays the poster itself, whole
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${poster.replace(/\./g, '\\.')}"/>`));
  });
});

describe('POST /api/admin/media-sizes (npm run media:resize)', () => {
  it('sizes every page stored before sizes existed, a few a call, for administrators only', async () => {
    const { token, slug } = await setup();
    const key = `dati/${slug}/${slug}.old2.png`;
    await env.BUCKET.put(key, await photo(500), { httpMetadata: { contentType: 'image/png' } });
    await env.DB.prepare("UPDATE landing_pages SET header = ?, media_sizes = '{}' WHERE folder_name = ?")
      .bind(`/${key}`, slug)
      .run();
    expect((await call(adminPaths.mediaSizes, { method: 'POST' })).status).toBe(401);
    expect((await call(adminPaths.mediaSizes, { method: 'POST', token })).status).toBe(403);
    const admin = await adminWithToken();
    const bad = await callJson(`${adminPaths.mediaSizes}?after=-1`, { method: 'POST', token: admin.token });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBeTruthy();
    let after = 0;
    let sized = 0;
    for (let calls = 0; calls < 100; calls++) {
      const run = await callJson(`${adminPaths.mediaSizes}?after=${after}`, {
        method: 'POST',
        token: admin.token,
        settle: true,
      });
      expect(run.status).toBe(200);
      expect(run.body.looked).toBeLessThanOrEqual(5);
      sized += run.body.sized;
      if (run.body.next === null) break;
      after = run.body.next;
    }
    expect(sized).toBeGreaterThanOrEqual(1);
    expect((await sizesOf(slug))[`/dati/${slug}/${slug}.old2`]).toEqual([480, 500]);
    expect(await published(slug)).toContain(`/dati/${slug}/${slug}.old2.w500.avif 500w`);
    // a second run finds nothing left to make
    const again = await callJson(adminPaths.mediaSizes, { method: 'POST', token: admin.token });
    expect(again.body.sized).toBe(0);
  });
});

describe('sizes turned off', () => {
  it('with IMAGE_SIZES off an upload makes no sizes, marks nothing, and the page shows the photo whole', async () => {
    const { token, slug } = await setup();
    const off = { ...env, IMAGE_SIZES: 'off' } as Cloudflare.Env;
    const spy = vi.spyOn(env.IMAGES, 'input');
    const bytes = await photo(1000);
    spy.mockClear();
    const header = await uploadHeader(token, slug, bytes, off);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(await sizesOf(slug)).toEqual({});
    expect(await retryMark(slug)).toBeNull();
    const html = await published(slug);
    expect(html).not.toContain('srcSet');
    expect(html).toContain(`src="${header}"`);
  });
});

describe('the hourly retry', () => {
  const STEP = MAINTENANCE_STEPS.filter((s) => s.name === 'retry-image-sizes');
  /** The Images binding failing, as it does on an account without Cloudflare Images. */
  const imagesOff = () =>
    vi.spyOn(env.IMAGES, 'input').mockImplementation(() => {
      throw new Error('Cloudflare Images is not enabled');
    });

  it('a photo the binding failed on gets its sizes from the hourly job, and the page is published with them', async () => {
    const { token, slug } = await setup();
    const bytes = await photo(1000);
    let off = imagesOff();
    const header = await uploadHeader(token, slug, bytes);
    // the upload answered and the page shows the photo whole; the page waits for the retry
    expect(await sizesOf(slug)).toEqual({});
    expect(await retryMark(slug)).not.toBeNull();
    expect(await published(slug)).not.toContain('srcSet');
    // still failing: nothing made, and the page goes to the back of the line
    const later = new Date(Date.now() + 3600_000);
    expect((await runMaintenance(env, later, STEP))[0]).toMatchObject({ ok: true, count: 0 });
    expect(await retryMark(slug)).toBe(later.toISOString());
    off.mockRestore();

    expect((await runMaintenance(env, new Date(), STEP))[0]).toMatchObject({ ok: true, count: 1 });
    expect(await sizesOf(slug)).toEqual({ [sizeStem(header)]: [480, 750, 1000] });
    expect(await retryMark(slug)).toBeNull();
    expect(await published(slug)).toContain(`srcSet="${sizeStem(header)}.w480.avif 480w`);
    // nothing waits any more
    off = imagesOff();
    expect((await runMaintenance(env, new Date(), STEP))[0]).toMatchObject({ ok: true, count: 0 });
    expect(off).not.toHaveBeenCalled();
    off.mockRestore();
  });
});
