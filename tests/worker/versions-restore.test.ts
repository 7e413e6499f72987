// Versions listed, read and restored through the API (docs/api.md#history): a restore saves the
// version again as a new version, publishes it, keeps clicks and fans (buttons by id) and
// schedules the fans' alert a save would; who may do what is the access policy.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { call, callJson, eventButton, organiserWithToken, textPage, createPage, uniqueSlug } from './helpers';
import { restore, save, setup, versionOf, versionsOf } from './versions-helpers';

async function addFan(pageId: number, email: string) {
  await env.DB.prepare(
    `INSERT INTO fans (page_id, email, consent_version, consent_at, confirmed_at)
     VALUES (?, ?, 'v1', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  )
    .bind(pageId, email)
    .run();
  await env.DB.prepare(
    `INSERT INTO fan_cities (fan_id, city_key, city) SELECT id, '*', 'Tutte le date' FROM fans WHERE page_id = ? AND email = ?`,
  )
    .bind(pageId, email)
    .run();
}

describe('reading the history', () => {
  it("lists every version and opens one as the page it saved, with today's figures", async () => {
    const { u, slug, page } = await setup();
    await env.DB.prepare('UPDATE buttons SET click_count = 5 WHERE id = ?').bind(page.buttons[0]!.id).run();
    await save(u.token, slug, (p) => ({ ...p, title: 'Secondo titolo', buttons: [p.buttons[0]] }));
    const [second, first] = await versionsOf(u.token, slug);
    const old = await versionOf(u.token, slug, first!.id);
    expect(old.version).toEqual({ ...first, current: false });
    expect(old.page.title).toBe(page.title);
    expect(old.page.buttons.map((b) => [b.text, b.click_count])).toEqual([
      ['12/05/2099 - Milano - Alcatraz|biglietti', 5],
      // a button gone since counts nothing today
      ['13/05/2099 - Roma - Atlantico|tickets', 0],
    ]);
    expect(old.page.updated_at).toBe(first!.created_at);
    const now = await versionOf(u.token, slug, second!.id);
    expect(now.version.current).toBe(true);
    expect(now.page.title).toBe('Secondo titolo');
  });

  it('a version of another page, an unknown one, and a bad id are refused', async () => {
    const { u, slug } = await setup();
    const other = await setup({ company: 'Altra Società Live' });
    const [theirs] = await versionsOf(other.u.token, other.slug);
    let res = await callJson(pagePaths.version(slug, theirs!.id), { token: u.token });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('Versione non trovata.');
    res = await callJson(pagePaths.versionRestore(slug, theirs!.id), { token: u.token, method: 'POST' });
    expect(res.status).toBe(404);
    res = await callJson(pagePaths.version(slug, 999999999), { token: u.token });
    expect(res.status).toBe(404);
    res = await callJson(`${pagePaths.versions(slug)}/abc`, { token: u.token });
    expect(res.status).toBe(422);
    expect(typeof res.body.detail).toBe('string');
  });
});

describe('restoring a version', () => {
  it('saves it again as a new version, republishes, keeps clicks and fans, schedules the alert', async () => {
    const { u, slug, page } = await setup();
    const milano = page.buttons[0]!;
    await addFan(page.id, 'fan.restore@example.it');
    // the first version: Milano and Roma; then Roma goes and the title changes, twice
    await save(u.token, slug, (p) => ({ ...p, title: 'Secondo', buttons: [p.buttons[0]] }));
    await save(u.token, slug, (p) => ({ ...p, title: 'Terzo', display_title: 'Terzo' }));
    await env.DB.prepare('UPDATE buttons SET click_count = 9 WHERE id = ?').bind(milano.id).run();
    await env.DB.prepare('UPDATE landing_pages SET view_page = 40 WHERE id = ?').bind(page.id).run();
    expect(await (await call(`/${slug}`)).text()).toContain('Terzo');
    const first = (await versionsOf(u.token, slug)).at(-1)!;

    const restored = await restore(u.token, slug, first.id);
    expect(restored.title).toBe(page.title);
    expect(restored.view_page).toBe(40);
    expect(restored.buttons.map((b) => b.text)).toEqual(page.buttons.map((b) => b.text));
    // Milano kept its row and its clicks; Roma came back as a new date, which fans hear of
    expect(restored.buttons[0]).toMatchObject({ id: milano.id, click_count: 9 });
    expect(restored.buttons[1]!.id).not.toBe(page.buttons[1]!.id);
    expect(restored.fan_alerts?.length).toBe(1);
    const fans = await env.DB.prepare('SELECT COUNT(*) AS n FROM fans WHERE page_id = ?')
      .bind(page.id)
      .first<{ n: number }>();
    expect(fans!.n).toBe(1);

    const html = await (await call(`/${slug}`)).text();
    expect(html).toContain('<title>Tour</title>');
    expect(html).not.toContain('Terzo');
    expect(html).toContain('Atlantico');

    const [newest] = await versionsOf(u.token, slug);
    expect(newest).toMatchObject({ kind: 'restored', current: true, actor_email: u.user.email });
    expect(newest!.summary).toMatch(
      /^Ripristinata la versione del \d\d\/\d\d\/\d{4} alle \d\d:\d\d · aggiunta 1 data: Roma 13\/05 · titolo cambiato · titolo mostrato cambiato$/,
    );
    const act = await env.DB.prepare(
      "SELECT summary FROM activity_log WHERE page_id = ? AND action = 'version.restored'",
    )
      .bind(page.id)
      .first<{ summary: string }>();
    expect(act!.summary).toBe(newest!.summary);
  });

  it('keeps the visibility the page has now', async () => {
    const { u, slug } = await setup();
    const [created] = await versionsOf(u.token, slug);
    await call(pagePaths.visibility(slug, false), { token: u.token, method: 'PATCH' });
    const restored = await restore(u.token, slug, created!.id);
    expect(restored.visible).toBe(false);
    expect((await call(`/${slug}`)).status).toBe(404);
  });

  it('refuses with 409 a title another page took since', async () => {
    const { u, slug, page } = await setup();
    const [created] = await versionsOf(u.token, slug);
    await save(u.token, slug, (p) => ({ ...p, title: 'Nuovo nome' }));
    await createPage(u.token, { ...textPage(uniqueSlug('ver')), title: page.title });
    const res = await callJson(pagePaths.versionRestore(slug, created!.id), { token: u.token, method: 'POST' });
    expect(res.status).toBe(409);
    expect(await versionsOf(u.token, slug)).toHaveLength(2);
  });
});

describe('who may', () => {
  it('a Lettore lists and opens versions but may not restore (403); an Editor may', async () => {
    const { u, slug } = await setup({ company: 'Ruoli Storia Srl' });
    const [v] = await versionsOf(u.token, slug);
    const viewer = await organiserWithToken({ company: 'Ruoli Storia Srl', role: 'viewer' });
    expect(await versionsOf(viewer.token, slug)).toHaveLength(1);
    expect((await versionOf(viewer.token, slug, v!.id)).version.id).toBe(v!.id);
    const res = await callJson(pagePaths.versionRestore(slug, v!.id), { token: viewer.token, method: 'POST' });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe('Con il ruolo di Lettore puoi guardare le pagine, ma non modificarle.');
    const editor = await organiserWithToken({ company: 'Ruoli Storia Srl', role: 'editor', full_name: 'Edo' });
    await restore(editor.token, slug, v!.id);
    expect((await versionsOf(u.token, slug))[0]).toMatchObject({ kind: 'restored', actor_name: 'Edo' });
  });

  it('another company, a request still waiting and no session get nothing', async () => {
    const { slug } = await setup({ company: 'Chiusa Eventi' });
    const stranger = await organiserWithToken({ company: 'Altri Eventi Spa' });
    const waiting = await organiserWithToken({ company: 'Chiusa Eventi', role: null, membership: 'requested' });
    for (const token of [stranger.token, waiting.token]) {
      expect((await call(pagePaths.versions(slug), { token })).status).toBe(404);
      expect((await call(pagePaths.versionRestore(slug, 1), { token, method: 'POST' })).status).toBe(404);
    }
    expect((await call(pagePaths.versions(slug))).status).toBe(401);
  });
});

it('restoring the version the page shows adds no date, so schedules no alert', async () => {
  const { u, slug } = await setup({}, { buttons: [eventButton()] });
  const [v] = await versionsOf(u.token, slug);
  const restored = await restore(u.token, slug, v!.id);
  expect(restored.fan_alerts).toEqual([]);
});
