import { API_PREFIX } from '../../src/core/api-paths';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CUSTOM_STYLES } from '../../src/core/styles';
import { BUTTONS_MAX, COMPANY_MAX, CTAS_MAX, TEXT_MAX, TITLE_MAX } from '../../src/core/schemas/page';
import { SLUG_MAX } from '../../src/core/slug';
import { URL_MAX } from '../../src/core/urls';
import { PAGE_BODY_MAX_BYTES, SMALL_BODY_MAX_BYTES } from '../../worker/middleware/body-limit';
import { HEADER_UPLOAD_MAX_BYTES } from '../../worker/services/media/upload-forms';
import { BodyTooLargeError, MultipartReader } from '../../worker/services/media/multipart';
import {
  PASSWORD,
  adminWithToken,
  call,
  createUser,
  login,
  uniqueEmail,
  createPage,
  textPage,
  uniqueSlug,
  organiserWithToken,
} from './helpers';
import { PNG, multipartStream } from './media-fixtures';

/**
 * Every route caps its request body: over the cap the answer is 413 with a catalogue `detail`,
 * given before anything parses the body, whether Content-Length announces the size or a
 * chunked body streams past the cap. Under the cap the route answers as before.
 */

const MB = 1024 * 1024;
const TOO_LARGE = { detail: 'La richiesta è troppo grande' };
const PAGE_TOO_LARGE = { detail: 'I dati della landing sono troppo grandi' };
const enc = new TextEncoder();

/** `bytes` of a JSON-looking body as a stream: no Content-Length, sent chunked. */
function chunked(bytes: number, head = '{"username":"'): ReadableStream<Uint8Array> {
  const first = enc.encode(head);
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let left = bytes - first.length;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(first);
        return;
      }
      if (left <= 0) {
        controller.close();
        return;
      }
      const n = Math.min(left, chunk.length);
      controller.enqueue(n === chunk.length ? chunk : chunk.subarray(0, n));
      left -= n;
    },
  });
}

/** A text sent chunked, a few bytes at a time. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = enc.encode(text);
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + 7));
      at += 7;
    },
  });
}

const TWENTY_MB_JSON = JSON.stringify({ username: 'a@b.it', password: 'x'.repeat(20 * MB) });

async function expectTooLarge(res: Response, detail: unknown = TOO_LARGE): Promise<void> {
  expect(res.status).toBe(413);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.json()).toEqual(detail);
}

describe('auth bodies: 16 KB', () => {
  it.each(['/auth/jwt/login', '/auth/register'])(
    '20 MB to %s is 413 with a detail, by Content-Length or chunked',
    async (path) => {
      const json = { 'content-type': 'application/json' };
      await expectTooLarge(await call(path, { method: 'POST', headers: json, body: TWENTY_MB_JSON }));
      await expectTooLarge(await call(path, { method: 'POST', headers: json, body: chunked(20 * MB) }));
    },
  );

  it('a 20 MB login form is 413 too', async () => {
    await expectTooLarge(
      await call('/auth/jwt/login', { form: { username: 'a@b.it', password: 'x'.repeat(20 * MB) } }),
    );
  });

  it('normal bodies still work: login by form, JSON and chunked; registration', async () => {
    const user = await createUser({ status: 'active' });
    expect(await login(user.email)).toBeTruthy();
    const json = await call('/auth/jwt/login', { json: { username: user.email, password: PASSWORD } });
    expect(json.status).toBe(200);
    const text = JSON.stringify({ username: user.email, password: PASSWORD });
    const streamed = await call('/auth/jwt/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: streamOf(text),
    });
    expect(streamed.status).toBe(200);
    expect(((await streamed.json()) as { access_token?: string }).access_token).toBeTruthy();

    const email = uniqueEmail('limit');
    const reg = await call('/auth/register', {
      json: { email, password: PASSWORD, full_name: 'Giulia Bianchi', company: 'Nuova Agenzia' },
    });
    expect(reg.status).toBe(201);
  });

  it('just under the cap the route itself decides (422 for an over-long field)', async () => {
    const password = 'x'.repeat(SMALL_BODY_MAX_BYTES - 100);
    const body = JSON.stringify({ token: 'a', password });
    expect(enc.encode(body).length).toBeLessThanOrEqual(SMALL_BODY_MAX_BYTES);
    for (const stream of [false, true]) {
      const res = await call('/auth/reset-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: stream ? streamOf(body) : body,
      });
      expect(res.status).toBe(422);
    }
  });
});

describe('admin bodies: 16 KB', () => {
  it('a ban with a 20 KB reason is 413 (Content-Length or chunked); a small one works', async () => {
    const admin = await adminWithToken();
    const user = await createUser({ status: 'active' });
    const path = `${API_PREFIX.admin}/users/${user.id}/ban`;
    const big = JSON.stringify({ reason: 'x'.repeat(20 * 1024) });
    const headers = { 'content-type': 'application/json' };
    await expectTooLarge(await call(path, { method: 'POST', token: admin.token, headers, body: big }));
    await expectTooLarge(
      await call(path, { method: 'POST', token: admin.token, headers, body: chunked(20 * 1024, '{"reason":"') }),
    );
    const ok = await call(path, { method: 'POST', token: admin.token, json: { reason: 'spam' } });
    expect(ok.status).toBe(200);
  });

  it('an approval over the cap is 413 before the admin check or the body is read', async () => {
    const res = await call(`${API_PREFIX.admin}/users/1/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'reject', reason: 'x'.repeat(2 * MB) }),
    });
    await expectTooLarge(res);
  });
});

describe('tracking bodies: 16 KB', () => {
  it('track-url over the cap is 413, a normal one answers', async () => {
    const big = { url: `https://www.ticketone.it/${'x'.repeat(20 * 1024)}` };
    await expectTooLarge(await call('/api/track-url', { json: big }));
    await expectTooLarge(
      await call('/api/track-url', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: chunked(20 * 1024, '{"url":"'),
      }),
    );
    const ok = await call('/api/track-url', { json: { url: 'https://www.ticketone.it/x', slug: 'tour' } });
    expect(ok.status).toBe(200);
  });

  it('a click beacon over the cap is 413; a normal beacon is still taken', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    const page = await createPage(u.token, textPage(slug));
    const path = `${API_PREFIX.pages}/${slug}/buttons/${page.buttons[0]!.id}/click`;
    await expectTooLarge(
      await call(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(20 * 1024) }),
    );
    await expectTooLarge(
      await call(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: chunked(20 * 1024, '') }),
    );
    const ok = await call(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'click' });
    expect(ok.status).toBe(202);
    expect(await ok.json()).toEqual({ queued: true });
  });
});

/** Every text and link at its maximum length in 3-byte characters. */
function largestValidPage(slug: string) {
  const C = '€'; // 3 bytes in UTF-8
  const url = (n: number) => `https://x.example/${C.repeat(n - 'https://x.example/'.length)}`;
  // 'date - city - venue|label' at the button text's cap
  const part = C.repeat(Math.floor((TEXT_MAX * 3 - ' -  - |'.length - TEXT_MAX) / 3));
  const text = `${part} - ${part} - ${part}|${C.repeat(TEXT_MAX)}`;
  return {
    folder_name: slug,
    title: `${slug}${C.repeat(TITLE_MAX - slug.length)}`,
    display_title: C.repeat(TITLE_MAX),
    company: C.repeat(COMPANY_MAX),
    visible: true,
    mode: 'text',
    style: 'custom',
    custom_styles: DEFAULT_CUSTOM_STYLES,
    header: url(URL_MAX),
    buttons: Array.from({ length: BUTTONS_MAX }, (_, i) => ({
      id: null,
      position: i + 1,
      type: 'text',
      text,
      url: url(URL_MAX),
      image_path: url(URL_MAX),
      cta_buttons: Array.from({ length: CTAS_MAX }, () => ({ url: url(URL_MAX), buttonText: C.repeat(TEXT_MAX) })),
    })),
  };
}

