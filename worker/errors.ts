import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorDetail = string | { code: string; reason: string };

/** Throws the fastapi-style error body `{"detail": ...}` with the given status. */
export function fail(status: ContentfulStatusCode, detail: ErrorDetail): never {
  throw new HTTPException(status, {
    res: new Response(JSON.stringify({ detail }), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    }),
  });
}

/** A D1 error from a UNIQUE index: a concurrent write took the value first. */
export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Error && /UNIQUE constraint failed/i.test(err.message);
}
