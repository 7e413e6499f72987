// The files of a page's history (docs/behaviour.md#history): an upload completes the version of
// the save it follows; a file only older versions use leaves /dati/ for the private folder and
// comes back on a restore; a file nothing uses, neither the page nor a version, is deleted.
import { env } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { call, createPage, organiserWithToken, textPage, uniqueSlug } from './helpers';
import { clockAt, clockForward, realClock } from './clock';
import { mp4, PNG, WEBP } from './media-fixtures';
import { form, keys, restore, save, setup, status, uploadHeader, versionRows, versionsOf } from './versions-helpers';

afterEach(realClock);

const kept = (path: string) => path.replace(/^\/dati\//, 'kept/');

describe('an upload after a save', () => {
  it("completes that save's version, and its logged line", async () => {
    const { u, slug, page } = await setup({}, { header: '' });
    const header = await uploadHeader(u.token, slug);
    // the create and its header upload: one version, which shows the header
    let rows = await versionRows(page.id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.snapshot).header).toBe(header);
    expect(rows[0]!.summary).toBe('Pagina creata');
    await save(u.token, slug, (p) => ({ ...p, header: '' }));
    const second = await uploadHeader(u.token, slug, WEBP);
    rows = await versionRows(page.id);
    expect(rows.map((r) => [r.kind, r.summary])).toEqual([
      ['created', 'Pagina creata'],
      ['saved', 'Testata cambiata'],
    ]);
    expect(JSON.parse(rows[1]!.snapshot).header).toBe(second);
    const act = await env.DB.prepare("SELECT summary FROM activity_log WHERE page_id = ? AND action = 'page.saved'")
      .bind(page.id)
      .first<{ summary: string }>();
    expect(act!.summary).toBe('Testata cambiata');
  });

  it('keeps a version of its own when the save was long ago or by someone else', async () => {
    clockAt();
    const { u, slug, page } = await setup({ company: 'Caricamenti Soli Srl' }, { header: '' });
    clockForward(11 * 60 * 1000);
    await uploadHeader(u.token, slug);
    const editor = await organiserWithToken({ company: 'Caricamenti Soli Srl', role: 'editor' });
    await uploadHeader(editor.token, slug, WEBP);
    const rows = await versionRows(page.id);
    expect(rows.map((r) => [r.kind, r.summary, r.actor_id])).toEqual([
      ['created', 'Pagina creata', u.user.id],
      ['saved', 'Testata cambiata', u.user.id],
      ['saved', 'Testata cambiata', editor.user.id],
    ]);
  });
});

describe('files only older versions use', () => {
  it('leave /dati/ for the private folder, and a restore brings them back', async () => {
    const { u, slug } = await setup({}, { header: '' });
    const first = await uploadHeader(u.token, slug);
    expect(await status(first)).toBe(200);
    // the editor saves, then sends the new header
    await save(u.token, slug, (p) => ({ ...p, title: 'Con la nuova testata', header: '' }));
    const second = await uploadHeader(u.token, slug, WEBP);
    expect(await status(first)).toBe(404);
    expect(await keys(`kept/${slug}/`)).toEqual([kept(first)]);
    expect(await keys(`dati/${slug}/`)).toEqual([second.slice(1)]);

    const created = (await versionsOf(u.token, slug)).at(-1)!;
    const restored = await restore(u.token, slug, created.id);
    expect(restored.header).toBe(first);
    expect(await status(first)).toBe(200);
    // now the second header is the one only a version uses
    expect(await status(second)).toBe(404);
    expect(await keys(`kept/${slug}/`)).toEqual([kept(second)]);
    const html = await (await call(`/${slug}`)).text();
    expect(html).toContain(`src="${first}"`);
    expect(html).not.toContain(second);
  });

  it('a file nothing uses, neither the page nor a version, is deleted at once', async () => {
    const { u, slug } = await setup({}, { header: '' });
    // two headers in a row on the created version: the first one no version shows
    const first = await uploadHeader(u.token, slug);
    const second = await uploadHeader(u.token, slug, WEBP);
    expect(await keys(`dati/${slug}/`)).toEqual([second.slice(1)]);
    expect(await keys(`kept/${slug}/`)).toEqual([]);
    expect(await status(first)).toBe(404);
  });

  it('a button image deleted while a version shows it is kept, and comes back', async () => {
    const { u, slug, page } = await setup(
      {},
      { mode: 'image', header: '', buttons: [{ type: 'image', text: 'Locandina', url: 'https://example.com' }] },
    );
    const f = form('button_images', PNG, 'b.png');
    f.append('image_mapping', JSON.stringify({ 0: 0 }));
    const up = await call(pagePaths.buttonImagesUpload(slug), { token: u.token, body: f });
    expect(up.status).toBe(200);
    const path = ((await up.json()) as { paths: Record<string, string> }).paths['0']!;
    const name = path.split('/').pop()!;
    await save(u.token, slug, (p) => ({ ...p, title: 'Salvata con la locandina' }));
    const del = await call(pagePaths.buttonImage(slug, name), { token: u.token, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(await status(path)).toBe(404);
    // the created version (amended by the upload) still shows it: kept privately
    expect(await keys(`kept/${slug}/`)).toEqual([kept(path)]);
    const created = (await versionsOf(u.token, slug)).at(-1);
    const restored = await restore(u.token, slug, created!.id);
    expect(restored.buttons[0]!.image_path).toBe(path);
    expect(restored.buttons[0]!.id).toBe(page.buttons[0]!.id);
    expect(await status(path)).toBe(200);
  });

  it('a video header and its poster come back together', async () => {
    const { u, slug } = await setup({}, { header: '' });
    const f = form('image', mp4(), 'v.mp4');
    f.append('poster', new Blob([PNG]), 'p.png');
    const res = await call(pagePaths.headerUpload(slug), { token: u.token, body: f });
    expect(res.status).toBe(200);
    const video = (await res.json()) as { path: string; poster: string };
    expect(video.poster).not.toBe('');
    await save(u.token, slug, (p) => ({ ...p, title: 'Con una foto', header: '' }));
    const photo = await uploadHeader(u.token, slug, WEBP);
    expect(await keys(`kept/${slug}/`)).toEqual([kept(video.path), kept(video.poster)].sort());
    const created = (await versionsOf(u.token, slug)).at(-1)!;
    const restored = await restore(u.token, slug, created.id);
    expect(restored).toMatchObject({ header: video.path, header_poster: video.poster });
    expect(await status(video.path)).toBe(200);
    expect(await status(video.poster)).toBe(200);
    expect(await status(photo)).toBe(404);
    expect((await versionsOf(u.token, slug))[0]!.summary).toMatch(/ · titolo cambiato · testata cambiata$/);
  });

  it('a refused restore leaves the files it brought back private again', async () => {
    const { u, slug, page } = await setup({}, { header: '' });
    const first = await uploadHeader(u.token, slug);
    await save(u.token, slug, (p) => ({ ...p, title: 'Nome nuovo', header: '' }));
    await uploadHeader(u.token, slug, WEBP);
    await createPage(u.token, { ...textPage(uniqueSlug('ver')), title: page.title });
    const created = (await versionsOf(u.token, slug)).at(-1)!;
    const res = await call(pagePaths.versionRestore(slug, created.id), { token: u.token, method: 'POST' });
    expect(res.status).toBe(409);
    expect(await status(first)).toBe(404);
    expect(await keys(`kept/${slug}/`)).toEqual([kept(first)]);
  });
});
