/**
 * Reading someone else's page (docs/behaviour.md#reading-a-ticket-page-safely): the address rule
 * for the first address and each redirect, a time limit, a byte cap, HTML or JSON only, no
 * credentials; then its events. Used by the import route and the hourly re-read.
 */
import { t } from '../../../src/core/messages';
import { type AddressRules, ticketAddressProblem } from '../../../src/core/ticket-address';
import { type ReadEvent, TICKET_READ } from '../../../src/core/ticket-import';
import { extractEvents } from './extract';

/** A page that may not or could not be read; `message` is the Italian reason (a 422's detail). */
export class TicketReadRefused extends Error {}

export interface ReadOptions extends AddressRules {
  /** who reads: the User-Agent names Palco and where it runs */
  origin: string;
  /** the whole read's limit (TICKET_READ.timeoutMs; shorter in tests) */
  timeoutMs?: number;
}

const HTML = /^(text\/html|application\/xhtml\+xml)\b/i;
const JSON_TYPES = /^(application\/(ld\+)?json)\b/i;

function refuse(message: string): never {
  throw new TicketReadRefused(message);
}

/**
 * A promise that also fails once `signal` aborts: a body that stops half way is held to the
 * read's one deadline whether or not the stream itself heeds the signal.
 */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}

/** An HTML page's own charset (`<meta charset>` or its http-equiv form) in its first bytes. */
function metaCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024));
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

/**
 * The body as text, at most TICKET_READ.maxBytes, in the charset the answer names, else (HTML)
 * the one the page names in its head, else UTF-8. The stream is let go on every refusal.
 */
async function boundedText(res: Response, contentType: string, signal: AbortSignal): Promise<string> {
  const tooLarge = () => t('ticketImport.read.tooLarge', { mb: TICKET_READ.maxBytes / (1024 * 1024) });
  const length = Number(res.headers.get('content-length'));
  if (Number.isFinite(length) && length > TICKET_READ.maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    refuse(tooLarge());
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body?.getReader();
  try {
    while (reader) {
      const { done, value } = await beforeDeadline(reader.read(), signal);
      if (done) break;
      size += value.byteLength;
      if (size > TICKET_READ.maxBytes) refuse(tooLarge());
      chunks.push(value);
    }
  } catch (err) {
    await reader?.cancel().catch(() => undefined);
    throw err;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  const named = /charset="?([\w.:-]+)/i.exec(contentType)?.[1] ?? (HTML.test(contentType) ? metaCharset(bytes) : null);
  try {
    return new TextDecoder(named ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** One request: no cookie, no credential, a User-Agent that names Palco, redirects by hand. */
function request(url: string, opts: ReadOptions, signal: AbortSignal): Promise<Response> {
  const asked = fetch(url, {
    method: 'GET',
    redirect: 'manual',
    signal,
    headers: {
      'user-agent': `PalcoBot/1.0 (+${opts.origin}; ticket import)`,
      accept: 'text/html,application/xhtml+xml,application/ld+json,application/json;q=0.9',
    },
  });
  return beforeDeadline(asked, signal);
}

/** The answer at `url` after at most TICKET_READ.maxRedirects redirects, each checked first. */
async function follow(url: string, opts: ReadOptions, signal: AbortSignal): Promise<{ res: Response; url: string }> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const res = await request(current, opts, signal);
    if (res.status < 300 || res.status > 399 || res.status === 304) return { res, url: current };
    await res.body?.cancel();
    const location = res.headers.get('location');
    if (!location) refuse(t('ticketImport.read.status', { status: res.status }));
    if (hop >= TICKET_READ.maxRedirects) refuse(t('ticketImport.read.redirects', { max: TICKET_READ.maxRedirects }));
    let next: string;
    try {
      next = new URL(location, current).href;
    } catch {
      refuse(t('ticketImport.read.redirectRefused', { reason: t('ticketImport.address.invalid') }));
    }
    const problem = ticketAddressProblem(next, opts);
    if (problem) refuse(t('ticketImport.read.redirectRefused', { reason: problem }));
    current = next;
  }
}

/** The events of the ticket page at `url`; throws TicketReadRefused with the reason. */
export async function readTicketPage(url: string, opts: ReadOptions): Promise<ReadEvent[]> {
  const problem = ticketAddressProblem(url, opts);
  if (problem) refuse(problem);
  const limit = opts.timeoutMs ?? TICKET_READ.timeoutMs;
  const signal = AbortSignal.timeout(limit);
  try {
    const { res, url: finalUrl } = await follow(new URL(url.trim()).href, opts, signal);
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel();
      refuse(t('ticketImport.read.notFound', { status: res.status }));
    }
    if (!res.ok) {
      await res.body?.cancel();
      refuse(t('ticketImport.read.status', { status: res.status }));
    }
    const type = (res.headers.get('content-type') ?? '').trim();
    const kind = HTML.test(type) ? 'html' : JSON_TYPES.test(type) ? 'json' : null;
    if (!kind) {
      await res.body?.cancel();
      refuse(t('ticketImport.read.type'));
    }
    const body = await boundedText(res, type, signal);
    return await extractEvents(body, kind, finalUrl);
  } catch (err) {
    if (err instanceof TicketReadRefused) throw err;
    if (signal.aborted) refuse(t('ticketImport.read.timeout', { seconds: Math.round(limit / 1000) }));
    refuse(t('ticketImport.read.failed'));
  }
}
