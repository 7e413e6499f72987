// The pages API (docs/behaviour.md#pages-and-ownership): who sees and changes a page, visibility
// and deletion, publishing on every write. Create, read and update: pages.test.ts; the admin stats
// it feeds: admin-actions-accounts.test.ts.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { adminPaths, API_PREFIX, trashPaths } from '../../src/core/api-paths';
import { call, createPage, textPage, uniqueSlug, organiserWithToken, adminWithToken } from './helpers';
import { PUBLIC_PAGE_KEYS } from './public-helpers';
import { pageDeletedSchema, pageListItemSchema, publicLandingSchema } from '../../src/core/schemas/page';
import { z } from '../../src/core/zod';

const BASE = API_PREFIX.pages;

describe('ownership', () => {
  it('a non-admin of company A cannot see or change company B pages; an admin can', async () => {
    const a = await organiserWithToken({ company: 'Alfa' });
    const b = await organiserWithToken({ company: 'Beta' });
    const b2 = await organiserWithToken({ company: 'beta' });
    const admin = await adminWithToken({ company: 'Palco' });
    const slug = uniqueSlug();
    await createPage(b.token, textPage(slug));

    expect((await call(`${BASE}/${slug}`, { token: a.token })).status).toBe(404);
    expect((await call(`${BASE}/${slug}`, { method: 'PUT', token: a.token, json: textPage(slug) })).status).toBe(404);
    expect((await call(`${BASE}/${slug}/visibility?visible=false`, { method: 'PATCH', token: a.token })).status).toBe(
      404,
    );
    expect((await call(`${BASE}/${slug}`, { method: 'DELETE', token: a.token })).status).toBe(404);
    const listA = z.array(pageListItemSchema).parse(await (await call(BASE, { token: a.token })).json());
    expect(listA.some((p) => p.folder_name === slug)).toBe(false);

    // same company, other case: allowed
    expect((await call(`${BASE}/${slug}`, { token: b2.token })).status).toBe(200);

    expect((await call(`${BASE}/${slug}`, { token: admin.token })).status).toBe(200);
    const listAdmin = z.array(pageListItemSchema).parse(await (await call(BASE, { token: admin.token })).json());
    expect(listAdmin.some((p) => p.folder_name === slug)).toBe(true);
  });

  it('only admins change the company', async () => {
    const b = await organiserWithToken({ company: 'Beta' });
    const admin = await adminWithToken();
    const slug = uniqueSlug();
    await createPage(b.token, textPage(slug));
    const refused = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: b.token,
      json: { company: 'Gamma' },
    });
    expect(refused.status).toBe(403);
    const bad = await call(`${BASE}/${slug}/company`, { method: 'PATCH', token: admin.token, json: { company: '  ' } });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ detail: 'company: Inserisci una company' });
    const garbled = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      body: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbled.status).toBe(422);
    const noVisible = await call(`${BASE}/${slug}/visibility`, { method: 'PATCH', token: admin.token });
    expect(noVisible.status).toBe(422);
    const ok = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      json: { company: 'Gamma' },
    });
    expect(ok.status).toBe(200);
    expect(pageListItemSchema.parse(await ok.json())).toMatchObject({ folder_name: slug, company: 'Gamma' });
    // the page has left Beta
    expect((await call(`${BASE}/${slug}`, { token: b.token })).status).toBe(404);
  });

  it('a company set on a page joins the companies list, in its stored spelling', async () => {
    const admin = await adminWithToken();
    const slug = uniqueSlug();
    await createPage(admin.token, textPage(slug));
    const fresh = `Nuova  Co ${slug}`;
    const res = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      json: { company: fresh },
    });
    expect(res.status).toBe(200);
    expect(pageListItemSchema.parse(await res.json())).toMatchObject({ company: `Nuova Co ${slug}` });
    const listed = async () =>
      ((await (await call(adminPaths.allCompanies, { token: admin.token })).json()) as { companies: string[] })
        .companies;
    expect((await listed()).filter((n) => n.toLowerCase() === `nuova co ${slug}`)).toEqual([`Nuova Co ${slug}`]);
    // another case reuses the stored spelling: no duplicate
    const again = await call(`${BASE}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      json: { company: `NUOVA CO ${slug}` },
    });
    expect(pageListItemSchema.parse(await again.json())).toMatchObject({ company: `Nuova Co ${slug}` });
    expect((await listed()).filter((n) => n.toLowerCase() === `nuova co ${slug}`)).toHaveLength(1);
  });
});

describe('visibility and delete', () => {
  it('visibility toggles and hides the public answer', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    const bad = await call(`${BASE}/${slug}/visibility?visible=maybe`, { method: 'PATCH', token: u.token });
    expect(bad.status).toBe(422);
    expect(await bad.json()).toEqual({ detail: 'visible: Il parametro visible deve essere true o false' });
    const off = await call(`${BASE}/${slug}/visibility?visible=false`, { method: 'PATCH', token: u.token });
    expect(off.status).toBe(200);
    expect(pageListItemSchema.parse(await off.json())).toMatchObject({ folder_name: slug, visible: false });
    const row = await env.DB.prepare('SELECT visible FROM landing_pages WHERE folder_name = ?')
      .bind(slug)
      .first<{ visible: number }>();
    expect(row!.visible).toBe(0);
    const on = await call(`${BASE}/${slug}/visibility?visible=true`, { method: 'PATCH', token: u.token });
    expect(pageListItemSchema.parse(await on.json())).toMatchObject({ visible: true });
    // 1 and 0 (any case, spaces around) too
    const zero = await call(`${BASE}/${slug}/visibility?visible=%200`, { method: 'PATCH', token: u.token });
    expect(pageListItemSchema.parse(await zero.json())).toMatchObject({ visible: false });
    const upper = await call(`${BASE}/${slug}/visibility?visible=TRUE`, { method: 'PATCH', token: u.token });
    expect(pageListItemSchema.parse(await upper.json())).toMatchObject({ visible: true });
  });

  it('delete (to the trash) by slug, then by numeric id; a purge removes buttons and R2 objects', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, textPage(slug));
    await env.BUCKET.put(`dati/${slug}/${slug}.abc.jpg`, new Uint8Array([1, 2, 3]));
    await env.BUCKET.put(`dati/${slug}x/keep.jpg`, new Uint8Array([1]));
    const res = await call(`${BASE}/${slug}`, { method: 'DELETE', token: u.token });
    expect(res.status).toBe(200);
    expect(pageDeletedSchema.parse(await res.json())).toMatchObject({
      success: true,
      folder_name: slug,
      trashed: true,
    });
    expect(await env.BUCKET.head(`dati/${slug}/${slug}.abc.jpg`)).toBeNull();
    expect(await env.BUCKET.head(`kept/${slug}/${slug}.abc.jpg`)).not.toBeNull();
    expect(await env.BUCKET.head(`dati/${slug}x/keep.jpg`)).not.toBeNull();
    const buttons = async () =>
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM buttons WHERE page_id = ?')
        .bind(page.id)
        .first<{ n: number }>())!.n;
    // in the trash the page keeps its buttons; deleted for ever, they go with it
    expect(await buttons()).toBe(2);
    expect((await call(`${BASE}/${slug}`, { method: 'DELETE', token: u.token })).status).toBe(404);
    expect((await call(trashPaths.purge(slug), { method: 'DELETE', token: u.token })).status).toBe(200);
    expect(await buttons()).toBe(0);
    expect(await env.BUCKET.head(`kept/${slug}/${slug}.abc.jpg`)).toBeNull();
    expect(await env.BUCKET.head(`dati/${slug}x/keep.jpg`)).not.toBeNull();

    const other = await createPage(u.token, textPage(uniqueSlug()));
    const byId = await call(`${BASE}/${other.id}`, { method: 'DELETE', token: u.token });
    expect(byId.status).toBe(200);
    expect((await call(`${BASE}/${other.folder_name}`, { token: u.token })).status).toBe(404);
  });
});

describe('publishing on every write', () => {
  it('create publishes, update republishes, hide unpublishes, delete unpublishes, a purge removes', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, { ...textPage(slug), title: `Primo ${slug}`, display_title: `Primo ${slug}` });
    const listed = await env.BUCKET.list({ prefix: '' });
    expect(listed.objects.some((o) => o.key.includes(slug) && !o.key.startsWith('dati/'))).toBe(true);
    const first = await call(`/${slug}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain(`Primo ${slug}`);

    const upd = await call(`${BASE}/${slug}`, {
      method: 'PUT',
      token: u.token,
      json: { ...textPage(slug), title: `Secondo ${slug}`, display_title: `Secondo ${slug}` },
    });
    expect(upd.status).toBe(200);
    const second = await call(`/${slug}`);
    expect(await second.text()).toContain(`Secondo ${slug}`);

    await call(`${BASE}/${slug}/visibility?visible=false`, { method: 'PATCH', token: u.token });
    expect((await call(`/${slug}`)).status).toBe(404);
    const pub = await call(`/api/db/public/landing/${slug}`);
    expect(pub.status).toBe(404);
    await call(`${BASE}/${slug}/visibility?visible=true`, { method: 'PATCH', token: u.token });
    expect((await call(`/${slug}`)).status).toBe(200);

    await call(`${BASE}/${slug}`, { method: 'DELETE', token: u.token });
    expect((await call(`/${slug}`)).status).toBe(404);
    await call(trashPaths.purge(slug), { method: 'DELETE', token: u.token });
    const left = await env.BUCKET.list({ prefix: '' });
    expect(left.objects.some((o) => o.key.includes(slug))).toBe(false);
  });

  it('the public answer has the public fields only, without click counts', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    const res = await call(`/api/db/public/landing/${slug}`);
    expect(res.status).toBe(200);
    const raw: unknown = await res.json();
    const body = publicLandingSchema.parse(raw);
    // the answer is the schema's, field for field (parsing drops a key the schema does not know)
    expect(body).toEqual(raw);
    expect(Object.keys(body).sort()).toEqual(PUBLIC_PAGE_KEYS);
    expect(Object.keys(body.buttons[0]!).sort()).toEqual([
      'cta_buttons',
      'id',
      'image_path',
      'position',
      'text',
      'type',
      'url',
    ]);
  });
});
