// The e2e server's local D1: read in place (scripts/lib/local-d1.mjs), in microseconds instead of
// a `wrangler d1 execute` of seconds (a reader never stops a writer: the file is in WAL mode);
// written through the server itself (sqlExec).
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { inject } from 'vitest';
import { openLocalD1 } from '../../scripts/lib/local-d1.mjs';

let db: DatabaseSync | undefined;

/** The database id wrangler dev gives the local D1 of wrangler.toml (its `database_id` locally). */
const LOCAL_D1_ID = '00000000-0000-0000-0000-000000000000';

/** The rows of one statement, with ? binds. */
export function sqlRows<T>(sql: string, ...params: SQLInputValue[]): T[] {
  db ??= openLocalD1(inject('persistTo'));
  return db.prepare(sql).all(...params) as T[];
}

/**
 * Runs one or more statements that answer no rows, inside the server: through the D1 API of
 * wrangler dev's local explorer (/cdn-cgi/local/explorer), which hands them to the same database
 * object as the Worker's own queries, one after the other. A write from this process straight
 * into the file would hold SQLite's write lock, and a Worker write meeting it fails at once
 * (local D1 does not wait for a lock): a 500 in whatever test the other worker was running.
 */
export async function sqlExec(sql: string): Promise<void> {
  const res = await fetch(`${inject('baseURL')}/cdn-cgi/local/explorer/api/d1/database/${LOCAL_D1_ID}/raw`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sql }),
  });
  if (!res.ok) throw new Error(`local D1 refused the statements (${res.status}): ${await res.text()}`);
}
