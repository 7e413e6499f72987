/**
 * Request body limits: every route has a byte cap sized to what it needs, and a body over it is
 * answered 413 `{"detail"}` before anything parses it, whether its Content-Length announces
 * too much or a chunked body streams past the cap (hono/body-limit counts those, holding at
 * most the cap in memory).
 *
 * Uploads are the exception: their files stream on to R2 and are counted part by part as
 * they arrive (worker/routes/uploads.ts), so holding a whole chunked upload here would defeat
 * that. For them only a declared Content-Length is checked here; the upload's own reader
 * counts a chunked body against the same cap.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { URL_MAX } from '../../src/core/urls';
import { SLUG_MAX } from '../../src/core/slug';
import { BUTTONS_MAX, COMPANY_MAX, CTAS_MAX, TEXT_MAX, TITLE_MAX } from '../../src/core/schemas/page';
import { discardRest } from '../services/request-body';
import { PRESALE_CODE_MAX } from '../../src/core/presale';

/** Auth forms, admin actions, tracking beacons and anything else small. */
export const SMALL_BODY_MAX_BYTES = 16 * 1024;

/** UTF-8 takes at most 3 bytes per UTF-16 code unit (a 4-byte character is 2 units). */
const BYTES_PER_CHAR = 3;
/** A JSON key with its quotes, colon, comma and the value's own quotes or brackets. */
const FIELD = 32;
/** An ISO 8601 instant with its zone, with room to spare. */
const INSTANT_ROOM = 40;
/** Custom styles: a handful of colours, sizes and font names. */
const STYLES_ROOM = 4 * 1024;

/**
 * The largest page the validation accepts, as JSON: every text and URL at its maximum length
 * in 3-byte characters, the most buttons with the most CTAs each, plus room for keys.
 */
export const PAGE_BODY_MAX_BYTES = (() => {
  const cta = 2 * FIELD + (URL_MAX + TEXT_MAX) * BYTES_PER_CHAR;
  // text ('date - city - venue|label', up to three texts), url and image_path
  // a date's presale (docs/behaviour.md#presales): two instants, its link and a shared code
  const presale = 6 * FIELD + (URL_MAX + PRESALE_CODE_MAX + 2 * INSTANT_ROOM) * BYTES_PER_CHAR;
  const button = 8 * FIELD + (TEXT_MAX * 3 + URL_MAX * 2) * BYTES_PER_CHAR + CTAS_MAX * cta + presale;
  // title, display_title, folder_name, company, header
  const fields = (TITLE_MAX * 2 + SLUG_MAX + COMPANY_MAX + URL_MAX) * BYTES_PER_CHAR;
  return 16 * FIELD + fields + STYLES_ROOM + BUTTONS_MAX * button;
})();

export interface BodyLimitRule {
  /** matched against the request path; the first matching rule applies */
  path: RegExp;
  maxSize: number;
  /** the 413 answer's detail, from the message catalogue */
  detail: string;
  /** the route counts its own streamed bytes: only a declared Content-Length is checked here */
  streamed?: boolean;
}

function hasDeclaredLength(req: Request): boolean {
  return req.headers.has('content-length') && !req.headers.has('transfer-encoding');
}

/**
 * Puts a relay in front of the request body, so that after hono/body-limit has stopped
 * reading at the cap the rest can still be read and dropped (request-body.ts says why).
 */
function relayBody(c: Context<AppEnv>, body: ReadableStream<Uint8Array>): ReadableStreamDefaultReader<Uint8Array> {
  const source = body.getReader();
  const relay = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await source.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel(reason) {
        return source.cancel(reason);
      },
    },
    // nothing is read ahead of the consumer: what it leaves stays in `source`
    { highWaterMark: 0 },
  );
  c.req.raw = new Request(c.req.raw, { body: relay });
  return source;
}

/** One middleware for the whole app: the first rule whose path matches sets the limit. */
export function bodyLimits(rules: readonly BodyLimitRule[]): MiddlewareHandler<AppEnv> {
  return createMiddleware<AppEnv>(async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const rule = rules.find((r) => r.path.test(c.req.path));
    if (!rule) return next();
    const declared = hasDeclaredLength(c.req.raw);
    if (rule.streamed && !declared) return next();
    const source = declared ? null : relayBody(c, body);
    const limit = bodyLimit({
      maxSize: rule.maxSize,
      onError: async (ctx) => {
        if (source) await discardRest(source);
        return ctx.json({ detail: rule.detail }, 413);
      },
    });
    return limit(c, next);
  });
}
