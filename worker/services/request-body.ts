/**
 * What is left of a request body once the Worker has decided to answer early (an upload over
 * its limit, a broken form, a body past its route's cap). Cancelling it would drop the client's
 * connection while it is still sending: the client then sees a reset instead of the answer, and
 * `wrangler dev` (whose internal hop loses the connection) answers a 500 of its own carrying a
 * runtime stack trace. So the rest is read and thrown away, up to the largest body the platform
 * accepts at all; only a body beyond that is cancelled.
 */

/** Cloudflare refuses request bodies over 100 MB before they reach a Worker. */
export const DISCARD_MAX_BYTES = 100 * 1024 * 1024;

/** Reads the rest of a body and drops it (never throws: a vanished client has nothing left). */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  max: number = DISCARD_MAX_BYTES,
): Promise<void> {
  let seen = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > max) break;
    }
  } catch {
    return;
  }
  await reader.cancel().catch(() => undefined);
}
