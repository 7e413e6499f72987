// The dev mailbox as both test runtimes read it (the Worker tests call the app inside workerd,
// the browser tests go over HTTP): the same route, the same patience.
/** What these helpers read of a message of the dev mailbox. */
export interface MailedLinks {
  id: number;
  to: string;
  links: string[];
}

/** A mail may be sent after the answer that caused it: look again this often before giving up. */
const ATTEMPTS = 50;
const PAUSE_MS = 200;

/**
 * The newest link mailed to `to` that contains `part` (e.g. '/verify-email?token='), read with
 * `read` (GET /api/dev/mailbox?to=…); asked again while no such mail has arrived yet.
 */
export async function mailedLink(
  read: (to: string) => Promise<MailedLinks[]>,
  to: string,
  part: string,
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const link = (await read(to))
      .filter((m) => m.to.toLowerCase() === to.toLowerCase())
      .sort((a, b) => b.id - a.id)
      .flatMap((m) => m.links)
      .find((l) => l.includes(part));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  throw new Error(`no ${part} link mailed to ${to}`);
}
