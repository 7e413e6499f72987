/**
 * Companies: one row per company key (src/core/company.ts). A name typed in another case,
 * spacing or Unicode form reuses the stored spelling, so 'Acme', ' ACME ' and 'Ａｃｍｅ' never
 * become three companies. The operator's own company has no row: it is not offered to anyone.
 *
 * A row lives while an account that is not rejected, or a page, names its key
 * (docs/behaviour.md#companies): every change that can take the last one away (a rejection,
 * a deletion, a move to another company) carries companySyncStatements in its batch, and the
 * hourly maintenance sweeps what a failed write left behind (pruneUnusedCompanies).
 */
import { DEFAULT_COMPANY } from '../../src/core/constants';
import {
  OPERATOR_COMPANY_KEY,
  cleanCompanyName,
  companyKey,
  hasHiddenCharacter,
  isOperatorCompanyName,
} from '../../src/core/company';
import { isOperatorLookalike } from '../../src/core/company-skeleton';

/** A company as stored on a user or a page: the display spelling and the key compared by. */
export interface CompanyRef {
  name: string;
  key: string;
}

export const OPERATOR_COMPANY: CompanyRef = { name: DEFAULT_COMPANY, key: OPERATOR_COMPANY_KEY };

export async function findCompanyName(db: D1Database, name: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT name FROM companies WHERE key = ?')
    .bind(companyKey(name))
    .first<{ name: string }>();
  return row?.name ?? null;
}

/** Creates the company when new (no-op when its key exists). */
export function insertCompanyStatement(db: D1Database, company: CompanyRef): D1PreparedStatement {
  return db
    .prepare('INSERT INTO companies (name, key) VALUES (?, ?) ON CONFLICT DO NOTHING')
    .bind(company.name, company.key);
}

/**
 * The company a typed name means, in its stored spelling when it exists (not created here).
 * Callers refuse the operator's name for organisers before calling this.
 */
export async function resolveCompany(db: D1Database, name: string): Promise<CompanyRef> {
  const clean = cleanCompanyName(name);
  return { name: (await findCompanyName(db, clean)) ?? clean, key: companyKey(clean) };
}

/**
 * What an administrator's typed company means for a page: the operator's company for its
 * name or a look-alike of it (or none), else the stored company, created when new so the
 * list stays complete.
 */
export async function ensurePageCompany(db: D1Database, name: string | null | undefined): Promise<CompanyRef> {
  if (!name || !cleanCompanyName(name) || isOperatorLookalike(name)) return OPERATOR_COMPANY;
  const company = await resolveCompany(db, name);
  await insertCompanyStatement(db, company).run();
  return { name: (await findCompanyName(db, company.name)) ?? company.name, key: company.key };
}

/** Every company (the administrators' list): of accounts in any status, and of pages. */
export async function listCompanyNames(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT name FROM companies WHERE key IS NOT NULL ORDER BY key, id')
    .all<{ name: string }>();
  return results.map((r) => r.name);
}

/**
 * The public list (the signup form's suggestions): only companies with at least one approved
 * member (an account approved or active, not banned), and only names a registration would
 * take, so a name stored before today's rules is never offered.
 */
export async function listPublicCompanyNames(db: D1Database): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT name FROM companies c WHERE c.key IS NOT NULL AND EXISTS (
         SELECT 1 FROM users u WHERE u.company_key = c.key AND u.status IN ('approved', 'active') AND u.is_active = 1)
       ORDER BY c.key, c.id`,
    )
    .all<{ name: string }>();
  const offered: string[] = [];
  for (const { name } of results) {
    if (!hasHiddenCharacter(name) && !isOperatorLookalike(name)) offered.push(name);
  }
  return offered;
}

/** What keeps a company row: an account that is not rejected, or a page, naming its key. */
const COMPANY_UNUSED = `NOT EXISTS (SELECT 1 FROM users u WHERE u.company_key = companies.key AND u.status <> 'rejected')
  AND NOT EXISTS (SELECT 1 FROM landing_pages p WHERE p.company_key = companies.key)`;

/**
 * The statements that keep the companies list true after an account changed (its status, its
 * company, or its deletion), for the end of that change's batch: the account's company gets
 * its row back when the account is not rejected (an approval after a rejection), and the
 * company it left (`formerKey`, its key before the change) loses its row when nothing keeps it.
 * Both read the state the batch left, so a change lost to a concurrent one removes nothing live.
 */
export function companySyncStatements(db: D1Database, userId: number, formerKey: string | null): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO companies (name, key)
         SELECT company, company_key FROM users
         WHERE id = ? AND status <> 'rejected' AND company_key IS NOT NULL AND company_key <> ?
         ON CONFLICT DO NOTHING`,
      )
      .bind(userId, companyKey(DEFAULT_COMPANY)),
    dropUnusedCompanyStatement(db, formerKey),
  ];
}

