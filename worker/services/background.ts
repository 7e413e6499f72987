import type { Context } from 'hono';

/**
 * Runs `work` after the response (the runtime's waitUntil), so the answer does not wait for it
 * and its duration tells the client nothing. Where the request has no execution context (an
 * in-process `app.request` without one) the work runs before answering instead. Failures are
 * logged, never thrown: the answer has already been decided.
 */
export async function afterResponse(c: Context, label: string, work: () => Promise<unknown>): Promise<void> {
  const guarded = work().then(
    () => undefined,
    (err: unknown) =>
      console.error(`[${label}] failed after the response:`, err instanceof Error ? err.message : String(err)),
  );
  const ctx = executionCtxOf(c);
  if (ctx) ctx.waitUntil(guarded);
  else await guarded;
}

/** The request's execution context, or null where it has none (an in-process `app.request`). */
export function executionCtxOf(c: Context): Context['executionCtx'] | null {
  try {
    return c.executionCtx;
  } catch {
    return null;
  }
}