describe('page bodies: sized to the largest valid page', () => {
  it('the largest valid page fits the limit and is saved', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug().slice(0, SLUG_MAX);
    const page = largestValidPage(slug);
    const bytes = enc.encode(JSON.stringify(page)).length;
    expect(bytes).toBeGreaterThan(4 * MB);
    expect(bytes).toBeLessThanOrEqual(PAGE_BODY_MAX_BYTES);
    const res = await call(`${API_PREFIX.pages}`, { token: u.token, json: page });
    expect(res.status, JSON.stringify(await res.clone().json()).slice(0, 300)).toBe(201);
    const saved = (await res.json()) as { buttons: unknown[] };
    expect(saved.buttons).toHaveLength(BUTTONS_MAX);
  }, 60_000);

  it('a page body over the limit is 413, by Content-Length or chunked, for create and update', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    const over = JSON.stringify({ ...textPage(uniqueSlug()), title: 'x'.repeat(PAGE_BODY_MAX_BYTES) });
    const headers = { 'content-type': 'application/json' };
    for (const [method, path] of [
      ['POST', `${API_PREFIX.pages}`],
      ['PUT', `${API_PREFIX.pages}/${slug}`],
    ] as const) {
      await expectTooLarge(await call(path, { method, token: u.token, headers, body: over }), PAGE_TOO_LARGE);
      await expectTooLarge(
        await call(path, { method, token: u.token, headers, body: chunked(PAGE_BODY_MAX_BYTES + 1, '{"title":"') }),
        PAGE_TOO_LARGE,
      );
    }
  });

  it('the rest of the pages API takes small bodies only', async () => {
    const admin = await adminWithToken();
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, textPage(slug));
    const res = await call(`${API_PREFIX.pages}/${slug}/company`, {
      method: 'PATCH',
      token: admin.token,
      json: { company: 'x'.repeat(20 * 1024) },
    });
    await expectTooLarge(res);
  });
});

describe('upload bodies: their own caps', () => {
  it('a chunked header upload past its cap is 413 even when the extra bytes sit in a part the route skips', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, { ...textPage(slug), header: '' });
    const boundary = 'capcap';
    const filler = new Uint8Array(MB).fill(0x41);
    const res = await call(`${API_PREFIX.pages}/${slug}/upload-image`, {
      token: u.token,
      body: multipartStream(boundary, [
        {
          name: 'notes',
          data: async function* () {
            for (let sent = 0; sent <= HEADER_UPLOAD_MAX_BYTES; sent += filler.length) yield filler;
          },
        },
        { name: 'image', filename: 'x.png', data: PNG },
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    await expectTooLarge(res, { detail: 'Il video non può superare i 50MB' });
  }, 60_000);

  it('the multipart reader counts the whole body against its cap', async () => {
    const boundary = 'bb';
    const reader = new MultipartReader(
      multipartStream(boundary, [{ name: 'a', data: 'x'.repeat(5000) }]),
      boundary,
      1000,
    );
    await expect(async () => {
      while (await reader.next()) for await (const _ of reader.data()) void _;
    }).rejects.toBeInstanceOf(BodyTooLargeError);
    await reader.finish();
  });
});
