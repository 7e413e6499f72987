import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, createPage, makeUser, textPage, uniqueSlug } from './pages-helpers';

describe('POST …/buttons/{id}/click', () => {
  it('counts one click without auth, with an empty JSON body or none', async () => {
    const u = await makeUser();
    const slug = uniqueSlug();
    const page = await createPage(u.token, textPage(slug));
    const id = page.buttons[1].id;
    const path = `/api/db/landing-pages/${slug}/buttons/${id}/click`;
    const a = await call(path, { method: 'POST', json: {} });
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({ click_count: 1 });
    const b = await call(path, { method: 'POST' });
    expect(await b.json()).toEqual({ click_count: 2 });
    const c = await call(path, { method: 'POST', body: 'not json{', headers: { 'content-type': 'text/plain' } });
    expect(await c.json()).toEqual({ click_count: 3 });
    const row = await env.DB.prepare('SELECT click_count FROM buttons WHERE id = ?')
      .bind(id)
      .first<{ click_count: number }>();
    expect(row!.click_count).toBe(3);
  });

  it('404 for unknown buttons, another page’s button, or a non-numeric id', async () => {
    const u = await makeUser();
    const a = await createPage(u.token, textPage(uniqueSlug()));
    const b = await createPage(u.token, textPage(uniqueSlug()));
    for (const path of [
      `/api/db/landing-pages/${a.folder_name}/buttons/999999999/click`,
      `/api/db/landing-pages/${a.folder_name}/buttons/${b.buttons[0].id}/click`,
      `/api/db/landing-pages/${a.folder_name}/buttons/abc/click`,
      `/api/db/landing-pages/nosuch/buttons/${a.buttons[0].id}/click`,
    ]) {
      const res = await call(path, { method: 'POST', json: {} });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Pulsante non trovato' });
    }
  });

  it('200 parallel clicks count exactly 200', async () => {
    const u = await makeUser();
    const slug = uniqueSlug();
    const page = await createPage(u.token, textPage(slug));
    const id = page.buttons[0].id;
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        call(`/api/db/landing-pages/${slug}/buttons/${id}/click`, { method: 'POST', json: {} }).then(
          async (r) => ((await r.json()) as { click_count: number }).click_count,
        ),
      ),
    );
    expect(new Set(answers).size).toBe(200); // every answer saw a distinct count
    expect(Math.max(...answers)).toBe(200);
    const row = await env.DB.prepare('SELECT click_count FROM buttons WHERE id = ?')
      .bind(id)
      .first<{ click_count: number }>();
    expect(row!.click_count).toBe(200);
  });
});

describe('POST /api/track-url', () => {
  it.each([
    [
      'https://www.ticketone.it/event/1?a=b',
      'https://www.ticketone.it/event/1?a=b&utm_source=palco&utm_medium=landing&utm_campaign=tour',
    ],
    ['ticketone.it/x', 'https://ticketone.it/x?utm_source=palco&utm_medium=landing&utm_campaign=tour'],
    [
      'https://vivaticket.com/it/ticket?utm_source=old',
      'https://vivaticket.com/it/ticket?utm_source=palco&utm_medium=landing&utm_campaign=tour',
    ],
    [
      'https://www.vivaticket.com/',
      'https://www.vivaticket.com/?utm_source=palco&utm_medium=landing&utm_campaign=tour',
    ],
    ['https://example.com/x', 'https://example.com/x'],
    ['https://ticketone.it.evil.com/x', 'https://ticketone.it.evil.com/x'],
    ['https://notticketone.it/x', 'https://notticketone.it/x'],
  ])('%s', async (url, tracked) => {
    const res = await call('/api/track-url', { json: { url, slug: 'tour' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, tracked_url: tracked });
  });

  it('refuses unsafe links and bad bodies', async () => {
    const res = await call('/api/track-url', { json: { url: 'javascript:alert(1)' } });
    expect(await res.json()).toEqual({ success: false, tracked_url: 'javascript:alert(1)' });
    expect((await call('/api/track-url', { json: {} })).status).toBe(422);
    expect((await call('/api/track-url', { body: '{', headers: { 'content-type': 'application/json' } })).status).toBe(
      422,
    );
  });
});
