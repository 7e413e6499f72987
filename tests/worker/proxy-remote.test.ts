// The remote half of the image proxy, with a fake network: redirects re-checked, caps, types, timeout.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../worker/env';
import { proxyImage } from '../../worker/services/media/image-proxy';
import { GIF, PNG, SVG } from './media-fixtures';

type Route = (url: string, init: RequestInit) => Response | Promise<Response>;

function app(route: Route, timeoutMs = 2000) {
  const seen: string[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(String(input));
    expect(init?.redirect).toBe('manual');
    return route(String(input), init ?? {});
  }) as typeof fetch;
  const a = new Hono<AppEnv>().get('/p', (c) => proxyImage(c, c.req.query('url') ?? '', { fetcher, timeoutMs }));
  return { seen, get: (url: string) => a.request(`http://localhost/p?url=${encodeURIComponent(url)}`) };
}

const img = (bytes: Uint8Array, type = 'image/png', extra: Record<string, string> = {}) =>
  new Response(bytes, { headers: { 'content-type': type, ...extra } });

describe('remote image proxy', () => {
  it('answers a remote PNG with the sniffed type, nosniff and a sandbox CSP', async () => {
    const { get } = app(() => img(PNG, 'application/octet-stream'));
    const res = await get('https://cdn.example.com/a.png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
  });

  it('follows redirects by hand and re-checks every hop', async () => {
    const ok = app((url) =>
      url.endsWith('/start')
        ? new Response(null, { status: 302, headers: { location: '/final.gif' } })
        : img(GIF, 'image/gif'),
    );
    const res = await ok.get('https://a.example/start');
    expect(res.status).toBe(200);
    expect(ok.seen).toEqual(['https://a.example/start', 'https://a.example/final.gif']);

    const evil = app(
      () => new Response(null, { status: 301, headers: { location: 'http://169.254.169.254/latest/meta-data' } }),
    );
    const blocked = await evil.get('https://a.example/x');
    expect(blocked.status).toBe(403);
    expect(evil.seen).toEqual(['https://a.example/x']);

    const scheme = app(() => new Response(null, { status: 302, headers: { location: 'file:///etc/passwd' } }));
    expect((await scheme.get('https://a.example/x')).status).toBe(422);

    const loop = app((url) => new Response(null, { status: 302, headers: { location: `${url}x` } }));
    const res2 = await loop.get('https://a.example/r');
    expect(res2.status).toBe(502);
    expect(await res2.json()).toEqual({ detail: 'Troppi reindirizzamenti' });
    expect(loop.seen.length).toBe(5);
  });

  it.each([
    ['SVG served as an image', () => img(SVG, 'image/svg+xml'), 415],
    ['HTML', () => img(new TextEncoder().encode('<html>'), 'text/html'), 415],
    ['HTML without a type', () => new Response('<!doctype html><script>x</script>'), 415],
    ['too large by header', () => img(PNG, 'image/png', { 'content-length': String(6 * 1024 * 1024) }), 413],
    [
      'too large while streaming',
      () =>
        new Response(
          new ReadableStream({
            start(ctl) {
              ctl.enqueue(PNG.slice(0, 16));
              for (let i = 0; i < 6; i++) ctl.enqueue(new Uint8Array(1024 * 1024));
              ctl.close();
            },
          }),
          { headers: { 'content-type': 'image/png' } },
        ),
      413,
    ],
    ['upstream 404', () => new Response('nope', { status: 404 }), 502],
  ] as const)('refuses %s', async (_n, route, status) => {
    const { get } = app(route as Route);
    const res = await get('https://cdn.example.com/x');
    expect(res.status).toBe(status);
    expect(typeof ((await res.json()) as { detail: string }).detail).toBe('string');
  });

  it('gives up after the timeout', async () => {
    const { get } = app(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
      150,
    );
    const res = await get('https://slow.example/a.png');
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ detail: "Il server dell'immagine non ha risposto in tempo" });
  });
});
