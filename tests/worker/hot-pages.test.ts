// The hot copy kept in the isolate's memory (worker/services/pages/hot-pages.ts): fresh for HOT_TTL_MS,
// one re-read at a time once expired, never kept across a publish that overlapped the read.
import { describe, expect, it } from 'vitest';
import { clockAt, realClock } from './clock';
import {
  HOT_TTL_MS,
  acceptsGzip,
  dropHot,
  hotPage,
  hotResponse,
  hotTicket,
  keepHot,
} from '../../worker/services/pages/hot-pages';

const HEADERS = new Headers({ 'content-type': 'text/html; charset=utf-8', 'content-length': '99' });

describe('hot copies', () => {
  it('are gzip bytes with the page’s headers, answered as they are, compressed once per version', async () => {
    const html = `<!doctype html><p>ciao</p>${'<p>evento</p>'.repeat(50)}`;
    await keepHot('hotone', html, HEADERS, hotTicket());
    const page = hotPage('hotone');
    expect(page).not.toBeNull();
    const gz = hotResponse(page!, false);
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('vary')).toBe('accept-encoding');
    expect(gz.headers.get('content-length')).toBeNull();
    const text = await new Response(
      new Blob([page!.gzip]).stream().pipeThrough(new DecompressionStream('gzip')),
    ).text();
    expect(text).toBe(html);
    expect(await hotResponse(page!, true).arrayBuffer()).toHaveProperty('byteLength', 0);
    // the same document read again keeps the same bytes; a new one is compressed anew
    await keepHot('hotone', html, HEADERS, hotTicket());
    expect(hotPage('hotone')!.gzip).toBe(page!.gzip);
    await keepHot('hotone', `${html}<p>nuovo</p>`, HEADERS, hotTicket());
    expect(hotPage('hotone')!.gzip).not.toBe(page!.gzip);
  });

  it('only for clients that take gzip', () => {
    const req = (value?: string) => ({ header: () => value });
    expect(acceptsGzip(req('br, gzip, deflate, zstd'))).toBe(true);
    expect(acceptsGzip(req('identity'))).toBe(false);
    expect(acceptsGzip(req())).toBe(false);
  });

  it('expire: the next request re-reads while the others keep the copy for a moment', async () => {
    // the clock stands still while the copy is kept: its expiry is exactly start + HOT_TTL_MS
    const start = clockAt();
    try {
      await keepHot('hottwo', '<p>a</p>', HEADERS, hotTicket());
    } finally {
      realClock();
    }
    expect(hotPage('hottwo', start + HOT_TTL_MS - 1)).not.toBeNull();
    // expired: this caller goes to read the page again...
    expect(hotPage('hottwo', start + HOT_TTL_MS + 10)).toBeNull();
    // ...and meanwhile the others still get the copy
    expect(hotPage('hottwo', start + HOT_TTL_MS + 20)).not.toBeNull();
    // a re-read that never came back: after a second another request tries
    expect(hotPage('hottwo', start + HOT_TTL_MS + 1500)).toBeNull();
  });

  it('a copy read before a publish is not kept after it; a drop removes it at once', async () => {
    const ticket = hotTicket();
    dropHot('hotthree');
    await keepHot('hotthree', '<p>old</p>', HEADERS, ticket);
    expect(hotPage('hotthree')).toBeNull();
    await keepHot('hotthree', '<p>new</p>', HEADERS, hotTicket());
    expect(hotPage('hotthree')).not.toBeNull();
    dropHot('hotthree');
    expect(hotPage('hotthree')).toBeNull();
  });
});
