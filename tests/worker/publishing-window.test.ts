// The publishing window and 'Mostra le date passate' through the pages API, and what the public
// sees outside the window (docs/behaviour.md#dates-and-publishing-windows).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { pageAsReceivedSchema, pageListItemSchema } from '../../src/core/schemas/page';
import { z } from '../../src/core/zod';
import { API_PREFIX } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { pageKey } from '../../worker/services/pages/publish';
import { instantText } from '../../src/core/schedule';
import { call, createPage, textPage, uniqueSlug, organiserWithToken } from './helpers';
import { settle } from './public-helpers';

const BASE = API_PREFIX.pages;
const HOUR = 3600_000;

function at(offsetMs: number): string {
  return instantText(new Date(Date.now() + offsetMs));
}

async function detailOf(res: Response): Promise<string> {
  return ((await res.json()) as { detail: string }).detail;
}

async function stored(slug: string) {
  return env.DB.prepare(
    'SELECT show_past, visible_from, visible_until, next_boundary FROM landing_pages WHERE folder_name = ?',
  )
    .bind(slug)
    .first<{
      show_past: number;
      visible_from: string | null;
      visible_until: string | null;
      next_boundary: string | null;
    }>();
}

/** What the public gets for a slug: /{slug} (status, cache-control, body) and the public API. */
async function publicAnswer(slug: string) {
  const page = await call(`/${slug}`);
  const api = await call(`/api/db/public/landing/${slug}`);
  const answer = {
    status: page.status,
    cache: page.headers.get('cache-control'),
    html: (await page.text()).replaceAll(slug, 'SLUG'),
    apiStatus: api.status,
    api: await api.json(),
  };
  await settle();
  return answer;
}