/** Deletes the row of `key` when no account that is not rejected and no page names it. */
export function dropUnusedCompanyStatement(db: D1Database, key: string | null): D1PreparedStatement {
  return db.prepare(`DELETE FROM companies WHERE key = ? AND ${COMPANY_UNUSED}`).bind(key);
}

const COMPANY_GRACE_MS = 60 * 60 * 1000;

/**
 * The hourly sweep: rows nothing keeps (a page create that failed after its company was
 * added), older than an hour so a write under way keeps its row. Waits while company keys
 * are still to be filled (backfillCompanyKeys): a name without its key cannot be matched.
 */
export async function pruneUnusedCompanies(db: D1Database, now: Date): Promise<number> {
  const res = await db
    .prepare(
      `DELETE FROM companies WHERE key IS NOT NULL AND ${COMPANY_UNUSED}
         AND created_at < ?
         AND NOT EXISTS (SELECT 1 FROM users WHERE company_key IS NULL AND company IS NOT NULL AND trim(company) <> '')
         AND NOT EXISTS (SELECT 1 FROM landing_pages WHERE company_key IS NULL)`,
    )
    .bind(new Date(now.getTime() - COMPANY_GRACE_MS).toISOString())
    .run();
  return res.meta.changes;
}

/**
 * Fills the company keys the SQL migration could not compute (names beyond printable ASCII)
 * and merges names that collide under the key: the oldest stored spelling wins. Runs from
 * the scheduled maintenance job, at most `limit` rows per table per run; answers how many
 * rows it changed.
 */
export async function backfillCompanyKeys(db: D1Database, limit = 500): Promise<number> {
  let changed = 0;
  const companies = await db
    .prepare('SELECT id, name FROM companies WHERE key IS NULL ORDER BY id LIMIT ?')
    .bind(limit)
    .all<{ id: number; name: string }>();
  for (const row of companies.results) {
    const key = companyKey(row.name);
    const owner = await db.prepare('SELECT id FROM companies WHERE key = ?').bind(key).first<{ id: number }>();
    if (owner || !key || key === companyKey(DEFAULT_COMPANY)) {
      await db.prepare('DELETE FROM companies WHERE id = ?').bind(row.id).run();
    } else {
      await db
        .prepare('UPDATE companies SET key = ?, name = ? WHERE id = ?')
        .bind(key, cleanCompanyName(row.name), row.id)
        .run();
    }
    changed += 1;
  }

  const users = await db
    .prepare(
      `SELECT id, company FROM users WHERE company_key IS NULL AND company IS NOT NULL AND trim(company) <> '' LIMIT ?`,
    )
    .bind(limit)
    .all<{ id: number; company: string }>();
  for (const row of users.results) {
    const company = await resolveCompany(db, row.company);
    if (!company.key) continue;
    await db
      .prepare('UPDATE users SET company = ?, company_key = ? WHERE id = ?')
      .bind(company.name, company.key, row.id)
      .run();
    changed += 1;
  }

  const pages = await db
    .prepare('SELECT id, company FROM landing_pages WHERE company_key IS NULL LIMIT ?')
    .bind(limit)
    .all<{ id: number; company: string }>();
  for (const row of pages.results) {
    const company =
      isOperatorCompanyName(row.company) || !cleanCompanyName(row.company)
        ? OPERATOR_COMPANY
        : await resolveCompany(db, row.company);
    await db
      .prepare('UPDATE landing_pages SET company = ?, company_key = ? WHERE id = ?')
      .bind(company.name, company.key, row.id)
      .run();
    changed += 1;
  }
  return changed;
}
