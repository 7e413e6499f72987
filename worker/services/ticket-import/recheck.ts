/**
 * Keeping up with the ticket page (docs/behaviour.md#keeping-up-with-the-ticket-page): the
 * hourly step that reads the ticket page of upcoming date rows again, at most once a day each,
 * and keeps what it now says that differs from the row for the organiser to apply or ignore.
 * Nothing public changes here: only the rows' ticket_sources.
 */
import { decodeEventText } from '../../../src/core/button-codec';
import { eventDay, romeToday } from '../../../src/core/schedule';
import { ticketChangeFor, ticketEventOf, type TicketRow } from '../../../src/core/ticket-change';
import { ticketEvents } from '../../../src/core/ticket-events';
import type { TicketEvent } from '../../../src/core/ticket-import';
import { type DueSource, dueTicketSources, recordTicketFailure, recordTicketRead } from '../../db/pages/ticket-sources';
import type { Bindings } from '../../env';
import { ticketReadOptions } from './options';
import { readTicketPage } from './read-page';

/**
 * Rows read per run. Each read may take up to 8 s and 4 fetches (3 redirects): 40 keep a run
 * under about 5½ minutes and 160 fetches, well inside a Cron invocation's limits, and 24 runs a
 * day cover 960 dated rows a day, one read each. Rows sharing a page are read once per run.
 */
export const RECHECK_PER_RUN = 40;

function rowOf(source: DueSource): TicketRow {
  return { text: source.text, ctas: source.ctas, source: source.url };
}

/** The ticket pages due at `now` read again; resolves to how many rows were read (good or not). */
export async function recheckTicketSources(env: Bindings, now: Date, limit = RECHECK_PER_RUN): Promise<number> {
  const due = await dueTicketSources(env.DB, now, limit);
  // the local trial only where the dev mailbox exists, as for the import route
  const rules = ticketReadOptions(env);
  const today = romeToday(now);
  // one read per page and run: a tour's dates often share their list page
  const pages = new Map<string, Promise<TicketEvent[]>>();
  let read = 0;
  for (const source of due) {
    // the day as the row says it now (the stored day follows every save; this is the last word)
    const day = eventDay(decodeEventText(source.text).date);
    if (day === null || day < today) continue;
    read += 1;
    let events: TicketEvent[];
    try {
      let page = pages.get(source.url);
      if (!page) {
        page = readTicketPage(source.url, rules).then((found) => ticketEvents(found, [], now));
        pages.set(source.url, page);
      }
      events = await page;
    } catch (err) {
      await failed(env.DB, source, now, err instanceof Error ? err.message : String(err));
      continue;
    }
    const row = rowOf(source);
    // the row's event is gone from its page: as good as a page that cannot be read
    if (!ticketEventOf(row, events)) {
      await failed(env.DB, source, now, 'date not on the page');
      continue;
    }
    await recordTicketRead(env.DB, source, ticketChangeFor(row, events, now), now);
  }
  return read;
}

async function failed(db: D1Database, source: DueSource, now: Date, why: string): Promise<void> {
  const stopped = await recordTicketFailure(db, source.button_id, now);
  // the row's id and the reason only: the address stays out of the logs
  console.warn(`[ticket-recheck] button ${source.button_id}: ${why}${stopped ? ' (stopped)' : ''}`);
}
