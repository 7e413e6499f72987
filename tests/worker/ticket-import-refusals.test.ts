// Reading a ticket page safely (docs/behaviour.md#reading-a-ticket-page-safely), the cases
// tests/worker/ticket-import.test.ts leaves out: exactly what is asked on redirects, a network or
// a body that stalls, the size cap before and while reading, a missing content type, the charset,
// the headers sent, the account's limit under parallel requests, bad bodies. The network is off:
// every outbound fetch goes to the test's table, and any other address throws.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import single from '../fixtures/ticket-pages/single.html?raw';
import { OPENAPI_PATH, pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { ticketImportAnswerSchema } from '../../src/core/schemas/ticket-import';
import { TICKET_READ } from '../../src/core/ticket-import';
import { type ReadOptions, readTicketPage, TicketReadRefused } from '../../worker/services/ticket-import/read-page';
import { answer, call, organiserWithToken, userWithToken } from './helpers';
import { html, type Page, redirect } from './ticket-pages-helpers';

let pages: Map<string, Page>;
let asked: { url: string; init: RequestInit }[];
let site = 0;

beforeEach(() => {
  pages = new Map();
  asked = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push({ url, init: init ?? {} });
    const page = pages.get(url);
    if (!page) throw new TypeError(`network disabled: ${url}`);
    return page(init ?? {});
  });
});

afterEach(() => {
  // nothing outside the table was ever asked for
  for (const { url } of asked) expect(pages.has(url), url).toBe(true);
  vi.restoreAllMocks();
});

/** The rules of a deployment (no local trial), for the reader called directly. */
const RULES: ReadOptions = { local: false, ownOrigin: 'https://palco.example', origin: 'https://palco.example' };
const MB = TICKET_READ.maxBytes / (1024 * 1024);
const EMPTY = '<!doctype html><title>Nessun evento</title>';

/** A ticket site of its own for each test, and the address of one of its pages. */
function page(path: string, serve: Page): string {
  site += 1;
  const url = `https://t${site}.biglietti.example${path}`;
  pages.set(url, serve);
  return url;
}

/** The reader's refusal, or null when it read the page. */
async function refusalOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(TicketReadRefused);
    return (err as Error).message;
  }
}

/** The route's answer for a fresh account (30 reads each), as a deployment reads. */
async function importAs(body: unknown, token?: string) {
  const reader = token ?? (await organiserWithToken()).token;
  return call(pagePaths.ticketImport, { token: reader, json: body, origin: 'https://palco.example' });
}

async function refusal(res: Response): Promise<string> {
  expect(res.status).toBe(422);
  return ((await res.json()) as { detail: string }).detail;
}

describe('redirects', () => {
  it('a relative Location resolves against the page that sent it; a 303 is followed too', async () => {
    const start = page('/a/b/start', redirect('../c/next', 303));
    const origin = new URL(start).origin;
    pages.set(`${origin}/a/c/next`, redirect('final?x=1', 301));
    pages.set(`${origin}/a/c/final?x=1`, html(single));
    const events = await readTicketPage(start, RULES);
    expect(events.map((e) => e.city)).toEqual(['Milano']);
    expect(asked.map((a) => a.url)).toEqual([start, `${origin}/a/c/next`, `${origin}/a/c/final?x=1`]);
  });

  it('the fourth is refused without being asked', async () => {
    const start = page('/r0', redirect('/r1'));
    const origin = new URL(start).origin;
    for (let i = 1; i <= 4; i++) pages.set(`${origin}/r${i}`, redirect(`/r${i + 1}`, 308));
    const detail = await refusal(await importAs({ url: start }));
    expect(detail).toBe(t('ticketImport.read.redirects', { max: TICKET_READ.maxRedirects }));
    expect(asked.map((a) => a.url)).toEqual([start, `${origin}/r1`, `${origin}/r2`, `${origin}/r3`]);
  });

  it.each([
    ['a decimal loopback', 'https://2130706433/', 'ticketImport.address.ip'],
    ['a NAT64 metadata address', 'https://[64:ff9b::a9fe:a9fe]/', 'ticketImport.address.ip'],
    ['localhost', 'https://localhost/', 'ticketImport.address.private'],
    ['another port', 'https://biglietti.example:8443/', 'ticketImport.address.port'],
    ['credentials', 'https://user:pass@biglietti.example/', 'ticketImport.address.credentials'],
    ['a file', 'file:///etc/passwd', 'ticketImport.address.invalid'],
    ['Palco itself', 'https://palco.example/api/users/me', 'ticketImport.address.own'],
  ] as const)('to %s is refused, and never asked', async (_what, location, key) => {
    const start = page('/go', redirect(location));
    expect(await refusal(await importAs({ url: start }))).toBe(
      t('ticketImport.read.redirectRefused', { reason: t(key) }),
    );
    expect(asked.map((a) => a.url)).toEqual([start]);
  });

  it('a redirect without a Location is an error status', async () => {
    const start = page('/nowhere', () => new Response(null, { status: 302 }));
    expect(await refusal(await importAs({ url: start }))).toBe(t('ticketImport.read.status', { status: 302 }));
  });
});

