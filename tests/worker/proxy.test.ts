import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/core/api-paths';
import { isBlockedHost } from '../../worker/services/media/image-proxy';
import { call, createPage, textPage, uniqueSlug, organiserWithToken, userWithToken } from './helpers';
import { PNG, SVG } from './media-fixtures';

describe('GET /proxy-image?url=', () => {
  it('needs an active user', async () => {
    expect((await call('/proxy-image?url=https://example.com/a.png')).status).toBe(401);
    const pending = await userWithToken({ status: 'pending' });
    expect((await call('/proxy-image?url=https://example.com/a.png', { token: pending.token })).status).toBe(403);
  });

  it.each([
    ['', 422, 'Indirizzo immagine non valido: usa un link http o https'],
    ['javascript:alert(1)', 422, 'Indirizzo immagine non valido: usa un link http o https'],
    ['ftp://example.com/a.png', 422, 'Indirizzo immagine non valido: usa un link http o https'],
    ['file:///etc/passwd', 422, 'Indirizzo immagine non valido: usa un link http o https'],
    ['data:image/png;base64,AAAA', 422, 'Indirizzo immagine non valido: usa un link http o https'],
    ['http://user:pw@example.com/a.png', 422, 'Indirizzo immagine non valido: usa un link http o https'],
    ['http://127.0.0.1/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://2130706433/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://0x7f.1/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://localhost/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://foo.localhost/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://10.1.2.3/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://192.168.1.1/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://172.16.0.1/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://169.254.169.254/latest/meta-data', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://[::1]/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://[::ffff:127.0.0.1]/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://[fd00::1]/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['https://example.com:8443/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://intranet/a.png', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['http://localhost/api/test', 403, 'Questo indirizzo non è raggiungibile dal proxy'],
    ['/stores/spotify.svg', 415, "Il link non punta a un'immagine JPG, PNG, WebP o GIF"],
  ])('%s → %i', async (url, status, detail) => {
    const u = await organiserWithToken();
    const res = await call(`/proxy-image?url=${encodeURIComponent(url)}`, { token: u.token });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ detail });
  });

  it('reads our own /dati/ objects from R2, images only', async () => {
    const u = await organiserWithToken();
    await env.BUCKET.put('dati/proxytest/a.png', PNG, { httpMetadata: { contentType: 'image/png' } });
    await env.BUCKET.put('dati/proxytest/b.png', SVG, { httpMetadata: { contentType: 'image/png' } });
    for (const url of ['/dati/proxytest/a.png', 'http://localhost/dati/proxytest/a.png']) {
      const res = await call(`/proxy-image?url=${encodeURIComponent(url)}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    }
    const svg = await call(`/proxy-image?url=${encodeURIComponent('/dati/proxytest/b.png')}`, { token: u.token });
    expect(svg.status).toBe(415);
    const missing = await call(`/proxy-image?url=${encodeURIComponent('/dati/proxytest/none.png')}`, {
      token: u.token,
    });
    expect(missing.status).toBe(404);
  });
});

describe('GET …/{slug}/image-proxy', () => {
  it('answers the page header for its owner; 404 without header or for others', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug();
    await createPage(u.token, { ...textPage(slug), header: '' });
    const none = await call(`${API_PREFIX.pages}/${slug}/image-proxy`, { token: u.token });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual({ detail: 'Questa landing non ha ancora una testata' });
    const f = new FormData();
    f.append('image', new Blob([PNG]), 'h.png');
    await call(`${API_PREFIX.pages}/${slug}/upload-image`, { token: u.token, body: f });
    const res = await call(`${API_PREFIX.pages}/${slug}/image-proxy`, { token: u.token });
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    const other = await organiserWithToken({ company: 'Other' });
    expect((await call(`${API_PREFIX.pages}/${slug}/image-proxy`, { token: other.token })).status).toBe(404);
    expect((await call(`${API_PREFIX.pages}/${slug}/image-proxy`)).status).toBe(401);
  });
});

describe('isBlockedHost', () => {
  it.each([
    ['example.com', false],
    ['cdn.example.it', false],
    ['8.8.8.8', false],
    ['[2001:4860:4860::8888]', false],
    ['127.0.0.1', true],
    ['0.0.0.0', true],
    ['100.64.0.1', true],
    ['224.0.0.1', true],
    ['printer.local', true],
    ['metadata.google.internal', true],
    ['[fe80::1]', true],
    ['[::]', true],
  ])('%s → %s', (host, blocked) => {
    expect(isBlockedHost(host)).toBe(blocked);
  });
});
