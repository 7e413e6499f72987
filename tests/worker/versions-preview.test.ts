// An older version in the editor's preview (docs/behaviour.md#history): the files only older
// versions use are private (kept/), so GET …/versions/{id} answers them as short-lived signed
// links of GET /api/kept/{slug}/{file}; the signature is the only permission that route knows.
import { afterEach, describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { pageAsReceivedSchema } from '../../src/core/schemas/page';
import { answer, call, organiserWithToken } from './helpers';
import { clockAt, clockForward, realClock } from './clock';
import { mp4, PNG, WEBP } from './media-fixtures';
import { form, restore, save, setup, status, uploadHeader, versionOf, versionsOf } from './versions-helpers';

afterEach(realClock);

const SIGNED = /^\/api\/kept\/([a-z0-9]+)\/([A-Za-z0-9._-]+)\?exp=(\d+)&sig=([A-Za-z0-9_-]{43})$/;

/** The parts of a signed link (fails the test when `path` is none). */
function parts(path: string) {
  const m = SIGNED.exec(path);
  expect(m, path).not.toBeNull();
  const [, slug, file, exp, sig] = m!;
  return { slug: slug!, file: file!, exp: Number(exp), sig: sig! };
}

const fileOf = (path: string) => path.split('/').pop()!;

/**
 * A page whose header was replaced as the editor does it (save, then the upload): the created
 * version shows `first`, which is now kept privately; the page shows `second`.
 */
async function replacedHeader(opts: Parameters<typeof setup>[0] = {}) {
  const { u, slug, page } = await setup(opts, { header: '' });
  const first = await uploadHeader(u.token, slug);
  await save(u.token, slug, (p) => ({ ...p, title: `Nuova testata ${slug}`, header: '' }));
  const second = await uploadHeader(u.token, slug, WEBP);
  const [current, created] = await versionsOf(u.token, slug);
  return { u, slug, page, first, second, created: created!.id, current: current!.id };
}

describe('a version in the preview', () => {
  it("answers the replaced header as a signed link, the page's own one as it is", async () => {
    const { u, slug, first, second, created, current } = await replacedHeader();
    expect(await status(first)).toBe(404);
    const old = await versionOf(u.token, slug, created);
    const link = parts(old.page.header);
    expect(link).toMatchObject({ slug, file: fileOf(first) });
    const now = Math.floor(Date.now() / 1000);
    expect(link.exp).toBeGreaterThan(now + 590);
    expect(link.exp).toBeLessThanOrEqual(now + 601);
    // the newest version shows what the page shows: public, unchanged
    expect((await versionOf(u.token, slug, current)).page.header).toBe(second);

    // no session needed: an <img> of the preview's frame sends none
    const res = await call(old.page.header);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('private, max-age=600');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    // the file itself stays private
    expect(await status(first)).toBe(404);
  });

  it('signs a video header and its poster, and a button image deleted since', async () => {
    const { u, slug } = await setup(
      {},
      { header: '', buttons: [{ type: 'image', text: 'Locandina', url: 'https://example.com' }], mode: 'image' },
    );
    const f = form('image', mp4(), 'v.mp4');
    f.append('poster', new Blob([PNG]), 'p.png');
    const video = (await (await call(pagePaths.headerUpload(slug), { token: u.token, body: f })).json()) as {
      path: string;
      poster: string;
    };
    const b = form('button_images', WEBP, 'b.webp');
    b.append('image_mapping', JSON.stringify({ 0: 0 }));
    const up = await call(pagePaths.buttonImagesUpload(slug), { token: u.token, body: b });
    const image = ((await up.json()) as { paths: Record<string, string> }).paths['0']!;
    await save(u.token, slug, (p) => ({ ...p, title: `Senza video ${slug}`, header: '' }));
    await uploadHeader(u.token, slug);
    const del = await call(pagePaths.buttonImage(slug, fileOf(image)), { token: u.token, method: 'DELETE' });
    expect(del.status).toBe(200);

    const created = (await versionsOf(u.token, slug)).at(-1)!;
    const { page } = await versionOf(u.token, slug, created.id);
    expect(parts(page.header).file).toBe(fileOf(video.path));
    expect(parts(page.header_poster).file).toBe(fileOf(video.poster));
    expect(parts(page.buttons[0]!.image_path!).file).toBe(fileOf(image));
    const clip = await call(page.header);
    expect(clip.status).toBe(200);
    expect(clip.headers.get('content-type')).toBe('video/mp4');
    expect(new Uint8Array(await clip.arrayBuffer())).toEqual(mp4());
    const still = await call(page.buttons[0]!.image_path!);
    expect(still.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await still.arrayBuffer())).toEqual(WEBP);
    expect(await status(page.header_poster)).toBe(200);
  });

  it('a header from elsewhere, a shipped image and the default stay as they are', async () => {
    const { u, slug } = await setup({}, { header: 'https://example.com/cover.jpg' });
    await save(u.token, slug, (p) => ({ ...p, header: '/stores/placeholder.jpg' }));
    await save(u.token, slug, (p) => ({ ...p, header: `/dati/${slug}/${slug}.jpg` }));
    const versions = await versionsOf(u.token, slug);
    const headers = await Promise.all(versions.map(async (v) => (await versionOf(u.token, slug, v.id)).page.header));
    expect(headers).toEqual([`/dati/${slug}/${slug}.jpg`, '/stores/placeholder.jpg', 'https://example.com/cover.jpg']);
  });
});