describe('payloads: show_past, visible_from, visible_until', () => {
  it('POST stores them normalised to UTC to the second, and every answer carries them', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, {
      ...textPage(slug),
      show_past: true,
      visible_from: '2026-01-12T20:00:00+01:00',
      visible_until: '2099-05-12T20:30:15.750+02:00',
    });
    expect(page).toMatchObject({
      show_past: true,
      visible_from: '2026-01-12T19:00:00Z',
      visible_until: '2099-05-12T18:30:15Z',
    });
    expect(await stored(slug)).toMatchObject({ show_past: 1, visible_from: '2026-01-12T19:00:00Z' });
    const read = pageAsReceivedSchema.parse(await (await call(`${BASE}/${slug}`, { token: u.token })).json());
    expect(read).toMatchObject({ show_past: true, visible_until: '2099-05-12T18:30:15Z' });
    const list = z.array(pageListItemSchema).parse(await (await call(BASE, { token: u.token })).json());
    expect(list.find((p) => p.folder_name === slug)).toMatchObject({ visible_from: '2026-01-12T19:00:00Z' });
    // omitted on create: open window, past dates not shown
    const plain = await createPage(u.token, textPage(uniqueSlug()));
    expect(plain).toMatchObject({ show_past: false, visible_from: null, visible_until: null });
  });

  it('refuses instants without a zone or that do not exist, and wrong types, with a 422 detail', async () => {
    const u = await organiserWithToken();
    const bad: Array<[string, unknown]> = [
      ['visible_from', '2099-05-12T20:00:00'],
      ['visible_from', '2099-05-12'],
      ['visible_from', '2099-02-30T10:00:00Z'],
      ['visible_from', '2099-05-12T24:00:00Z'],
      ['visible_until', '2099-05-12T20:00:00+25:00'],
      ['visible_until', 'domani sera'],
      ['visible_until', '12/05/2099 20:00'],
      ['visible_until', 1778600000000],
      ['visible_from', true],
      ['show_past', 'sì'],
      ['show_past', null],
    ];
    for (const [field, value] of bad) {
      const res = await call(BASE, { token: u.token, json: { ...textPage(uniqueSlug()), [field]: value } });
      expect(res.status, `${field}=${String(value)}`).toBe(422);
      const detail = await detailOf(res);
      expect(detail.startsWith(`${field}:`), detail).toBe(true);
      if (typeof value === 'string' && field !== 'show_past') expect(detail).toContain(t('page.instantInvalid'));
    }
  });

  it('refuses an instant whose zone moves it out of the years 1000 to 9999 (POST, PUT and PATCH)', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    // 1000-01-01 at midnight, 23:59 ahead of UTC, is 999-12-31T00:01Z; 9999-12-31 at 23:59:59,
    // 23:59 behind, is 10000-01-01T23:58:59Z: neither can be stored as a four-digit year
    const outside: Array<[string, string]> = [
      ['visible_from', '1000-01-01T00:00:00+23:59'],
      ['visible_until', '1000-01-01T00:00:00+23:59'],
      ['visible_until', '9999-12-31T23:59:59-23:59'],
      ['visible_from', '9999-12-31T23:59:59-23:59'],
    ];
    for (const [field, value] of outside) {
      const label = `${field}=${value}`;
      const created = await call(BASE, { token: u.token, json: { ...textPage(uniqueSlug()), [field]: value } });
      expect(created.status, label).toBe(422);
      expect(await detailOf(created), label).toBe(`${field}: ${t('page.instantInvalid')}`);
      const put = await call(`${BASE}/${slug}`, {
        method: 'PUT',
        token: u.token,
        json: { ...textPage(slug), [field]: value },
      });
      expect(put.status, label).toBe(422);
      const patch = await call(`${BASE}/${slug}`, { method: 'PATCH', token: u.token, json: { [field]: value } });
      expect(patch.status, label).toBe(422);
    }
    expect(await stored(slug)).toMatchObject({ visible_from: null, visible_until: null });
    // the first and last instants of the range are taken, whatever zone they are written in
    const edges = await call(`${BASE}/${slug}`, {
      method: 'PATCH',
      token: u.token,
      json: { visible_from: '1000-01-01T23:59:00+23:59', visible_until: '9999-12-30T23:59:59-00:00' },
    });
    expect(edges.status).toBe(200);
    expect(await stored(slug)).toMatchObject({
      visible_from: '1000-01-01T00:00:00Z',
      visible_until: '9999-12-30T23:59:59Z',
    });
    const last = await call(`${BASE}/${slug}`, {
      method: 'PATCH',
      token: u.token,
      json: { visible_until: '9999-12-31T00:00:59-23:59' },
    });
    expect(last.status).toBe(200);
    expect((await stored(slug))?.visible_until).toBe('9999-12-31T23:59:59Z');
  });

  it('a window that ends before or when it starts is a 422 with the Italian message (POST and PUT)', async () => {
    const u = await organiserWithToken();
    const from = '2099-05-12T18:00:00Z';
    for (const until of ['2099-05-12T17:59:59Z', from, '2099-05-12T20:00:00+02:00']) {
      const slug = uniqueSlug();
      const res = await call(BASE, {
        token: u.token,
        json: { ...textPage(slug), visible_from: from, visible_until: until },
      });
      expect(res.status, until).toBe(422);
      expect(await detailOf(res)).toBe(t('page.windowInvalid'));
      expect(t('page.windowInvalid')).toBe("La fine della pubblicazione deve venire dopo l'inizio");
      expect(await stored(slug)).toBeNull();
    }
    const slug = uniqueSlug();
    await createPage(u.token, { ...textPage(slug), visible_from: from });
    // PUT without the bound keeps the stored one, so an earlier end is checked against it
    const put = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), visible_until: '2099-05-01T00:00:00Z' },
    });
    expect(put.status).toBe(422);
    expect(await detailOf(put)).toBe(t('page.windowInvalid'));
    expect((await stored(slug))!.visible_until).toBeNull();
  });

  it('PUT keeps omitted fields and clears a bound sent as null or empty', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, {
      ...textPage(slug),
      show_past: true,
      visible_from: '2026-01-01T00:00:00Z',
      visible_until: '2099-01-01T00:00:00Z',
    });
    const put = (body: Record<string, unknown>) =>
      call(`${BASE}/${slug}`, { method: 'PUT', token: u.token, json: { ...textPage(slug), ...body } });
    let res = await put({});
    expect(res.status).toBe(200);
    expect(pageAsReceivedSchema.parse(await res.json())).toMatchObject({
      show_past: true,
      visible_from: '2026-01-01T00:00:00Z',
      visible_until: '2099-01-01T00:00:00Z',
    });
    res = await put({ visible_from: null, visible_until: '', show_past: false });
    expect(pageAsReceivedSchema.parse(await res.json())).toMatchObject({
      show_past: false,
      visible_from: null,
      visible_until: null,
    });
    expect(await stored(slug)).toMatchObject({ show_past: 0, visible_from: null, visible_until: null });
  });

  it('PATCH sets one field at a time; a bound alone is checked against the stored other one', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, { ...textPage(slug), visible_from: '2026-03-01T10:00:00Z' });
    const patch = (json: unknown, token = u.token) => call(`${BASE}/${slug}`, { method: 'PATCH', token, json });

    let res = await patch({ visible_until: '2026-03-01T11:00:00+02:00' }); // 09:00Z, before the start
    expect(res.status).toBe(422);
    expect(await detailOf(res)).toBe(t('page.windowInvalid'));
    expect((await stored(slug))!.visible_until).toBeNull();

    res = await patch({ visible_until: '2099-03-01T11:00:00+01:00' });
    expect(res.status).toBe(200);
    expect(pageAsReceivedSchema.parse(await res.json())).toMatchObject({
      folder_name: slug,
      visible_from: '2026-03-01T10:00:00Z',
      visible_until: '2099-03-01T10:00:00Z',
      show_past: false,
    });
    // a start after the stored end is refused the same way
    res = await patch({ visible_from: '2099-03-02T00:00:00Z' });
    expect(res.status).toBe(422);
    expect(await detailOf(res)).toBe(t('page.windowInvalid'));

    res = await patch({ show_past: true });
    expect(pageAsReceivedSchema.parse(await res.json())).toMatchObject({
      show_past: true,
      visible_from: '2026-03-01T10:00:00Z',
    });
    res = await patch({ visible_from: null });
    expect(pageAsReceivedSchema.parse(await res.json())).toMatchObject({
      visible_from: null,
      visible_until: '2099-03-01T10:00:00Z',
    });
    res = await patch({ visible_until: '' });
    expect(pageAsReceivedSchema.parse(await res.json())).toMatchObject({
      visible_from: null,
      visible_until: null,
      show_past: true,
    });

    // not a scheduling field, a bad value, no token, another company's page
    expect((await patch({ title: 'Altro' })).status).toBe(422);
    expect((await patch({ visible_from: '2026-03-01 10:00' })).status).toBe(422);
    expect((await patch({ show_past: 1 })).status).toBe(422);
    expect((await call(`${BASE}/${slug}`, { method: 'PATCH', json: { show_past: false } })).status).toBe(401);
    const stranger = await organiserWithToken({ company: 'Beta Eventi' });
    expect((await patch({ show_past: false }, stranger.token)).status).toBe(404);
    expect((await stored(slug))!.show_past).toBe(1);
  });
});

