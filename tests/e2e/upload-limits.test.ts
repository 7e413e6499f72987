// Over-limit bodies against the real `wrangler dev`: the client always reads a 413 with a JSON
// detail, never a reset connection, a 500 or a runtime stack trace, even though the Worker
// answers before it has read everything the client is still sending.
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api } from './api';
import { API_PREFIX } from '../../src/core/api-paths';

const MB = 1024 * 1024;
const BOUNDARY = '----palco-limits';
const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

function multipartImage(bytes: number): Uint8Array<ArrayBuffer> {
  const enc = new TextEncoder();
  const head = enc.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${BOUNDARY}--\r\n`);
  const file = new Uint8Array(bytes).fill(0x41);
  file.set(PNG_HEAD);
  const out = new Uint8Array(head.length + file.length + tail.length);
  out.set(head);
  out.set(file, head.length);
  out.set(tail, head.length + file.length);
  return out;
}

/** The bytes as a chunked body (no Content-Length), 64 KB at a time. */
function chunked(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 64 * 1024));
      at += 64 * 1024;
    },
  });
}

async function expect413(res: Response, detail: string): Promise<void> {
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(413);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(text).not.toMatch(/\n\s+at /);
  expect(JSON.parse(text)).toEqual({ detail });
}

describe('over-limit bodies on wrangler dev', () => {
  let token: string;
  let slug: string;

  beforeAll(async () => {
    token = await adminToken();
    slug = `limiti${Date.now().toString(36)}`;
    const res = await api(`${API_PREFIX.pages}`, {
      method: 'POST',
      token,
      json: {
        folder_name: slug,
        title: `Limiti ${slug}`,
        header: '',
        mode: 'text',
        buttons: [
          { type: 'text', text: '12/05/2099 - Milano - Alcatraz|biglietti', url: 'https://www.ticketone.it/x' },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });

  it('a 6 MB image sent with Content-Length is a readable 413 every time', async () => {
    const body = multipartImage(6 * MB);
    for (let i = 0; i < 5; i++) {
      const res = await api(`${API_PREFIX.pages}/${slug}/upload-image`, {
        method: 'POST',
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      });
      await expect413(res, "L'immagine non può superare i 5MB");
    }
  });

  it('a 6 MB image sent chunked is a readable 413 too', async () => {
    const body = multipartImage(6 * MB);
    for (let i = 0; i < 3; i++) {
      const res = await api(`${API_PREFIX.pages}/${slug}/upload-image`, {
        method: 'POST',
        token,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: chunked(body),
        duplex: 'half',
      } as RequestInit);
      await expect413(res, "L'immagine non può superare i 5MB");
    }
  });

  it('20 MB to login and register is a readable 413, by Content-Length or chunked', async () => {
    const body = new TextEncoder().encode(JSON.stringify({ username: 'a@b.it', password: 'x'.repeat(20 * MB) }));
    for (const path of ['/auth/jwt/login', '/auth/register']) {
      for (const stream of [false, true]) {
        const res = await api(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: stream ? chunked(body) : body,
          ...(stream ? { duplex: 'half' } : {}),
        } as RequestInit);
        await expect413(res, 'La richiesta è troppo grande');
      }
    }
  });
});
