// Every save kind keeps a version with who, when, how and a summary (docs/behaviour.md#history);
// the activity log's line carries the same summary; a page older than the history gets its
// baseline before its first write.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pagePaths } from '../../src/core/api-paths';
import { call, eventButton } from './helpers';
import { save, setup, versionRows, versionsOf } from './versions-helpers';

describe('every save keeps a version', () => {
  it('a create is "Pagina creata", by its author, now', async () => {
    const before = Date.now();
    const { u, slug } = await setup();
    const [v, ...rest] = await versionsOf(u.token, slug);
    expect(rest).toEqual([]);
    expect(v).toMatchObject({
      kind: 'created',
      summary: 'Pagina creata',
      actor_name: 'Giulia Verdi',
      actor_email: u.user.email,
      current: true,
    });
    expect(Date.parse(v!.created_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(v!.created_at)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('a save, a schedule, a visibility and an availability each keep one, newest first', async () => {
    const { u, slug, page } = await setup();
    await save(u.token, slug, (p) => ({ ...p, title: `${p.title} bis` }));
    let res = await call(pagePaths.page(slug), {
      token: u.token,
      method: 'PATCH',
      json: { visible_from: '2099-01-01T00:00:00Z' },
    });
    expect(res.status).toBe(200);
    res = await call(pagePaths.visibility(slug, false), { token: u.token, method: 'PATCH' });
    expect(res.status).toBe(200);
    const bologna = page.buttons[0]!;
    res = await call(pagePaths.buttonSale(slug, bologna.id), {
      token: u.token,
      method: 'PATCH',
      json: { availability: 'sold_out' },
    });
    expect(res.status).toBe(200);
    const list = await versionsOf(u.token, slug);
    expect(list.map((v) => [v.kind, v.summary])).toEqual([
      ['availability', 'Milano 12/05 esaurito'],
      ['visibility', 'Pagina nascosta'],
      ['schedule', 'Programmazione cambiata'],
      ['saved', 'Titolo cambiato'],
      ['created', 'Pagina creata'],
    ]);
    expect(list.map((v) => v.current)).toEqual([true, false, false, false, false]);
    expect(new Set(list.map((v) => v.actor_email))).toEqual(new Set([u.user.email]));
    // ids grow with time
    const ids = list.map((v) => v.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('the summary names dates added, removed and sold out, in one line', async () => {
    const { u, slug } = await setup();
    await save(u.token, slug, (p) => ({
      ...p,
      title: 'Altro titolo',
      buttons: [
        // Milano sold out (its label), Roma removed, two dates added
        { ...p.buttons[0], cta_buttons: null, text: '12/05/2099 - Milano - Alcatraz|soldout' },
        eventButton('12/07/2099 - Bologna - Estragon|biglietti'),
        eventButton('14/07/2099 - Firenze - Viper|biglietti'),
      ],
    }));
    const [v] = await versionsOf(u.token, slug);
    expect(v!.summary).toBe(
      'Aggiunte 2 date: Bologna 12/07, Firenze 14/07 · tolta 1 data: Roma 13/05 · Milano 12/05 esaurito · titolo cambiato',
    );
  });

  it('a save that changes nothing says so', async () => {
    const { u, slug } = await setup();
    await save(u.token, slug, (p) => p);
    expect((await versionsOf(u.token, slug))[0]!.summary).toBe('Nessuna modifica');
  });

  it('the activity log carries the same summary', async () => {
    const { u, slug, page } = await setup();
    await save(u.token, slug, (p) => ({ ...p, style: 'dark' }));
    const { results } = await env.DB.prepare(
      'SELECT action, summary, actor_email FROM activity_log WHERE page_id = ? ORDER BY id',
    )
      .bind(page.id)
      .all();
    expect(results).toEqual([
      { action: 'page.created', summary: 'Pagina creata', actor_email: u.user.email },
      { action: 'page.saved', summary: 'Stile cambiato', actor_email: u.user.email },
    ]);
  });

  it('a version keeps no volatile figure: no views, no clicks, no last change', async () => {
    const { u, slug, page } = await setup();
    await env.DB.prepare('UPDATE landing_pages SET view_page = 7 WHERE id = ?').bind(page.id).run();
    await save(u.token, slug, (p) => p);
    const [row] = (await versionRows(page.id)).slice(-1);
    const snapshot = JSON.parse(row!.snapshot);
    expect(snapshot.view_page).toBeUndefined();
    expect(snapshot.updated_at).toBeUndefined();
    expect(snapshot.buttons[0].click_count).toBeUndefined();
    expect(snapshot.buttons[0].text).toBe('12/05/2099 - Milano - Alcatraz|biglietti');
  });

  it('a refused save keeps no version', async () => {
    const { u, slug, page } = await setup();
    const res = await call(pagePaths.page(slug), { token: u.token, method: 'PUT', json: { title: '' } });
    expect(res.status).toBe(422);
    expect(await versionRows(page.id)).toHaveLength(1);
  });
});

describe('a page saved before the history began', () => {
  it('gets a baseline of itself before its first save, which can be undone', async () => {
    const { u, slug, page } = await setup();
    // as the upgrade left it: no version at all
    await env.DB.prepare('DELETE FROM page_versions WHERE page_id = ?').bind(page.id).run();
    await save(u.token, slug, (p) => ({ ...p, title: 'Dopo' }));
    const [saved, baseline] = await versionsOf(u.token, slug);
    expect(saved).toMatchObject({ kind: 'saved', summary: 'Titolo cambiato' });
    expect(baseline).toMatchObject({
      kind: 'saved',
      summary: "La pagina com'era prima della cronologia",
      actor_name: '',
      created_at: page.updated_at,
    });
    const rows = await versionRows(page.id);
    expect(JSON.parse(rows[0]!.snapshot).title).toBe(page.title);
  });

  it('gets one before the one-tap availability and the visibility too, and only once', async () => {
    const { u, slug, page } = await setup();
    await env.DB.prepare('DELETE FROM page_versions WHERE page_id = ?').bind(page.id).run();
    await call(pagePaths.buttonSale(slug, page.buttons[1]!.id), {
      token: u.token,
      method: 'PATCH',
      json: { availability: 'limited' },
    });
    await call(pagePaths.visibility(slug, false), { token: u.token, method: 'PATCH' });
    const list = await versionsOf(u.token, slug);
    expect(list.map((v) => v.summary)).toEqual([
      'Pagina nascosta',
      'Roma 13/05 ultimi biglietti',
      "La pagina com'era prima della cronologia",
    ]);
  });
});
