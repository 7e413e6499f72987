// The e2e server's local D1, read and written in place (scripts/lib/local-d1.mjs): a test seeds
// or reads rows in microseconds instead of a `wrangler d1 execute` of seconds.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { inject } from 'vitest';
import { openLocalD1 } from '../../scripts/lib/local-d1.mjs';

let db: DatabaseSync | undefined;

/** The rows of one statement, with ? binds. */
export function sqlRows<T>(sql: string, ...params: SQLInputValue[]): T[] {
  db ??= openLocalD1(inject('persistTo'));
  return db.prepare(sql).all(...params) as T[];
}

/** Runs one or more statements that answer no rows. */
export function sqlExec(sql: string): void {
  db ??= openLocalD1(inject('persistTo'));
  db.exec(sql);
}