describe('the signed link', () => {
  it('expires after 10 minutes', async () => {
    clockAt();
    const { u, slug, created } = await replacedHeader();
    const { header } = (await versionOf(u.token, slug, created)).page;
    clockForward(599 * 1000);
    expect(await status(header)).toBe(200);
    clockForward(2 * 1000);
    expect(await status(header)).toBe(404);
    // a fresh opening signs afresh
    expect(await status((await versionOf(u.token, slug, created)).page.header)).toBe(200);
  });

  it('answers 404 to anything but its own signature, file and page', async () => {
    const { u, slug, second, created } = await replacedHeader();
    const other = await replacedHeader();
    const { header } = (await versionOf(u.token, slug, created)).page;
    const { file, exp, sig } = parts(header);
    const flipped = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11);
    const otherHeader = parts((await versionOf(other.u.token, other.slug, other.created)).page.header);
    const refused = [
      `/api/kept/${slug}/${file}?exp=${exp}&sig=${flipped}`,
      `/api/kept/${slug}/${file}?exp=${exp}`,
      `/api/kept/${slug}/${file}?sig=${sig}`,
      `/api/kept/${slug}/${file}`,
      `/api/kept/${slug}/${file}?exp=${exp + 1}&sig=${sig}`,
      `/api/kept/${slug}/${file}?exp=${exp - 700}&sig=${sig}`,
      `/api/kept/${slug}/${file}?exp=abc&sig=${sig}`,
      `/api/kept/${slug}/${file}?exp=${exp}&sig=${sig}x`,
      // the same signature on another file, of this page or another
      `/api/kept/${slug}/${fileOf(second)}?exp=${exp}&sig=${sig}`,
      `/api/kept/${other.slug}/${otherHeader.file}?exp=${exp}&sig=${sig}`,
      `/api/kept/${other.slug}/${file}?exp=${exp}&sig=${sig}`,
      // out of the folder
      `/api/kept/${slug}/..%2F..%2Fdati%2F${slug}%2F${fileOf(second)}?exp=${exp}&sig=${sig}`,
      `/api/kept/${slug}/%2e%2e%2f${other.slug}%2f${otherHeader.file}?exp=${exp}&sig=${sig}`,
      `/api/kept/${slug}%2F${file}?exp=${exp}&sig=${sig}`,
      `/api/kept/${slug}/..?exp=${exp}&sig=${sig}`,
      `/api/kept/${slug}/${file}%00.png?exp=${exp}&sig=${sig}`,
    ];
    for (const path of refused) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { detail: string }).detail, path).toBe('File non trovato');
    }
    // the genuine link still works
    expect(await status(header)).toBe(200);
  });

  it('answers 404 once the file is public again (restored), not the public copy', async () => {
    const { u, slug, first, created } = await replacedHeader();
    const { header } = (await versionOf(u.token, slug, created)).page;
    await restore(u.token, slug, created);
    expect(await status(first)).toBe(200);
    expect(await status(header)).toBe(404);
    // the restored version now shows it public
    expect((await versionOf(u.token, slug, created)).page.header).toBe(first);
  });

  it('is described in the OpenAPI document like /dati/*', async () => {
    const doc = (await (await call('/api/openapi.json')).json()) as { paths: Record<string, any> };
    const route = doc.paths['/api/kept/{slug}/{file}']?.get;
    expect(route?.security ?? []).toEqual([]);
    expect(Object.keys(route?.responses ?? {}).sort()).toEqual(['200', '404']);
    expect(route.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['exp', 'file', 'sig', 'slug']);
  });
});

describe('who gets one', () => {
  it('a Lettore of the company too; another company gets 404 on the version', async () => {
    const company = `Anteprime ${Date.now()} Srl`;
    const { slug, created } = await replacedHeader({ company });
    const reader = await organiserWithToken({ company, role: 'viewer' });
    const { header } = (await versionOf(reader.token, slug, created)).page;
    expect(await status(header)).toBe(200);
    const stranger = await organiserWithToken({ company: `Altri ${Date.now()} Srl` });
    const res = await call(pagePaths.version(slug, created), { token: stranger.token });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('/api/kept/');
    expect(await status(pagePaths.version(slug, created))).toBe(401);
  });

  it('the public page, its JSON, the embed and the feeds never carry one', async () => {
    const { u, slug, created } = await replacedHeader();
    const { header } = (await versionOf(u.token, slug, created)).page;
    const publicPaths = [
      `/${slug}`,
      `/api/db/public/landing/${slug}`,
      `/${slug}/embed`,
      `/${slug}/events.json`,
      `/${slug}/calendar.ics`,
      pagePaths.page(slug),
    ];
    for (const path of publicPaths) {
      const res = await call(path, { token: path.startsWith('/api/db/landing') ? u.token : undefined });
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).not.toContain('/api/kept/');
    }
    // nor can a save put one on the page
    const current = await answer(await call(pagePaths.page(slug), { token: u.token }), 200, pageAsReceivedSchema);
    const res = await call(pagePaths.page(slug), { token: u.token, method: 'PUT', json: { ...current, header } });
    expect(res.status).toBe(422);
  });
});
