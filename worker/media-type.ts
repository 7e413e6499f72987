/**
 * The JSON bodies of described routes (worker/openapi.ts) answer as every invalid body
 * for a body of another media type: it is read as no body at all, so the route answers 422
 * `{detail}` naming the first field missing. Without this the OpenAPI library's media-type check
 * would answer 415 with an English text, where every bad input of the API is a 422 in Italian
 * (docs/architecture.md).
 */
import { createMiddleware } from 'hono/factory';
import type { ZodType } from 'zod';
import type { AppEnv } from './env';
import { validationHook } from './validate';

// the media types the library lets through to its JSON validator (application/json, +json, parameters)
const JSON_REQUEST = /^application\/([a-z-.]+\+)?json(;\s*[a-zA-Z0-9-]+=([^;]+))*$/i;

/** Answers a body that is not JSON as an empty one: 422 naming the first missing field. */
export function otherMediaTypeAsEmpty(schema: ZodType) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (JSON_REQUEST.test(c.req.header('content-type') ?? '')) return next();
    const parsed = schema.safeParse({});
    return validationHook(parsed.success ? { success: true } : parsed, c) ?? next();
  });
}
