// The dev mailbox as both test runtimes read it (the Worker tests call the app inside workerd,
// the browser tests go over HTTP): the same route, each with its own patience.
/** What these helpers read of a message of the dev mailbox. */
export interface MailedLinks {
  links: string[];
}

const PAUSE_MS = 200;

/**
 * The newest link mailed to `to` that contains `part` (e.g. '/verify-email?token='), read with
 * `read` (GET /api/dev/mailbox?to=…, which answers only that address's mail, newest first).
 * A caller that waited for the mail to be written asks once; one whose mail may still be on its
 * way after the answer asks up to `attempts` times, PAUSE_MS apart.
 */
export async function mailedLink(
  read: (to: string) => Promise<MailedLinks[]>,
  to: string,
  part: string,
  attempts: number,
): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const link = (await read(to)).flatMap((m) => m.links).find((l) => l.includes(part));
    if (link) return link;
    if (attempt >= attempts) throw new Error(`no ${part} link mailed to ${to} (asked ${attempts} times)`);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}
