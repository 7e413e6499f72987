/**
 * The rules of a read of a ticket page for where the Worker runs
 * (docs/behaviour.md#reading-a-ticket-page-safely): the local trial (http and loopback pages)
 * only where the dev mailbox exists, Palco's own origins refused.
 */
import type { Bindings } from '../../env';
import { appOrigin, consoleAllowedWithout, consoleMailerAllowed } from '../mail';
import type { ReadOptions } from './read-page';

/** For a request (the import route) or, without one, for the hourly re-read. */
export function ticketReadOptions(env: Pick<Bindings, 'MAILER' | 'APP_URL'>, requestUrl?: string): ReadOptions {
  const origin = requestUrl ? appOrigin(env, requestUrl) : appOrigin(env, 'https://palco.invalid');
  const own = requestUrl ? [origin, new URL(requestUrl).origin] : [origin];
  const local = requestUrl ? consoleMailerAllowed(env, requestUrl) : consoleAllowedWithout(env);
  return { local, ownOrigin: own, origin };
}
