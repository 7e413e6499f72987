/**
 * The ticket pages of date rows over D1 (docs/behaviour.md#keeping-up-with-the-ticket-page):
 * what a save writes beside its buttons, the organiser's view of a row's source, and the hourly
 * job's pick and its findings. Never public: toPublicButton (buttons.ts) drops it.
 */
import type { Cta, StoredButton } from '../../../src/core/schemas/page';
import type { TicketSourceAsReceived } from '../../../src/core/schemas/ticket-source';
import { changeLeft, sameChange } from '../../../src/core/ticket-change';
import type { TicketChange } from '../../../src/core/ticket-import';
import { TICKET_RECHECK } from '../../../src/core/ticket-import';
import { decodeEventText } from '../../../src/core/button-codec';
import { eventDay, instantText, romeToday } from '../../../src/core/schedule';

/** The columns a button read joins in (`TICKET_SOURCE_JOIN`), named apart from the button's. */
export interface TicketSourceColumns {
  ts_url?: string | null;
  ts_checked_at?: string | null;
  ts_change?: string | null;
  ts_stopped_at?: string | null;
}

/** Select list and join of a button read `b` that answers its ticket source. */
export const TICKET_SOURCE_SELECT =
  'ts.url AS ts_url, ts.checked_at AS ts_checked_at, ts.change AS ts_change, ts.stopped_at AS ts_stopped_at';
export const TICKET_SOURCE_JOIN = 'LEFT JOIN ticket_sources ts ON ts.button_id = b.id';

