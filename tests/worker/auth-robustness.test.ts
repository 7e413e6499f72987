import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { API_PREFIX, adminPaths } from '../../src/core/api-paths';
import { adminWithToken, call, createUser } from './helpers';

/**
 * Whatever a client sends, the accounts and admin routes answer a 4xx/2xx with a JSON
 * `detail` on errors: never a 500. Random bodies, ids, headers and query strings.
 */
async function expectNo500(res: Response, what: string) {
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400 && res.status !== 404) {
    const body = (await res.json()) as { detail?: unknown };
    expect(body.detail, what).toBeDefined();
  } else {
    await res.arrayBuffer();
  }
}

const JSON_ROUTES: [string, string][] = [
  ['POST', '/auth/register'],
  ['POST', '/auth/request-verify-token'],
  ['POST', '/auth/forgot-password'],
  ['POST', '/auth/verify'],
  ['POST', '/auth/reset-password'],
];

// ids of any shape, so the path builders (which take numbers) are not used here
const USER = `${API_PREFIX.admin}/users`;
const ADMIN_ROUTES: [string, (id: string) => string][] = [
  ['POST', (id) => `${USER}/${id}/approve`],
  ['POST', (id) => `${USER}/${id}/ban`],
  ['POST', (id) => `${USER}/${id}/unban`],
  ['GET', (id) => `${USER}/${id}/history`],
  ['POST', (id) => `${USER}/${id}/make-admin`],
  ['POST', (id) => `${USER}/${id}/remove-admin`],
  ['PATCH', (id) => `${USER}/${id}/company`],
  ['DELETE', (id) => `${USER}/${id}`],
];

// bodies: any JSON, or raw text that is often not JSON at all
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc
    .record(
      {
        email: fc.string(),
        password: fc.string(),
        token: fc.string(),
        action: fc.constantFrom('approve', 'reject', 'x'),
        reason: fc.anything(),
        company: fc.anything(),
      },
      { requiredKeys: [] },
    )
    .map((v) => JSON.stringify(v)),
);
const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
);

describe('a JSON route sent another media type', () => {
  // read as no body at all, as before the routes were described: never the OpenAPI library's 415
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'])(
    '%s → 422 naming the first missing field',
    async (type) => {
      const admin = await adminWithToken();
      const user = await createUser({ status: 'pending' });
      const routes: [string, string, string | undefined][] = [
        ...JSON_ROUTES.map(([method, path]): [string, string, undefined] => [method, path, undefined]),
        ['POST', adminPaths.approve(user.id), admin.token],
        ['PATCH', adminPaths.company(user.id), admin.token],
      ];
      for (const [method, path, token] of routes) {
        const res = await call(path, { method, token, headers: { 'content-type': type }, body: '{"email":"a@b.it"}' });
        expect(res.status, `${path} ${type}`).toBe(422);
        const { detail } = (await res.json()) as { detail: string };
        expect(detail, path).toMatch(/^(email|password|token|action|company): /);
      }
    },
  );
});

describe('no 500 for anything a client can send', () => {
  it('JSON auth routes with random bodies and content types', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...JSON_ROUTES), body, contentType, async ([method, path], text, type) => {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        await expectNo500(await call(path, { method, body: text, headers }), `${path} ${type} ${text.slice(0, 80)}`);
      }),
      { numRuns: 60 },
    );
  });

  it('login with random form fields and bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), async (username, password) => {
        await expectNo500(await call('/auth/jwt/login', { form: { username, password } }), `${username}/${password}`);
      }),
      { numRuns: 12 },
    );
    await fc.assert(
      fc.asyncProperty(body, contentType, async (text, type) => {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        await expectNo500(
          await call('/auth/jwt/login', { method: 'POST', body: text, headers }),
          `${type} ${text.slice(0, 80)}`,
        );
      }),
      { numRuns: 25 },
    );
  });

  it('random authorization headers on /users/me and logout', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 300 }),
        fc.constantFrom('/users/me', '/auth/jwt/logout'),
        async (value, path) => {
          let header = `Bearer ${value}`;
          try {
            new Headers({ authorization: header });
          } catch {
            header = 'Bearer x';
          }
          const res = await call(path, {
            method: path === '/users/me' ? 'GET' : 'POST',
            headers: { authorization: header },
          });
          expect(res.status).toBe(401);
          await res.arrayBuffer();
        },
      ),
      { numRuns: 40 },
    );
  });

  it('admin routes with random ids and bodies, as an admin', async () => {
    const admin = await adminWithToken();
    for (let i = 0; i < 5; i++)
      await createUser({ status: (['pending', 'approved', 'active', 'rejected', 'banned'] as const)[i]! });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ADMIN_ROUTES),
        fc.oneof(
          fc.string({ maxLength: 30 }).map(encodeURIComponent),
          fc.integer({ min: -5, max: 12 }).map(String),
          fc.constant('9'.repeat(40)),
        ),
        body,
        contentType,
        async ([method, make], id, text, type) => {
          const path = make(id || 'x');
          const headers: Record<string, string> = type ? { 'content-type': type } : {};
          const res = await call(path, {
            method,
            token: admin.token,
            headers,
            body: method === 'GET' ? undefined : text,
          });
          await expectNo500(res, `${method} ${path} ${type} ${text.slice(0, 80)}`);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('admin lists with random query strings', async () => {
    const admin = await adminWithToken();
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('q', 'status', 'company', 'sort', 'order', 'page', 'page_size', 'x'),
          fc.string({ maxLength: 30 }),
        ),
        fc.constantFrom(adminPaths.allUsers, adminPaths.pendingUsers),
        async (params, path) => {
          const res = await call(`${path}?${new URLSearchParams(params)}`, { token: admin.token });
          await expectNo500(res, `${path} ${JSON.stringify(params)}`);
        },
      ),
      { numRuns: 60 },
    );
  });
});