describe('time: one limit for the whole read (shortened here)', () => {
  const tooSlow = t('ticketImport.read.timeout', { seconds: 0 });
  const fast = { ...RULES, timeoutMs: 60 };

  it('a network that ignores the signal', async () => {
    const url = page('/deaf', () => new Promise<Response>(() => undefined));
    expect(await refusalOf(readTicketPage(url, fast))).toBe(tooSlow);
  });

  it('a body that stops half way is refused and let go', async () => {
    let cancelled = false;
    const stalled = new ReadableStream<Uint8Array>({
      start(ctl) {
        ctl.enqueue(new TextEncoder().encode('<!doctype html><title>'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const url = page('/trickle', html(stalled));
    expect(await refusalOf(readTicketPage(url, fast))).toBe(tooSlow);
    expect(cancelled).toBe(true);
  });

  it('the redirects count in the same limit', async () => {
    const url = page('/hop', redirect('/hop2'));
    pages.set(
      `${new URL(url).origin}/hop2`,
      (init) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    expect(await refusalOf(readTicketPage(url, fast))).toBe(tooSlow);
  });
});

describe('size', () => {
  const tooLarge = t('ticketImport.read.tooLarge', { mb: MB });

  it('a Content-Length over the cap is refused before the body is read', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(ctl) {
        pulled += 1;
        ctl.enqueue(new Uint8Array(1024));
      },
    });
    const url = page('/big', html(endless, { 'content-length': String(TICKET_READ.maxBytes + 1) }));
    expect(await refusal(await importAs({ url }))).toBe(tooLarge);
    // a stream pulls once as it starts; the reader never asked for more
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('a stream over the cap without a length is cut as soon as it passes, and let go', async () => {
    let sent = 0;
    let cancelled = false;
    const chunk = new Uint8Array(256 * 1024).fill(32);
    const endless = new ReadableStream<Uint8Array>({
      pull(ctl) {
        sent += chunk.length;
        ctl.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const url = page('/endless', html(endless));
    expect(await refusal(await importAs({ url }))).toBe(tooLarge);
    expect(cancelled).toBe(true);
    expect(sent).toBeLessThan(TICKET_READ.maxBytes + 4 * chunk.length);
  });

  it('a page of exactly 3 MB is read', async () => {
    const url = page('/full', html(`${single}${' '.repeat(TICKET_READ.maxBytes - single.length)}`));
    expect((await readTicketPage(url, RULES)).length).toBe(1);
  });
});

describe('content type, charset and status', () => {
  it.each([
    ['no type at all', null],
    ['plain text', 'text/plain'],
    ['XML', 'application/xml'],
    ['a PDF', 'application/pdf'],
    ['an image', 'image/png'],
  ])('%s is refused', async (_what, type) => {
    const url = page('/thing', () => {
      const res = new Response(new Uint8Array([137, 80, 78, 71]));
      if (type) res.headers.set('content-type', type);
      else res.headers.delete('content-type');
      return res;
    });
    expect(await refusal(await importAs({ url }))).toBe(t('ticketImport.read.type'));
  });

  it.each([
    ['XHTML', 'application/xhtml+xml; charset=utf-8', EMPTY],
    ['JSON-LD', 'application/ld+json', '{}'],
    ['HTML in capitals, a charset no one knows', 'TEXT/HTML; charset=klingon', EMPTY],
  ])('%s is read', async (_what, type, body) => {
    const url = page('/ok', () => new Response(body, { headers: { 'content-type': type } }));
    expect(await refusalOf(readTicketPage(url, RULES))).toBeNull();
  });

  /** The single event's page with Forlì for Milano, in windows-1252 bytes (ì is one byte, 0xEC). */
  const latin1 = (meta: string) =>
    Uint8Array.from(single.replace('<meta charset="utf-8">', meta).replace('Milano', 'Forlì'), (c) => c.charCodeAt(0));

  it("an HTML page's own <meta charset> when the answer names none", async () => {
    const url = page(
      '/forli',
      () => new Response(latin1('<meta charset="windows-1252">'), { headers: { 'content-type': 'text/html' } }),
    );
    expect((await readTicketPage(url, RULES)).map((e) => e.city)).toEqual(['Forlì']);
  });

  it("the answer's charset wins over the page's", async () => {
    const url = page(
      '/forli-header',
      () =>
        new Response(latin1('<meta charset="utf-8">'), {
          headers: { 'content-type': 'text/html; charset=iso-8859-1' },
        }),
    );
    expect((await readTicketPage(url, RULES)).map((e) => e.city)).toEqual(['Forlì']);
  });

  it.each([
    [403, 'ticketImport.read.status'],
    [410, 'ticketImport.read.notFound'],
    [429, 'ticketImport.read.status'],
    [500, 'ticketImport.read.status'],
  ] as const)('status %i is refused, naming it', async (status, key) => {
    const url = page(
      '/error',
      () => new Response('<h1>Errore</h1>', { status, headers: { 'content-type': 'text/html' } }),
    );
    expect(await refusal(await importAs({ url }))).toBe(t(key, { status }));
  });
});

describe('what is sent', () => {
  it("only Accept and a User-Agent that names Palco: none of the organiser's cookie or token", async () => {
    const url = page('/who', html(single));
    const res = await call(pagePaths.ticketImport, {
      token: (await organiserWithToken()).token,
      json: { url },
      origin: 'https://palco.example',
      headers: { cookie: 'session=segreto' },
    });
    await answer(res, 200, ticketImportAnswerSchema);
    expect(asked).toHaveLength(1);
    const { init } = asked[0]!;
    const headers = new Headers(init.headers);
    expect([...headers.keys()].sort()).toEqual(['accept', 'user-agent']);
    // Palco's own address as APP_URL names it, so a ticket site can tell who reads
    expect(headers.get('user-agent')).toBe(`PalcoBot/1.0 (+${new URL(env.APP_URL ?? '').origin}; ticket import)`);
    expect(init.redirect).toBe('manual');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect('credentials' in init).toBe(false);
  });
});

describe('the account limit', () => {
  it('31 reads at once: 30 read, one refused with Retry-After', async () => {
    const { token } = await organiserWithToken();
    const url = page('/rush', html(EMPTY));
    const all = await Promise.all(Array.from({ length: TICKET_READ.perAccount + 1 }, () => importAs({ url }, token)));
    const over = all.filter((r) => r.headers.has('retry-after'));
    expect(over).toHaveLength(1);
    expect(all.every((r) => r.status === 422)).toBe(true);
    expect(asked).toHaveLength(TICKET_READ.perAccount);
    const wait = Number(over[0]!.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(TICKET_READ.windowMs / 1000);
  });

  it('the document says so', async () => {
    const doc = (await (await call(OPENAPI_PATH)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    const responses = doc.paths[pagePaths.ticketImport]?.post?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual(['200', '401', '403', '404', '422']);
    expect(Object.keys(responses['422']?.headers ?? {})).toEqual(['Retry-After']);
  });
});

describe('who, and bad bodies: 401, 403 and 422, never a 500, nothing read', () => {
  it('no session, and an account still waiting', async () => {
    const url = page('/x', html(single));
    expect((await call(pagePaths.ticketImport, { json: { url } })).status).toBe(401);
    const pending = await userWithToken({ status: 'pending' });
    expect((await call(pagePaths.ticketImport, { token: pending.token, json: { url } })).status).toBe(403);
    expect(asked).toEqual([]);
  });

  it.each([
    ['no body', { body: undefined, method: 'POST' }],
    ['broken JSON', { body: '{"url":', headers: { 'content-type': 'application/json' } }],
    ['a form instead of JSON', { form: { url: 'https://biglietti.example/' } }],
    ['an array', { json: [{ url: 'https://biglietti.example/' }] }],
    ['null', { json: null }],
    ['an address that is not text', { json: { url: ['https://biglietti.example/'] } }],
  ])('%s', async (_what, opts) => {
    const { token } = await organiserWithToken();
    const res = await call(pagePaths.ticketImport, { token, ...opts });
    expect(res.status).toBe(422);
    expect(typeof ((await res.json()) as { detail: unknown }).detail).toBe('string');
    expect(asked).toEqual([]);
  });

  it('the local trial is off where APP_URL is not on this machine', async () => {
    const { token } = await organiserWithToken();
    const res = await call(pagePaths.ticketImport, {
      token,
      json: { url: 'http://127.0.0.1:8790/tour-12.html' },
      env: { ...env, APP_URL: 'https://palco.example' },
    });
    expect(await refusal(res)).toBe(t('ticketImport.address.https'));
    expect(asked).toEqual([]);
  });
});
