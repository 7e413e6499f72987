import { env } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { t } from '../../src/core/messages';
import { trashPaths } from '../../src/core/api-paths';
import { getPageRow } from '../../worker/db/pages/pages';
import { getTrashedPageRow } from '../../worker/db/pages/trash';
import { PNG } from './media-fixtures';
import {
  call,
  createPage,
  textPage,
  type TestUser,
  organiserWithToken,
  adminWithToken,
  userWithToken,
} from './helpers';

/**
 * Whatever a client sends to whatever path, the Worker answers below 500, and every JSON
 * error carries a `detail`: random paths over every route of the app, broken percent-encodings
 * (lone '%', '%zz', overlong and surrogate UTF-8), random methods, bodies and content types,
 * anonymous or with an administrator's, an organiser's, a pending user's or a forged token.
 */

import { COMPANY, type JunkRequest, OBJECT, P, pagePayload, request, SLUG, type Who } from './junk-arbitraries';

let sent = 0;

/** Fresh accounts for every request: a random logout, ban or delete never spoils the next one. */
async function tokenOf(who: Who): Promise<string | null> {
  switch (who) {
    case 'anonymous':
      return null;
    case 'admin':
      return (await adminWithToken({ company: 'Palco' })).token;
    case 'organiser':
      return (await organiserWithToken({ company: COMPANY })).token;
    case 'pending':
      return (await userWithToken({ company: COMPANY, status: 'pending' })).token;
    case 'forged':
      return 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    case 'malformed':
      return '%E0%zz';
  }
}

let owner: TestUser;

/** The page (and one stored image) that the slug-shaped paths aim at, back if a request deleted it. */
async function ensurePage(): Promise<void> {
  // a DELETE moved it to the trash (docs/behaviour.md#trash): it comes back from there
  if (await getTrashedPageRow(env.DB, SLUG)) {
    const back = await call(trashPaths.restore(SLUG), { method: 'POST', token: owner.token });
    expect(back.status).toBe(200);
  }
  if (!(await getPageRow(env.DB, SLUG))) {
    // its header is one of ours with a broken escape: the header proxy must cope with it
    await createPage(owner.token, { ...textPage(SLUG), header: `/dati/${SLUG}/%E0%zz.png` });
  }
  await env.BUCKET.put(OBJECT, PNG, { httpMetadata: { contentType: 'image/png' } });
}

function describeRequest(r: JunkRequest): string {
  const data =
    r.body.data === null ? '' : typeof r.body.data === 'string' ? r.body.data : `<${r.body.data.length} bytes>`;
  return `${r.method} ${r.path.slice(0, 200)}${r.query.slice(0, 200)} as ${r.who} [${r.body.type ?? '-'}] ${data.slice(0, 120)}`;
}

async function send(r: JunkRequest): Promise<void> {
  const headers = new Headers();
  const token = await tokenOf(r.who);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (r.range) headers.set('range', r.range);
  const withBody = r.method !== 'GET' && r.method !== 'HEAD' && r.body.data !== null;
  if (withBody && r.body.type) headers.set('content-type', r.body.type);
  const res = await exports.default.fetch(`http://localhost${r.path}${r.query}`, {
    method: r.method,
    headers,
    body: withBody ? r.body.data : undefined,
    redirect: 'manual',
  });
  sent += 1;
  const what = describeRequest(r);
  const text = new TextDecoder().decode(await res.arrayBuffer());
  expect(res.status, `${what} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, what).not.toMatch(/\n\s+at .+:\d+:\d+/); // never a stack trace
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') && text) {
    const parsed: unknown = JSON.parse(text);
    if (res.status >= 400) {
      const detail = (parsed as { detail?: unknown } | null)?.detail;
      const ok =
        typeof detail === 'string' ||
        (typeof detail === 'object' && detail !== null && 'code' in detail && 'reason' in detail);
      expect(ok, `${what} → ${res.status} ${text.slice(0, 300)}`).toBe(true);
    }
  }
}

/** What every remote address answers here: the file runs without the network. */
const NO_NETWORK = 'no network in these tests';

beforeAll(async () => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(NO_NETWORK, { headers: { 'content-type': 'text/plain' } }),
  );
  owner = await organiserWithToken({ company: COMPANY });
  await ensurePage();
});

afterAll(() => {
  vi.restoreAllMocks();
  console.log(`junk requests sent: ${sent}`);
});

describe('junk requests', () => {
  it('a remote address reaches only the fake network, which the proxy refuses as not an image', async () => {
    const organiser = await organiserWithToken({ company: COMPANY });
    for (const url of ['https://palco.example/a.png', '//palco.example/a.png']) {
      const res = await exports.default.fetch(`http://localhost/proxy-image?url=${encodeURIComponent(url)}`, {
        headers: { authorization: `Bearer ${organiser.token}` },
      });
      sent += 1;
      expect(res.status, url).toBe(415);
      expect(await res.json()).toEqual({ detail: t('proxy.notImage') });
    }
    expect(globalThis.fetch).toHaveBeenCalledWith('https://palco.example/a.png', expect.anything());
  });

  it('an image-proxy URL of ours with a broken escape is a 404 with a detail, not a 500', async () => {
    const organiser = await organiserWithToken({ company: COMPANY });
    for (const url of [
      '%2Fdati%2Fa%2F%25E0',
      '%2Fdati%2Fa%2F%25',
      encodeURIComponent(`http://localhost/dati/${SLUG}/%E0`),
    ]) {
      const res = await exports.default.fetch(`http://localhost/proxy-image?url=${url}`, {
        headers: { authorization: `Bearer ${organiser.token}` },
      });
      sent += 1;
      expect(res.status, url).toBe(404);
      expect(await res.json()).toEqual({ detail: 'File non trovato' });
    }
    const header = await exports.default.fetch(`http://localhost${P}/${SLUG}/image-proxy`, {
      headers: { authorization: `Bearer ${organiser.token}` },
    });
    sent += 1;
    expect(header.status).toBe(404);
    expect(await header.json()).toEqual({ detail: 'File non trovato' });
  });

  it('random paths, escapes, methods, bodies and tokens never get a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        await ensurePage();
        await send(r);
      }),
      {
        numRuns: 1000,
        examples: [
          [
            {
              method: 'GET',
              path: '/proxy-image',
              query: '?url=%2Fdati%2Fa%2F%25E0',
              body: { type: null, data: null },
              who: 'organiser',
              range: null,
            },
          ],
          [
            {
              method: 'GET',
              path: `${P}/${SLUG}/image-proxy`,
              query: '',
              body: { type: null, data: null },
              who: 'organiser',
              range: null,
            },
          ],
        ],
      },
    );
  }, 120_000);

  it('page payloads with junk texts, links and styles never get a 5xx, nor do the pages they make', async () => {
    await fc.assert(
      fc.asyncProperty(
        pagePayload,
        fc.constantFrom('admin', 'organiser') as fc.Arbitrary<Who>,
        fc.boolean(),
        async (payload, who, update) => {
          await ensurePage();
          const slug = update ? SLUG : String(payload.folder_name ?? '');
          const base: JunkRequest = {
            method: update ? 'PUT' : 'POST',
            path: update ? `${P}/${SLUG}` : P,
            query: '',
            who,
            range: null,
            body: { type: 'application/json', data: JSON.stringify(payload) },
          };
          await send(base);
          for (const path of [`/${slug}`, `/api/db/public/landing/${slug}`, `${P}/${slug}/image-proxy`]) {
            await send({ ...base, method: 'GET', path, body: { type: null, data: null } });
          }
        },
      ),
      { numRuns: 150 },
    );
  }, 120_000);
});
