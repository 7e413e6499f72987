// A hostile user's access matrix, in one place: forged and dead tokens on every protected route,
// every role on every admin route, one company on another's pages and uploads. Prints how many
// requests each part sent. What reaches the published page and the counts: hostile-content.test.ts.
import { env } from 'cloudflare:test';
import { API_PREFIX } from '../../src/core/api-paths';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminWithToken,
  call,
  createUser,
  tokenFor,
  type CallOptions,
  type NewUser,
  createPage,
  textPage,
  uniqueSlug,
  organiserWithToken,
} from './helpers';

const counts = { tokens: 0, roles: 0, companies: 0 };
afterAll(() => {
  console.log(
    `hostile matrix: ${counts.tokens} bad-token requests, ${counts.roles} role × admin-route requests, ` +
      `${counts.companies} cross-company requests`,
  );
});

const PNG_1x1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

function imageForm(field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new File([PNG_1x1], 'x.png', { type: 'image/png' }));
  return form;
}

const b64url = (v: unknown) => btoa(JSON.stringify(v)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
function sign(claims: Record<string, unknown>, key = env.JWT_SECRET): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime(inAnHour())
    .sign(new TextEncoder().encode(key));
}

describe('bad tokens on every protected route → 401', () => {
  const routes: [string, (slug: string) => [string, CallOptions]][] = [
    ['GET /users/me', () => ['/users/me', {}]],
    ['POST /auth/jwt/logout', () => ['/auth/jwt/logout', { method: 'POST' }]],
    ['GET pages', () => [`${API_PREFIX.pages}`, {}]],
    ['GET page', (s) => [`${API_PREFIX.pages}/${s}`, {}]],
    ['PUT page', (s) => [`${API_PREFIX.pages}/${s}`, { method: 'PUT', json: textPage(s) }]],
    ['DELETE page', (s) => [`${API_PREFIX.pages}/${s}`, { method: 'DELETE' }]],
    ['GET trash', () => [API_PREFIX.trash, {}]],
    ['POST trash restore', (s) => [`${API_PREFIX.trash}/${s}/restore`, { method: 'POST' }]],
    ['DELETE trash', (s) => [`${API_PREFIX.trash}/${s}`, { method: 'DELETE' }]],
    ['PATCH visibility', (s) => [`${API_PREFIX.pages}/${s}/visibility?visible=false`, { method: 'PATCH' }]],
    ['POST upload-image', (s) => [`${API_PREFIX.pages}/${s}/upload-image`, { body: imageForm() }]],
    ['GET proxy-image', () => ['/proxy-image?url=https%3A%2F%2Fexample.com%2Fa.png', {}]],
    ['GET admin users', () => [`${API_PREFIX.admin}/users/all`, {}]],
    ['GET admin stats', () => [`${API_PREFIX.admin}/stats`, {}]],
  ];
  const tokens: [string, (user: { id: number }) => Promise<string>][] = [
    [
      'alg none',
      async (u) =>
        `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: String(u.id), aud: 'fastapi-users:auth', ver: 0, exp: inAnHour() })}.`,
    ],
    [
      'a foreign secret',
      (u) =>
        sign({ sub: String(u.id), aud: 'fastapi-users:auth', ver: 0 }, 'guessed-secret-guessed-secret-guessed-secret'),
    ],
    ['a guessed short secret', (u) => sign({ sub: String(u.id), aud: 'fastapi-users:auth', ver: 0 }, 'secret')],
    ['the wrong audience', (u) => sign({ sub: String(u.id), aud: 'fastapi-users:reset', ver: 0 })],
    [
      'a revoked session',
      async (u) => {
        const token = await tokenFor(u);
        await env.DB.prepare('UPDATE users SET token_version = token_version + 1 WHERE id = ?').bind(u.id).run();
        return token;
      },
    ],
    [
      'a deleted user',
      async (u) => {
        const token = await tokenFor(u);
        await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(u.id).run();
        return token;
      },
    ],
  ];

  it.each(tokens)('%s', async (_name, make) => {
    const { token: adminToken } = await adminWithToken();
    const slug = uniqueSlug('tok');
    await createPage(adminToken, textPage(slug));
    const victim = await createUser({ status: 'active', is_superuser: true });
    const token = await make(victim);
    for (const [name, route] of routes) {
      const [path, opts] = route(slug);
      const res = await call(path, { ...opts, token });
      counts.tokens += 1;
      expect(res.status, name).toBe(401);
      expect(await res.json(), name).toEqual({ detail: 'Unauthorized' });
    }
  });
});

