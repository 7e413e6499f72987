// The local D1 of a `wrangler dev` state dir, opened in place with node:sqlite: the SQLite file
// that wrangler keeps under <persistTo>/v3/d1/. A `wrangler d1 execute` costs a Node and a workerd
// start (seconds) per statement; this costs microseconds. SQLite's file locking keeps it
// consistent with a running server, as two wrangler processes on one state dir are.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** @param {string} persistTo a state dir where `wrangler d1 migrations apply` has run */
export function openLocalD1(persistTo) {
  const dir = join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((name) => name.endsWith('.sqlite') && name !== 'metadata.sqlite');
  if (!file) throw new Error(`no local D1 database under ${dir}`);
  const db = new DatabaseSync(join(dir, file));
  // a running server may hold the write lock for a moment
  db.exec('PRAGMA busy_timeout = 10000');
  return db;
}

/**
 * executeSql's answer for one statement, from the file itself: `[{ results }]`.
 * @param {string} persistTo
 * @returns {(sql: string) => Array<{ results: unknown[] }>}
 */
export function localSql(persistTo) {
  const db = openLocalD1(persistTo);
  return (sql) => [{ results: db.prepare(sql).all() }];
}