describe('outside its window a page answers exactly as a hidden page', () => {
  it('scheduled and expired pages: /{slug}, the public API and the sitemap as for a hidden page; open at once after a save', async () => {
    const u = await organiserWithToken();
    const hidden = uniqueSlug('hid');
    await createPage(u.token, { ...textPage(hidden), visible: false });
    const asHidden = await publicAnswer(hidden);
    expect(asHidden.status).toBe(404);
    expect(asHidden.apiStatus).toBe(404);

    const scheduled = uniqueSlug('sch');
    await createPage(u.token, { ...textPage(scheduled), visible_from: at(HOUR) });
    const expired = uniqueSlug('exp');
    await createPage(u.token, { ...textPage(expired), visible_from: at(-2 * HOUR), visible_until: at(-HOUR) });
    const open = uniqueSlug('opn');
    await createPage(u.token, { ...textPage(open), visible_from: at(-HOUR), visible_until: at(HOUR) });

    for (const slug of [scheduled, expired]) {
      expect(await publicAnswer(slug), slug).toEqual(asHidden);
      expect(await env.BUCKET.get(pageKey(slug)), slug).toBeNull();
    }
    const inside = await publicAnswer(open);
    expect(inside.status).toBe(200);
    expect(inside.apiStatus).toBe(200);
    expect(await env.BUCKET.get(pageKey(open))).not.toBeNull();

    const sitemap = await (await call('/sitemap.xml')).text();
    expect(sitemap).toContain(`/${open}<`);
    expect(sitemap).not.toContain(scheduled);
    expect(sitemap).not.toContain(expired);

    // a save that opens the window publishes at once
    const res = await call(`${BASE}/${scheduled}`, { method: 'PATCH', token: u.token, json: { visible_from: null } });
    expect(res.status).toBe(200);
    const now = await publicAnswer(scheduled);
    expect(now.status).toBe(200);
    expect(now.apiStatus).toBe(200);
    expect(now.html).toContain('Alcatraz');

    // and a save that closes it unpublishes at once, as hiding does
    const close = await call(`${BASE}/${open}`, {
      method: 'PATCH',
      token: u.token,
      json: { visible_until: at(-1000) },
    });
    expect(close.status).toBe(200);
    expect(await publicAnswer(open)).toEqual(asHidden);
    expect(await env.BUCKET.get(pageKey(open))).toBeNull();
  });
});
