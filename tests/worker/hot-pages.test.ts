// The hot copy kept in the isolate's memory (worker/services/hot-pages.ts): fresh for HOT_TTL_MS,
// one re-read at a time once expired, never kept across a publish that overlapped the read.
import { describe, expect, it } from 'vitest';
import { HOT_TTL_MS, dropHot, hotPage, hotResponse, hotTicket, keepHot } from '../../worker/services/hot-pages';

const HEADERS = new Headers({ 'content-type': 'text/html; charset=utf-8', 'content-length': '99' });

describe('hot copies', () => {
  it('are gzip bytes with the page’s headers, answered as they are', async () => {
    await keepHot('hotone', '<!doctype html><p>ciao</p>', HEADERS, hotTicket());
    const page = hotPage('hotone');
    expect(page).not.toBeNull();
    const res = hotResponse(page!, false);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('accept-encoding');
    expect(res.headers.get('content-length')).toBeNull();
    const text = await new Response(
      new Blob([page!.gzip]).stream().pipeThrough(new DecompressionStream('gzip')),
    ).text();
    expect(text).toBe('<!doctype html><p>ciao</p>');
    expect(await hotResponse(page!, true).arrayBuffer()).toHaveProperty('byteLength', 0);
  });

  it('expire: the next request re-reads while the others keep the copy for a moment', async () => {
    await keepHot('hottwo', '<p>a</p>', HEADERS, hotTicket());
    const start = Date.now();
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