function parsed(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A stored change, only its known fields; null when none or broken. */
function changeOf(text: string | null | undefined): TicketChange | null {
  const value = parsed(text);
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const change: TicketChange = {};
  if (v.sold_out === true) change.sold_out = true;
  if (typeof v.date === 'string' && v.date) change.date = v.date;
  if (typeof v.time === 'string' && v.time) change.time = v.time;
  if (typeof v.on_sale_at === 'string' && v.on_sale_at) change.on_sale_at = v.on_sale_at;
  return Object.keys(change).length > 0 ? change : null;
}

/** A row's CTAs as stored (the sale fields the change rules read). */
function ctasOf(text: string | null): Cta[] {
  const value = parsed(text);
  if (!Array.isArray(value)) return [];
  return value
    .filter((c): c is Record<string, unknown> => !!c && typeof c === 'object')
    .map((c) => ({
      url: String(c.url ?? ''),
      buttonText: String(c.buttonText ?? ''),
      on_sale_at: typeof c.on_sale_at === 'string' && c.on_sale_at ? c.on_sale_at : null,
      availability: c.availability === 'sold_out' || c.availability === 'limited' ? c.availability : 'on_sale',
    }));
}

/** The Rome day of a row's date ('YYYY-MM-DD'), null when its date reads as none. */
function dayOf(text: string): string | null {
  return eventDay(decodeEventText(text).date);
}

/** The organiser's view of a text button's source; null when it has none. */
export function ticketSourceOf(row: TicketSourceColumns & { type: string }): TicketSourceAsReceived | null {
  if (row.type !== 'text' || !row.ts_url) return null;
  return {
    url: row.ts_url,
    checked_at: row.ts_checked_at ?? null,
    change: changeOf(row.ts_change),
    stopped: !!row.ts_stopped_at,
  };
}

/**
 * What a save writes for one button's source, after the button's own statement: `ref` is the
 * kept button's id, or 'inserted' for the row the statement before inserted. A text button with
 * a source keeps its day in step (`event_day`); a new address starts over; null removes it; an
 * image button has none.
 */
export function ticketSourceStatements(
  db: D1Database,
  b: Pick<StoredButton, 'type' | 'text' | 'ticket_source'>,
  ref: number | 'inserted',
  hasSource: boolean,
): D1PreparedStatement[] {
  const id = ref === 'inserted' ? null : ref;
  if (b.type !== 'text' || b.ticket_source === null) {
    return id !== null && hasSource ? [db.prepare('DELETE FROM ticket_sources WHERE button_id = ?').bind(id)] : [];
  }
  const day = dayOf(b.text);
  if (b.ticket_source === undefined) {
    return id !== null && hasSource
      ? [db.prepare('UPDATE ticket_sources SET event_day = ? WHERE button_id = ?').bind(day, id)]
      : [];
  }
  // the same address keeps what was found; another one is a new source, read afresh
  const keep = (column: string, otherwise = 'NULL') =>
    `${column} = CASE WHEN url = excluded.url THEN ${column} ELSE ${otherwise} END`;
  return [
    db
      .prepare(
        `INSERT INTO ticket_sources (button_id, url, event_day)
         VALUES (${id === null ? 'last_insert_rowid()' : '?3'}, ?1, ?2)
         ON CONFLICT (button_id) DO UPDATE SET event_day = excluded.event_day,
           ${['checked_at', 'last_failed_day', 'stopped_at', 'change', 'ignored'].map((c) => keep(c)).join(', ')},
           ${keep('failed_days', '0')}, url = excluded.url`,
      )
      .bind(b.ticket_source.url, day, ...(id === null ? [] : [id])),
  ];
}

/** A new button's insert, then its ticket source keyed by the row just inserted. */
export function withTicketSource(
  db: D1Database,
  insert: D1PreparedStatement,
  b: Pick<StoredButton, 'type' | 'text' | 'ticket_source'>,
): D1PreparedStatement[] {
  return [insert, ...ticketSourceStatements(db, b, 'inserted', false)];
}

/**
 * After a save: a pending change the rows now say by hand is settled (only what they still lack
 * stays pending), so the notice never offers what the organiser already did.
 */
export async function settleTicketChanges(db: D1Database, pageId: number): Promise<void> {
  const { results } = await db
    .prepare(
      `SELECT ts.button_id, ts.change, b.text, b.cta_buttons FROM ticket_sources ts
         JOIN buttons b ON b.id = ts.button_id WHERE b.page_id = ? AND ts.change IS NOT NULL`,
    )
    .bind(pageId)
    .all<{ button_id: number; change: string; text: string; cta_buttons: string | null }>();
  const updates = results.flatMap((r) => {
    const change = changeOf(r.change);
    const left = changeLeft({ text: r.text, ctas: ctasOf(r.cta_buttons) }, change);
    if (sameChange(left, change)) return [];
    return [
      db
        .prepare('UPDATE ticket_sources SET change = ? WHERE button_id = ?')
        .bind(left && JSON.stringify(left), r.button_id),
    ];
  });
  if (updates.length > 0) await db.batch(updates);
}

/** A source the hourly job reads, with its row as it is now. */
export interface DueSource {
  button_id: number;
  url: string;
  text: string;
  ctas: Cta[];
  ignored: TicketChange | null;
}

/**
 * Sources to read at `now`: not stopped, of a date today or later in Rome, on a page not in the
 * trash, not read in the last TICKET_RECHECK.everyHours; never read first, then the oldest read.
 */
export async function dueTicketSources(db: D1Database, now: Date, limit: number): Promise<DueSource[]> {
  const cutoff = instantText(now.getTime() - TICKET_RECHECK.everyHours * 3600_000);
  const { results } = await db
    .prepare(
      `SELECT ts.button_id, ts.url, ts.ignored, b.text, b.cta_buttons
         FROM ticket_sources ts
         JOIN buttons b ON b.id = ts.button_id AND b.type = 'text'
         JOIN landing_pages p ON p.id = b.page_id AND p.deleted_at IS NULL
        WHERE ts.stopped_at IS NULL AND ts.event_day >= ?1 AND (ts.checked_at IS NULL OR ts.checked_at <= ?2)
        ORDER BY ts.checked_at IS NOT NULL, ts.checked_at, ts.button_id
        LIMIT ?3`,
    )
    .bind(romeToday(now), cutoff, limit)
    .all<{ button_id: number; url: string; ignored: string | null; text: string; cta_buttons: string | null }>();
  return results.map((r) => ({
    button_id: r.button_id,
    url: r.url,
    text: r.text,
    ctas: ctasOf(r.cta_buttons),
    ignored: changeOf(r.ignored),
  }));
}

/**
 * A good read: the failures start over, and the change found is kept unless it is the one the
 * organiser ignored. A page that agrees with the row again forgets the ignored change.
 */
export async function recordTicketRead(
  db: D1Database,
  source: Pick<DueSource, 'button_id' | 'ignored'>,
  found: TicketChange | null,
  now: Date,
): Promise<void> {
  const change = found && !sameChange(found, source.ignored) ? found : null;
  const ignored = found ? source.ignored : null;
  await db
    .prepare(
      `UPDATE ticket_sources SET checked_at = ?, failed_days = 0, last_failed_day = NULL, change = ?, ignored = ?
        WHERE button_id = ?`,
    )
    .bind(instantText(now), change && JSON.stringify(change), ignored && JSON.stringify(ignored), source.button_id)
    .run();
}

/**
 * A failed read: counted once per Rome day; the TICKET_RECHECK.failedDaysToStop-th failed day
 * since the last good read stops the reading. Answers whether it stopped now.
 */
export async function recordTicketFailure(db: D1Database, buttonId: number, now: Date): Promise<boolean> {
  const failed = 'CASE WHEN last_failed_day IS ?2 THEN failed_days ELSE failed_days + 1 END';
  const row = await db
    .prepare(
      `UPDATE ticket_sources SET checked_at = ?1, failed_days = ${failed}, last_failed_day = ?2,
         stopped_at = CASE WHEN ${failed} >= ?3 THEN ?1 ELSE stopped_at END
        WHERE button_id = ?4 RETURNING stopped_at`,
    )
    .bind(instantText(now), romeToday(now), TICKET_RECHECK.failedDaysToStop, buttonId)
    .first<{ stopped_at: string | null }>();
  return !!row?.stopped_at;
}

/** The pending change applied (the row's day may have moved with it) or ignored: cleared. */
export async function closeTicketChange(
  db: D1Database,
  buttonId: number,
  outcome: { applied: true; text: string } | { applied: false; ignored: TicketChange },
): Promise<void> {
  const statement = outcome.applied
    ? db
        .prepare('UPDATE ticket_sources SET change = NULL, event_day = ? WHERE button_id = ?')
        .bind(dayOf(outcome.text), buttonId)
    : db
        .prepare('UPDATE ticket_sources SET change = NULL, ignored = ? WHERE button_id = ?')
        .bind(JSON.stringify(outcome.ignored), buttonId);
  await statement.run();
}
