/**
 * A date's one-time presale codes over D1 (docs/behaviour.md#presales): added in one statement
 * that also holds the cap, replaced before the presale starts, counted for the organiser. Who
 * gets which code is written by the presale delivery (worker/db/fans/presale*.ts).
 */
import { PRESALE_CODES_MAX } from '../../../src/core/presale';

export interface CodeCounts {
  loaded: number;
  sent: number;
  left: number;
}

export async function codeCounts(db: D1Database, buttonId: number): Promise<CodeCounts> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS loaded, COUNT(sent_at) AS sent, COUNT(*) - COUNT(fan_id) AS left
       FROM presale_codes WHERE button_id = ?`,
    )
    .bind(buttonId)
    .first<CodeCounts>();
  return row ?? { loaded: 0, sent: 0, left: 0 };
}

/**
 * Adds the codes the date does not have yet, unless the date would then hold more than
 * PRESALE_CODES_MAX: the count and the insert are one statement, so two uploads at once cannot
 * pass the cap together. Answers how many were stored (null: refused for the cap).
 */
function insertCodes(db: D1Database, buttonId: number, codes: readonly string[]): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO presale_codes (button_id, code)
       SELECT ?1, j.value FROM json_each(?2) j
       WHERE (SELECT COUNT(*) FROM presale_codes WHERE button_id = ?1)
           + (SELECT COUNT(*) FROM json_each(?2) n
              WHERE NOT EXISTS (SELECT 1 FROM presale_codes p WHERE p.button_id = ?1 AND p.code = n.value)) <= ?3
       ORDER BY j.key`,
    )
    .bind(buttonId, JSON.stringify(codes), PRESALE_CODES_MAX);
}

/** How many of `codes` the date has already. */
export async function knownCodes(db: D1Database, buttonId: number, codes: readonly string[]): Promise<number> {
  const row = await db
    .prepare(
      `SELECT COUNT(*) AS n FROM json_each(?2) j
       WHERE EXISTS (SELECT 1 FROM presale_codes p WHERE p.button_id = ?1 AND p.code = j.value)`,
    )
    .bind(buttonId, JSON.stringify(codes))
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Adds the new codes; 0 stored while some were new means the cap refused them. */
export async function addCodes(db: D1Database, buttonId: number, codes: readonly string[]): Promise<number> {
  const result = await insertCodes(db, buttonId, codes).run();
  return result.meta.changes ?? 0;
}

/** Replaces the date's codes not given to anyone (before the presale starts, that is all of them). */
export async function replaceCodes(db: D1Database, buttonId: number, codes: readonly string[]): Promise<number> {
  const [, inserted] = await db.batch([
    db.prepare('DELETE FROM presale_codes WHERE button_id = ? AND fan_id IS NULL').bind(buttonId),
    insertCodes(db, buttonId, codes),
  ]);
  return inserted?.meta.changes ?? 0;
}
