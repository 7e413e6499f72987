// 'Importa da link' through the API (docs/behaviour.md#reading-a-ticket-page-safely,
// docs/api.md#dates-from-a-ticket-link): POST /api/ticket-import reads a ticket page and answers
// its events. The network is off: every outbound fetch goes to the table of pages below, and an
// address that is not in it throws, so no request leaves this machine.
import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import tour12 from '../fixtures/ticket-pages/tour-12.html?raw';
import none from '../fixtures/ticket-pages/none.html?raw';
import { pagePaths } from '../../src/core/api-paths';
import { t } from '../../src/core/messages';
import { ticketImportAnswerSchema } from '../../src/core/schemas/ticket-import';
import { TICKET_READ } from '../../src/core/ticket-import';
import { readTicketPage, TicketReadRefused } from '../../worker/services/ticket-import/read-page';
import { answer, call, createPage, organiserWithToken, textPage, uniqueSlug, userWithToken } from './helpers';
import { html, type Page, redirect } from './ticket-pages-helpers';

const SITE = 'https://www.ticketone.it';

let pages: Map<string, Page>;
let asked: { url: string; headers: Headers }[];

beforeEach(() => {
  pages = new Map([[`${SITE}/artist/band-test/`, html(tour12)]]);
  asked = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    asked.push({ url, headers: new Headers(init?.headers) });
    const page = pages.get(url);
    if (!page) throw new Error(`network disabled: ${url}`);
    return page(init ?? {});
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

function importFrom(token: string, body: Record<string, unknown>, origin?: string) {
  return call(pagePaths.ticketImport, { token, json: body, origin });
}

async function refusal(res: Response): Promise<string> {
  expect(res.status).toBe(422);
  return ((await res.json()) as { detail: string }).detail;
}

describe('POST /api/ticket-import', () => {
  it('answers the events of a list page, the two already on the page marked as duplicates', async () => {
    const u = await organiserWithToken();
    const slug = uniqueSlug('tix');
    await createPage(u.token, {
      ...textPage(slug),
      buttons: [
        { type: 'text', text: 'Mer 12 maggio 2027 - Milano - Alcatraz|biglietti', url: 'https://example.com/a' },
        { type: 'text', text: '14/05/2027 - Roma - Atlantico|biglietti', url: 'https://example.com/b' },
      ],
    });
    const res = await importFrom(u.token, { url: `${SITE}/artist/band-test/`, slug }, 'https://palco.example');
    const { events } = await answer(res, 200, ticketImportAnswerSchema);
    expect(events).toHaveLength(12);
    expect(events.filter((e) => e.status === 'duplicate').map((e) => e.city)).toEqual(['Milano', 'Roma']);
    expect(events.find((e) => e.city === 'Firenze')).toMatchObject({ sold_out: true, status: 'new' });
    expect(events.find((e) => e.city === 'Napoli')?.on_sale_at).toBe('2027-03-01T09:00:00Z');
    // one request, no cookie, no credential, a User-Agent that names Palco
    expect(asked).toHaveLength(1);
    const headers = asked[0]!.headers;
    expect(headers.get('cookie')).toBeNull();
    expect(headers.get('authorization')).toBeNull();
    expect(headers.get('user-agent')).toMatch(/^PalcoBot\/1\.0 \(\+http:\/\/localhost:8787; ticket import\)$/);
  });

  it('a page without events says so', async () => {
    pages.set(`${SITE}/chi-siamo`, html(none));
    const u = await organiserWithToken();
    expect(await refusal(await importFrom(u.token, { url: `${SITE}/chi-siamo` }))).toBe(t('ticketImport.noEvents'));
  });

  it('follows up to 3 redirects, relative ones too, each checked before it is asked', async () => {
    pages.set(`${SITE}/a`, redirect('/b', 301));
    pages.set(`${SITE}/b`, redirect(`${SITE}/c`, 307));
    pages.set(`${SITE}/c`, redirect('https://ticketone.it/artist/band-test/', 308));
    pages.set('https://ticketone.it/artist/band-test/', html(tour12));
    const u = await organiserWithToken();
    const { events } = await answer(await importFrom(u.token, { url: `${SITE}/a` }), 200, ticketImportAnswerSchema);
    expect(events).toHaveLength(12);
    // relative links resolve against the page where the redirects ended
    expect(events[0]?.url).toBe('https://ticketone.it/event/band-test-milano-2027-05-12/');

    pages.set(`${SITE}/d`, redirect(`${SITE}/a`));
    expect(await refusal(await importFrom(u.token, { url: `${SITE}/d` }))).toBe(
      t('ticketImport.read.redirects', { max: TICKET_READ.maxRedirects }),
    );
  });

  it('a redirect to a private address, or to http, is refused without being asked', async () => {
    const u = await organiserWithToken();
    for (const [to, reason] of [
      ['http://169.254.169.254/latest/meta-data/', t('ticketImport.address.https')],
      ['https://10.0.0.1/', t('ticketImport.address.ip')],
      ['https://[::ffff:7f00:1]/', t('ticketImport.address.ip')],
      ['https://metadata.google.internal/', t('ticketImport.address.private')],
    ] as const) {
      pages.set(`${SITE}/jump`, redirect(to));
      asked = [];
      const detail = await refusal(await importFrom(u.token, { url: `${SITE}/jump` }, 'https://palco.example'));
      expect(detail).toBe(t('ticketImport.read.redirectRefused', { reason }));
      expect(asked.map((a) => a.url)).toEqual([`${SITE}/jump`]);
    }
  });

  it('refuses what is not HTML or JSON, an error status, a page over 3 MB', async () => {
    const u = await organiserWithToken();
    const big = 'x'.repeat(TICKET_READ.maxBytes + 1);
    const stream = () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < 4; i++) controller.enqueue(new Uint8Array(1024 * 1024));
          controller.close();
        },
      });
    const cases: [Page, string][] = [
      [() => new Response('PNG', { headers: { 'content-type': 'image/png' } }), t('ticketImport.read.type')],
      [() => new Response('<html>'), t('ticketImport.read.type')],
      [
        () => new Response('no', { status: 404, headers: { 'content-type': 'text/html' } }),
        t('ticketImport.read.notFound', { status: 404 }),
      ],
      [
        () => new Response('busy', { status: 503, headers: { 'content-type': 'text/html' } }),
        t('ticketImport.read.status', { status: 503 }),
      ],
      [html(big), t('ticketImport.read.tooLarge', { mb: 3 })],
      [
        () => new Response(stream(), { headers: { 'content-type': 'text/html' } }),
        t('ticketImport.read.tooLarge', { mb: 3 }),
      ],
      [() => Promise.reject(new TypeError('connection refused')), t('ticketImport.read.failed')],
    ];
    for (const [page, reason] of cases) {
      pages.set(`${SITE}/x`, page);
      expect(await refusal(await importFrom(u.token, { url: `${SITE}/x` }))).toBe(reason);
    }
  });

  it('a site that does not answer in time is refused (the limit shortened here)', async () => {
    pages.set(
      `${SITE}/slow`,
      (init) => new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason))),
    );
    const opts = { local: false, ownOrigin: 'https://palco.example', origin: 'https://palco.example', timeoutMs: 50 };
    await expect(readTicketPage(`${SITE}/slow`, opts)).rejects.toThrow(
      new TicketReadRefused(t('ticketImport.read.timeout', { seconds: 0 })),
    );
    expect(TICKET_READ.timeoutMs).toBe(8000);
  });

  it('the local trial: http and loopback pages only where the dev mailbox exists', async () => {
    pages.set('http://127.0.0.1:8790/tour-12.html', html(tour12));
    const u = await organiserWithToken();
    const local = await importFrom(u.token, { url: 'http://127.0.0.1:8790/tour-12.html' });
    expect((await answer(local, 200, ticketImportAnswerSchema)).events).toHaveLength(12);
    // a request from a public origin (production), or with the real mailer: refused, never asked
    asked = [];
    const remote = await importFrom(u.token, { url: 'http://127.0.0.1:8790/tour-12.html' }, 'https://palco.example');
    expect(await refusal(remote)).toBe(t('ticketImport.address.https'));
    const resend = await call(pagePaths.ticketImport, {
      token: u.token,
      json: { url: 'https://localhost:8790/tour-12.html' },
      env: { ...env, MAILER: 'resend' },
    });
    expect(await refusal(resend)).toBe(t('ticketImport.address.private'));
    expect(asked).toEqual([]);
    // Palco itself is never read, not even locally
    expect(await refusal(await importFrom(u.token, { url: 'http://localhost:8787/demo' }))).toBe(
      t('ticketImport.address.own'),
    );
  });

  it('at most 30 reads per account in 10 minutes; the 31st is refused with Retry-After, others go on', async () => {
    const u = await organiserWithToken();
    // an address refused on paper costs none of the 30 reads
    for (let i = 0; i < 5; i++) {
      expect(await refusal(await importFrom(u.token, { url: 'https://10.0.0.1/' }))).toBe(t('ticketImport.address.ip'));
    }
    for (let i = 0; i < TICKET_READ.perAccount; i++) {
      expect((await importFrom(u.token, { url: `${SITE}/artist/band-test/` })).status).toBe(200);
    }
    const over = await importFrom(u.token, { url: `${SITE}/artist/band-test/` });
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refusal(over)).toBe(t('ticketImport.throttled', { minutes: 10 }));
    const other = await organiserWithToken();
    expect((await importFrom(other.token, { url: `${SITE}/artist/band-test/` })).status).toBe(200);
  });

  it("needs a session and the right to write pages; another company's page is a 404; bad bodies are 422", async () => {
    expect((await call(pagePaths.ticketImport, { json: { url: `${SITE}/artist/band-test/` } })).status).toBe(401);
    const viewer = await userWithToken({ status: 'active', role: 'viewer', company: 'Band Viewer' });
    expect((await importFrom(viewer.token, { url: `${SITE}/artist/band-test/` })).status).toBe(403);
    const owner = await organiserWithToken({ company: 'Altra Agenzia' });
    const slug = uniqueSlug('other');
    await createPage(owner.token, textPage(slug));
    const u = await organiserWithToken();
    expect((await importFrom(u.token, { url: `${SITE}/artist/band-test/`, slug })).status).toBe(404);
    for (const body of [{}, { url: 5 }, { url: 'x'.repeat(5000) }, { url: `${SITE}/`, slug: 7 }]) {
      const res = await importFrom(u.token, body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
    }
    expect(await refusal(await importFrom(u.token, { url: 'not a link' }))).toBe(t('ticketImport.address.invalid'));
    expect(asked).toEqual([]);
  });
});