describe('every role on every admin route', () => {
  const adminRoutes: [string, (id: number, slug: string) => [string, CallOptions]][] = [
    ['GET users/pending', () => [`${API_PREFIX.admin}/users/pending`, {}]],
    ['GET users/all', () => [`${API_PREFIX.admin}/users/all`, {}]],
    ['POST approve', (id) => [`${API_PREFIX.admin}/users/${id}/approve`, { json: { action: 'approve' } }]],
    ['POST ban', (id) => [`${API_PREFIX.admin}/users/${id}/ban`, { method: 'POST' }]],
    ['POST unban', (id) => [`${API_PREFIX.admin}/users/${id}/unban`, { method: 'POST' }]],
    ['GET history', (id) => [`${API_PREFIX.admin}/users/${id}/history`, {}]],
    ['POST make-admin', (id) => [`${API_PREFIX.admin}/users/${id}/make-admin`, { method: 'POST' }]],
    ['POST remove-admin', (id) => [`${API_PREFIX.admin}/users/${id}/remove-admin`, { method: 'POST' }]],
    ['DELETE user', (id) => [`${API_PREFIX.admin}/users/${id}`, { method: 'DELETE' }]],
    [
      'PATCH user company',
      (id) => [`${API_PREFIX.admin}/users/${id}/company`, { method: 'PATCH', json: { company: 'Presa Srl' } }],
    ],
    ['GET stats', () => [`${API_PREFIX.admin}/stats`, {}]],
    ['GET companies/all', () => [`${API_PREFIX.admin}/companies/all`, {}]],
    [
      'PATCH page company',
      (_id, slug) => [`${API_PREFIX.pages}/${slug}/company`, { method: 'PATCH', json: { company: 'Presa Srl' } }],
    ],
  ];
  const roles: [string, NewUser | null, number][] = [
    ['anonymous', null, 401],
    ['pending', { status: 'pending' }, 403],
    ['approved, unverified', { status: 'approved' }, 403],
    ['rejected', { status: 'rejected' }, 403],
    ['banned', { status: 'banned' }, 403],
    ['active organiser', { status: 'active' }, 403],
    ['banned superuser', { status: 'banned', is_superuser: true }, 403],
    ['pending superuser', { status: 'pending', is_superuser: true }, 403],
  ];

  it.each(roles)('%s → %i on every admin route, nothing changed', async (_name, role, expected) => {
    const { token: adminToken } = await adminWithToken();
    const slug = uniqueSlug('adm');
    await createPage(adminToken, textPage(slug));
    const token = role ? await tokenFor(await createUser(role)) : undefined;
    for (const [name, route] of adminRoutes) {
      const targetUser = await createUser({ status: 'pending', company: 'Bersaglio Srl' });
      const [path, opts] = route(targetUser.id, slug);
      const res = await call(path, { ...opts, token });
      counts.roles += 1;
      expect(res.status, name).toBe(expected);
      const after = await env.DB.prepare('SELECT status, company, is_superuser FROM users WHERE id = ?')
        .bind(targetUser.id)
        .first();
      expect(after, name).toEqual({ status: 'pending', company: 'Bersaglio Srl', is_superuser: 0 });
    }
    const page = await env.DB.prepare('SELECT company FROM landing_pages WHERE folder_name = ?').bind(slug).first();
    expect(page).toEqual({ company: 'Palco' });
  });

  it('an active admin passes every admin route', async () => {
    const { token } = await adminWithToken();
    const slug = uniqueSlug('adm');
    await createPage(token, textPage(slug));
    for (const [name, route] of adminRoutes) {
      const targetUser = name.includes('unban')
        ? await createUser({ status: 'banned', previous_status: 'active' })
        : name.includes('remove-admin')
          ? await createUser({ status: 'active', is_superuser: true })
          : await createUser({ status: name.includes('make-admin') ? 'active' : 'pending' });
      const [path, opts] = route(targetUser.id, slug);
      const res = await call(path, { ...opts, token });
      counts.roles += 1;
      expect(res.status, name).toBeLessThan(300);
    }
  });
});

describe("company A on company B's pages and uploads → 404, nothing changed", () => {
  it('every page and upload route', async () => {
    const b = await organiserWithToken({ company: 'Beta Concerti' });
    const slug = uniqueSlug('cob');
    const created = await createPage(b.token, textPage(slug));
    const a = await organiserWithToken({ company: 'Alfa Concerti' });
    const base = `${API_PREFIX.pages}/${slug}`;
    const attempts: [string, string, CallOptions][] = [
      ['read', base, {}],
      ['edit', base, { method: 'PUT', json: textPage(slug, { title: 'Presa' }) }],
      ['hide', `${base}/visibility?visible=false`, { method: 'PATCH' }],
      ['header upload', `${base}/upload-image`, { body: imageForm() }],
      ['button images', `${base}/upload-button-images`, { body: imageForm('files') }],
      ['delete a button image', `${base}/button-image/1.webp`, { method: 'DELETE' }],
      ['image proxy of the page', `${base}/image-proxy?url=${encodeURIComponent(`/dati/${slug}/${slug}.jpg`)}`, {}],
      ['delete by slug', base, { method: 'DELETE' }],
      ['delete by id', `${API_PREFIX.pages}/${created.id}`, { method: 'DELETE' }],
    ];
    for (const [name, path, opts] of attempts) {
      const res = await call(path, { ...opts, token: a.token });
      counts.companies += 1;
      expect(res.status, name).toBe(404);
    }
    const list = (await (await call(`${API_PREFIX.pages}`, { token: a.token })).json()) as { folder_name: string }[];
    counts.companies += 1;
    expect(list.map((p) => p.folder_name)).not.toContain(slug);
    const row = await env.DB.prepare('SELECT title, visible, header FROM landing_pages WHERE folder_name = ?')
      .bind(slug)
      .first();
    expect(row).toEqual({ title: `Tour ${slug}`, visible: 1, header: `/dati/${slug}/${slug}.jpg` });
  });
});
