// The ticket sites of the ticket-import tests (docs/behaviour.md#reading-a-ticket-page-safely):
// with the network off, each address of a test's table answers through one of these.

/** How one address of the table answers a fetch. */
export type Page = (init: RequestInit) => Response | Promise<Response>;

/** A page of HTML (UTF-8 unless `headers` say otherwise). */
export const html =
  (body: string | ReadableStream<Uint8Array>, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8', ...headers } });

/** A redirect to `to`. */
export const redirect =
  (to: string, status = 302) =>
  () =>
    new Response(null, { status, headers: { location: to } });
